import { sitePrefix } from "../help/function-metadata";
import { metadataFileOf } from "../help/localized-metadata";
import type { TranslatedLocale } from "../i18n/catalogs/functions/types";
import type { AddinDescription, Command } from "./addin-description";

// The add-in's description as a user of another language reads it: its texts from
// the language's table, its support, privacy and learn-more pages the language's copies, and its
// functions' metadata the language's file. Everything else (ids, runtime page, script, icons,
// namespace, function names, shortcuts' keys) stays the same. The manifests are written from the
// English description and these, each in its own format for overrides.

export function localizedAddin(
  addin: AddinDescription,
  locale: TranslatedLocale
): AddinDescription {
  const texts = addin.translations[locale];
  const page = (path: string) => `${sitePrefix(locale)}${path}`;
  const command = (c: Command): Command => ({ ...c, ...texts.commands[c.key] });
  return {
    ...addin,
    name: texts.name,
    description: texts.description,
    shortDescription: texts.shortDescription,
    getStarted: { ...texts.getStarted },
    pages: {
      ...addin.pages,
      support: page(addin.pages.support),
      privacy: page(addin.pages.privacy),
      learnMore: page(addin.pages.learnMore),
    },
    customFunctions: { ...addin.customFunctions, metadata: metadataFileOf(locale) },
    ribbon: {
      ...addin.ribbon,
      groupLabel: texts.groupLabel,
      controls: addin.ribbon.controls.map(command),
    },
    cellMenu: { ...addin.cellMenu, controls: addin.cellMenu.controls.map(command) },
    commandFunctions: addin.commandFunctions.map((fn) => ({
      ...fn,
      name: texts.commandFunctions[fn.id],
    })),
  };
}
