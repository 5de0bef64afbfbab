/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  // Type checking runs once in `npm run typecheck`; jest only transpiles.
  transform: { "^.+\\.ts$": "ts-jest" },
  testTimeout: 60000,
  reporters: ["default", "<rootDir>/test/reporters/summary-line.js"],
};
