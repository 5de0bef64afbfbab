import type {
  ExtensionCommonCustomGroupControlsItem,
  ExtensionCommonIcon,
  ExtensionRuntimesActionsItem,
  TeamsManifestV1D30,
} from "@microsoft/app-manifest/build/generated-types/teams/TeamsManifestV1D30";
import { TRANSLATED_LOCALES } from "../help/localized-metadata";
import type { TranslatedLocale } from "../i18n/catalogs/functions/types";
import { urlOf, type AddinDescription, type Command } from "./addin-description";
import { localizedAddin } from "./localized-addin";

// The unified manifest for Microsoft 365 (schema 1.30) of the add-in: the app that the Microsoft
// 365 admin center's Integrated apps and current Office take, packed with its two icons.

export const UNIFIED_SCHEMA_URL =
  "https://developer.microsoft.com/json-schemas/teams/v1.30/MicrosoftTeams.schema.json";

/** The schema of the app package's language files (localizationInfo.additionalLanguages). */
export const LOCALIZATION_SCHEMA_URL =
  "https://developer.microsoft.com/json-schemas/teams/v1.30/MicrosoftTeams.Localization.schema.json";

/** A language's file in the app package, beside manifest.json: "de-de.json". */
export const languageFileOf = (locale: TranslatedLocale): string => `${locale.toLowerCase()}.json`;

/** The id of the unified manifest's action that opens the task pane. */
export const SHOW_TASKPANE_ACTION = "ShowTaskpane";

/** App icons by their file name: the package holds them beside manifest.json. */
export function appIconFileName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

export function unifiedManifest(addin: AddinDescription, origin: string): TeamsManifestV1D30 {
  const url = (path: string) => urlOf(origin, path);
  const commandIcons: ExtensionCommonIcon[] = ([16, 32, 80] as const).map((size) => ({
    size,
    url: url(addin.icons.commands[size]),
  }));
  const control = (command: Command): ExtensionCommonCustomGroupControlsItem => ({
    id: command.id,
    type: "button",
    label: command.label,
    icons: commandIcons,
    supertip: { title: command.label, description: command.tooltip },
    actionId:
      command.action.type === "showTaskpane" ? SHOW_TASKPANE_ACTION : command.action.functionId,
  });
  const actions: ExtensionRuntimesActionsItem[] = [
    { id: SHOW_TASKPANE_ACTION, type: "openPage", view: addin.taskpaneId, pinnable: false },
    ...addin.commandFunctions.map((fn): ExtensionRuntimesActionsItem => ({
      id: fn.id,
      type: "executeFunction",
      displayName: fn.name,
    })),
  ];
  const cf = addin.customFunctions;

  return {
    $schema: UNIFIED_SCHEMA_URL,
    manifestVersion: "1.30",
    version: addin.version,
    id: addin.unifiedId,
    localizationInfo: {
      defaultLanguageTag: addin.locale.toLowerCase(),
      additionalLanguages: TRANSLATED_LOCALES.map((locale) => ({
        languageTag: locale.toLowerCase(),
        file: languageFileOf(locale),
      })),
    },
    developer: {
      name: addin.provider,
      websiteUrl: url(addin.pages.support),
      privacyUrl: url(addin.pages.privacy),
      // No terms page of its own: the support page says what the add-in does and sends.
      termsOfUseUrl: url(addin.pages.support),
    },
    name: { short: addin.name, full: addin.name },
    description: { short: addin.shortDescription, full: addin.description },
    icons: {
      color: appIconFileName(addin.icons.color),
      outline: appIconFileName(addin.icons.outline),
    },
    accentColor: addin.accentColor,
    authorization: {
      permissions: {
        resourceSpecific: [{ name: "Document.ReadWrite.User", type: "Delegated" }],
      },
    },
    extensions: [
      {
        requirements: { scopes: ["workbook"], capabilities: addin.requirements },
        runtimes: [
          {
            id: "SharedRuntime",
            type: "general",
            code: { page: url(addin.pages.runtime), script: url(cf.script) },
            lifetime: "long",
            actions,
            customFunctions: {
              namespace: { id: cf.namespace, name: cf.namespace },
              metadataUrl: url(cf.metadata),
              // Answers as cards; functions.json says so too.
              allowCustomDataForDataTypeAny: true,
            },
          },
        ],
        ribbons: [
          {
            tabs: [
              {
                builtInTabId: addin.ribbon.builtInTab,
                groups: [
                  {
                    id: addin.ribbon.groupId,
                    label: addin.ribbon.groupLabel,
                    icons: commandIcons,
                    controls: addin.ribbon.controls.map(control),
                  },
                ],
              },
            ],
          },
        ],
        contextMenus: [
          { menus: [{ entryPoint: "cell", controls: addin.cellMenu.controls.map(control) }] },
        ],
        keyboardShortcuts: [
          {
            shortcuts: addin.keyboardShortcuts.map((shortcut) => ({
              key: { default: shortcut.key },
              actionId: shortcut.functionId,
            })),
            // For Office that reads the shortcuts from the same file as the XML manifest.
            keyMappingFiles: { shortcutsUrl: url(addin.shortcutsFile) },
          },
        ],
        getStartedMessages: [
          {
            title: addin.getStarted.title,
            description: addin.getStarted.description,
            learnMoreUrl: url(addin.pages.learnMore),
          },
        ],
        // Where both are installed, Office shows this app and hides the XML add-in. No
        // `alternateIcons`: with them the admin center would derive an XML manifest from this one
        // for older Office, and that derived manifest would lose the custom functions; the real
        // XML manifest serves those versions instead.
        alternates: [{ hide: { customOfficeAddin: { officeAddinId: addin.xmlId } } }],
      },
    ],
  };
}

/** manifest.json's text: the unified manifest, two-space indented, with a final newline. */
export function unifiedManifestJson(addin: AddinDescription, origin: string): string {
  return `${JSON.stringify(unifiedManifest(addin, origin), null, 2)}\n`;
}

/**
 * The keys of a unified manifest that a language file may set (the v1.30 localization schema's),
 * for what this manifest holds: the app's name and description, the ribbon's and the cell menu's
 * texts, the actions' names, the functions' metadata and the first-run message. The developer's
 * pages are not among them: the app keeps its English support and privacy URLs there, and the
 * localized support page is reached from the first-run message and the XML manifest instead.
 */
const LOCALIZABLE = [
  /^name\.(short|full)$/,
  /^description\.(short|full)$/,
  /^extensions\[0\]\.ribbons\[\d\]\.tabs\[\d+\]\.groups\[\d\]\.label$/,
  /^extensions\[0\]\.ribbons\[\d\]\.tabs\[\d+\]\.groups\[\d\]\.controls\[\d+\]\.(label|supertip\.(title|description))$/,
  /^extensions\[0\]\.contextMenus\[\d\]\.menus\[\d\]\.controls\[\d+\]\.(label|supertip\.(title|description))$/,
  /^extensions\[0\]\.runtimes\[\d+\]\.actions\[\d+\]\.displayName$/,
  /^extensions\[0\]\.runtimes\[\d+\]\.customFunctions\.metadataUrl$/,
  /^extensions\[0\]\.getStartedMessages\[\d\]\.(title|description|learnMoreUrl)$/,
];

/** Every string of a JSON value by its path in the localization files' notation. */
function stringsOf(
  value: unknown,
  path = "",
  found = new Map<string, string>()
): Map<string, string> {
  if (typeof value === "string") found.set(path, value);
  else if (Array.isArray(value))
    value.forEach((item, i) => stringsOf(item, `${path}[${i}]`, found));
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      stringsOf(item, path ? `${path}.${key}` : key, found);
  return found;
}

/**
 * A language's file of the app package: every localizable text of the manifest written from the
 * language's description, by the key the localization schema gives it. The name and description
 * are always there (the schema requires them); another key only where the language differs.
 */
export function languageFile(
  addin: AddinDescription,
  origin: string,
  locale: TranslatedLocale
): Record<string, string> {
  const english = stringsOf(unifiedManifest(addin, origin));
  const translated = stringsOf(unifiedManifest(localizedAddin(addin, locale), origin));
  const file: Record<string, string> = { $schema: LOCALIZATION_SCHEMA_URL };
  for (const [key, value] of translated) {
    if (!LOCALIZABLE.some((pattern) => pattern.test(key))) continue;
    if (value !== english.get(key) || /^(name|description)\./.test(key)) file[key] = value;
  }
  return file;
}

/** The app package's language files by name, as written into it. */
export function languageFiles(addin: AddinDescription, origin: string): Record<string, string> {
  return Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [
      languageFileOf(locale),
      `${JSON.stringify(languageFile(addin, origin, locale), null, 2)}\n`,
    ])
  );
}
