import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import webpack, { sources, type Asset, type WebpackError } from "webpack";
import { refusal } from "../../src/client/spending";
import { FIELD_LISTS, FUNCTION_DOCS, type FunctionDoc } from "../../src/help/function-docs";
import {
  parseFunctionsMetadata,
  syntaxOf,
  type FunctionsMetadata,
} from "../../src/help/function-metadata";
import { buildHelpSite } from "../../src/help/help-site";
import { checkHelpStrings } from "../../src/help/check-help";
import {
  checkFunctionTable,
  localizeMetadata,
  TRANSLATED_LOCALES,
} from "../../src/help/localized-metadata";
import { EN, type HelpStrings } from "../../src/help/strings-en";
import { USER_GUIDE_PAGE, USER_GUIDE_IMAGES, userGuidePage } from "../../src/help/user-guide";
import { t } from "../../src/i18n/i18n";
import { FUNCTION_TRANSLATIONS } from "../../src/i18n/catalogs/functions/tables";
import type { FunctionsTranslation } from "../../src/i18n/catalogs/functions/types";
import { HELP_SAME, HELP_TRANSLATIONS } from "../../src/i18n/catalogs/help/tables";
import {
  USER_GUIDE_SOURCE,
  writeHelpPages,
  type HelpCompilation,
} from "../../scripts/help-pages-plugin";
import { PUBLIC_URL_PLACEHOLDER } from "../../src/manifest/origins";
import { anchorsOf } from "../docs/markdown-links";

// Help for every function, support and privacy pages: the build writes them from
// functions.json (the JSDoc) and fails when the help and the functions disagree.

const ROOT = join(__dirname, "..", "..");
const DIST = join(ROOT, "dist");
const DEV_ORIGIN = "https://localhost:3000/";
/** The production build's origin: the placeholder the host replaces with its --public-url. */
const PROD_ORIGIN = PUBLIC_URL_PLACEHOLDER;
const EXAMPLE_ORIGIN = "https://help.example.org/";

/** What a reader sees of a page: its text without tags, entities decoded, spaces collapsed. */
function textOf(html: string): string {
  const entities: Record<string, string> = {
    "&amp;": "&",
    "&lt;": "<",
    "&gt;": ">",
    "&quot;": '"',
    "&#39;": "'",
  };
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39);/g, (e) => entities[e]!)
    .replace(/\s+/g, " ");
}
const collapse = (text: string): string => text.replace(/\s+/g, " ");
const hrefsOf = (html: string): string[] => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!);

/** The metadata custom-functions-metadata generates from the JSDoc, without a build. */
let sourceMetadata: FunctionsMetadata;
beforeAll(async () => {
  const generated = await generateCustomFunctionsMetadata(
    [resolve(ROOT, "src/functions/functions.ts")],
    true
  );
  expect(generated.errors).toEqual([]);
  sourceMetadata = parseFunctionsMetadata(generated.metadataJson);
});

/** A copy of the metadata to doctor. */
const metadataCopy = (): FunctionsMetadata => JSON.parse(JSON.stringify(sourceMetadata));
const problemsOf = (
  metadata: FunctionsMetadata,
  docs: Readonly<Record<string, FunctionDoc>> = FUNCTION_DOCS
): string[] => buildHelpSite(metadata, { origin: DEV_ORIGIN, docs }).problems;

describe("the help's checks (what fails the build)", () => {
  test("the sources as they are pass, and give every page", () => {
    const site = buildHelpSite(sourceMetadata, { origin: DEV_ORIGIN });
    expect(site.problems).toEqual([]);
    expect([...site.pages.keys()].sort()).toEqual(
      [
        ...sourceMetadata.functions.map((fn) => `help/${fn.id.toLowerCase()}.html`),
        "help/index.html",
        "support.html",
        "privacy.html",
      ].sort()
    );
  });

  test("every function has a help URL in its JSDoc, at its page on the dev origin", () => {
    for (const fn of sourceMetadata.functions)
      expect(fn.helpUrl).toBe(`${DEV_ORIGIN}help/${fn.id.toLowerCase()}.html`);
  });

  test("a function without a docs entry", () => {
    const docs = Object.fromEntries(
      Object.entries(FUNCTION_DOCS).filter(([id]) => id !== "FINDEMAIL")
    );
    const site = buildHelpSite(sourceMetadata, { origin: DEV_ORIGIN, docs });
    expect(site.problems).toEqual([expect.stringMatching(/^FINDEMAIL has no entry/)]);
    expect(site.pages.size).toBe(0);
  });

  test("a docs entry for no function", () => {
    const metadata = metadataCopy();
    metadata.functions = metadata.functions.filter((fn) => fn.id !== "CREDITS");
    expect(problemsOf(metadata)).toEqual([expect.stringContaining("entry for CREDITS")]);
  });

  test("an example naming an argument the function does not have", () => {
    const metadata = metadataCopy();
    const find = metadata.functions.find((fn) => fn.id === "FINDEMAIL")!;
    // The JSDoc's argument renamed: the docs' examples still say linkedin_url.
    find.parameters = find.parameters.map((p) =>
      p.name === "linkedin_url" ? { ...p, name: "profile_url" } : p
    );
    expect(problemsOf(metadata)).toEqual([
      expect.stringContaining('FINDEMAIL: example 4 names the argument "linkedin_url"'),
    ]);
  });

  test("a note naming an unknown argument, a required argument left out, an unknown field", () => {
    const docs = {
      ...FUNCTION_DOCS,
      VERIFYEMAIL: {
        ...FUNCTION_DOCS.VERIFYEMAIL!,
        argumentNotes: { address: "company" },
        examples: [{ arguments: {}, result: "verifyCell" }],
      },
      LINKEDINEMAIL: {
        ...FUNCTION_DOCS.LINKEDINEMAIL!,
        examples: [
          { arguments: { linkedin_url: "A2", fields: '"email,phone"' }, result: "profileCell" },
        ],
      },
    } satisfies Record<string, FunctionDoc>;
    expect(problemsOf(sourceMetadata, docs)).toEqual([
      'VERIFYEMAIL: a note names the argument "address", which VERIFYEMAIL does not have.',
      'VERIFYEMAIL: example 1 leaves out the required argument "email".',
      'LINKEDINEMAIL: example 1 asks for the unknown field "phone".',
    ]);
  });

  test("a help URL missing, on another origin, or not at the page the build writes", () => {
    const metadata = metadataCopy();
    const byId = new Map(metadata.functions.map((fn) => [fn.id, fn]));
    delete byId.get("CREDITS")!.helpUrl;
    byId.get("FINDEMAIL")!.helpUrl = "https://elsewhere.example.net/help/findemail.html";
    byId.get("VERIFYEMAIL")!.helpUrl = `${DEV_ORIGIN}help/findemail.html`;
    expect(problemsOf(metadata)).toEqual([
      expect.stringMatching(/^FINDEMAIL: its helpUrl .* is not on the add-in's origin/),
      expect.stringMatching(/^VERIFYEMAIL: its helpUrl .* is not the page the build writes/),
      expect.stringMatching(/^CREDITS has no helpUrl: add "@helpurl https:\/\/localhost:3000\//),
    ]);
  });

  test("an origin that is not https or lacks its final slash", () => {
    for (const origin of ["https://mail-finder.example.com", "http://mail-finder.example.com/"]) {
      const metadata = JSON.parse(
        JSON.stringify(sourceMetadata).split(DEV_ORIGIN).join(origin)
      ) as FunctionsMetadata;
      expect(buildHelpSite(metadata, { origin }).problems).toEqual([
        `The add-in's origin ${origin} must be an https URL that ends with "/".`,
      ]);
    }
  });

  test("the plugin makes each problem a compilation error, and points the URLs at the build's origin", () => {
    const compilation = (json: string) => {
      const assets = new Map<string, string>([["functions.json", json]]);
      const fake = {
        errors: [] as WebpackError[],
        getAsset: (name: string) =>
          assets.has(name)
            ? ({ name, source: new sources.RawSource(assets.get(name)!), info: {} } as Asset)
            : undefined,
        updateAsset: (name: string, source: sources.Source) =>
          assets.set(name, source.source().toString()),
        emitAsset: (name: string, source: sources.Source) =>
          assets.set(name, source.source().toString()),
      };
      return { fake: fake as unknown as HelpCompilation & { errors: WebpackError[] }, assets };
    };
    const options = {
      metadataFile: "functions.json",
      devOrigin: DEV_ORIGIN,
      origin: EXAMPLE_ORIGIN,
    };

    const good = compilation(JSON.stringify(sourceMetadata));
    writeHelpPages(good.fake, webpack, options);
    expect(good.fake.errors).toEqual([]);
    const written = JSON.parse(good.assets.get("functions.json")!) as FunctionsMetadata;
    expect(written.functions[0]!.helpUrl).toBe(`${EXAMPLE_ORIGIN}help/findemail.html`);
    expect(good.assets.has("help/findemail.html")).toBe(true);

    const doctored = metadataCopy();
    doctored.functions[0]!.helpUrl = "https://elsewhere.example.net/help/findemail.html";
    const bad = compilation(JSON.stringify(doctored));
    writeHelpPages(bad.fake, webpack, options);
    expect(bad.fake.errors.map((e) => e.message)).toEqual([
      expect.stringContaining("is not on the add-in's origin https://help.example.org/"),
    ]);
    expect(bad.assets.has("help/findemail.html")).toBe(false);
  });

  test("every text that enters a page is escaped", () => {
    const metadata = metadataCopy();
    metadata.functions[0]!.description = 'Finds <script>alert("x")</script> & more.';
    metadata.functions[0]!.parameters[0]!.description = "<img src=x onerror=alert(1)>";
    const html = buildHelpSite(metadata, { origin: DEV_ORIGIN }).pages.get("help/findemail.html")!;
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("Finds &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more.");
  });
});

describe("the user's guide in the add-in (docs/user-guide.md)", () => {
  const markdown = readFileSync(join(ROOT, USER_GUIDE_SOURCE), "utf8");
  const guide = userGuidePage(markdown, USER_GUIDE_SOURCE, EN);
  const ids = (html: string): string[] => [...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!);

  test("it is a page of the site: its title, every heading with GitHub's anchor, nothing left as Markdown", () => {
    expect(guide.problems).toEqual([]);
    expect(guide.html).toContain("<title>User&#39;s guide · Mail Finder for Excel</title>");
    expect(guide.html).toContain('<html lang="en">');
    // The anchors GitHub gives the Markdown's headings (the title is the page's own <h1>).
    const anchors = [...anchorsOf(markdown)].filter((a) => a !== "users-guide");
    expect(ids(guide.html)).toEqual(anchors);
    const text = textOf(guide.html);
    for (const mark of ["](", "**", "`", "| ---", "|---"]) expect(text).not.toContain(mark);
    expect(guide.html).toContain("<table>");
    expect(guide.html).toMatch(/<li>[^<]*<strong>Where it starts<\/strong>/);
    expect(guide.html).toContain("<code>=MAIL.FINDEMAIL(A2, B2, C2)</code>");
    expect(hrefsOf(guide.html)).toEqual(
      expect.arrayContaining(["help/index.html", "support.html"])
    );
  });

  test("its links lead within it; links to other files of the repository are their text alone", () => {
    const own = new Set(ids(guide.html));
    for (const href of hrefsOf(guide.html)) {
      if (href.startsWith("#")) expect(own.has(href.slice(1)) ? href : `no ${href}`).toBe(href);
      else expect(href).toMatch(/^(help\/index\.html|support\.html|privacy\.html|https:\/\/)/);
    }
    expect(textOf(guide.html)).toContain("administrator's guide");
    expect(guide.html).not.toMatch(/href="[^"]*\.md\b/);
  });

  test("its images are served beside it, each from its file in the repository", () => {
    const srcs = [...guide.html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]!);
    expect(srcs.length).toBeGreaterThan(10);
    expect(new Set(srcs)).toEqual(new Set(guide.images.keys()));
    for (const [path, file] of guide.images) {
      expect(path.startsWith(USER_GUIDE_IMAGES)).toBe(true);
      expect(existsSync(join(ROOT, file)) ? file : `missing ${file}`).toBe(file);
    }
    expect(guide.images.get(`${USER_GUIDE_IMAGES}light-enrich.png`)).toBe(
      "docs/screenshots/light-enrich.png"
    );
  });

  test("an image from elsewhere, out of the repository, or two of one name stop the build", () => {
    const problems = userGuidePage(
      [
        "# Guide",
        "![web](https://example.com/a.png) ![out](../../x.png)",
        "![one](screenshots/a.png) ![two](../test/a.png)",
      ].join("\n"),
      USER_GUIDE_SOURCE,
      EN
    ).problems;
    expect(problems).toEqual([
      expect.stringContaining(
        "the image https://example.com/a.png is not a file of the repository"
      ),
      expect.stringContaining("the image ../../x.png is not a file of the repository"),
      expect.stringContaining(
        "docs/screenshots/a.png and test/a.png would both be user-guide/a.png"
      ),
    ]);
    expect(userGuidePage("No title", USER_GUIDE_SOURCE, EN).problems).toEqual([
      expect.stringContaining("must start with its title"),
    ]);
  });

  test("every language's index and support page link it, with the label in that language", () => {
    const { files } = localizeMetadata(JSON.stringify(sourceMetadata), sourceMetadata, DEV_ORIGIN);
    const sites = [
      { locale: "en-US", strings: EN, metadata: sourceMetadata, up: "" },
      ...TRANSLATED_LOCALES.map((locale) => ({
        locale,
        strings: HELP_TRANSLATIONS[locale],
        metadata: parseFunctionsMetadata(files.get(locale)!),
        up: "../",
      })),
    ];
    const labels = new Set<string>();
    for (const { locale, strings, metadata, up } of sites) {
      const site = buildHelpSite(metadata, {
        origin: DEV_ORIGIN,
        locale: locale as "en-US",
      });
      expect(site.problems).toEqual([]);
      const prefix = locale === "en-US" ? "" : `${locale}/`;
      const guideLink = (page: string, href: string): void => {
        const html = site.pages.get(`${prefix}${page}`)!;
        expect([locale, page, html]).toEqual([
          locale,
          page,
          expect.stringContaining(
            `<a href="${href}">${strings.site.guide.replace(/'/g, "&#39;")}</a>`
          ),
        ]);
      };
      guideLink("help/index.html", `../${up}${USER_GUIDE_PAGE}`);
      guideLink("support.html", `${up}${USER_GUIDE_PAGE}`);
      labels.add(strings.site.guide);
    }
    // Translated in each language: six labels, none the same.
    expect(labels.size).toBe(6);
  });

  test("the plugin writes the guide and its images into the build", () => {
    const assets = new Map<string, string>([["functions.json", JSON.stringify(sourceMetadata)]]);
    const fake = {
      errors: [] as WebpackError[],
      getAsset: (name: string) =>
        assets.has(name)
          ? ({ name, source: new sources.RawSource(assets.get(name)!), info: {} } as Asset)
          : undefined,
      updateAsset: (name: string, source: sources.Source) =>
        assets.set(name, source.source().toString()),
      emitAsset: (name: string, source: sources.Source) =>
        assets.set(name, source.source().toString()),
      fileDependencies: new Set<string>(),
    };
    writeHelpPages(fake as unknown as HelpCompilation, webpack, {
      metadataFile: "functions.json",
      devOrigin: DEV_ORIGIN,
      origin: EXAMPLE_ORIGIN,
    });
    expect(fake.errors).toEqual([]);
    expect(assets.get(USER_GUIDE_PAGE)).toBe(guide.html);
    for (const path of guide.images.keys())
      expect(assets.has(path) ? path : `no ${path}`).toBe(path);
    expect([...fake.fileDependencies]).toEqual([join(ROOT, USER_GUIDE_SOURCE)]);

    // A repository without the guide: the build says so.
    const missing = { ...fake, errors: [] as WebpackError[] };
    writeHelpPages(missing as unknown as HelpCompilation, webpack, {
      metadataFile: "functions.json",
      devOrigin: DEV_ORIGIN,
      origin: EXAMPLE_ORIGIN,
      root: join(ROOT, "no-such-folder"),
    });
    expect(missing.errors.map((e) => e.message)).toEqual([
      expect.stringContaining("docs/user-guide.md cannot be read"),
    ]);
  });
});

describe("the cell messages the help quotes are the ones cells show", () => {
  test("spending refusals (src/client/spending.ts)", () => {
    expect(refusal("spending_off").message).toBe(EN.messages.spendingOff);
    expect(refusal("declined").message).toBe(EN.messages.declined);
    expect(refusal("stopped").message).toBe(EN.messages.stopped);
    expect(refusal("preview").message).toBe(EN.messages.preview);
  });

  test("answers and failures (the cells catalog, in English)", () => {
    const { noEmail, noEmployees, blacklisted, unauthorized, outOfCredits } = EN.messages;
    expect(t("cells.noEmailFound")).toBe(noEmail);
    expect(t("cells.noEmployeesFound")).toBe(noEmployees);
    expect(t("cells.blacklisted")).toBe(blacklisted);
    expect(t("cells.unauthorized")).toBe(unauthorized);
    expect(t("cells.outOfCredits")).toBe(outOfCredits);
  });
});

describe("the built pages (npm run build)", () => {
  const built = existsSync(join(DIST, "functions.json"));
  const it = built ? test : test.skip;
  if (!built) {
    test("dist/ exists", () => {
      throw new Error("Run `npm run build` first (npm test does).");
    });
  }
  const read = (path: string): string => readFileSync(join(DIST, path), "utf8");
  /** The build's origin: the dev build keeps the JSDoc's, the production one is the placeholder. */
  const origin = (): string =>
    existsSync(join(DIST, "manifest.dev.xml")) ? DEV_ORIGIN : PROD_ORIGIN;
  const metadata = (): FunctionsMetadata => parseFunctionsMetadata(read("functions.json"));

  it("every function's helpUrl is its page on the build's origin, and the page is in dist", () => {
    const functions = metadata().functions;
    expect(functions).toHaveLength(7);
    for (const fn of functions) {
      const page = `help/${fn.id.toLowerCase()}.html`;
      expect(fn.helpUrl).toBe(`${origin()}${page}`);
      expect(existsSync(join(DIST, page))).toBe(true);
    }
    if (origin() !== DEV_ORIGIN) expect(read("functions.json")).not.toContain("localhost");
  });

  it("each page holds the syntax, every argument with its description, the fields, outcomes, cost and examples", () => {
    for (const fn of metadata().functions) {
      const html = read(`help/${fn.id.toLowerCase()}.html`);
      const text = textOf(html);
      expect(text).toContain(syntaxOf(fn));
      expect(text).toContain(fn.description);
      for (const p of fn.parameters) {
        expect(text).toContain(p.name);
        expect(text).toContain(collapse(p.description ?? "?"));
      }
      const doc = FUNCTION_DOCS[fn.id]!;
      for (const field of doc.fields ? FIELD_LISTS[doc.fields.list] : [])
        expect(text).toContain(field);
      for (const heading of ["Syntax", "What the cell shows", "What it costs", "Examples"])
        expect(text).toContain(heading);
      expect(text).toContain(`=MAIL.${fn.name}(`);
      expect(hrefsOf(html)).toEqual(
        expect.arrayContaining(["index.html", "../support.html", "../privacy.html"])
      );
    }
    const find = textOf(read("help/findemail.html"));
    expect(find).toContain("(optional)");
    expect(find).toContain('#VALUE! naming the argument, for example "name is required."');
    expect(find).toContain('#VALUE! "API key missing or rejected: set it in the task pane."');
    expect(find).toContain('#N/A "Out of credits."');
    expect(find).toContain('=MAIL.FINDEMAIL(A2, B2, C2, , "email,email_status,person_job_title")');
    expect(textOf(read("help/decisionmaker.html"))).toContain("2 credits");
    expect(textOf(read("help/verifyemail.html"))).toContain("0.2 credits");
    expect(textOf(read("help/credits.html"))).toContain("Free");
  });

  it("the index links every function's page", () => {
    const hrefs = hrefsOf(read("help/index.html"));
    for (const fn of metadata().functions) expect(hrefs).toContain(`${fn.id.toLowerCase()}.html`);
  });

  it("the support and privacy pages exist and link each other and the help", () => {
    const support = read("support.html");
    const privacy = read("privacy.html");
    expect(hrefsOf(support)).toEqual(expect.arrayContaining(["privacy.html", "help/index.html"]));
    expect(hrefsOf(privacy)).toEqual(expect.arrayContaining(["support.html", "help/index.html"]));
    const supportText = textOf(support);
    for (const trouble of ["#BUSY!", "#NAME?", "Wef", "Mac", "Excel on the web", "certificate"])
      expect(supportText).toContain(trouble);
    const privacyText = textOf(privacy);
    for (const fact of ["/api", "Authorization", "IndexedDB", "document settings", "no analytics"])
      expect(privacyText).toContain(fact);
  });

  it("team hosts: the support page says how to sign in, the privacy page what the host keeps", () => {
    const support = read("support.html");
    expect(support).toContain('<h2 id="team">');
    const supportText = textOf(support);
    for (const step of ["team token", "Sign in with Microsoft 365", "#N/A", "budget"])
      expect(supportText).toContain(step);
    const privacyText = textOf(read("privacy.html"));
    for (const fact of ["team host", "400 days", "fingerprint", "only your account's name"])
      expect(privacyText).toContain(fact);
  });

  it("the pane's first-run link for getting a key lands on the support page's section about it", () => {
    const pane = readdirSync(DIST).find((f) => /^taskpane-ui\.[0-9a-f]{8}\.js$/.test(f))!;
    const target = /"support\.html#([\w-]+)"/.exec(readFileSync(join(DIST, pane), "utf8"));
    expect(target).not.toBeNull();
    expect(read("support.html")).toContain(`<h2 id="${target![1]}">`);
  });

  it("every page is static and self-contained, in English, light and dark, and fits 320 px", () => {
    const pages = [
      "support.html",
      "privacy.html",
      // Not their .br and .gz copies, which the production host sends in their place.
      ...readdirSync(join(DIST, "help"))
        .filter((f) => f.endsWith(".html"))
        .map((f) => `help/${f}`),
    ];
    expect(pages).toHaveLength(10);
    for (const path of pages) {
      const html = read(path);
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
      expect(html).toContain("prefers-color-scheme: dark");
      expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|@import|url\(/i);
      for (const href of hrefsOf(html)) expect(href).not.toMatch(/^[a-z]+:|^\/\//i);
    }
  });

  it("the user's guide is in dist with its images, and the index links it", () => {
    const guide = read(USER_GUIDE_PAGE);
    expect(guide).toContain("<title>User&#39;s guide · Mail Finder for Excel</title>");
    for (const [, src] of guide.matchAll(/<img src="([^"]*)"/g))
      expect(existsSync(join(DIST, src!)) ? src : `missing ${src}`).toBe(src);
    expect(hrefsOf(read("help/index.html"))).toContain(`../${USER_GUIDE_PAGE}`);
    expect(hrefsOf(read("support.html"))).toContain(USER_GUIDE_PAGE);
  });

  it("Settings links the pages, opened in a new window", () => {
    // Settings is one of the tabs loaded after the first screen.
    const ui = readdirSync(DIST).filter((f) => /^taskpane-(ui|panels)\..*\.js$/.test(f));
    const bundle = ui.map((f) => read(f)).join("\n");
    for (const testId of ["settings-help-link", "settings-support-link", "settings-privacy-link"])
      expect(bundle).toContain(testId);
    for (const href of ["help/index.html", "support.html", "privacy.html", "noopener noreferrer"])
      expect(bundle).toContain(href);
  });
});

describe("the functions' metadata in every language", () => {
  const german = FUNCTION_TRANSLATIONS["de-DE"];
  /** A copy of a table to doctor. */
  const tableCopy = (): Record<string, any> => JSON.parse(JSON.stringify(german));

  test("every table matches the metadata, and gives a file per language", () => {
    const result = localizeMetadata(JSON.stringify(sourceMetadata), sourceMetadata, DEV_ORIGIN);
    expect(result.problems).toEqual([]);
    expect([...result.files.keys()]).toEqual(["de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"]);
  });

  test("the check refuses a function or argument missing or too many, and a text left in English", () => {
    const table = tableCopy();
    delete table.CREDITS;
    delete table.FINDEMAIL.parameters.fields;
    table.VERIFYEMAIL.parameters.address = "Adresse";
    table.EMPLOYEES.description = sourceMetadata.functions.find(
      (f) => f.id === "EMPLOYEES"
    )!.description;
    table.SENDMAIL = { description: "Sendet", parameters: {} };
    const problems = checkFunctionTable(
      sourceMetadata,
      table as unknown as FunctionsTranslation,
      "de-DE"
    );
    expect(problems).toEqual([
      expect.stringContaining('FINDEMAIL lacks the argument "fields"'),
      expect.stringContaining(
        'VERIFYEMAIL has the argument "address", which VERIFYEMAIL does not have'
      ),
      expect.stringContaining("EMPLOYEES's description is still in English"),
      expect.stringContaining("has no entry for CREDITS"),
      expect.stringContaining("has an entry for SENDMAIL, which is not a function"),
    ]);
  });

  test("a new argument in the JSDoc fails every language until its tables have it", () => {
    const metadata = metadataCopy();
    metadata.functions
      .find((fn) => fn.id === "CREDITS")!
      .parameters.push({
        name: "account",
        description: "The account.",
      });
    const { problems, files } = localizeMetadata(JSON.stringify(metadata), metadata, DEV_ORIGIN);
    expect(problems).toHaveLength(5);
    for (const [i, locale] of TRANSLATED_LOCALES.entries())
      expect(problems[i]).toContain(`${locale}.ts: CREDITS lacks the argument "account"`);
    expect(files.size).toBe(0);
  });

  test("the plugin writes each language's metadata and pages beside the English", () => {
    const assets = new Map<string, string>([["functions.json", JSON.stringify(sourceMetadata)]]);
    const fake = {
      errors: [] as WebpackError[],
      getAsset: (name: string) =>
        assets.has(name)
          ? ({ name, source: new sources.RawSource(assets.get(name)!), info: {} } as Asset)
          : undefined,
      updateAsset: (name: string, source: sources.Source) =>
        assets.set(name, source.source().toString()),
      emitAsset: (name: string, source: sources.Source) =>
        assets.set(name, source.source().toString()),
    };
    writeHelpPages(fake as unknown as HelpCompilation, webpack, {
      metadataFile: "functions.json",
      devOrigin: DEV_ORIGIN,
      origin: EXAMPLE_ORIGIN,
    });
    expect(fake.errors).toEqual([]);
    for (const locale of TRANSLATED_LOCALES) {
      const metadata = JSON.parse(assets.get(`functions.${locale}.json`)!) as FunctionsMetadata;
      expect(metadata.functions[0]!.helpUrl).toBe(`${EXAMPLE_ORIGIN}${locale}/help/findemail.html`);
      for (const page of ["help/findemail.html", "help/index.html", "support.html", "privacy.html"])
        expect(assets.has(`${locale}/${page}`) ? page : `no ${locale}/${page}`).toBe(page);
    }
  });
});

describe("the help in every language", () => {
  test("every strings table has the English keys, paragraphs and placeholders, nothing left in English but what it lists", () => {
    for (const locale of TRANSLATED_LOCALES)
      expect([
        locale,
        checkHelpStrings(EN, HELP_TRANSLATIONS[locale], HELP_SAME[locale], locale),
      ]).toEqual([locale, []]);
  });

  test("the check refuses a text left in English or empty, a lost placeholder, a paragraph too few, an open code span", () => {
    const table = JSON.parse(JSON.stringify(HELP_TRANSLATIONS["fr-FR"])) as HelpStrings;
    table.index.title = EN.index.title;
    table.site.help = "";
    table.messages.required = "L’argument est obligatoire.";
    table.support.key = table.support.key.slice(1);
    table.examples.verifyCell = "`valid pour A2.";
    expect(checkHelpStrings(EN, table, HELP_SAME["fr-FR"], "fr-FR")).toEqual([
      expect.stringContaining("site.help has no text"),
      expect.stringContaining("index.title is still in English"),
      expect.stringContaining("messages.required must have the placeholders {argument}"),
      expect.stringContaining("examples.verifyCell leaves a `code` span open"),
      expect.stringContaining("support.key must have 3 paragraphs"),
    ]);
  });

  test("a language's site built with the English strings fails, and writes no page", () => {
    const { files } = localizeMetadata(JSON.stringify(sourceMetadata), sourceMetadata, DEV_ORIGIN);
    const metadata = parseFunctionsMetadata(files.get("de-DE")!);
    const site = buildHelpSite(metadata, { origin: DEV_ORIGIN, locale: "de-DE", strings: EN });
    expect(site.problems.length).toBeGreaterThan(50);
    expect(site.pages.size).toBe(0);
    const good = buildHelpSite(metadata, { origin: DEV_ORIGIN, locale: "de-DE" });
    expect(good.problems).toEqual([]);
    expect([...good.pages.keys()]).toContain("de-DE/help/findemail.html");
  });

  const built = existsSync(join(DIST, "functions.json"));
  const it = built ? test : test.skip;
  const read = (path: string): string => readFileSync(join(DIST, path), "utf8");
  const origin = (): string =>
    existsSync(join(DIST, "manifest.dev.xml")) ? DEV_ORIGIN : PROD_ORIGIN;

  it("dist/functions.<locale>.json: the English ids, names, arguments, types and options, the descriptions translated", () => {
    const english = JSON.parse(read("functions.json"));
    const shape = (metadata: any) =>
      metadata.functions.map((fn: any) => ({
        ...fn,
        description: undefined,
        helpUrl: undefined,
        parameters: fn.parameters?.map((p: any) => ({ ...p, description: undefined })),
      }));
    for (const locale of TRANSLATED_LOCALES) {
      const localized = JSON.parse(read(`functions.${locale}.json`));
      expect(localized.allowCustomDataForDataTypeAny).toBe(english.allowCustomDataForDataTypeAny);
      expect(shape(localized)).toEqual(shape(english));
      for (const [i, fn] of localized.functions.entries()) {
        const en = english.functions[i];
        expect([locale, fn.id, fn.description === en.description]).toEqual([locale, fn.id, false]);
        for (const [j, p] of (fn.parameters ?? []).entries())
          expect([locale, fn.id, p.name, p.description === en.parameters[j].description]).toEqual([
            locale,
            fn.id,
            p.name,
            false,
          ]);
        const page = `${locale}/help/${fn.id.toLowerCase()}.html`;
        expect(fn.helpUrl).toBe(`${origin()}${page}`);
        expect(existsSync(join(DIST, page)) ? page : `missing ${page}`).toBe(page);
      }
    }
  });

  it("every page in every language: in dist, with its lang, its language's texts, static and self-contained", () => {
    const english = [
      "support.html",
      "privacy.html",
      ...readdirSync(join(DIST, "help"))
        .filter((f) => f.endsWith(".html"))
        .map((f) => `help/${f}`),
    ];
    for (const locale of TRANSLATED_LOCALES) {
      const metadata = parseFunctionsMetadata(read(`functions.${locale}.json`));
      const pages = [
        "support.html",
        "privacy.html",
        ...readdirSync(join(DIST, locale, "help"))
          .filter((f) => f.endsWith(".html"))
          .map((f) => `help/${f}`),
      ];
      expect(pages.sort()).toEqual([...english].sort());
      const strings = HELP_TRANSLATIONS[locale];
      for (const path of pages) {
        const html = read(`${locale}/${path}`);
        expect([path, html.includes(`<html lang="${locale}">`)]).toEqual([path, true]);
        expect(html).toContain("prefers-color-scheme: dark");
        expect(html).not.toMatch(/<script|<link|<img|<iframe|\ssrc=|@import|url\(/i);
        for (const href of hrefsOf(html)) expect(href).not.toMatch(/^[a-z]+:|^\/\//i);
        expect(textOf(html)).toContain(strings.site.name);
      }
      for (const fn of metadata.functions) {
        const text = textOf(read(`${locale}/help/${fn.id.toLowerCase()}.html`));
        expect(text).toContain(collapse(fn.description!));
        for (const p of fn.parameters) expect(text).toContain(collapse(p.description ?? "?"));
        expect(text).toContain(syntaxOf(fn, strings.formulaSeparator));
        expect(text).toContain(strings.functionPage.outcomes);
      }
      const support = read(`${locale}/support.html`);
      expect(textOf(support)).toContain(strings.support.troubles.busy.heading);
      expect(support).toContain('<h2 id="api-key">');
      expect(hrefsOf(support)).toEqual(expect.arrayContaining(["privacy.html", "help/index.html"]));
      expect(textOf(read(`${locale}/privacy.html`))).toContain(strings.privacy.intro);
    }
  });
});
