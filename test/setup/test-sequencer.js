// Runs the longest test files first, so that two workers finish together instead of one idling
// while the other runs a long file it started last. Jest's own sequencer knows how long a file
// took only from its cache of earlier runs on this machine, and orders a fresh clone (CI) by
// file size, which put a 160 s file among the last; here a file jest has no time for takes the
// one recorded in test-durations.json (`RECORD_TEST_DURATIONS=1 npm test` writes it), and a file
// in neither is taken as short.
const fs = require("node:fs");
const path = require("node:path");
const Sequencer = require("@jest/test-sequencer").default;

const RECORDED = path.join(__dirname, "test-durations.json");

function recordedSeconds() {
  try {
    return JSON.parse(fs.readFileSync(RECORDED, "utf8")).seconds ?? {};
  } catch {
    return {};
  }
}

/** The file's path from the repository's root, with forward slashes. */
function relativePath(test) {
  return path.relative(test.context.config.rootDir, test.path).split(path.sep).join("/");
}

class RecordedDurationsSequencer extends Sequencer {
  recorded = recordedSeconds();

  time(test) {
    const cached = super.time(test);
    if (cached != null) return cached;
    const seconds = this.recorded[relativePath(test)];
    return seconds != null ? seconds * 1000 : 0;
  }
}

module.exports = RecordedDurationsSequencer;
module.exports.relativePath = relativePath;
module.exports.RECORDED = RECORDED;
