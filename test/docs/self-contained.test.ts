import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The repository stands on its own: no file git tracks (code, comments, docs, tests, scripts,
// configs) points at a document outside it. The service's interface is described in
// docs/interface.md, the design in docs/architecture.md and the other guides of docs/.

const ROOT = join(__dirname, "..", "..");

/**
 * What names a document outside the repository. The patterns are written so that this file
 * does not match them itself.
 */
const OUTSIDE: ReadonlyArray<[string, RegExp]> = [
  ["a path beside the repository", /\.\.\/shared\b|\/work\/shared\b/],
  ["the service's specification file", /\bapi[-]spec\b/i],
  ["a section of the specification", /\bspecs? §?\d+(\.\d+)*\b|§ ?\d/i],
  ["the specification", /\bthe spec\b(?!ial|ific)/i],
  ["the design document", /\bDESIGN(\.md)?,? (section )?\d|\bDESIGN\.md\b/],
  ["the style guide", /\bSTYLE\.md\b|\(STYLE[,: "]/],
];

/** "why" for each reference to a document outside the repository in `line`. */
export function outsideReferences(line: string): string[] {
  return OUTSIDE.filter(([, pattern]) => pattern.test(line)).map(([why]) => why);
}

function trackedFiles(): string[] {
  const git = spawnSync("git", ["ls-files", "-z"], { cwd: ROOT, encoding: "utf8" });
  if (git.status !== 0) throw new Error(`git ls-files failed: ${git.stderr || git.error}`);
  return git.stdout.split("\0").filter((file) => file !== "");
}

/** "file:line: why: text" for every reference in the tracked text files. */
function referencesInRepository(): string[] {
  const found: string[] = [];
  for (const file of trackedFiles()) {
    let content: Buffer;
    try {
      content = readFileSync(join(ROOT, file));
    } catch {
      continue; // deleted in the work tree, not yet in the index
    }
    if (content.subarray(0, 8000).includes(0)) continue; // binary
    content
      .toString("utf8")
      .split("\n")
      .forEach((line, i) => {
        for (const why of outsideReferences(line))
          found.push(`${file}:${i + 1}: ${why}: ${line.trim().slice(0, 120)}`);
      });
  }
  return found;
}

describe("the repository stands on its own", () => {
  test("no tracked file names a document outside the repository", () => {
    expect(referencesInRepository()).toEqual([]);
  });

  test("each kind of outside reference is found, and the repository's own words are not", () => {
    const shared = ".." + "/shared";
    const design = "DES" + "IGN";
    for (const line of [
      `// Wire types (${shared}/).`,
      `// Wire types (${"api-" + "spec"}.md).`,
      `// Bounces pay back (${design} 3).`,
      `// The relay (${design} 6b): /api/* goes on.`,
      `// as ${design} section 7 says`,
      `// see ${design}.md`,
      `/** ${"Sp" + "ec"} 2.7 */`,
      `// retry after a few seconds (${"sp" + "ec"} 7 and 8)`,
      `// the ${"sp" + "ec"}'s error body`,
      `// (${"STY" + "LE"}, Fluent UI)`,
      `// ${"STY" + "LE"}.md`,
    ])
      expect([line, outsideReferences(line).length > 0]).toEqual([line, true]);
    for (const line of [
      "// docs/interface.md, Credits: a repeat within 30 days is free.",
      "// The design of the store (docs/architecture.md, The production host and its stores).",
      "spec:",
      "const pod = deployment.spec.template.spec;",
      '"node_modules/@microsoft/m365-spec-parser": {',
      "/** A cell longer than this cannot hold an address (spec: 254 at most). */",
      "// the team's shared answers, shared by every member",
      "// the special case, as the specific rule says",
      "const STYLE = `",
    ])
      expect([line, outsideReferences(line)]).toEqual([line, []]);
  });
});
