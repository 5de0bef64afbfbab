import { CELLS } from "./catalogs/cells";
import type { cellsEn } from "./catalogs/cells/en-US";
import type { paneEn } from "./catalogs/pane/en-US";
import {
  DEFAULT_LOCALE,
  PSEUDO_LOCALE,
  resolveLocale,
  resolveNumbersLocale,
  type PaneLocale,
} from "./locales";
import { Translator, type Catalog, type MessageValues } from "./translator";

// The add-in's language for this page, chosen once from Office (display language for words,
// content language for numbers and dates), and `t`, which every layer calls for what a user
// reads: cells, flows and the pane.

export type MessageId = keyof typeof cellsEn | keyof typeof paneEn;

let locale: PaneLocale = DEFAULT_LOCALE;
let contentTag: unknown;
let paneCatalog: Catalog = {};
let paneEnglish: Catalog = {};
let translator = build();

function build(): Translator {
  const english = CELLS[DEFAULT_LOCALE];
  const cells = locale === PSEUDO_LOCALE ? english : CELLS[locale];
  const wordsLocale = locale === PSEUDO_LOCALE ? DEFAULT_LOCALE : locale;
  const content = contentTag;
  return new Translator(
    wordsLocale,
    () => resolveNumbersLocale(content, wordsLocale),
    { ...cells, ...paneCatalog },
    { ...english, ...paneEnglish }
  );
}

/**
 * Chooses the language from Office's `displayLanguage` and `contentLanguage` (anything
 * unreadable gives English). `qps-ploc`, Windows' pseudo-locale, gives the pseudo-locale.
 */
export function setLanguage(displayLanguage: unknown, contentLanguage?: unknown): PaneLocale {
  locale = displayLanguage === PSEUDO_LOCALE ? PSEUDO_LOCALE : resolveLocale(displayLanguage);
  contentTag = contentLanguage;
  paneCatalog = {};
  translator = build();
  return locale;
}

/** Adds the task pane's catalog (loaded with the pane) and its English fallback. */
export function addPaneCatalog(catalog: Catalog, english: Catalog): void {
  paneCatalog = catalog;
  paneEnglish = english;
  translator = build();
}

/** The message `id` in the user's language. */
export function t(id: MessageId, values?: MessageValues): string {
  return translator.format(id, values);
}

/** A number written for the user's content language. */
export function n(value: number, maximumFractionDigits = 0): string {
  return translator.number(value, maximumFractionDigits);
}

export const currentLocale = (): PaneLocale => locale;
export const currentNumbersLocale = (): string => translator.numbersLocale;
/** The `lang` of the pane's page (the pseudo-locale is English underneath). */
export const htmlLang = (): string => (locale === PSEUDO_LOCALE ? "en-XA" : locale);
