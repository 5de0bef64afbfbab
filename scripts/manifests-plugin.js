/* global __filename */
// A webpack plugin that emits the files written from the add-in's description
// (src/manifest/manifest-files.ts): shortcuts.json, and for the dev build manifest.dev.xml and
// .json and the app package mail-finder.dev.zip for the dev server's origin. Emitted as assets,
// so the dev server serves them from memory too. A production build has no address of its own:
// the host renders its manifests at start for --public-url (src/server/public-url-files.ts).
const tsx = require("tsx/cjs/api");

const PLUGIN = "ManifestsPlugin";

class ManifestsPlugin {
  /** @param {{ buildType: "dev" | "prod", root: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { buildType, root } = this.options;
          const { buildManifestFiles } = tsx.require(
            "../src/manifest/manifest-files.ts",
            __filename
          );
          const files = buildManifestFiles(buildType, root);
          for (const [name, content] of Object.entries(files))
            compilation.emitAsset(name, new sources.RawSource(Buffer.from(content)));
          if (buildType === "prod")
            compilation
              .getLogger(PLUGIN)
              .info(
                "No manifest in a production build: the host renders /manifest.xml, /manifest.json and /mail-finder.zip for its --public-url."
              );
        }
      );
    });
  }
}

module.exports = { ManifestsPlugin };
