import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { XMLParser } from "fast-xml-parser";
import { MAIL_FUNCTION_IDS } from "../helpers/function-ids";
import { renderForPublicUrl } from "../../src/server/public-url-files";
import { xmlSchemaErrors, xmlTextSchemaErrors } from "../helpers/manifest-schemas";

// The manifest and the build (`npm test` builds first; `office-addin-manifest validate` needs
// the network, so these checks are ours).

const ROOT = join(__dirname, "..", "..");
const DIST = join(ROOT, "dist");

type Node = Record<string, any>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  removeNSPrefix: true,
  isArray: (name) =>
    ["Image", "Url", "String", "Set", "Control", "Runtime", "AppDomain", "Override"].includes(name),
});
const parse = (file: string): Node => parser.parse(readFileSync(file, "utf8")).OfficeApp;

/** Every `resid` attribute anywhere in the tree. */
function resids(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((n) => resids(n, found));
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "@resid") found.push(String(value));
      else resids(value, found);
    }
  }
  return found;
}

function resources(app: Node): Map<string, string> {
  const r = app.VersionOverrides.Resources;
  const all = [...r.Images.Image, ...r.Urls.Url, ...r.ShortStrings.String, ...r.LongStrings.String];
  return new Map(all.map((entry: Node) => [entry["@id"], entry["@DefaultValue"]]));
}

function urls(app: Node): string[] {
  const text = JSON.stringify(app);
  return [...text.matchAll(/"(https?:\/\/[^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((u) => !u.includes("schemas.microsoft.com") && !u.includes("www.w3.org"));
}

describe("manifest.xml", () => {
  const app = parse(join(ROOT, "manifest.xml"));
  const host = app.VersionOverrides.Hosts.Host;
  const res = resources(app);
  const desktopPoint = (type: string): Node => {
    const points: Node[] = [host.DesktopFormFactor.ExtensionPoint].flat();
    const point = points.find((p) => p["@type"] === type);
    if (!point) throw new Error(`no ${type} extension point`);
    return point;
  };

  test("a task pane add-in for Excel that requires the shared runtime", () => {
    expect(app["@type"]).toBe("TaskPaneApp");
    expect(app.Id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(app.Hosts.Host["@Name"]).toBe("Workbook");
    expect(app.Requirements.Sets.Set).toEqual([{ "@Name": "SharedRuntime", "@MinVersion": "1.1" }]);
    expect(host["@type"]).toBe("Workbook");
  });

  test("every resid resolves to a resource", () => {
    const used = resids(app.VersionOverrides);
    expect(used.length).toBeGreaterThan(10);
    for (const id of used) expect(res.has(id) ? id : `missing resource ${id}`).toBe(id);
  });

  test("runtime page, function file and custom functions page are the same URL, with a long lifetime", () => {
    const runtime = host.Runtimes.Runtime[0];
    expect(runtime["@lifetime"]).toBe("long");
    const page = host.AllFormFactors.ExtensionPoint.Page.SourceLocation["@resid"];
    const functionFile = host.DesktopFormFactor.FunctionFile["@resid"];
    const taskpane =
      desktopPoint("PrimaryCommandSurface").OfficeTab.Group.Control[0].Action.SourceLocation[
        "@resid"
      ];
    expect(new Set([runtime["@resid"], page, functionFile, taskpane])).toEqual(
      new Set(["Taskpane.Url"])
    );
    expect(res.get("Taskpane.Url")).toBe(app.DefaultSettings.SourceLocation["@DefaultValue"]);
  });

  test("custom functions: namespace MAIL, script and metadata of the build", () => {
    const point = host.AllFormFactors.ExtensionPoint;
    expect(point["@type"]).toBe("CustomFunctions");
    expect(res.get(point.Namespace["@resid"])).toBe("MAIL");
    expect(res.get(point.Script.SourceLocation["@resid"])).toBe(
      "https://localhost:3000/functions.js"
    );
    expect(res.get(point.Metadata.SourceLocation["@resid"])).toBe(
      "https://localhost:3000/functions.json"
    );
  });

  test("a ribbon button that opens the task pane, with icons that exist in assets/", () => {
    const control = desktopPoint("PrimaryCommandSurface").OfficeTab.Group.Control[0];
    expect(control["@type"]).toBe("Button");
    expect(control.Action["@type"]).toBe("ShowTaskpane");
    const icons = [...res.entries()].filter(([id]) => id.startsWith("Icon.")).map(([, url]) => url);
    for (const url of [
      ...icons,
      app.IconUrl["@DefaultValue"],
      app.HighResolutionIconUrl["@DefaultValue"],
    ]) {
      const file = join(ROOT, new URL(url).pathname);
      expect(existsSync(file) ? url : `missing ${file}`).toBe(url);
      expect(readFileSync(file).subarray(1, 4).toString()).toBe("PNG");
    }
  });

  test("ribbon buttons and cell menu items run findEmails, verifyEmails and refreshAnswers in the shared runtime", () => {
    const actions = (controls: Node[]) =>
      controls.map((control) => [
        res.get(control.Label["@resid"]),
        control.Action["@type"],
        control.Action.FunctionName ?? null,
      ]);
    expect(actions(desktopPoint("PrimaryCommandSurface").OfficeTab.Group.Control)).toEqual([
      ["Mail Finder", "ShowTaskpane", null],
      ["Find emails", "ExecuteFunction", "findEmails"],
      ["Verify emails", "ExecuteFunction", "verifyEmails"],
    ]);
    const menu = desktopPoint("ContextMenu").OfficeMenu;
    expect(menu["@id"]).toBe("ContextMenuCell");
    expect(actions(menu.Control)).toEqual([
      ["Find emails for these rows", "ExecuteFunction", "findEmails"],
      ["Verify these emails", "ExecuteFunction", "verifyEmails"],
      ["Refresh old answers", "ExecuteFunction", "refreshAnswers"],
    ]);
    // ExecuteFunction runs in the function file: the shared runtime's page.
    expect(host.DesktopFormFactor.FunctionFile["@resid"]).toBe("Taskpane.Url");
  });

  test("every URL is https on localhost:3000, and no app domain is granted that is not needed", () => {
    for (const url of urls(app)) expect(url).toMatch(/^https:\/\/localhost:3000\//);
    expect(app.AppDomains).toBeUndefined();
  });

  test("valid against Microsoft's manifest schemas (xmllint, offline)", () => {
    expect(xmlSchemaErrors(join(ROOT, "manifest.xml"))).toBe("");
  });

  test("the only element the shared schemas do not know is ExtendedOverrides (newer than them)", () => {
    const complaints = xmlSchemaErrors(join(ROOT, "manifest.xml"), { unpatched: true })
      .split("\n")
      .filter((line) => line.includes("error"));
    for (const line of complaints) expect(line).toContain("ExtendedOverrides");
  });

  test("support page and keyboard shortcuts file (ExtendedOverrides, after VersionOverrides)", () => {
    expect(app.SupportUrl["@DefaultValue"]).toBe("https://localhost:3000/support.html");
    expect(app.ExtendedOverrides["@Url"]).toBe("https://localhost:3000/shortcuts.json");
    const xml = readFileSync(join(ROOT, "manifest.xml"), "utf8");
    expect(xml.indexOf("<ExtendedOverrides")).toBeGreaterThan(xml.indexOf("</VersionOverrides>"));
  });
});

/** Every language but English. */
const LANGUAGES = ["de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"];

/** A setting's or resource's overrides by locale. */
const overridesOf = (node: Node): Record<string, string> =>
  Object.fromEntries((node.Override ?? []).map((o: Node) => [o["@Locale"], o["@Value"]]));

function checkLanguages(app: Node, origin: string): void {
  // Name, description and support page of every language.
  for (const element of ["DisplayName", "Description", "SupportUrl"])
    expect([element, Object.keys(overridesOf(app[element])).sort()]).toEqual([
      element,
      [...LANGUAGES].sort(),
    ]);
  for (const [locale, text] of Object.entries(overridesOf(app.Description)))
    expect([locale, text === app.Description["@DefaultValue"]]).toEqual([locale, false]);
  for (const [locale, url] of Object.entries(overridesOf(app.SupportUrl)))
    expect(url).toBe(`${origin}${locale}/support.html`);

  // Every text of the ribbon, the menu and the first-run callout; the namespace stays MAIL.
  const r = app.VersionOverrides.Resources;
  for (const entry of [...r.ShortStrings.String, ...r.LongStrings.String] as Node[]) {
    const locales = Object.keys(overridesOf(entry)).sort();
    const expected = entry["@id"] === "Functions.Namespace" ? [] : [...LANGUAGES].sort();
    expect([entry["@id"], locales]).toEqual([entry["@id"], expected]);
  }
  const strings = new Map<string, Node>(
    [...r.ShortStrings.String, ...r.LongStrings.String].map((e: Node) => [e["@id"], e])
  );
  expect(overridesOf(strings.get("FindEmails.Label")!)["de-DE"]).toBe("E-Mails suchen");
  expect(overridesOf(strings.get("VerifyEmailsMenu.Tooltip")!)["ja-JP"]).toMatch(/検証/);

  // Each language's functions metadata and learn-more page; the runtime, script and icons stay.
  const urls = new Map<string, Node>(r.Urls.Url.map((e: Node) => [e["@id"], e]));
  const metadata = overridesOf(urls.get("Functions.Metadata.Url")!);
  const learnMore = overridesOf(urls.get("GetStarted.LearnMoreUrl")!);
  for (const locale of LANGUAGES) {
    expect(metadata[locale]).toBe(`${origin}functions.${locale}.json`);
    expect(learnMore[locale]).toBe(`${origin}${locale}/support.html`);
  }
  for (const id of ["Taskpane.Url", "Functions.Script.Url"])
    expect(overridesOf(urls.get(id)!)).toEqual({});
  for (const image of r.Images.Image as Node[]) expect(overridesOf(image)).toEqual({});
}

describe("manifest.xml's languages (<Override Locale>)", () => {
  test("name, description, support page, every ribbon, menu and callout text, and the functions' metadata", () => {
    checkLanguages(parse(join(ROOT, "manifest.xml")), "https://localhost:3000/");
  });
});

describe("the build (npm run build)", () => {
  const built = existsSync(join(DIST, "functions.json"));
  const it = built ? test : test.skip;
  if (!built) {
    test("dist/ exists", () => {
      throw new Error("Run `npm run build` first (npm test does).");
    });
  }

  it("functions.json has the seven ids with their types", () => {
    const metadata = JSON.parse(readFileSync(join(DIST, "functions.json"), "utf8"));
    const byId = new Map(metadata.functions.map((f: Node) => [f.id, f]));
    expect([...byId.keys()].sort()).toEqual([...MAIL_FUNCTION_IDS].sort());
    const f = (id: string): Node => byId.get(id) as Node;
    expect(f("FINDEMAIL").parameters.map((p: Node) => [p.name, !!p.optional])).toEqual([
      ["name", false],
      ["last_name", false],
      ["company", false],
      ["linkedin_url", true],
      ["fields", true],
    ]);
    expect(f("FINDEMAIL").result).toEqual({ dimensionality: "matrix" });
    // Answers as cards: entity values need results of type any and this flag, which
    // custom-functions-metadata writes itself (no hand edit of the generated file).
    expect(metadata.allowCustomDataForDataTypeAny).toBe(true);
    for (const id of ["FINDEMAIL", "LINKEDINEMAIL", "DECISIONMAKER"])
      expect(f(id).result).toEqual({ dimensionality: "matrix" });
    expect(f("DECISIONMAKER").parameters[1]).toMatchObject({
      name: "categories",
      dimensionality: "matrix",
    });
    expect(f("COMPANYEMAILS").result).toEqual({ dimensionality: "matrix", type: "string" });
    expect(f("EMPLOYEES").result.dimensionality).toBe("matrix");
    expect(f("VERIFYEMAIL").result).toEqual({ type: "string" });
    expect(f("CREDITS").options).toEqual({ stream: true });
    expect(f("CREDITS").result).toEqual({ type: "number" });
    for (const id of MAIL_FUNCTION_IDS.filter((i) => i !== "CREDITS"))
      expect(f(id).options).toEqual({ cancelable: true });
  });

  it("the manifest the host renders for its public URL points there, not at localhost", () => {
    const publicUrl = "https://addin.contoso.test/";
    const text = renderForPublicUrl(DIST, new URL(publicUrl)).get("/manifest.xml")!.body.toString();
    expect(text).not.toContain("localhost");
    const app = parser.parse(text).OfficeApp as Node;
    for (const url of urls(app)) expect(url).toMatch(/^https:\/\/addin\.contoso\.test\//);
    expect(resources(app).get("Taskpane.Url")).toBe(`${publicUrl}taskpane.html`);
    expect(xmlTextSchemaErrors(text)).toBe("");
    checkLanguages(app, publicUrl);
    // Each language's metadata file the manifest names is in dist.
    for (const locale of LANGUAGES)
      expect(existsSync(join(DIST, `functions.${locale}.json`))).toBe(true);
  });

  it("the page loads the functions before the task pane, and the UI is a separate chunk", () => {
    const html = readFileSync(join(DIST, "taskpane.html"), "utf8");
    const functions = html.indexOf("functions.js");
    const taskpane = html.indexOf("taskpane.js");
    expect(functions).toBeGreaterThan(-1);
    expect(taskpane).toBeGreaterThan(functions);
    expect(html).toContain("https://appsforoffice.microsoft.com/lib/1/hosted/office.js");
    expect(readFileSync(join(DIST, "functions.js"), "utf8")).not.toMatch(
      /FluentProvider|react-dom/
    );
  });

  it("functions.js registers all seven functions when loaded into a runtime", () => {
    const associated: string[] = [];
    const context = {
      CustomFunctions: {
        associate: (id: string) => associated.push(id),
        Error: class {},
        ErrorCode: {},
      },
      globalThis: {} as Record<string, unknown>,
      console,
      setTimeout,
    };
    context.globalThis = context as unknown as Record<string, unknown>;
    runInNewContext(readFileSync(join(DIST, "functions.js"), "utf8"), context);
    expect(associated.sort()).toEqual([...MAIL_FUNCTION_IDS].sort());
  });

  it("every text file has a brotli and a gzip copy of its final content, which the host sends as is", () => {
    const files = readdirSync(DIST);
    const texts = files.filter((f) => /\.(?:js|html|json|xml)$/.test(f));
    const copied = texts.filter((f) => files.includes(`${f}.br`));
    // The scripts, pages and manifests (tiny files are sent as they are).
    for (const name of ["functions.js", "support.html", "functions.json"])
      expect(copied).toContain(name);
    expect(copied.some((f) => /^taskpane-ui\.[0-9a-f]{8}\.js$/.test(f))).toBe(true);
    for (const name of copied) {
      const content = readFileSync(join(DIST, name));
      // Minified and with its final chunk hashes: the copies are made after every other step.
      expect([
        name,
        brotliDecompressSync(readFileSync(join(DIST, `${name}.br`))).equals(content),
      ]).toEqual([name, true]);
      expect([name, gunzipSync(readFileSync(join(DIST, `${name}.gz`))).equals(content)]).toEqual([
        name,
        true,
      ]);
    }
  });
});
