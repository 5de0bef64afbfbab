import { addPaneCatalog } from "../../src/i18n/i18n";
import { paneEn } from "../../src/i18n/catalogs/pane/load";

// The pane's English catalog, as the runtime loads it before anything writes a pane message
// (src/runtime/office-language.ts): modules tested without the runtime write English, not ids.
addPaneCatalog(paneEn, paneEn);
