import { functions as deDE } from "./de-DE";
import { functions as esES } from "./es-ES";
import { functions as frFR } from "./fr-FR";
import { functions as jaJP } from "./ja-JP";
import { functions as ptBR } from "./pt-BR";
import type { FunctionsTranslation, TranslatedLocale } from "./types";

/** The functions' texts of every language but English (the JSDoc), for the build. */
export const FUNCTION_TRANSLATIONS: Readonly<Record<TranslatedLocale, FunctionsTranslation>> = {
  "de-DE": deDE,
  "fr-FR": frFR,
  "es-ES": esES,
  "pt-BR": ptBR,
  "ja-JP": jaJP,
};
