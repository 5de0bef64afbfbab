import { currentNumbersLocale, t } from "./i18n";
import { Translator, type MessageValues } from "./translator";
import { bulkEn } from "./catalogs/pane/en-US/bulk";
import { domainEn } from "./catalogs/pane/en-US/domain";
import { geoEn } from "./catalogs/pane/en-US/geo";
import { jobsEn } from "./catalogs/pane/en-US/jobs";

// `t` for the pane's messages that code outside the pane also writes: the workbook's jobs run
// in the shared runtime whether the pane is shown or not (DESIGN 4d), and the lists' and the
// workbook's modules are tested without it. Until the pane's catalog is loaded, `t` has no
// message for these ids (it would give the id itself): they are written in English instead.

const ENGLISH = { ...bulkEn, ...geoEn, ...domainEn, ...jobsEn } as const;

/** The ids of the pane's catalogs that code outside the pane uses. */
export type RuntimeMessageId = keyof typeof ENGLISH;

let english: Translator | null = null;

/** The message `id` in the user's language, or in English while the pane's catalog is not loaded. */
export function tr(id: RuntimeMessageId, values?: MessageValues): string {
  const text = t(id, values);
  if (text !== id) return text;
  const numbersLocale = currentNumbersLocale();
  if (english?.numbersLocale !== numbersLocale)
    english = new Translator("en-US", numbersLocale, ENGLISH, ENGLISH);
  return english.format(id, values);
}
