// With FILE_CPU=1, prints each test file's CPU time at the end of the run: the whole machine's
// (/proc/stat, Linux), so that a browser file's Chromium, its sandboxes and its child processes
// count, not only the jest worker. Meaningful with one file at a time:
//
//     FILE_CPU=1 npx jest --maxWorkers=1 --testPathIgnorePatterns '\.serial\.test\.ts$'
//
// (One worker still starts the run's shared Chromium; a file's figure then includes whatever
// else the machine did meanwhile, so run it on a quiet machine.)
const fs = require("node:fs");
const { relativePath } = require("../setup/test-sequencer");

const SHOWN = 30;

/** CPU seconds the machine has spent busy since it started. */
function machineCpuSeconds() {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0].trim().split(/\s+/);
  // cpu user nice system idle iowait irq softirq steal
  const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

class FileCpuReporter {
  constructor() {
    this.enabled = process.env.FILE_CPU === "1" && fs.existsSync("/proc/stat");
    this.started = new Map();
    this.rows = [];
  }

  onTestFileStart(test) {
    if (!this.enabled) return;
    this.started.set(test.path, { cpu: machineCpuSeconds(), at: Date.now() });
  }

  onTestFileResult(test) {
    const start = this.enabled && this.started.get(test.path);
    if (!start) return;
    this.rows.push({
      file: relativePath(test),
      cpu: machineCpuSeconds() - start.cpu,
      wall: (Date.now() - start.at) / 1000,
    });
  }

  onRunComplete() {
    if (!this.enabled || this.rows.length === 0) return;
    const rows = [...this.rows].sort((a, b) => b.cpu - a.cpu);
    const total = (of, field) => of.reduce((sum, row) => sum + row[field], 0).toFixed(0);
    const browser = rows.filter((row) => /\.browser\.test\.ts$/.test(row.file));
    const lines = [
      `\nCPU seconds per test file (the machine's; ${rows.length} files: ${total(rows, "cpu")} CPU s in ${total(rows, "wall")} s; browser files ${browser.length}: ${total(browser, "cpu")} CPU s)`,
      ...rows
        .slice(0, SHOWN)
        .map(
          (row) =>
            `${row.cpu.toFixed(1).padStart(7)} ${row.wall.toFixed(1).padStart(7)} s  ${row.file}`
        ),
    ];
    if (rows.length > SHOWN) lines.push(`    ... ${rows.length - SHOWN} more`);
    process.stdout.write(lines.join("\n") + "\n");
  }
}
module.exports = FileCpuReporter;
