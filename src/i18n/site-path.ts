import { currentLocale } from "./i18n";
import { DEFAULT_LOCALE, PSEUDO_LOCALE } from "./locales";

/**
 * A page of the add-in's site (help, support, privacy) in the user's language: English at the
 * root, every other language in its folder ("de-DE/support.html"), as the build writes them
 * (src/help/function-metadata.ts, sitePrefix).
 */
export function sitePath(path: string): string {
  const locale = currentLocale();
  return locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE ? path : `${locale}/${path}`;
}
