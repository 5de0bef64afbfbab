import { createRoot } from "react-dom/client";
import { FluentProvider, webLightTheme } from "@fluentui/react-components";
import { AdminApp } from "./AdminApp";

// The admin page's entry (dist/admin.js, served at /admin by the host): no inline script, so
// that it runs under the host's Content-Security-Policy.

const root = document.getElementById("root");
if (root)
  createRoot(root).render(
    <FluentProvider theme={webLightTheme} style={{ minHeight: "100%" }}>
      <AdminApp />
    </FluentProvider>
  );
