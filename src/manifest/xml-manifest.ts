import { TRANSLATED_LOCALES } from "../help/localized-metadata";
import type { TranslatedLocale } from "../i18n/catalogs/functions/types";
import { urlOf, xmlVersion, type AddinDescription, type Command } from "./addin-description";
import { localizedAddin } from "./localized-addin";

// The XML (add-in only) manifest of the add-in, for Office versions without the unified manifest,
// sideloading and `npm start`. Strings and URLs go to <Resources>, referenced by resid. Every
// text a user reads, and the pages and functions' metadata of each language, has an
// <Override Locale> per language: Office shows the one of its display language.

type ResourceTable = "Images" | "Urls" | "ShortStrings" | "LongStrings";

/** The manifest's resources, in the order they are first used. */
class Resources {
  private readonly tables = new Map<ResourceTable, Map<string, string>>([
    ["Images", new Map()],
    ["Urls", new Map()],
    ["ShortStrings", new Map()],
    ["LongStrings", new Map()],
  ]);
  /** The ids whose value depends on the language, and their value in each other language. */
  private readonly localized = new Map<string, [TranslatedLocale, string][]>();

  /**
   * Registers a resource and answers its id (the same id twice must mean the same value).
   * A `localized` one gets an override for each language (overrideFrom).
   */
  add(table: ResourceTable, id: string, value: string, localized = false): string {
    const entries = this.tables.get(table)!;
    const known = entries.get(id);
    if (known !== undefined && known !== value)
      throw new Error(`Resource ${id} has two values: "${known}" and "${value}"`);
    entries.set(id, value);
    if (localized && !this.localized.has(id)) this.localized.set(id, []);
    return id;
  }

  private value(id: string): string | undefined {
    for (const entries of this.tables.values()) if (entries.has(id)) return entries.get(id);
    return undefined;
  }

  /** Each localized resource's value in the resources written from a language's description. */
  overrideFrom(locale: TranslatedLocale, other: Resources): void {
    for (const [id, overrides] of this.localized) {
      const value = other.value(id);
      if (value === undefined) throw new Error(`Resource ${id} has no ${locale} value`);
      overrides.push([locale, value]);
    }
  }

  xml(indent: string): string {
    const element = (table: ResourceTable) =>
      table === "Images" ? "bt:Image" : table === "Urls" ? "bt:Url" : "bt:String";
    const entry = (table: ResourceTable, id: string, value: string): string[] => {
      const open = `${indent}  <${element(table)} id="${id}" DefaultValue="${escapeXml(value)}"`;
      const overrides = this.localized.get(id) ?? [];
      if (overrides.length === 0) return [`${open}/>`];
      return [
        `${open}>`,
        ...overrides.map(
          ([locale, text]) =>
            `${indent}    <bt:Override Locale="${locale}" Value="${escapeXml(text)}"/>`
        ),
        `${indent}  </${element(table)}>`,
      ];
    };
    return [...this.tables]
      .map(([table, entries]) =>
        [
          `${indent}<bt:${table}>`,
          ...[...entries].flatMap(([id, value]) => entry(table, id, value)),
          `${indent}</bt:${table}>`,
        ].join("\n")
      )
      .join("\n");
  }
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "apos" }[c]};`
  );
}

/** Indents every line of a block by `by` spaces. */
function indented(block: string, by: number): string {
  const pad = " ".repeat(by);
  return block
    .split("\n")
    .map((line) => pad + line)
    .join("\n");
}

/** The <Host> of VersionOverrides for a description, its resources registered in `res`. */
function hostXml(addin: AddinDescription, origin: string, res: Resources): string {
  const url = (path: string) => urlOf(origin, path);
  const runtimeUrl = res.add("Urls", "Taskpane.Url", url(addin.pages.runtime));

  const commandIcons = () =>
    [
      "<Icon>",
      ...([16, 32, 80] as const).map(
        (size) =>
          `  <bt:Image size="${size}" resid="${res.add("Images", `Icon.${size}x${size}`, url(addin.icons.commands[size]))}"/>`
      ),
      "</Icon>",
    ].join("\n");

  const control = (command: Command) => {
    const label = res.add("ShortStrings", `${command.key}.Label`, command.label, true);
    const tooltip = res.add("LongStrings", `${command.key}.Tooltip`, command.tooltip, true);
    const action =
      command.action.type === "showTaskpane"
        ? [
            `<Action xsi:type="ShowTaskpane">`,
            `  <TaskpaneId>${addin.taskpaneId}</TaskpaneId>`,
            `  <SourceLocation resid="${runtimeUrl}"/>`,
            `</Action>`,
          ]
        : [
            `<Action xsi:type="ExecuteFunction">`,
            `  <FunctionName>${command.action.functionId}</FunctionName>`,
            `</Action>`,
          ];
    return [
      `<Control xsi:type="Button" id="${command.id}">`,
      `  <Label resid="${label}"/>`,
      `  <Supertip>`,
      `    <Title resid="${label}"/>`,
      `    <Description resid="${tooltip}"/>`,
      `  </Supertip>`,
      indented(commandIcons(), 2),
      ...action.map((line) => `  ${line}`),
      `</Control>`,
    ].join("\n");
  };

  const cf = addin.customFunctions;
  const customFunctions = [
    `<ExtensionPoint xsi:type="CustomFunctions">`,
    `  <Script>`,
    `    <SourceLocation resid="${res.add("Urls", "Functions.Script.Url", url(cf.script))}"/>`,
    `  </Script>`,
    `  <Page>`,
    `    <SourceLocation resid="${runtimeUrl}"/>`,
    `  </Page>`,
    `  <Metadata>`,
    `    <SourceLocation resid="${res.add("Urls", "Functions.Metadata.Url", url(cf.metadata), true)}"/>`,
    `  </Metadata>`,
    `  <Namespace resid="${res.add("ShortStrings", "Functions.Namespace", cf.namespace)}"/>`,
    `</ExtensionPoint>`,
  ].join("\n");

  const getStarted = [
    `<GetStarted>`,
    `  <Title resid="${res.add("ShortStrings", "GetStarted.Title", addin.getStarted.title, true)}"/>`,
    `  <Description resid="${res.add("LongStrings", "GetStarted.Description", addin.getStarted.description, true)}"/>`,
    `  <LearnMoreUrl resid="${res.add("Urls", "GetStarted.LearnMoreUrl", url(addin.pages.learnMore), true)}"/>`,
    `</GetStarted>`,
  ].join("\n");

  const ribbon = [
    `<ExtensionPoint xsi:type="PrimaryCommandSurface">`,
    `  <OfficeTab id="${addin.ribbon.builtInTab}">`,
    `    <Group id="${addin.ribbon.groupId}">`,
    `      <Label resid="${res.add("ShortStrings", "Group.Label", addin.ribbon.groupLabel, true)}"/>`,
    indented(commandIcons(), 6),
    ...addin.ribbon.controls.map((command) => indented(control(command), 6)),
    `    </Group>`,
    `  </OfficeTab>`,
    `</ExtensionPoint>`,
  ].join("\n");

  const cellMenu = [
    `<ExtensionPoint xsi:type="ContextMenu">`,
    `  <OfficeMenu id="${addin.cellMenu.menuId}">`,
    ...addin.cellMenu.controls.map((command) => indented(control(command), 4)),
    `  </OfficeMenu>`,
    `</ExtensionPoint>`,
  ].join("\n");

  return [
    `<Host xsi:type="Workbook">`,
    `  <Runtimes>`,
    `    <Runtime resid="${runtimeUrl}" lifetime="long"/>`,
    `  </Runtimes>`,
    `  <AllFormFactors>`,
    indented(customFunctions, 4),
    `  </AllFormFactors>`,
    `  <DesktopFormFactor>`,
    indented(getStarted, 4),
    `    <FunctionFile resid="${runtimeUrl}"/>`,
    indented(ribbon, 4),
    indented(cellMenu, 4),
    `  </DesktopFormFactor>`,
    `</Host>`,
  ].join("\n");
}

/** A locale-aware setting: its English value, and an <Override> per language. */
function localeAware(
  element: string,
  value: (addin: AddinDescription) => string,
  addin: AddinDescription,
  localized: ReadonlyArray<[TranslatedLocale, AddinDescription]>
): string {
  return [
    `  <${element} DefaultValue="${escapeXml(value(addin))}">`,
    ...localized.map(
      ([locale, other]) => `    <Override Locale="${locale}" Value="${escapeXml(value(other))}"/>`
    ),
    `  </${element}>`,
  ].join("\n");
}

export function xmlManifest(addin: AddinDescription, origin: string): string {
  const url = (path: string) => urlOf(origin, path);
  const res = new Resources();
  const host = hostXml(addin, origin, res);
  const localized = TRANSLATED_LOCALES.map((locale): [TranslatedLocale, AddinDescription] => [
    locale,
    localizedAddin(addin, locale),
  ]);
  // The same host written from each language's description gives each resource's override.
  for (const [locale, other] of localized) {
    const otherRes = new Resources();
    hostXml(other, origin, otherRes);
    res.overrideFrom(locale, otherRes);
  }

  const sets = addin.requirements
    .map((set) => `      <Set Name="${set.name}" MinVersion="${set.minVersion}"/>`)
    .join("\n");

  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<OfficeApp xmlns="http://schemas.microsoft.com/office/appforoffice/1.1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xmlns:bt="http://schemas.microsoft.com/office/officeappbasictypes/1.0"
  xmlns:ov="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="TaskPaneApp">
  <Id>${addin.xmlId}</Id>
  <Version>${xmlVersion(addin.version)}</Version>
  <ProviderName>${escapeXml(addin.provider)}</ProviderName>
  <DefaultLocale>${addin.locale}</DefaultLocale>
${localeAware("DisplayName", (a) => a.name, addin, localized)}
${localeAware("Description", (a) => a.description, addin, localized)}
  <IconUrl DefaultValue="${escapeXml(url(addin.icons.small))}"/>
  <HighResolutionIconUrl DefaultValue="${escapeXml(url(addin.icons.large))}"/>
${localeAware("SupportUrl", (a) => url(a.pages.support), addin, localized)}
  <Hosts>
    <Host Name="Workbook"/>
  </Hosts>
  <Requirements>
    <Sets DefaultMinVersion="1.1">
${sets}
    </Sets>
  </Requirements>
  <DefaultSettings>
    <SourceLocation DefaultValue="${escapeXml(url(addin.pages.runtime))}"/>
  </DefaultSettings>
  <Permissions>${addin.permissions}</Permissions>
  <VersionOverrides xmlns="http://schemas.microsoft.com/office/taskpaneappversionoverrides" xsi:type="VersionOverridesV1_0">
    <Hosts>
${indented(host, 6)}
    </Hosts>
    <Resources>
${res.xml("      ")}
    </Resources>
  </VersionOverrides>
  <ExtendedOverrides Url="${escapeXml(url(addin.shortcutsFile))}"/>
</OfficeApp>
`;
}
