import {
  DEFAULT_MAX_PAYLOAD_BYTES,
  MAX_CELLS_PER_SYNC,
  writeTableToNewSheet,
  type CellValue,
} from "../src/workbook/sheet-writer";
import { FakeExcel } from "../test/workbook/fake-excel";
import { printTable } from "./sandbox-process";
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES } from "./fixtures";
import { finishGoals, goal, quick } from "./goals";

// 100,000 result rows x 12 columns through the sheet writer, against the in-memory Excel of
// the tests (which measures each sync's request as the JSON of the values and formats it
// carries, and refuses one above Excel on the web's 5 MB). Run with `npx tsx bench/sheet-writer.ts`
// (20,000 rows with --quick).

const ROWS = quick ? 20_000 : 100_000;
/** Excel on the web refuses a request above 5 MB (the fake Excel too). */
const EXCEL_REQUEST_LIMIT = 5 * 1024 * 1024;
const HEADER = [
  "email",
  "email_status",
  "first_name",
  "last_name",
  "full_name",
  "company",
  "domain",
  "job_title",
  "linkedin_url",
  "credits_charged",
  "valid_email",
  "note",
];

function buildRows(): CellValue[][] {
  const first = BENCH_FIRST_NAMES.map((name) => (name === "Lena" ? "Léa" : name));
  const last = BENCH_LAST_NAMES.map((name) => (name === "Birch" ? "Müller" : name));
  const titles = [
    "Chief Executive Officer",
    "Head of Sales",
    "HR Manager",
    "CTO",
    "Marketing Lead",
    "Buyer",
  ];
  const statuses = ["valid", "risky", "not_found"];
  // Text that Excel would read as a formula or a number, as a file or a service may send it.
  const notes = [
    "",
    "",
    "",
    '=HYPERLINK("http://example.com","x")',
    "+33 1 23 45 67 89",
    "-",
    "@handle",
    "00123",
    "2024-05-01",
  ];
  const rows: CellValue[][] = [];
  for (let i = 0; i < ROWS; i++) {
    const f = first[i % first.length]!;
    const l = `${last[i % last.length]}${i % 997}`;
    const domain = `company-${i % 3000}.example.com`;
    const status = statuses[i % statuses.length]!;
    const found = status !== "not_found";
    rows.push([
      found ? `${f.toLowerCase()}.${l.toLowerCase()}@${domain}` : null,
      status,
      f,
      l,
      `${f} ${l}`,
      `Company ${i % 3000} Ltd`,
      domain,
      titles[i % titles.length]!,
      `https://www.linkedin.com/in/${f.toLowerCase()}-${l.toLowerCase()}-${i}`,
      status === "valid" ? 1 : 0,
      status === "valid",
      notes[i % notes.length] || null,
    ]);
  }
  return rows;
}

async function main(): Promise<void> {
  const rows = buildRows();
  const excel = new FakeExcel({ keepCells: false });
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = (): void => {
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  };
  const started = performance.now();
  const result = await writeTableToNewSheet(
    { header: HEADER, rows },
    { baseName: "Bench results", context: excel.context(), onProgress: sample }
  );
  const wallMs = performance.now() - started;
  sample();

  const payloads = excel.syncs.map((s) => s.payloadBytes);
  const mb = (bytes: number): number => bytes / (1024 * 1024);
  const cells = (result.rowCount + 1) * HEADER.length;
  const valueSyncs = new Set(excel.ops.filter((o) => o.op === "values").map((o) => o.sync)).size;
  const totalBytes = payloads.reduce((a, b) => a + b, 0);
  printTable(
    `Sheet writer: ${ROWS.toLocaleString("en-US")} rows x ${HEADER.length} columns into a new sheet (fake Excel)`,
    [
      {
        rows: result.rowCount,
        cells,
        syncs: result.syncCount,
        "value syncs": valueSyncs,
        "largest request MB": mb(Math.max(...payloads)),
        "total payload MB": mb(totalBytes),
        "wall ms": Math.round(wallMs),
        "peak heap MB": Math.round(mb(peakHeap)),
      },
    ]
  );
  console.log("");
  goal("rows written", result.rowCount, {
    atLeast: ROWS,
    atMost: ROWS,
    why: "every result row reaches the sheet",
  });
  goal("largest request", mb(Math.max(...payloads)), {
    atMost: mb(EXCEL_REQUEST_LIMIT),
    unit: "MB",
    why: "Excel on the web refuses a request over 5 MB: the write would fail",
  });
  // Each sync is a round trip to Excel: requests are filled up to the writer's budgets.
  const fewestValueSyncs = Math.max(
    Math.ceil(cells / MAX_CELLS_PER_SYNC),
    Math.ceil(totalBytes / DEFAULT_MAX_PAYLOAD_BYTES)
  );
  goal("value syncs beyond the fewest the budgets allow", valueSyncs - fewestValueSyncs, {
    atMost: 1,
    why: `each sync is a round trip to Excel: requests are filled up to ${MAX_CELLS_PER_SYNC.toLocaleString("en-US")} cells or ${mb(DEFAULT_MAX_PAYLOAD_BYTES)} MB`,
  });
  goal("peak heap", mb(peakHeap), {
    atMost: 256,
    unit: "MB",
    why: "the rows are written in blocks, not copied whole (about 120 MB at 100,000 rows, most of it the rows themselves)",
  });
  goal("rows written per second", ROWS / (wallMs / 1000), {
    atLeast: 5_000,
    unit: "rows/s",
    why: "writing 100,000 rows takes seconds (the fake Excel's own time included), not minutes, even on a busy machine (125,000/s on a free one, 17,000/s at load average 16)",
  });
}

main()
  .then(finishGoals)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
