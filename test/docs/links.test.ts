import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Slugger, githubSlug } from "../../src/help/markdown";
import { anchorsOf, checkLinks, linksOf, markdownFiles } from "./markdown-links";

// The documentation where people look (README as a front page, docs/, CONTRIBUTING, CHANGELOG,
// SECURITY, the Office host page's README): every relative link and image resolves, every
// #anchor names a heading, external links are well formed (not fetched).

const ROOT = join(__dirname, "..", "..");

describe("the repository's Markdown", () => {
  const files = markdownFiles(ROOT);

  test("the pages are found: the root's, docs/ and the Office host page's README", () => {
    for (const page of [
      "README.md",
      "CONTRIBUTING.md",
      "CHANGELOG.md",
      "SECURITY.md",
      "docs/user-guide.md",
      "docs/admin-guide.md",
      "docs/sandbox.md",
      "docs/architecture.md",
      "docs/benchmarks.md",
      "docs/testing.md",
      "test/office-host/README.md",
    ])
      expect(files).toContain(page);
    expect(files.filter((f) => /node_modules|^dist\/|^\.tools\//.test(f))).toEqual([]);
  });

  test("every relative link, anchor and image resolves; external links are well formed", () => {
    expect(checkLinks(ROOT, files)).toEqual([]);
  });

  test("the README is a front page with the two set-up commands", () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    expect(readme.split("\n").length).toBeLessThan(250);
    expect(readme).toContain("```bash\nbash scripts/setup.sh && npm start\n```");
    expect(readme).toContain("```bash\nbash scripts/setup.sh && npm test\n```");
    // It shows the product, and says where to go next.
    expect(linksOf(readme).some((l) => l.image && l.target.startsWith("docs/screenshots/"))).toBe(
      true
    );
    for (const page of ["user-guide", "admin-guide", "sandbox", "architecture", "benchmarks"])
      expect(readme).toContain(`(docs/${page}.md)`);
  });
});

describe("GitHub's anchors", () => {
  test("headings as GitHub slugs them", () => {
    expect(githubSlug("What npm start does")).toBe("what-npm-start-does");
    expect(githubSlug("Kept answers: what, where, how many")).toBe(
      "kept-answers-what-where-how-many"
    );
    expect(githubSlug("0.1.0 - 2026-11-28")).toBe("010---2026-11-28");
    expect(githubSlug("Storage in a cross-origin frame, measured")).toBe(
      "storage-in-a-cross-origin-frame-measured"
    );
    expect(githubSlug("snake_case and Ünïcode, 日本語")).toBe("snake_case-and-ünïcode-日本語");
  });

  test("code spans and links count by their text; a repeated heading gets -1, -2", () => {
    const anchors = anchorsOf(
      [
        "# Title",
        "## What `npm start` does",
        "## [Linked](https://example.com) heading",
        "```",
        "## not a heading: inside a fence",
        "```",
        "## Notes",
        "### Notes",
        "## Notes",
        '<a id="explicit"></a>',
      ].join("\n")
    );
    expect([...anchors].sort()).toEqual(
      [
        "title",
        "what-npm-start-does",
        "linked-heading",
        "notes",
        "notes-1",
        "notes-2",
        "explicit",
      ].sort()
    );
    const slugger = new Slugger();
    expect(["a", "a", "a-1", "a"].map((t) => slugger.slug(t))).toEqual([
      "a",
      "a-1",
      "a-1-1",
      "a-2",
    ]);
  });
});

describe("the check fails on a broken link", () => {
  let root: string;
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "docs-links-"));
    write("docs/shot.png", "png");
    write(
      "docs/guide.md",
      "# Guide\n\n## Set up\n\n## Kept answers: what, where\n\nSee [set up](#set-up).\n"
    );
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  test("links that resolve pass, code is not read for links", () => {
    write(
      "README.md",
      [
        "# Readme",
        "![A shot](docs/shot.png) [the guide](docs/guide.md), [kept](docs/guide.md#kept-answers-what-where),",
        "[up](#readme), [docs](docs/), [web](https://example.com/a?b=c#d), [mail](mailto:a@example.com)",
        "`[not a link](missing.md)`",
        "```",
        "[not a link either](missing.md)",
        "```",
      ].join("\n")
    );
    expect(checkLinks(root, markdownFiles(root))).toEqual([]);
  });

  test("a missing file, anchor or image, and a malformed URL, are each reported", () => {
    write(
      "README.md",
      [
        "# Readme",
        "[gone](docs/gone.md) [no such heading](docs/guide.md#kept-answers)",
        "![no image](docs/missing.png) [here](#nowhere)",
        '[bad](https://) [scheme](ftp://example.com/x) <img src="docs/other.png">',
      ].join("\n")
    );
    expect(checkLinks(root, markdownFiles(root))).toEqual([
      "README.md:2: link docs/gone.md: docs/gone.md does not exist",
      "README.md:2: link docs/guide.md#kept-answers: docs/guide.md has no heading #kept-answers",
      "README.md:3: image docs/missing.png: docs/missing.png does not exist",
      "README.md:3: link #nowhere: README.md has no heading #nowhere",
      "README.md:4: link https:// is not a well-formed URL",
      "README.md:4: link ftp://example.com/x uses ftp:",
      "README.md:4: image docs/other.png: docs/other.png does not exist",
    ]);
  });
});
