import { addPaneCatalog, currentLocale, t } from "../../i18n/i18n";

// Enrich's words where the pane is not (DESIGN 4d, 4e): a run continued in the shared runtime
// with the pane closed writes headers and reasons into the sheet, and keeps reasons in its job,
// in the user's language. They are in the pane's catalog, loaded here as the pane loads it.

/** An id of the enrich catalog: the catalog is there when it is not answered with itself. */
const PROBE = "enrich.outOfCredits";

/** Loads the pane's catalog for the user's language, unless the pane (or a run) did already. */
export async function loadEnrichWords(): Promise<void> {
  if (t(PROBE) !== PROBE) return;
  const { loadPaneCatalog, paneEn } = await import(
    /* webpackChunkName: "pane-catalog" */ "../../i18n/catalogs/pane/load"
  );
  const catalog = await loadPaneCatalog(currentLocale());
  // The pane may have loaded it meanwhile: the same catalog, set once.
  if (t(PROBE) === PROBE) addPaneCatalog(catalog, paneEn);
}
