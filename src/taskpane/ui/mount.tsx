import { createRoot } from "react-dom/client";
import { FluentProvider } from "@fluentui/react-components";
import { addPaneCatalog, currentLocale, htmlLang } from "../../i18n/i18n";
import { loadPaneCatalog, paneEn } from "../../i18n/catalogs/pane/load";
import { readOfficeTheme } from "../../runtime/office-theme";
import { getServices } from "../../runtime/services";
import { App } from "./App";
import { paneTheme } from "./theme";
import { applyPageTheme, useOfficeTheme } from "./use-office-theme";

/** The pane in Excel's theme (DESIGN 4e), followed while it is open. */
function ThemedPane() {
  const { theme } = useOfficeTheme();
  return (
    <FluentProvider theme={theme} style={{ minHeight: "100%" }}>
      <App services={getServices()} />
    </FluentProvider>
  );
}

/** Renders the pane in the user's language (its catalog is loaded first). */
export async function mountTaskPane(element: HTMLElement): Promise<void> {
  applyPageTheme(paneTheme(readOfficeTheme()));
  addPaneCatalog(await loadPaneCatalog(currentLocale()), paneEn);
  document.documentElement.lang = htmlLang();
  createRoot(element).render(<ThemedPane />);
}
