import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

// One runtime, one copy: the functions file and the task pane run in one JavaScript
// context and must share one copy of the runtime, client and error modules, or `instanceof`
// lies across the copies (a 401 in a cell then shows "Unexpected error" when the task pane was
// opened first). The build (`npm test` builds first) writes which source module went into which
// file to .build/module-chunks.json (scripts/module-chunks-plugin.js); this reads it.

const ROOT = join(__dirname, "..", "..");
const DIST = join(ROOT, "dist");
const REPORT = join(ROOT, ".build", "module-chunks.json");

interface ChunkReport {
  name: string | null;
  initial: boolean;
  runtime: boolean;
  modules: string[];
}
interface Report {
  mode: string;
  chunks: Record<string, ChunkReport>;
  modules: Record<string, string[]>;
}

/** The modules that must exist once, in the chunk loaded before both the functions and the pane. */
const SHARED = [
  "src/runtime/services.ts",
  "src/client/errors.ts",
  "src/client/client.ts",
  "src/functions/cell-results.ts",
];

describe("one runtime, one copy (the build's module report)", () => {
  const built = existsSync(join(DIST, "functions.js")) && existsSync(REPORT);
  const it = built ? test : test.skip;
  if (!built) {
    test("dist/ and .build/module-chunks.json exist", () => {
      throw new Error("Run `npm run build` first (npm test does).");
    });
  }
  const report = (): Report => JSON.parse(readFileSync(REPORT, "utf8")) as Report;

  it("the report describes the build in dist/ (every script of dist/, and nothing else)", () => {
    const scripts = readdirSync(DIST)
      .filter((file) => file.endsWith(".js"))
      .sort();
    expect(Object.keys(report().chunks).sort()).toEqual(scripts);
    // Written by the same build, not left over from an older one.
    expect(statSync(REPORT).mtimeMs).toBeGreaterThanOrEqual(
      statSync(join(DIST, "functions.js")).mtimeMs - 1000
    );
  });

  it("every src/ module is in exactly one chunk of the pane's page", () => {
    const { modules } = report();
    expect(Object.keys(modules).length).toBeGreaterThan(20);
    // The admin page is a page of its own (another JavaScript context): its copy of a module
    // does not count.
    const copies = Object.entries(modules)
      .filter(([, files]) => files.filter((file) => file !== "admin.js").length > 1)
      .map(([module, files]) => `${module} in ${files.length} chunks: ${files.join(", ")}`);
    expect(copies).toEqual([]);
  });

  it("the admin page shares with the pane only the UI pieces of src/ui/", () => {
    const shared = Object.entries(report().modules)
      .filter(([, files]) => files.includes("admin.js") && files.length > 1)
      .map(([module]) => module);
    expect(shared.filter((module) => !module.startsWith("src/ui/"))).toEqual([]);
  });

  it("the runtime, client and error modules are in functions.js", () => {
    const { modules, chunks } = report();
    for (const module of SHARED)
      expect([module, modules[module]]).toEqual([module, ["functions.js"]]);
    expect(chunks["functions.js"]!.modules).toEqual(expect.arrayContaining(SHARED));
  });

  it("one webpack runtime, in functions.js, which the page loads before the task pane", () => {
    const { chunks } = report();
    // The team host's admin page is a page of its own, with its own runtime.
    const runtimes = Object.entries(chunks)
      .filter(([, chunk]) => chunk.runtime && chunk.name !== "admin")
      .map(([file]) => file);
    expect(runtimes).toEqual(["functions.js"]);
    const html = readFileSync(join(DIST, "taskpane.html"), "utf8");
    const order = [...html.matchAll(/<script[^>]*\ssrc=["']?([^"'\s>]+)/g)]
      .map((m) => m[1]!)
      .filter((src) => !/^https?:/.test(src));
    expect(order).toEqual(["functions.js", "taskpane.js"]);
  });

  it("the report is not served: it is outside dist/", () => {
    expect(readdirSync(DIST).filter((file) => /module-chunks/.test(file))).toEqual([]);
  });
});
