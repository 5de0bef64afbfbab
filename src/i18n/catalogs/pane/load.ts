import type { PaneLocale } from "../../locales";
import type { Catalog } from "../../translator";
import { cellsEn } from "../cells/en-US";
import { paneEn } from "./en-US";

// The task pane's catalog for a language: English is in the pane's chunk (it is every other
// language's fallback); each other language is a chunk of its own, fetched with the pane. The
// pseudo-locale's catalog covers the cells' messages too.

export async function loadPaneCatalog(locale: PaneLocale): Promise<Catalog> {
  switch (locale) {
    case "de-DE":
      return (await import(/* webpackChunkName: "pane-de-DE" */ "./de-DE")).pane;
    case "fr-FR":
      return (await import(/* webpackChunkName: "pane-fr-FR" */ "./fr-FR")).pane;
    case "es-ES":
      return (await import(/* webpackChunkName: "pane-es-ES" */ "./es-ES")).pane;
    case "pt-BR":
      return (await import(/* webpackChunkName: "pane-pt-BR" */ "./pt-BR")).pane;
    case "ja-JP":
      return (await import(/* webpackChunkName: "pane-ja-JP" */ "./ja-JP")).pane;
    case "qps-ploc":
      return (await import(/* webpackChunkName: "pane-pseudo" */ "../../pseudo")).pseudoCatalog({
        ...cellsEn,
        ...paneEn,
      });
    default:
      return paneEn;
  }
}

export { paneEn };
