import type { ServerOptions } from "../options";
import { maskedUrl } from "./masking";
import type { ResolvedSettings } from "./read-settings";
import { SETTINGS, SETTING_NAMES, type Setting } from "./settings";

// --print-config: every setting's effective value and where it came from (a flag,
// a variable, the default), as JSON. Secret files are shown by their path and never read for
// it; a database URL's password is masked.

export interface PrintedSetting {
  value: unknown;
  from: string;
}

export function printableConfig(
  settings: ResolvedSettings,
  options: ServerOptions
): Record<string, PrintedSetting> {
  // Values the host works out from others, or writes in a canonical form.
  const effective: Partial<Record<keyof ResolvedSettings, unknown>> = {
    port: options.port,
    upstream: options.upstream,
    "trust-proxy": options.trustProxy,
  };
  return Object.fromEntries(
    SETTING_NAMES.map((name) => {
      const setting: Setting = SETTINGS[name];
      const { value, from } = settings[name];
      const shown = name in effective ? effective[name] : value;
      return [
        name,
        {
          value:
            setting.secret === "url" && typeof shown === "string"
              ? maskedUrl(shown)
              : (shown ?? null),
          from,
        },
      ];
    })
  );
}
