// A webpack plugin that writes which of our source modules went into which emitted JavaScript
// file (the runtime, client and error modules must exist
// once, in the chunk that both the functions and the task pane load). The report goes outside
// dist/, which is served, to `.build/module-chunks.json`; test/addin/module-chunks.test.ts reads it.
//
// Shape: { mode, chunks: { "<file>.js": { name, initial, runtime, modules: ["src/..."] } },
//          modules: { "src/...": ["<file>.js", ...] } }
const fs = require("fs");
const path = require("path");

const PLUGIN = "ModuleChunksReportPlugin";

class ModuleChunksReportPlugin {
  /** @param {{ root: string, output: string, include?: RegExp }} options */
  constructor(options) {
    this.root = options.root;
    this.output = options.output;
    this.include = options.include ?? /^src\//;
  }

  /** Source files of a module; a concatenated module (production builds) holds several. */
  sourcesOf(module, found = new Set()) {
    if (Array.isArray(module.modules)) {
      for (const inner of module.modules) this.sourcesOf(inner, found);
      return found;
    }
    const resource = typeof module.nameForCondition === "function" && module.nameForCondition();
    if (!resource) return found;
    const relative = path.relative(this.root, resource).split(path.sep).join("/");
    if (this.include.test(relative)) found.add(relative);
    return found;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tapPromise(PLUGIN, async (compilation) => {
      const { chunkGraph } = compilation;
      const chunks = {};
      const modules = {};
      for (const chunk of compilation.chunks) {
        const files = [...chunk.files].filter((file) => file.endsWith(".js"));
        if (files.length === 0) continue;
        const sources = new Set();
        for (const module of chunkGraph.getChunkModulesIterable(chunk))
          this.sourcesOf(module, sources);
        for (const file of files) {
          chunks[file] = {
            name: chunk.name ?? null,
            // Loaded by the page itself (an entry's chunk) rather than on demand.
            initial: chunk.canBeInitial(),
            // Holds the webpack runtime (one per page is the point).
            runtime: chunk.hasRuntime(),
            modules: [...sources].sort(),
          };
          for (const source of sources) (modules[source] ??= []).push(file);
        }
      }
      const report = {
        mode: compiler.options.mode,
        chunks,
        modules: Object.fromEntries(Object.entries(modules).sort(([a], [b]) => a.localeCompare(b))),
      };
      await fs.promises.mkdir(path.dirname(this.output), { recursive: true });
      await fs.promises.writeFile(this.output, `${JSON.stringify(report, null, 2)}\n`);
    });
  }
}

module.exports = { ModuleChunksReportPlugin };
