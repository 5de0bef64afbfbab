// @fastify/static requires content-disposition 3, which is ESM-only: Node 20 loads it
// (require(esm)), jest's module system does not. Its `create` is the function that
// content-disposition 0.5 (CommonJS, also installed) exports, with the same arguments.
const path = require("path");
const legacy = require(path.join(__dirname, "../../node_modules/content-disposition/index.js"));

module.exports = { create: legacy, parse: legacy.parse };
