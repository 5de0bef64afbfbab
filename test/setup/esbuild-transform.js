// Jest's transform for TypeScript: esbuild's, file by file. Type checking is `npm run typecheck`'s
// job (tsconfig.json has isolatedModules, so a file compiles alone), and no test relies on
// jest.mock hoisting; esbuild transpiles a file in well under a millisecond where ts-jest
// loads the TypeScript compiler in every worker and takes tens of milliseconds a file (measured
// in docs/testing.md).
const crypto = require("node:crypto");
const path = require("node:path");
const { transformSync, version } = require("esbuild");

const OPTIONS = {
  format: "cjs",
  target: "es2022",
  sourcemap: "inline",
  jsx: "automatic",
  // import() as TypeScript's CommonJS output has it (a require in a promise): jest runs no ESM.
  supported: { "dynamic-import": false },
};

module.exports = {
  process(source, filename) {
    const loader = path.extname(filename).slice(1);
    const { code } = transformSync(source, {
      ...OPTIONS,
      loader: loader === "tsx" ? "tsx" : loader === "js" ? "js" : "ts",
      sourcefile: filename,
    });
    return { code };
  },
  getCacheKey(source, filename) {
    return crypto
      .createHash("sha256")
      .update(version)
      .update(JSON.stringify(OPTIONS))
      .update(filename)
      .update(source)
      .digest("hex");
  },
};
