import Papa from "papaparse";
import { t } from "../i18n/i18n";

// A CSV file's rows that hold a value: its first rows read chunk by chunk (a preview), or
// every row of a file read whole, under a size cap.

/** A CSV read whole is refused past this size. */
const MAX_CSV_BYTES = 64 * 1024 * 1024;

/** Every row that holds a value, up to `limit`. */
export async function csvRows(file: Blob, limit: number): Promise<string[][]> {
  if (file.size > MAX_CSV_BYTES)
    throw new Error(t("report.fileTooLarge", { megabytes: MAX_CSV_BYTES / 1024 / 1024 }));
  const text = await file.text();
  if (text.includes("\u0000")) throw new Error(t("bulk.notCsvOrXlsx"));
  const rows: string[][] = [];
  Papa.parse<string[]>(text.replace(/^\ufeff/, ""), {
    skipEmptyLines: "greedy",
    step: (result, parser) => {
      rows.push(result.data);
      if (rows.length >= limit) parser.abort();
    },
  });
  return rows;
}

const CSV_CHUNK = 256 * 1024;
type Newline = "\r\n" | "\n" | "\r";
/** A row still unfinished past this many characters is shown as it is and the reading stops. */
const CSV_MAX_ROW = 1024 * 1024;
/**
 * Reads chunk by chunk until `limit` rows that hold a value are complete or the file ends:
 * blank rows (",,,") are skipped however many there are, without keeping them.
 */
export async function csvHead(file: Blob, limit: number): Promise<string[][]> {
  const decoder = new TextDecoder(); // drops a UTF-8 BOM
  const rows: string[][] = [];
  let delimiter = "";
  let newline: Newline | undefined;
  let carry = ""; // the text after the last complete row: blank lines, or a row not yet ended
  for (let offset = 0; rows.length < limit;) {
    const end = Math.min(file.size, offset + CSV_CHUNK);
    const last = end >= file.size;
    const chunk = decoder.decode(new Uint8Array(await file.slice(offset, end).arrayBuffer()), {
      stream: !last,
    });
    if (offset === 0 && chunk.includes("\u0000")) throw new Error(t("bulk.notCsvOrXlsx"));
    offset = end;
    const text = carry + chunk;
    const found: { row: string[]; end: number }[] = [];
    Papa.parse<string[]>(text, {
      delimiter,
      newline,
      skipEmptyLines: "greedy",
      step: (result, parser) => {
        // As the first chunk shows them, for every chunk.
        delimiter ||= result.meta.delimiter;
        newline ??= result.meta.linebreak as Newline;
        found.push({ row: result.data, end: result.meta.cursor });
        // One row past the preview proves the ones before it complete.
        if (rows.length + found.length > limit) parser.abort();
      },
    });
    // A row that runs to the end of the text may go on in the next chunk.
    const open = !last && found.at(-1)?.end === text.length ? found.pop() : undefined;
    rows.push(...found.slice(0, limit - rows.length).map((f) => f.row));
    if (last) break;
    const from = found.at(-1)?.end ?? 0;
    if (open) {
      if (text.length - from > CSV_MAX_ROW) {
        rows.push(open.row);
        break;
      }
      carry = text.slice(from);
    } else {
      // Only blank lines follow the last row: keep the last line, which may be a row begun.
      carry = text.slice(Math.max(from, text.lastIndexOf("\n") + 1, text.lastIndexOf("\r") + 1));
    }
  }
  return rows;
}
