/* global document, Office */
import { associateCommands } from "../commands/commands";
import { t } from "../i18n/i18n";
import { loadOfficeLanguage } from "../runtime/office-language";
import { getServices } from "../runtime/services";
import { paneVisibility } from "../runtime/task-pane-host";
// The shared runtime's page: the worksheet functions (functions.js, loaded before this file)
// are registered already; the workbook's jobs start once Office is ready, shown or not (they
// go on without the pane); the task pane UI is fetched only when the pane is shown.

/** The user's language and its catalogs, loaded once Office is ready (see onReady). */
let language: Promise<unknown> = Promise.resolve();

function startWorkbookJobs(): void {
  // Their messages are written in the user's language: after it is loaded (or failed to).
  Promise.all([
    language.catch(() => undefined),
    import(/* webpackChunkName: "workbook-jobs" */ "../flows/jobs/workbook-jobs"),
  ])
    .then(([, { workbookJobs }]) => workbookJobs())
    .catch((error: unknown) =>
      console.error("Mail Finder: the workbook's jobs did not start", error)
    );
}

const loadUi = () => import(/* webpackChunkName: "taskpane-ui" */ "./ui/mount");

// A page shown at once is the pane being opened: its UI is fetched while office.js starts
// (Office.onReady waits for the host), not after (load time).
let ui: ReturnType<typeof loadUi> | null = document.visibilityState === "visible" ? loadUi() : null;
// A failed fetch is said where the UI is shown (showOnce), not as an unhandled rejection.
ui?.catch(() => undefined);

async function showTaskPane(): Promise<void> {
  const root = document.getElementById("root");
  if (!root) return;
  // The settings too: the first screen (first run, or the tabs) depends on the key's presence,
  // and reading it after the first render would cost a second one.
  const [{ mountTaskPane }] = await Promise.all([
    (ui ??= loadUi()),
    language,
    getServices()
      .settings.load()
      .catch(() => undefined),
  ]);
  mountTaskPane(root);
}

let shown: Promise<void> | null = null;

function showOnce(): void {
  shown ??= showTaskPane().catch((error: unknown) => {
    const root = document.getElementById("root");
    if (root)
      root.textContent = t("cells.paneFailed", {
        error: error instanceof Error ? error.message : String(error),
      });
  });
}

Office.onReady(() => {
  // First: the cells' messages, the jobs, the commands and the pane speak the user's language.
  language = loadOfficeLanguage();
  associateCommands();
  startWorkbookJobs();
  // With a long-lived shared runtime the page also runs while the pane is closed (for the
  // functions): build the UI only once it is seen.
  if (document.visibilityState === "visible") showOnce();
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") showOnce();
  });
  // The pane's visibility is followed from start-up, for the spending question as well.
  const visibility = paneVisibility();
  visibility.subscribe((mode) => {
    if (mode === "Taskpane") showOnce();
  });
  visibility.start();
});
