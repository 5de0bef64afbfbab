// A webpack plugin that has taskpane.html start fetching the files of named lazy chunks (the
// task pane UI and the workbook's jobs, with the vendor chunk they share) from the top of its
// head, while office.js downloads, instead of after office.js, functions.js and taskpane.js
// have run (load time). Chunks in `whenVisible` are fetched only by a page shown at
// once: the shared runtime's hidden page (functions without the pane) does not fetch the UI.
// The script is inline; the production host allows it by its hash (src/server/inline-scripts.ts).
const HtmlWebpackPlugin = require("html-webpack-plugin");

const PLUGIN = "PreloadChunksPlugin";

class PreloadChunksPlugin {
  /** @param {{ always: string[], whenVisible: string[] }} options chunk names */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap(PLUGIN, (data) => {
        // The task pane's page only (the team's admin page has chunks of its own).
        if (data.outputName !== "taskpane.html") return data;
        const configured = compilation.outputOptions.publicPath;
        const publicPath =
          typeof configured === "string" && configured !== "auto" ? configured : "";
        const filesOf = (names) => {
          const files = new Set();
          for (const name of names) {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`${PLUGIN}: no chunk named "${name}"`);
            for (const file of group.getFiles()) if (file.endsWith(".js")) files.add(file);
          }
          return [...files];
        };
        const always = filesOf(this.options.always);
        const whenVisible = filesOf(this.options.whenVisible).filter((f) => !always.includes(f));
        const script =
          `(function(){function p(f){var l=document.createElement("link");` +
          `l.rel="preload";l.as="script";l.href=${JSON.stringify(publicPath)}+f;` +
          `document.head.appendChild(l)}` +
          `${JSON.stringify(always)}.forEach(p);` +
          `if(document.visibilityState==="visible")${JSON.stringify(whenVisible)}.forEach(p)})()`;
        // Before the page's first script, office.js: the fetches overlap its download and start.
        const firstScript = data.html.indexOf("<script");
        if (firstScript < 0) throw new Error(`${PLUGIN}: ${data.outputName} has no script`);
        data.html =
          data.html.slice(0, firstScript) +
          `<script data-preload="chunks">${script}</script>` +
          data.html.slice(firstScript);
        return data;
      });
    });
  }
}

module.exports = { PreloadChunksPlugin };
