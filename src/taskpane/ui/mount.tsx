import { createRoot } from "react-dom/client";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { getServices } from "../../runtime/services";
import { App } from "./App";

export function mountTaskPane(element: HTMLElement): void {
  createRoot(element).render(
    <FluentProvider theme={webLightTheme} style={{ minHeight: "100%" }}>
      <App services={getServices()} />
    </FluentProvider>
  );
}
