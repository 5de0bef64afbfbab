import { writeTableToNewSheet, type CellValue } from "../src/workbook/sheet-writer";
import { FakeExcel } from "../test/workbook/fake-excel";
import { printTable } from "./sandbox-process";
import { BENCH_FIRST_NAMES, BENCH_LAST_NAMES } from "./fixtures";

// 100,000 result rows x 12 columns through the sheet writer, against the in-memory Excel of
// the tests (which measures each sync's request as the JSON of the values and formats it
// carries, and refuses one above Excel on the web's 5 MB). Run with `npx tsx bench/sheet-writer.ts`.

const ROWS = 100_000;
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
  printTable("Sheet writer: 100,000 rows x 12 columns into a new sheet (fake Excel)", [
    {
      rows: result.rowCount,
      cells: (result.rowCount + 1) * HEADER.length,
      syncs: result.syncCount,
      "value syncs": new Set(excel.ops.filter((o) => o.op === "values").map((o) => o.sync)).size,
      "largest request MB": mb(Math.max(...payloads)),
      "total payload MB": mb(payloads.reduce((a, b) => a + b, 0)),
      "wall ms": Math.round(wallMs),
      "peak heap MB": Math.round(mb(peakHeap)),
    },
  ]);
  if (Math.max(...payloads) > 5 * 1024 * 1024)
    throw new Error("a sync went over Excel on the web's 5 MB request limit");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
