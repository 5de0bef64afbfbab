import { isSameOriginPath } from "../client/base-url";
import { t } from "../i18n/i18n";
import type { Settings, SettingsStore } from "./settings";

// Try mode: every feature on the demo data of the host's embedded sandbox, free,
// before any account. The demo key and the flag are the user's own settings (never the
// workbook's), kept apart from the real key: while Try mode is on, every request of cells and
// pane goes to /demo-api with the demo key, and the real key goes nowhere.

/** Where the production host serves its demo (`npm run serve -- --demo`), on the pane's origin. */
export const DEMO_BASE_URL = "/demo-api";

/** The host's endpoint that opens a demo account: `{api_key, credits_left}`. */
export const DEMO_ACCOUNTS_PATH = `${DEMO_BASE_URL}/demo/accounts`;

export interface Connection {
  baseUrl: string;
  apiKey: string | null;
  /** A team host's Microsoft 365 sign-in: its account, whose tokens go instead of the key. */
  microsoftAccount: string | null;
}

/** The service and key every request uses: the demo's in Try mode, else the user's own. */
export function connectionOf(
  settings: Pick<Settings, "apiKey" | "baseUrl" | "tryMode" | "demoKey" | "microsoftAccount">
): Connection {
  if (settings.tryMode)
    return { baseUrl: DEMO_BASE_URL, apiKey: settings.demoKey, microsoftAccount: null };
  // Only the team host the pane came from (its relay) signs in with Microsoft 365.
  const onHost = isSameOriginPath(settings.baseUrl);
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    microsoftAccount: onHost ? (settings.microsoftAccount ?? null) : null,
  };
}

export class TryModeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TryModeError";
  }
}

/** Why the host gave no demo account, in the user's words (shown in the task pane only). */
async function refusal(response: Response): Promise<TryModeError> {
  if (response.status === 404) return new TryModeError(t("settings.tryNoDemo"));
  let message = "";
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === "string") message = body.message;
  } catch {
    // no JSON: the status says it
  }
  if (response.status === 429) return new TryModeError(message || t("settings.tryTooMany"));
  const status = String(response.status);
  return new TryModeError(
    message
      ? t("settings.tryCouldNotStartReason", { status, reason: message })
      : t("settings.tryCouldNotStart", { status })
  );
}

/**
 * Asks the host for a demo account, then turns Try mode on with its key (applied at once, as
 * any setting). Throws TryModeError with what to tell the user.
 */
export async function startTryMode(
  settings: SettingsStore,
  fetchImpl: typeof fetch = (...args) => fetch(...args)
): Promise<Settings> {
  let response: Response;
  try {
    // No key of the user's goes with it: a demo account needs none.
    response = await fetchImpl(DEMO_ACCOUNTS_PATH, {
      method: "POST",
      headers: { accept: "application/json" },
    });
  } catch (error) {
    throw new TryModeError(
      t("settings.tryUnreachable", {
        reason: error instanceof Error ? error.message : String(error),
      })
    );
  }
  if (!response.ok) throw await refusal(response);
  const body = (await response.json().catch(() => null)) as { api_key?: unknown } | null;
  if (typeof body?.api_key !== "string" || body.api_key === "")
    throw new TryModeError(t("settings.tryNoAccount"));
  return settings.save({ tryMode: true, demoKey: body.api_key });
}

/**
 * Leaves Try mode: the demo key and flag are cleared; the runtime then forgets the demo's kept
 * answers (Services), and the workbook its demo jobs.
 */
export function leaveTryMode(settings: SettingsStore): Promise<Settings> {
  return settings.save({ tryMode: false, demoKey: null });
}
