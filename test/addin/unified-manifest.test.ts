import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser } from "fast-xml-parser";
import { unzipSync } from "fflate";
import { associateCommands } from "../../src/commands/commands";
import { ADDIN, addinTexts } from "../../src/manifest/addin-description";
import { rootManifests } from "../../src/manifest/manifest-files";
import { languageFile, unifiedManifest } from "../../src/manifest/unified-manifest";
import { MANIFEST_SAME } from "../../src/i18n/catalogs/manifest/tables";
import { renderForPublicUrl } from "../../src/server/public-url-files";
import {
  localizationSchemaErrors,
  unifiedSchemaErrors,
  xmlTextSchemaErrors,
} from "../helpers/manifest-schemas";
import { pngHeader, rgbaPixels } from "../helpers/png";

// The unified manifest beside the XML one, both written from one description, and
// the keyboard shortcuts of both. The build's files need `npm run build` first (npm test does).

const ROOT = join(__dirname, "..", "..");
const DIST = join(ROOT, "dist");
// A production build has no address: the host renders its manifests for --public-url.
const PUBLIC_URL = "https://addin.contoso.test/";
const DEV_ORIGIN = "https://localhost:3000/";

type Node = Record<string, any>;

/** Every language but English. */
const LANGUAGES = ["de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"] as const;

/** What a language file must say, beyond its schema: the texts, the pages and the metadata. */
function checkLanguageFile(file: Node, locale: string, origin: string): void {
  expect(localizationSchemaErrors(file)).toEqual([]);
  expect(file.$schema).toBe(
    "https://developer.microsoft.com/json-schemas/teams/v1.30/MicrosoftTeams.Localization.schema.json"
  );
  const texts = ADDIN.translations[locale as (typeof LANGUAGES)[number]];
  expect(file["name.short"]).toBe(texts.name);
  expect(file["description.short"]).toBe(texts.shortDescription);
  expect(file["description.full"]).toBe(texts.description);
  expect(file["description.full"]).not.toBe(ADDIN.description);
  expect(file["extensions[0].runtimes[0].customFunctions.metadataUrl"]).toBe(
    `${origin}functions.${locale}.json`
  );
  expect(file["extensions[0].getStartedMessages[0].title"]).toBe(texts.getStarted.title);
  expect(file["extensions[0].getStartedMessages[0].learnMoreUrl"]).toBe(
    `${origin}${locale}/support.html`
  );
  const ribbon = "extensions[0].ribbons[0].tabs[0].groups[0].controls";
  expect(file[`${ribbon}[1].label`]).toBe(texts.commands.FindEmails.label);
  expect(file[`${ribbon}[2].supertip.description`]).toBe(texts.commands.VerifyEmails.tooltip);
  const menu = "extensions[0].contextMenus[0].menus[0].controls";
  expect(file[`${menu}[0].label`]).toBe(texts.commands.FindEmailsMenu.label);
  expect(file[`${menu}[1].supertip.title`]).toBe(texts.commands.VerifyEmailsMenu.label);
  expect(file["extensions[0].runtimes[0].actions[1].displayName"]).toBe(
    texts.commandFunctions.findEmails
  );
}

/** A table's texts by dotted path. */
function leaves(value: unknown, path = "", found = new Map<string, string>()): Map<string, string> {
  if (typeof value === "string") found.set(path, value);
  else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      leaves(item, path ? `${path}.${key}` : key, found);
  return found;
}

const readJson = (file: string): Node => JSON.parse(readFileSync(file, "utf8"));
const xmlAppOf = (text: string): Node =>
  new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", removeNSPrefix: true }).parse(
    text
  ).OfficeApp;
const xmlApp = (file: string): Node => xmlAppOf(readFileSync(file, "utf8"));

/** Every http(s) URL in a manifest's text, the schema's own address left out. */
function urlsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^"\s<>]+/g)]
    .map((m) => m[0])
    .filter(
      (u) => !/schemas\.microsoft\.com|www\.w3\.org|developer\.microsoft\.com\/json-schemas/.test(u)
    );
}

/** The extension (Excel) of a unified manifest. */
const extensionOf = (manifest: Node): Node => manifest.extensions[0];
const runtimeOf = (manifest: Node): Node => extensionOf(manifest).runtimes[0];

/** The function ids that src/commands/commands.ts associates, read by running it. */
function associatedIds(): string[] {
  const holder = globalThis as { Office?: unknown };
  const ids: string[] = [];
  holder.Office = { actions: { associate: (id: string) => ids.push(id) } };
  try {
    associateCommands();
  } finally {
    delete holder.Office;
  }
  return ids;
}

// Browser keys that add-ins cannot take in Office on the web (Microsoft's keyboard-shortcuts
// guide), and the ones Excel keeps for itself there or for accessibility.
const BROWSER_RESERVED = [
  "Ctrl+N",
  "Ctrl+Shift+N",
  "Ctrl+T",
  "Ctrl+Shift+T",
  "Ctrl+W",
  "Ctrl+Shift+W",
  "Ctrl+Shift+S",
  "Ctrl+Shift+X",
  "Ctrl+PgUp",
  "Ctrl+PgDn",
  "Alt+Shift+N",
  "Alt+Shift+S",
  "Ctrl+X",
  "Ctrl+C",
  "Ctrl+V",
  "Ctrl+Space",
  "Ctrl+Shift+F10",
];
const MODIFIERS = new Set(["CTRL", "ALT", "SHIFT", "CMD", "COMMAND", "OPTION"]);

/** A key combination with its modifiers sorted, for comparison: "Shift+Ctrl+a" -> "CTRL+SHIFT+A". */
function normalizedShortcut(shortcut: string): string {
  const parts = shortcut.split("+").map((p) => p.toUpperCase());
  return [
    ...parts.filter((p) => MODIFIERS.has(p)).sort(),
    ...parts.filter((p) => !MODIFIERS.has(p)),
  ].join("+");
}

/** What is wrong with a key combination as an add-in shortcut ("" when nothing). */
function shortcutProblem(shortcut: string): string {
  const parts = shortcut.split("+").map((p) => p.toUpperCase());
  const keys = parts.filter((p) => !MODIFIERS.has(p));
  if (keys.length !== 1) return `${shortcut}: not one key`;
  if (!parts.some((p) => MODIFIERS.has(p) && p !== "SHIFT"))
    return `${shortcut}: no modifier besides Shift`;
  if (BROWSER_RESERVED.map(normalizedShortcut).includes(normalizedShortcut(shortcut)))
    return `${shortcut}: kept by the browser`;
  return "";
}

function checkUnifiedManifest(manifest: Node, origin: string, xml: Node): void {
  expect(unifiedSchemaErrors(manifest)).toEqual([]);
  expect(manifest.manifestVersion).toBe("1.30");
  expect(manifest.$schema).toBe(
    "https://developer.microsoft.com/json-schemas/teams/v1.30/MicrosoftTeams.schema.json"
  );
  expect(`${manifest.version}.0`).toBe(xml.Version);
  expect(manifest.id).not.toBe(xml.Id);
  expect(manifest.localizationInfo).toEqual({
    defaultLanguageTag: "en-us",
    additionalLanguages: LANGUAGES.map((locale) => ({
      languageTag: locale.toLowerCase(),
      file: `${locale.toLowerCase()}.json`,
    })),
  });

  const extension = extensionOf(manifest);
  expect(extension.requirements).toEqual({
    scopes: ["workbook"],
    capabilities: [{ name: "SharedRuntime", minVersion: "1.1" }],
  });
  expect(extension.alternates).toEqual([
    { hide: { customOfficeAddin: { officeAddinId: xml.Id } } },
  ]);

  const runtime = runtimeOf(manifest);
  expect(runtime.lifetime).toBe("long");
  expect(runtime.code).toEqual({
    page: `${origin}taskpane.html`,
    script: `${origin}functions.js`,
  });
  expect(runtime.customFunctions).toMatchObject({
    namespace: { id: "MAIL", name: "MAIL" },
    metadataUrl: `${origin}functions.json`,
  });

  const controls = (list: Node[]) => list.map((c) => [c.label, c.actionId]);
  expect(extension.ribbons).toHaveLength(1);
  const [tab] = extension.ribbons[0].tabs;
  expect(tab.builtInTabId).toBe("TabHome");
  expect(tab.groups[0].label).toBe("Mail Finder");
  expect(controls(tab.groups[0].controls)).toEqual([
    ["Mail Finder", "ShowTaskpane"],
    ["Find emails", "findEmails"],
    ["Verify emails", "verifyEmails"],
  ]);
  const [menu] = extension.contextMenus[0].menus;
  expect(menu.entryPoint).toBe("cell");
  expect(controls(menu.controls)).toEqual([
    ["Find emails for these rows", "findEmails"],
    ["Verify these emails", "verifyEmails"],
    ["Refresh old answers", "refreshAnswers"],
  ]);

  const actions = new Map<string, Node>(runtime.actions.map((a: Node) => [a.id, a]));
  expect(actions.get("ShowTaskpane")?.type).toBe("openPage");
  for (const id of ["findEmails", "verifyEmails"])
    expect(actions.get(id)).toMatchObject({
      type: "executeFunction",
      displayName: expect.any(String),
    });

  const [shortcuts] = extension.keyboardShortcuts;
  expect(shortcuts.shortcuts).toEqual([
    { key: { default: "Ctrl+Alt+Shift+F" }, actionId: "findEmails" },
    { key: { default: "Ctrl+Alt+Shift+V" }, actionId: "verifyEmails" },
  ]);
  expect(shortcuts.keyMappingFiles).toEqual({ shortcutsUrl: `${origin}shortcuts.json` });
  // Every action a control or shortcut names is one of the runtime's.
  const named = [...tab.groups[0].controls, ...menu.controls, ...shortcuts.shortcuts].map(
    (c: Node) => c.actionId
  );
  for (const id of named) expect(actions.has(id) ? id : `no action ${id}`).toBe(id);

  for (const url of urlsIn(JSON.stringify(manifest)))
    expect(url.startsWith(origin) ? url : `${url} not on ${origin}`).toBe(url);
}

describe("the unified manifest (root manifest.json, for the dev server)", () => {
  const manifest = readJson(join(ROOT, "manifest.json"));
  const xml = xmlApp(join(ROOT, "manifest.xml"));

  test("valid against the v1.30 schema, with the runtime, functions, commands, shortcuts and alternates", () => {
    checkUnifiedManifest(manifest, DEV_ORIGIN, xml);
  });

  test("its version is package.json's, and the XML manifest's in four parts", () => {
    const { version } = readJson(join(ROOT, "package.json"));
    expect(manifest.version).toBe(version);
    expect(xml.Version).toBe(`${version}.0`);
  });

  test("a new app id, not the XML add-in's", () => {
    expect(manifest.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(manifest.id).not.toBe(xml.Id);
    expect(xml.Id).toBe("df9e6ea4-5848-468c-ac90-42421b64c498");
  });

  test("the committed root manifests are what the description writes now (npm run manifests)", () => {
    for (const [name, text] of Object.entries(rootManifests()))
      expect([name, readFileSync(join(ROOT, name), "utf8")]).toEqual([name, text]);
  });

  test("the commands' actions are the functions commands.ts associates, in both manifests", () => {
    const associated = associatedIds().sort();
    const executeFunctions = runtimeOf(manifest)
      .actions.filter((a: Node) => a.type === "executeFunction")
      .map((a: Node) => a.id)
      .sort();
    expect(executeFunctions).toEqual(associated);
    const xmlFunctionNames = [
      ...readFileSync(join(ROOT, "manifest.xml"), "utf8").matchAll(/<FunctionName>(\w+)</g),
    ].map((m) => m[1]);
    expect([...new Set(xmlFunctionNames)].sort()).toEqual(associated);
  });

  test("a changed description changes both manifests (they are written from it, not copied)", () => {
    const renamed = { ...ADDIN, customFunctions: { ...ADDIN.customFunctions, namespace: "MAILX" } };
    const written = rootManifests(renamed);
    expect(written["manifest.xml"]).toContain('DefaultValue="MAILX"');
    expect(
      unifiedManifest(renamed, DEV_ORIGIN).extensions![0]!.runtimes![0]!.customFunctions!.namespace
    ).toEqual({
      id: "MAILX",
      name: "MAILX",
    });
  });
});

describe("keyboard shortcuts", () => {
  test("Ctrl+Alt+Shift+F finds emails, Ctrl+Alt+Shift+V verifies them, none kept by the browser", () => {
    expect(ADDIN.keyboardShortcuts).toEqual([
      { functionId: "findEmails", key: "Ctrl+Alt+Shift+F" },
      { functionId: "verifyEmails", key: "Ctrl+Alt+Shift+V" },
    ]);
    for (const { key } of ADDIN.keyboardShortcuts) expect(shortcutProblem(key)).toBe("");
  });

  test("the check refuses a key without a modifier besides Shift, and a browser's key", () => {
    expect(shortcutProblem("Shift+F")).toMatch(/no modifier besides Shift/);
    expect(shortcutProblem("Shift+Ctrl+n")).toMatch(/kept by the browser/);
    expect(shortcutProblem("Ctrl+Alt")).toMatch(/not one key/);
  });
});

describe("the manifests and app package rendered from the build for a public URL, and its shortcuts file (npm run build)", () => {
  const built = existsSync(join(DIST, "shortcuts.json"));
  const it = built ? test : test.skip;
  if (!built) {
    test("dist/shortcuts.json exists", () => {
      throw new Error("Run `npm run build` first (npm test does).");
    });
  }
  const read = (name: string) => readFileSync(join(DIST, name));
  // What the host renders at start (src/server/public-url-files.ts), from the build's files.
  let rendered: ReturnType<typeof renderForPublicUrl> | undefined;
  const renderedBody = (path: string): Buffer => {
    rendered ??= renderForPublicUrl(DIST, new URL(PUBLIC_URL));
    return rendered.get(path)!.body;
  };
  const renderedText = (path: string) => renderedBody(path).toString("utf8");

  it("the production build writes no manifest of its own: it has no address", () => {
    for (const name of ["manifest.prod.xml", "manifest.prod.json", "mail-finder.prod.zip"])
      expect([name, existsSync(join(DIST, name))]).toEqual([name, false]);
  });

  it("manifest.json: valid, for the public URL, in step with manifest.xml", () => {
    const text = renderedText("/manifest.json");
    expect(text).not.toContain("localhost");
    checkUnifiedManifest(JSON.parse(text), PUBLIC_URL, xmlAppOf(renderedText("/manifest.xml")));
  });

  it("manifest.xml: the public URL everywhere, shortcuts file included, and valid", () => {
    const text = renderedText("/manifest.xml");
    expect(text).not.toContain("localhost");
    for (const url of urlsIn(text))
      expect(url.startsWith(PUBLIC_URL) ? url : `${url} not on ${PUBLIC_URL}`).toBe(url);
    expect(xmlAppOf(text).ExtendedOverrides["@Url"]).toBe(`${PUBLIC_URL}shortcuts.json`);
    expect(xmlTextSchemaErrors(text)).toBe("");
  });

  it("shortcuts.json: every action commands.ts associates, two of them with a key", () => {
    const file = JSON.parse(read("shortcuts.json").toString("utf8"));
    expect(file.actions).toEqual([
      { id: "findEmails", type: "ExecuteFunction", name: "Find emails" },
      { id: "verifyEmails", type: "ExecuteFunction", name: "Verify emails" },
      { id: "refreshAnswers", type: "ExecuteFunction", name: "Refresh old answers" },
    ]);
    expect(file.shortcuts).toEqual([
      { action: "findEmails", key: { default: "Ctrl+Alt+Shift+F" } },
      { action: "verifyEmails", key: { default: "Ctrl+Alt+Shift+V" } },
    ]);
    expect(file.actions.map((a: Node) => a.id).sort()).toEqual(associatedIds().sort());
    for (const shortcut of file.shortcuts) expect(shortcutProblem(shortcut.key.default)).toBe("");
  });

  it("mail-finder.zip: manifest.json (the rendered one), the build's two icons and the language files, at its root", () => {
    const entries = unzipSync(new Uint8Array(renderedBody("/mail-finder.zip")));
    expect(Object.keys(entries).sort()).toEqual(
      [
        "color-192.png",
        "manifest.json",
        "outline-32.png",
        ...LANGUAGES.map((locale) => `${locale.toLowerCase()}.json`),
      ].sort()
    );
    const manifestJson = Buffer.from(entries["manifest.json"]!).toString("utf8");
    expect(manifestJson).toBe(renderedText("/manifest.json"));
    expect(JSON.parse(manifestJson).icons).toEqual({
      color: "color-192.png",
      outline: "outline-32.png",
    });

    expect(pngHeader(entries["color-192.png"]!)).toMatchObject({ width: 192, height: 192 });
    expect(pngHeader(entries["outline-32.png"]!)).toMatchObject({ width: 32, height: 32 });
    // The outline icon is white on transparent: every pixel white, or fully transparent.
    const outline = rgbaPixels(entries["outline-32.png"]!);
    expect(
      outline.filter(([r, g, b, a]) => a > 0 && (r !== 255 || g !== 255 || b !== 255))
    ).toEqual([]);
    expect(outline.some(([, , , a]) => a === 0)).toBe(true);
    expect(outline.some(([, , , a]) => a === 255)).toBe(true);
    // The icons in the package are the build's, which are the repository's.
    expect(Buffer.from(entries["color-192.png"]!).equals(read(ADDIN.icons.color))).toBe(true);
    expect(read(ADDIN.icons.color).equals(readFileSync(join(ROOT, ADDIN.icons.color)))).toBe(true);
    expect(Buffer.from(entries["outline-32.png"]!).equals(read(ADDIN.icons.outline))).toBe(true);
  });
});

describe("the unified manifest's languages (localizationInfo)", () => {
  test("each language's file: valid against the localization schema, with its texts, pages and metadata", () => {
    for (const locale of LANGUAGES)
      checkLanguageFile(languageFile(ADDIN, DEV_ORIGIN, locale), locale, DEV_ORIGIN);
  });

  test("the check refuses a key the localization schema does not know, and a short description over 80", () => {
    const file = languageFile(ADDIN, DEV_ORIGIN, "de-DE");
    expect(localizationSchemaErrors({ ...file, "developer.websiteUrl": "x" })).not.toEqual([]);
    expect(localizationSchemaErrors({ ...file, "description.short": "x".repeat(81) })).not.toEqual(
      []
    );
  });

  test("every manifest text is translated, except the product name", () => {
    const english = leaves(addinTexts(ADDIN));
    for (const locale of LANGUAGES) {
      const translated = leaves(ADDIN.translations[locale]);
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
      const same = [...translated]
        .filter(([key, text]) => text === english.get(key))
        .map(([k]) => k);
      expect([locale, same.sort()]).toEqual([locale, [...MANIFEST_SAME[locale]].sort()]);
    }
    // The product's name is all that stays English.
    for (const locale of LANGUAGES)
      for (const key of MANIFEST_SAME[locale]) expect(english.get(key)).toBe("Mail Finder");
  });

  const built = existsSync(join(DIST, "functions.json"));
  (built ? test : test.skip)(
    "the app package rendered for a public URL holds each language file its manifest.json names",
    () => {
      const rendered = renderForPublicUrl(DIST, new URL(PUBLIC_URL));
      const entries = unzipSync(new Uint8Array(rendered.get("/mail-finder.zip")!.body));
      const manifest = JSON.parse(Buffer.from(entries["manifest.json"]!).toString("utf8"));
      const named: Node[] = manifest.localizationInfo.additionalLanguages;
      expect(named.map((l) => l.languageTag)).toEqual(LANGUAGES.map((l) => l.toLowerCase()));
      for (const [i, { file }] of named.entries()) {
        const entry = entries[file];
        expect(entry ? file : `${file} missing from the zip`).toBe(file);
        const locale = LANGUAGES[i]!;
        checkLanguageFile(JSON.parse(Buffer.from(entry!).toString("utf8")), locale, PUBLIC_URL);
        // The metadata the language file points at is in dist.
        expect(existsSync(join(DIST, `functions.${locale}.json`))).toBe(true);
      }
    }
  );
});
