// light-my-request (fastify's inject) requires cookie 2, which is ESM-only: Node 20 loads it
// (require(esm)), jest's module system does not. Its one use there is stringifySetCookie for a
// request's cookies; the rest is cookie 0.7 (CommonJS, also installed), whose API cookie 2 keeps.
const path = require("path");
const legacy = require(
  path.join(__dirname, "../../node_modules/express/node_modules/cookie/index.js")
);

module.exports = {
  ...legacy,
  parseCookie: legacy.parse,
  stringifySetCookie: ({ name, value, ...options }) => legacy.serialize(name, value, options),
};
