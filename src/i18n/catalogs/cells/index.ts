import type { Locale } from "../../locales";
import type { Catalog } from "../../translator";
import { cells as deDE, cellsSame as deDESame } from "./de-DE";
import { cellsEn } from "./en-US";
import { cells as esES, cellsSame as esESSame } from "./es-ES";
import { cells as frFR, cellsSame as frFRSame } from "./fr-FR";
import { cells as jaJP, cellsSame as jaJPSame } from "./ja-JP";
import { cells as ptBR, cellsSame as ptBRSame } from "./pt-BR";

// Every language's cell messages, in the functions' bundle: a cell may need them before the
// task pane (and its catalogs) is ever loaded.
export const CELLS: Readonly<Record<Locale, Catalog>> = {
  "en-US": cellsEn,
  "de-DE": deDE,
  "fr-FR": frFR,
  "es-ES": esES,
  "pt-BR": ptBR,
  "ja-JP": jaJP,
};

/** Per language, the ids it writes as English on purpose (test/i18n/catalogs.test.ts). */
export const CELLS_SAME: Readonly<Record<Locale, readonly string[]>> = {
  "en-US": [],
  "de-DE": deDESame,
  "fr-FR": frFRSame,
  "es-ES": esESSame,
  "pt-BR": ptBRSame,
  "ja-JP": jaJPSame,
};
