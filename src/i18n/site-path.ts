import { currentLocale } from "./i18n";
import { sitePrefix } from "./locales";

/** A page of the add-in's site in the user's language ("support.html" -> "de-DE/support.html"). */
export const sitePath = (path: string): string => `${sitePrefix(currentLocale())}${path}`;
