import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// The add-in's source in layers (data flows one way; docs/architecture.md, How data flows): the
// task pane's UI and the commands on top; beneath them the flows (job tracker, Enrich runs, bulk
// write-back), then the workbook (reading lists, writing sheets and columns, job records), then
// what a list's columns mean (lists), and the runtime, client, functions and wire types below. A
// module imports only its own folder or a layer beneath it, and no import circle exists anywhere.

const SRC = resolve(__dirname, "..", "..", "src");

/** Folders of src/, top layer first; a folder may import those after it. The pane's page
 * (taskpane.ts) starts the shared runtime and registers the commands: the pane is on top. */
const LAYERS = [
  // The team host's admin page: a page of its own, on top (it imports only its own folder).
  "admin",
  "taskpane",
  // Fluent pieces both pages show (a field, a question before an action), without words of their own.
  "ui",
  "commands",
  "flows",
  "workbook",
  "lists",
  "functions",
  "runtime",
  "client",
  "api",
  "i18n",
];
// Node only: the services, and the build's manifest and help page writers.
const NODE_ONLY = new Set(["sandbox", "server", "manifest", "help"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Relative imports of each module (type-only ones too: they are dependencies of design). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, "utf8");
    const specs = [
      ...text.matchAll(/(?:from\s+|import\s*\(\s*(?:\/\*[^*]*\*\/\s*)?)["'](\.{1,2}\/[^"']+)["']/g),
    ];
    graph.set(
      file,
      specs.map((m) => resolveImport(file, m[1]!)).filter((f): f is string => f !== null)
    );
  }
  return graph;
}

const folderOf = (file: string): string => relative(SRC, file).split("/")[0]!;
const layerOf = (folder: string): number => LAYERS.indexOf(folder);
const rel = (file: string): string => relative(SRC, file);

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string): void => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe("source layers", () => {
  const graph = importGraph();

  test("every folder of src/ has its layer", () => {
    const folders = new Set([...graph.keys()].map(folderOf));
    const unplaced = [...folders].filter((f) => layerOf(f) < 0 && !NODE_ONLY.has(f));
    expect(unplaced).toEqual([]);
  });

  test("no module imports a layer above its own", () => {
    const upward: string[] = [];
    for (const [file, imports] of graph) {
      const from = folderOf(file);
      if (NODE_ONLY.has(from)) continue;
      for (const target of imports) {
        const to = folderOf(target);
        if (from !== to && layerOf(to) < layerOf(from))
          upward.push(`${rel(file)} -> ${rel(target)}`);
      }
    }
    expect(upward).toEqual([]);
  });

  test("src/taskpane/ is the pane's UI alone: its entry, its page and ui/", () => {
    const pane = [...graph.keys()].filter((f) => folderOf(f) === "taskpane").map(rel);
    expect(
      pane.filter((f) => f !== "taskpane/taskpane.ts" && !f.startsWith("taskpane/ui/"))
    ).toEqual([]);
  });

  test("no import circle", () => {
    expect(cycles(graph).map((cycle) => cycle.map(rel).join(" -> "))).toEqual([]);
  });
});
