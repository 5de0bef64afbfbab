import { createRoot } from "react-dom/client";
import { AriaLiveAnnouncer, FluentProvider } from "@fluentui/react-components";
import { htmlLang } from "../../i18n/i18n";
import { getServices } from "../../runtime/services";
import { App } from "./App";
import { useOfficeTheme } from "./use-office-theme";

/** The pane in Excel's theme, followed while it is open. */
function ThemedPane(): JSX.Element {
  const { theme } = useOfficeTheme();
  return (
    <FluentProvider theme={theme} style={{ minHeight: "100%" }}>
      {/* Message bars (the spending question, a job's end) announce themselves through it. */}
      <AriaLiveAnnouncer>
        <App services={getServices()} />
      </AriaLiveAnnouncer>
    </FluentProvider>
  );
}

/** Renders the pane (its language and catalogs are loaded before, by taskpane.ts). */
export function mountTaskPane(element: HTMLElement): void {
  document.documentElement.lang = htmlLang();
  createRoot(element).render(<ThemedPane />);
}
