import { Readable } from "node:stream";
import type { FastifyReply } from "fastify";

// CSV downloads of the admin API (RFC 4180), safe to open in Excel, written to the reply as
// their rows are read: an export of a year of requests is never held whole.

// A text starting like a formula is written as text: a CSV opened in Excel must not run a
// member's name as a formula (CSV injection).
export const FORMULA_START = /^[=+\-@\t\r]/;

/** Text gathered before it is written: a write per row would be many small writes. */
const CHUNK_CHARACTERS = 16 * 1024;

export type CsvRow = Array<string | number>;

export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(row: CsvRow): string {
  return row.map(csvField).join(",") + "\r\n";
}

/**
 * Sends a CSV file (with a byte order mark, so that Excel reads it as UTF-8) row by row. The
 * first row is read before anything is sent: a store that fails at once is an error answer;
 * one that fails later cuts the download short (its status is sent already).
 */
export async function sendCsv(
  reply: FastifyReply,
  filename: string,
  header: string[],
  rows: AsyncIterable<CsvRow>
): Promise<FastifyReply> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  async function* text(): AsyncGenerator<string> {
    let chunk = "\uFEFF" + csvLine(header);
    for (let next = first; !next.done; next = await iterator.next()) {
      chunk += csvLine(next.value);
      if (chunk.length >= CHUNK_CHARACTERS) {
        yield chunk;
        chunk = "";
      }
    }
    if (chunk) yield chunk;
  }
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(Readable.from(text()));
}

/** `rows` with `map` applied to each, as they come. */
export async function* mapRows<T>(
  rows: AsyncIterable<T>,
  map: (row: T) => CsvRow
): AsyncGenerator<CsvRow> {
  for await (const row of rows) yield map(row);
}
