/* global __filename */
// A webpack plugin that emits the files written from the add-in's description
// (src/manifest/): manifest.<dev|prod>.xml and .json, shortcuts.json and the app package
// mail-finder.<dev|prod>.zip, for the origin the build is served from. Emitted as assets, so
// the dev server serves them from memory too.
const tsx = require("tsx/cjs/api");

const PLUGIN = "ManifestsPlugin";

class ManifestsPlugin {
  /** @param {{ origin: string, buildType: "dev" | "prod", root: string }} options */
  constructor(options) {
    this.options = options;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const { origin, buildType, root } = this.options;
          const { buildManifestFiles } = tsx.require(
            "../src/manifest/manifest-files.ts",
            __filename
          );
          const files = buildManifestFiles(origin, buildType, root);
          for (const [name, content] of Object.entries(files))
            compilation.emitAsset(name, new sources.RawSource(Buffer.from(content)));
        }
      );
    });
  }
}

module.exports = { ManifestsPlugin };
