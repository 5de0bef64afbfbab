import officeAddins from "eslint-plugin-office-addins";
import tsParser from "@typescript-eslint/parser";
import tsPlugin from "@typescript-eslint/eslint-plugin";
import globals from "globals";

// office-addin-lint's configuration (the plugin's recommended rules: Office.js load/sync
// rules, prettier), extended to .tsx, and with TypeScript's own checks where they belong.
const recommended = officeAddins.configs.recommended;
const base = recommended[recommended.length - 1];

export default [
  { ignores: ["dist/**", "node_modules/**", "coverage/**", ".sandbox/**", "test/browser/screenshots/**"] },
  ...recommended,
  { ...base, files: ["**/*.tsx"] },
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "office-addins": officeAddins, "@typescript-eslint": tsPlugin },
    languageOptions: { parser: tsParser, ecmaVersion: 2022, sourceType: "module" },
    rules: {
      // The compiler checks names; this rule does not know TypeScript's globals and types.
      "no-undef": "off",
      "@typescript-eslint/no-explicit-any": "error",
      // Input cleaning matches control characters on purpose.
      "no-control-regex": "off",
    },
  },
  {
    // Cell arguments are typed `any` so that custom-functions-metadata declares Excel's "any"
    // type (numbers, text, booleans, errors); the functions check them at run time.
    files: ["src/functions/functions.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Tests and benchmarks read arbitrary JSON answers.
    files: ["test/**/*.ts", "bench/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // These tests break Office.js's load/sync rules on purpose, to see the shim refuse as Office.js does.
    files: ["test/browser/host-shim.browser.test.ts"],
    rules: { "office-addins/call-sync-before-read": "off", "office-addins/call-sync-after-load": "off", "office-addins/load-object-before-read": "off" },
  },
  {
    // Node scripts and configuration in CommonJS; the host shim runs in the page.
    files: ["**/*.{js,cjs}"],
    languageOptions: {
      sourceType: "commonjs",
      ecmaVersion: 2022,
      globals: { require: "readonly", module: "writable", __dirname: "readonly", process: "readonly", console: "readonly", Buffer: "readonly" },
    },
  },
  {
    files: ["test/browser/host-shim.js"],
    languageOptions: {
      sourceType: "script",
      globals: { ...globals.browser },
    },
  },
];
