import type { FastifyReply } from "fastify";

// CSV downloads of the admin API (RFC 4180), safe to open in Excel.

// A text starting like a formula is written as text: a CSV opened in Excel must not run a
// member's name as a formula (CSV injection).
export const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file with a byte order mark, so that Excel reads it as UTF-8. */
export function csvFile(header: string[], rows: Array<Array<string | number>>): string {
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(csv);
}
