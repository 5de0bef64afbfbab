// A webpack plugin that writes a brotli (quality 11) and a gzip (level 9) copy beside every text
// asset of a production build, so that the production host sends them as they are
// (@fastify/static `preCompressed`) instead of compressing the 570 KB vendor chunk again for
// every new user (load time).
const zlib = require("zlib");

const PLUGIN = "PrecompressPlugin";
const TEXT = /\.(?:js|html|json|css|xml|txt)$/;
/** Smaller files go out as they are (the host compresses nothing under 1 KB either). */
const MIN_BYTES = 1024;

class PrecompressPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification and after the other plugins have emitted their files.
        { name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!TEXT.test(name)) continue;
            const content = compilation.getAsset(name).source.buffer();
            if (content.length < MIN_BYTES) continue;
            const brotli = zlib.brotliCompressSync(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new sources.RawSource(brotli));
            compilation.emitAsset(
              `${name}.gz`,
              new sources.RawSource(zlib.gzipSync(content, { level: 9 }))
            );
          }
        }
      );
    });
  }
}

module.exports = { PrecompressPlugin };
