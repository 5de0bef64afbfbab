/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // Type checking runs once in `npm run typecheck`; jest only transpiles.
  transform: {
    "^.+\\.tsx?$": "<rootDir>/test/setup/esbuild-transform.js",
    // Kysely (the team store's query builder) is ESM-only: transpiled to CommonJS as our files are.
    "/node_modules/kysely/.+\\.js$": "<rootDir>/test/setup/esbuild-transform.js",
  },
  transformIgnorePatterns: ["/node_modules/(?!kysely/)"],
  // office-addin-mock requires office-addin-manifest, whose dependencies are ESM-only.
  moduleNameMapper: {
    "^office-addin-manifest$": "<rootDir>/test/stubs/office-addin-manifest.js",
    // ESM-only under @fastify/static (see the stub).
    "^content-disposition$": "<rootDir>/test/stubs/content-disposition.js",
    // ESM-only under light-my-request (fastify's inject; see the stub).
    "^cookie$": "<rootDir>/test/stubs/cookie.js",
  },
  // The pane's English catalog is loaded, as the runtime does at start (see the file).
  setupFiles: ["<rootDir>/test/setup/pane-english.ts"],
  // A run of browser tests shares one Chromium (see the file); other runs start nothing.
  globalSetup: "<rootDir>/test/setup/chromium-server.ts",
  globalTeardown: "<rootDir>/test/setup/chromium-server-teardown.ts",
  testTimeout: 60000,
  // Longest files first, also on a fresh clone with no jest cache (see the file).
  testSequencer: "<rootDir>/test/setup/test-sequencer.js",
  reporters: [
    "default",
    "<rootDir>/test/reporters/summary-line.js",
    "<rootDir>/test/reporters/durations.js",
    "<rootDir>/test/reporters/file-cpu.js",
  ],
};
