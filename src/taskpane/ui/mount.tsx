import { createRoot } from "react-dom/client";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { htmlLang } from "../../i18n/i18n";
import { getServices } from "../../runtime/services";
import { App } from "./App";

/** Renders the pane (its language and catalogs are loaded before, by taskpane.ts). */
export function mountTaskPane(element: HTMLElement): void {
  document.documentElement.lang = htmlLang();
  createRoot(element).render(
    <FluentProvider theme={webLightTheme} style={{ minHeight: "100%" }}>
      <App services={getServices()} />
    </FluentProvider>
  );
}
