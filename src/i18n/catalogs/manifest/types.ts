// What a user reads of the add-in outside its pages: in Office's store and add-in
// lists, on the ribbon and the cell menu, in the first-run callout. English is the description's
// own (src/manifest/addin-description.ts); each other language has a table of this shape.

/** The functions that src/commands/commands.ts registers with `Office.actions.associate`. */
export type CommandFunctionId = "findEmails" | "verifyEmails" | "refreshAnswers";

/** The stems of the commands' resource ids, which their translations are keyed by too. */
export type CommandKey =
  | "TaskpaneButton"
  | "FindEmails"
  | "VerifyEmails"
  | "FindEmailsMenu"
  | "VerifyEmailsMenu"
  | "RefreshMenu";

export interface AddinTexts {
  name: string;
  description: string;
  /** At most 80 characters. */
  shortDescription: string;
  getStarted: { title: string; description: string };
  groupLabel: string;
  commands: Readonly<Record<CommandKey, { label: string; tooltip: string }>>;
  commandFunctions: Readonly<Record<CommandFunctionId, string>>;
}
