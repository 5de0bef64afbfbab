/* global Office */
import { addPaneCatalog, setLanguage } from "../i18n/i18n";
import type { PaneLocale } from "../i18n/locales";

/**
 * The add-in's language from Office's display and content languages, once Office is ready;
 * without them (an old host, a failing property) English.
 */
export function applyOfficeLanguage(): PaneLocale {
  let display: unknown;
  let content: unknown;
  try {
    display = Office.context.displayLanguage;
    content = Office.context.contentLanguage;
  } catch {
    // Office.context missing or throwing: English.
  }
  return setLanguage(display, content);
}

/**
 * applyOfficeLanguage, then the pane's catalog for that language with its English fallback:
 * the workbook's jobs write the pane's messages (job errors, Enrich's cells) whether the pane
 * is shown or not, so the catalog is loaded with the runtime, before the jobs start.
 */
export async function loadOfficeLanguage(): Promise<PaneLocale> {
  const locale = applyOfficeLanguage();
  const { loadPaneCatalog, paneEn } = await import(
    /* webpackChunkName: "i18n-pane" */ "../i18n/catalogs/pane/load"
  );
  addPaneCatalog(await loadPaneCatalog(locale), paneEn);
  return locale;
}
