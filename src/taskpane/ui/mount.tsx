import { createRoot } from "react-dom/client";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { addPaneCatalog, currentLocale, htmlLang } from "../../i18n/i18n";
import { loadPaneCatalog, paneEn } from "../../i18n/catalogs/pane/load";
import { getServices } from "../../runtime/services";
import { App } from "./App";

/** Renders the pane in the user's language (its catalog is loaded first). */
export async function mountTaskPane(element: HTMLElement): Promise<void> {
  addPaneCatalog(await loadPaneCatalog(currentLocale()), paneEn);
  document.documentElement.lang = htmlLang();
  createRoot(element).render(
    <FluentProvider theme={webLightTheme} style={{ minHeight: "100%" }}>
      <App services={getServices()} />
    </FluentProvider>
  );
}
