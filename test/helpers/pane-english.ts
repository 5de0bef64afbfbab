import { paneEn } from "../../src/i18n/catalogs/pane/en-US";
import { addPaneCatalog } from "../../src/i18n/i18n";

// The pane's words in English, as the pane loads them at start: flows and workbook code that
// the pane runs say what they say through them (imported for its effect by a test file).
addPaneCatalog(paneEn, paneEn);
