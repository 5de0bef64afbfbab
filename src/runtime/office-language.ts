/* global Office */
import { setLanguage } from "../i18n/i18n";
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
