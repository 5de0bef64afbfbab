#!/usr/bin/env node
// Runs npm scripts at the same time and fails if any fails. `npm test` runs the type check, the
// lint and the production build together: none reads what another writes (the build writes
// only dist/), and on a 2-core machine the type check and the lint are single-threaded while
// the build's minifier is not (measured: type check and lint 42 s together, 73 s one after the
// other). Each script's output is printed whole when it ends, so that they never interleave.
//
//     node scripts/run-parallel.js typecheck lint build

const { spawn } = require("node:child_process");

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  process.stderr.write("usage: node scripts/run-parallel.js <npm script>...\n");
  process.exit(2);
}

const started = Date.now();
const run = (name) =>
  new Promise((resolve) => {
    const output = [];
    // npm is npm.cmd on Windows, run through the shell there.
    const child = spawn("npm", ["run", "--silent", name], {
      stdio: ["ignore", "pipe", "pipe"],
      shell: process.platform === "win32",
    });
    child.stdout.on("data", (chunk) => output.push(chunk));
    child.stderr.on("data", (chunk) => output.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`> npm run ${name}: ${status} after ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });

Promise.all(scripts.map(run)).then((results) => process.exit(results.every(Boolean) ? 0 : 1));
