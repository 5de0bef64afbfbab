// Bundle budget (CI gate): the JavaScript loaded before the task pane is opened (the scripts
// of taskpane.html: the functions and the client; and the workbook's jobs, which the runtime
// starts when Office is ready, pane or not, with the user's language: the pane's catalog and
// one language's chunk) and the whole task pane (every chunk, one language's), gzip-compressed.
// MSAL.js (the `msal` chunk) is loaded only on a team host with Microsoft Entra ID sign-in, by
// a member who signs in with their Microsoft 365 account: it has a budget of its own.
// Prints the sizes; exits 1 when a budget is exceeded.
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const DIST = path.join(__dirname, "..", "dist");
const BUDGET = {
  beforeTaskPane: 100 * 1024,
  wholeTaskPane: 350 * 1024,
  microsoftSignIn: 90 * 1024,
};

function gzipSize(file) {
  return zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
}

function main() {
  const html = path.join(DIST, "taskpane.html");
  if (!fs.existsSync(html)) {
    console.error("dist/taskpane.html is missing: run `npm run build` first.");
    process.exit(1);
  }
  // Scripts of the page, in order; office.js comes from Microsoft's CDN and is not ours.
  const initial = [
    ...fs
      .readFileSync(html, "utf8")
      .matchAll(/<script[^>]*\ssrc=(?:"([^"]+)"|'([^']+)'|([^\s>]+))/g),
  ]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((src) => !/^https?:/.test(src))
    .map((src) => src.replace(/^\.?\//, "").split("?")[0]);
  // The team's admin page (admin.html, its own entry) is not the task pane's.
  const all = fs.readdirSync(DIST).filter((f) => f.endsWith(".js") && !/^admin[.-]/.test(f));
  const missing = initial.filter((f) => !all.includes(f));
  if (initial.length === 0 || missing.length > 0) {
    console.error(
      `taskpane.html loads no script of dist/ or one that is missing (${missing.join(", ")}).`
    );
    process.exit(1);
  }
  // Chunks the page imports at start (taskpane.ts), before any pane is shown.
  const atStart = (file) =>
    initial.includes(file) ||
    /^(workbook-jobs|i18n-pane|catalogs-shared)\.[0-9a-f]+\.js$/.test(file);
  // A language's own chunk: a user's runtime loads one (the largest is counted).
  const language = (file) => /^pane-[A-Za-z-]+\.[0-9a-f]+\.js$/.test(file);
  const microsoft = (file) => /^msal\.[0-9a-f]+\.js$/.test(file);
  const rows = all.map((file) => ({
    file,
    initial: atStart(file),
    language: language(file),
    microsoft: microsoft(file),
    gzip: gzipSize(file),
    raw: fs.statSync(path.join(DIST, file)).size,
  }));
  const oneLanguage = Math.max(0, ...rows.filter((r) => r.language).map((r) => r.gzip));
  const before = rows.filter((r) => r.initial).reduce((n, r) => n + r.gzip, 0) + oneLanguage;
  const whole =
    rows.filter((r) => !r.language && !r.microsoft).reduce((n, r) => n + r.gzip, 0) + oneLanguage;
  const signIn = rows.filter((r) => r.microsoft).reduce((n, r) => n + r.gzip, 0);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log("Bundle sizes (gzip -9):");
  for (const r of rows.sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip)) {
    console.log(
      `  ${r.initial ? "before pane" : r.language ? "a language " : r.microsoft ? "M365 login " : "task pane  "}  ${r.file.padEnd(32)} ${kb(r.gzip).padStart(10)} gzip  ${kb(r.raw).padStart(10)} raw`
    );
  }
  const verdict = (size, budget) =>
    `${kb(size)} of ${kb(budget)} ${size <= budget ? "ok" : "OVER BUDGET"}`;
  console.log(
    `  loaded before the task pane opens (functions, client, jobs, one language): ${verdict(before, BUDGET.beforeTaskPane)}`
  );
  console.log(
    `  whole task pane (one language):                                       ${verdict(whole, BUDGET.wholeTaskPane)}`
  );
  console.log(
    `  Microsoft 365 sign-in (team hosts with Entra ID only):                 ${verdict(signIn, BUDGET.microsoftSignIn)}`
  );
  if (
    before > BUDGET.beforeTaskPane ||
    whole > BUDGET.wholeTaskPane ||
    signIn > BUDGET.microsoftSignIn
  )
    process.exit(1);
}

main();
