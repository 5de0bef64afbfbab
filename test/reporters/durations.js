// With RECORD_TEST_DURATIONS=1, writes how long each test file took (seconds, merged into what is
// recorded already) to test/setup/test-durations.json, which the sequencer reads on a machine
// with no jest cache (see test/setup/test-sequencer.js).
const fs = require("node:fs");
const path = require("node:path");

const RECORDED = path.join(__dirname, "..", "setup", "test-durations.json");
const ROOT = path.join(__dirname, "..", "..");

class DurationsReporter {
  onRunComplete(_contexts, results) {
    if (process.env.RECORD_TEST_DURATIONS !== "1") return;
    let seconds = {};
    try {
      seconds = JSON.parse(fs.readFileSync(RECORDED, "utf8")).seconds ?? {};
    } catch {
      // first recording
    }
    for (const file of results.testResults) {
      const { start, end } = file.perfStats;
      if (!start || !end || file.testExecError) continue;
      const relative = path.relative(ROOT, file.testFilePath).split(path.sep).join("/");
      seconds[relative] = Math.round((end - start) / 100) / 10;
    }
    const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => (a < b ? -1 : 1)));
    fs.writeFileSync(
      RECORDED,
      JSON.stringify(
        { note: "seconds per test file; see test/setup/test-sequencer.js", seconds: sorted },
        null,
        2
      ) + "\n"
    );
  }
}
module.exports = DurationsReporter;
