import { version as packageVersion } from "../../package.json";
import type { TranslatedLocale } from "../i18n/catalogs/functions/types";
import { MANIFEST_TRANSLATIONS } from "../i18n/catalogs/manifest/tables";
import type { AddinTexts, CommandFunctionId, CommandKey } from "../i18n/catalogs/manifest/types";

export type { AddinTexts, CommandFunctionId, CommandKey };

// The one description of the add-in: the XML manifest, the unified manifest and the
// keyboard-shortcuts file are all written from it, because converters between the two manifest
// formats drop custom functions. Paths are relative to the origin the add-in is served from.

export type CommandAction =
  { type: "showTaskpane" } | { type: "executeFunction"; functionId: CommandFunctionId };

/** A ribbon button or a context-menu item. */
export interface Command {
  id: string;
  /** Stem of the XML manifest's resource ids (`<key>.Label`, `<key>.Tooltip`): at most 24 characters. */
  key: CommandKey;
  label: string;
  tooltip: string;
  action: CommandAction;
}

export interface CommandFunction {
  id: CommandFunctionId;
  /** Shown by Office when a shortcut conflicts with another add-in's or Office's own. */
  name: string;
}

export interface KeyboardShortcut {
  functionId: CommandFunctionId;
  /** Office's notation: modifiers and one key joined with "+". */
  key: string;
}

export interface AddinDescription {
  /** The XML (add-in only) manifest's id; the unified manifest hides the add-in of this id. */
  xmlId: string;
  /** The unified manifest's app id: a different add-in for Office. */
  unifiedId: string;
  /** major.minor.patch, from package.json. */
  version: string;
  name: string;
  provider: string;
  description: string;
  /** At most 80 characters (the unified manifest's `description.short`). */
  shortDescription: string;
  accentColor: string;
  locale: string;
  permissions: "ReadWriteDocument";
  requirements: { name: string; minVersion: string }[];
  pages: {
    /** The shared runtime's page: task pane, custom functions and commands in one runtime. */
    runtime: string;
    support: string;
    privacy: string;
    learnMore: string;
  };
  icons: {
    /** Ribbon and menu icons by size. */
    commands: { 16: string; 32: string; 80: string };
    /** The XML manifest's IconUrl and HighResolutionIconUrl. */
    small: string;
    large: string;
    /** The unified manifest's app icons: color 192x192, outline 32x32 white on transparent. */
    color: string;
    outline: string;
  };
  customFunctions: { namespace: string; script: string; metadata: string };
  taskpaneId: string;
  getStarted: { title: string; description: string };
  ribbon: { builtInTab: string; groupId: string; groupLabel: string; controls: Command[] };
  cellMenu: { menuId: string; controls: Command[] };
  commandFunctions: CommandFunction[];
  keyboardShortcuts: KeyboardShortcut[];
  /** The keyboard-shortcuts file the XML manifest's ExtendedOverrides points at. */
  shortcutsFile: string;
  /** Every text above that a user reads, in each language but English. */
  translations: Readonly<Record<TranslatedLocale, AddinTexts>>;
}

/** The texts of a description (its English ones for ADDIN), in the shape of a translation. */
export function addinTexts(addin: AddinDescription): AddinTexts {
  const controls = [...addin.ribbon.controls, ...addin.cellMenu.controls];
  return {
    name: addin.name,
    description: addin.description,
    shortDescription: addin.shortDescription,
    getStarted: { ...addin.getStarted },
    groupLabel: addin.ribbon.groupLabel,
    commands: Object.fromEntries(
      controls.map((c) => [c.key, { label: c.label, tooltip: c.tooltip }])
    ) as AddinTexts["commands"],
    commandFunctions: Object.fromEntries(
      addin.commandFunctions.map((fn) => [fn.id, fn.name])
    ) as AddinTexts["commandFunctions"],
  };
}

const FIND_EMAILS_TOOLTIP =
  "Find the email of each person of the selected list (names and company, or profile URLs) and write it in new columns beside it.";
const VERIFY_EMAILS_TOOLTIP =
  "Verify the emails of the selected list and write their status in a new column beside it.";

const REFRESH_TOOLTIP =
  "Count the answers older than a number of days in the selected MAIL cells, see the most it can cost, and look only those up again.";

const findEmails: CommandAction = { type: "executeFunction", functionId: "findEmails" };
const refreshAnswers: CommandAction = { type: "executeFunction", functionId: "refreshAnswers" };
const verifyEmails: CommandAction = { type: "executeFunction", functionId: "verifyEmails" };

export const ADDIN: AddinDescription = {
  xmlId: "df9e6ea4-5848-468c-ac90-42421b64c498",
  unifiedId: "d801f164-aa58-4bd0-a079-2dcb8985f01b",
  version: packageVersion,
  name: "Mail Finder",
  provider: "Mail Finder",
  description:
    "Find and verify professional email addresses from your spreadsheet: MAIL.FINDEMAIL, MAIL.VERIFYEMAIL and bulk searches.",
  shortDescription: "Find and verify professional email addresses from your spreadsheet.",
  accentColor: "#0F6CBD",
  locale: "en-US",
  permissions: "ReadWriteDocument",
  requirements: [{ name: "SharedRuntime", minVersion: "1.1" }],
  pages: {
    runtime: "taskpane.html",
    support: "support.html",
    privacy: "privacy.html",
    learnMore: "support.html",
  },
  icons: {
    commands: { 16: "assets/icon-16.png", 32: "assets/icon-32.png", 80: "assets/icon-80.png" },
    small: "assets/icon-32.png",
    large: "assets/icon-64.png",
    color: "assets/color-192.png",
    outline: "assets/outline-32.png",
  },
  customFunctions: { namespace: "MAIL", script: "functions.js", metadata: "functions.json" },
  taskpaneId: "MailFinder.Taskpane",
  getStarted: {
    title: "Mail Finder is ready",
    description:
      "Type =MAIL.FINDEMAIL(first, last, company) in a cell, or open Mail Finder on the Home tab for bulk searches and settings.",
  },
  ribbon: {
    builtInTab: "TabHome",
    groupId: "MailFinder.Group",
    groupLabel: "Mail Finder",
    controls: [
      {
        id: "MailFinder.TaskpaneButton",
        key: "TaskpaneButton",
        label: "Mail Finder",
        tooltip: "Open Mail Finder: settings, bulk searches, GeoLead, domain files and jobs.",
        action: { type: "showTaskpane" },
      },
      {
        id: "MailFinder.FindEmailsButton",
        key: "FindEmails",
        label: "Find emails",
        tooltip: FIND_EMAILS_TOOLTIP,
        action: findEmails,
      },
      {
        id: "MailFinder.VerifyEmailsButton",
        key: "VerifyEmails",
        label: "Verify emails",
        tooltip: VERIFY_EMAILS_TOOLTIP,
        action: verifyEmails,
      },
    ],
  },
  cellMenu: {
    menuId: "ContextMenuCell",
    controls: [
      {
        id: "MailFinder.FindEmailsMenu",
        key: "FindEmailsMenu",
        label: "Find emails for these rows",
        tooltip: FIND_EMAILS_TOOLTIP,
        action: findEmails,
      },
      {
        id: "MailFinder.VerifyEmailsMenu",
        key: "VerifyEmailsMenu",
        label: "Verify these emails",
        tooltip: VERIFY_EMAILS_TOOLTIP,
        action: verifyEmails,
      },
      {
        id: "MailFinder.RefreshMenu",
        key: "RefreshMenu",
        label: "Refresh old answers",
        tooltip: REFRESH_TOOLTIP,
        action: refreshAnswers,
      },
    ],
  },
  commandFunctions: [
    { id: "findEmails", name: "Find emails" },
    { id: "verifyEmails", name: "Verify emails" },
    { id: "refreshAnswers", name: "Refresh old answers" },
  ],
  // Ctrl+Alt+Shift+letter: Microsoft's advice for add-ins, clear of Excel's and browsers' keys.
  keyboardShortcuts: [
    { functionId: "findEmails", key: "Ctrl+Alt+Shift+F" },
    { functionId: "verifyEmails", key: "Ctrl+Alt+Shift+V" },
  ],
  shortcutsFile: "shortcuts.json",
  translations: MANIFEST_TRANSLATIONS,
};

/** The XML manifest's four-part version of a three-part one: "0.1.0" -> "0.1.0.0". */
export function xmlVersion(version: string): string {
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`The add-in's version must be major.minor.patch, not "${version}"`);
  return `${version}.0`;
}

/** An absolute URL of a path of the add-in, for the origin it is served from. */
export function urlOf(origin: string, path: string): string {
  return new URL(path, origin.endsWith("/") ? origin : `${origin}/`).href;
}
