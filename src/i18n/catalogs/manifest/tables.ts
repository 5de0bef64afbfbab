import type { AddinTexts } from "./types";
import type { TranslatedLocale } from "../functions/types";
import { manifest as deDE, manifestSame as deDESame } from "./de-DE";
import { manifest as esES, manifestSame as esESSame } from "./es-ES";
import { manifest as frFR, manifestSame as frFRSame } from "./fr-FR";
import { manifest as jaJP, manifestSame as jaJPSame } from "./ja-JP";
import { manifest as ptBR, manifestSame as ptBRSame } from "./pt-BR";

/** The manifests' texts in every language but English (src/manifest/addin-description.ts). */
export const MANIFEST_TRANSLATIONS: Readonly<Record<TranslatedLocale, AddinTexts>> = {
  "de-DE": deDE,
  "fr-FR": frFR,
  "es-ES": esES,
  "pt-BR": ptBR,
  "ja-JP": jaJP,
};

/** Per language, the texts (dotted paths) written as in English on purpose. */
export const MANIFEST_SAME: Readonly<Record<TranslatedLocale, readonly string[]>> = {
  "de-DE": deDESame,
  "fr-FR": frFRSame,
  "es-ES": esESSame,
  "pt-BR": ptBRSame,
  "ja-JP": jaJPSame,
};
