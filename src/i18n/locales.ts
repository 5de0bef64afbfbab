// The languages the add-in speaks, and which one a user gets.

/** Every language of the pane, the cells, the help and the manifests; English first. */
export const LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en-US";

/**
 * A development-only locale: every English message accented and made 40% longer, to find
 * clipped text and strings left out of the catalogs. Never chosen from Office's language.
 */
export const PSEUDO_LOCALE = "qps-ploc";
export type PaneLocale = Locale | typeof PSEUDO_LOCALE;

const BY_LANGUAGE = new Map<string, Locale>(LOCALES.map((locale) => [locale.slice(0, 2), locale]));

/**
 * The supported locale for a BCP 47 tag from Office (`displayLanguage`): the same tag, else
 * the same language in another region (de-AT -> de-DE, pt-PT -> pt-BR), else English. Anything
 * that is not a tag (missing, empty, not text) is English.
 */
export function resolveLocale(tag: unknown): Locale {
  if (typeof tag !== "string") return DEFAULT_LOCALE;
  const wanted = tag.trim().replace(/_/g, "-").toLowerCase();
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  return BY_LANGUAGE.get(wanted.split("-")[0] ?? "") ?? DEFAULT_LOCALE;
}

/**
 * The locale numbers and dates are written in: Office's `contentLanguage` when Intl knows it
 * (any language, not only those the add-in speaks), else the display locale.
 */
export function resolveNumbersLocale(tag: unknown, fallback: string): string {
  if (typeof tag !== "string" || tag.trim() === "") return fallback;
  try {
    return Intl.NumberFormat.supportedLocalesOf([tag.trim().replace(/_/g, "-")])[0] ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * Where a language's copy of the add-in's site (help, support, privacy) starts, relative to
 * the add-in's origin: English at the root (the paths the manifests and the pane have always
 * named), every other language in a folder of its own ("de-DE/"), the same pages under it, so
 * that the pages' relative links hold. The build writes them there (src/help/), the pane links
 * to them (site-path.ts).
 */
export const sitePrefix = (locale: string = DEFAULT_LOCALE): string =>
  locale === DEFAULT_LOCALE || locale === PSEUDO_LOCALE ? "" : `${locale}/`;
