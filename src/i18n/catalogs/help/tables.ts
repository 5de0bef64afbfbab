import type { HelpStrings } from "./en-US";
import type { TranslatedLocale } from "../functions/types";
import { help as deDE, helpSame as deDESame } from "./de-DE";
import { help as esES, helpSame as esESSame } from "./es-ES";
import { help as frFR, helpSame as frFRSame } from "./fr-FR";
import { help as jaJP, helpSame as jaJPSame } from "./ja-JP";
import { help as ptBR, helpSame as ptBRSame } from "./pt-BR";

/** The help, support and privacy pages' strings in every language but English. */
export const HELP_TRANSLATIONS: Readonly<Record<TranslatedLocale, HelpStrings>> = {
  "de-DE": deDE,
  "fr-FR": frFR,
  "es-ES": esES,
  "pt-BR": ptBR,
  "ja-JP": jaJP,
};

/** Per language, the texts (dotted paths) written as in English on purpose. */
export const HELP_SAME: Readonly<Record<TranslatedLocale, readonly string[]>> = {
  "de-DE": deDESame,
  "fr-FR": frFRSame,
  "es-ES": esESSame,
  "pt-BR": ptBRSame,
  "ja-JP": jaJPSame,
};
