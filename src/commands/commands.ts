/* global Office */
import { paneRequests, type EnrichRequest } from "../runtime/pane-requests";

// The add-in commands (ribbon buttons and cell context-menu items). They
// run in the shared runtime and do their work through the task pane: Find and Verify open it on
// the Enrich tab, which reads the selection with the operation chosen; Refresh on the Lookups
// tab, which counts the selection's old answers.

async function openEnrich(
  operation: EnrichRequest["operation"],
  event: Office.AddinCommands.Event
): Promise<void> {
  try {
    paneRequests().request({ tab: "enrich", operation });
    await Office.addin.showAsTaskpane();
  } catch (error) {
    console.warn("Mail Finder: the task pane could not be shown", error);
  } finally {
    event.completed();
  }
}

/** Home > Mail Finder > Find emails, and the cell menu's "Find emails for these rows". */
export function findEmails(event: Office.AddinCommands.Event): Promise<void> {
  return openEnrich("person", event);
}

/** Home > Mail Finder > Verify emails, and the cell menu's "Verify these emails". */
export function verifyEmails(event: Office.AddinCommands.Event): Promise<void> {
  return openEnrich("verify", event);
}

/** The cell menu's "Refresh old answers": the Lookups tab counts the selection's old answers. */
export async function refreshAnswers(event: Office.AddinCommands.Event): Promise<void> {
  try {
    paneRequests().request({ tab: "lookups", refresh: true });
    await Office.addin.showAsTaskpane();
  } catch (error) {
    console.warn("Mail Finder: the task pane could not be shown", error);
  } finally {
    event.completed();
  }
}

/** Registers the commands' functions under the names the manifest gives them. */
export function associateCommands(): void {
  Office.actions.associate("findEmails", findEmails);
  Office.actions.associate("verifyEmails", verifyEmails);
  Office.actions.associate("refreshAnswers", refreshAnswers);
}
