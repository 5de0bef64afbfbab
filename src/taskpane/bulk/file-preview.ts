import Papa from "papaparse";

// The first rows of a CSV or XLSX file chosen for a bulk search, to map its columns before
// it is uploaded (bulk/multipart). XLSX is read with a small zip reader over the runtime's
// DecompressionStream rather than a spreadsheet library: only a few rows are needed, and the
// task pane must stay small.

export interface FilePreview {
  kind: "csv" | "xlsx";
  rows: string[][];
}

export const PREVIEW_ROWS = 6;

export async function previewFile(file: Blob, fileName: string): Promise<FilePreview> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  const isZip = head[0] === 0x50 && head[1] === 0x4b;
  if (isZip || /\.xlsx$/i.test(fileName)) {
    if (!isZip) throw new Error("This .xlsx file is not a valid workbook.");
    return { kind: "xlsx", rows: await previewXlsx(new Uint8Array(await file.arrayBuffer())) };
  }
  if (/\.xls$/i.test(fileName))
    throw new Error("Old .xls workbooks are not supported: save it as .xlsx or .csv.");
  const text = await file.slice(0, 256 * 1024).text();
  if (/\u0000/.test(text)) throw new Error("This file is neither CSV nor XLSX.");
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), {
    preview: PREVIEW_ROWS,
    skipEmptyLines: true,
  });
  if (parsed.data.length === 0) throw new Error("The file is empty.");
  return { kind: "csv", rows: parsed.data };
}

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  localOffset: number;
}

function zipEntries(bytes: Uint8Array): Map<string, ZipEntry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error("This .xlsx file is damaged (no zip directory).");
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, ZipEntry>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count && at + 46 <= bytes.length; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) break;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    entries.set(name, {
      name,
      method: view.getUint16(at + 10, true),
      compressedSize: view.getUint32(at + 20, true),
      localOffset: view.getUint32(at + 42, true),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An entry's text; with `until`, stops inflating once the text so far satisfies it. */
async function entryText(
  bytes: Uint8Array,
  entry: ZipEntry,
  until?: (text: string) => boolean
): Promise<string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start =
    entry.localOffset +
    30 +
    view.getUint16(entry.localOffset + 26, true) +
    view.getUint16(entry.localOffset + 28, true);
  const data = bytes.subarray(start, start + entry.compressedSize);
  if (entry.method === 0) return new TextDecoder().decode(data);
  if (entry.method !== 8) throw new Error("This .xlsx file uses an unsupported compression.");
  const stream = new Blob([new Uint8Array(data)])
    .stream()
    .pipeThrough(new DecompressionStream("deflate-raw"))
    .pipeThrough(new TextDecoderStream());
  const reader = stream.getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += value;
    if (until?.(text)) {
      await reader.cancel();
      break;
    }
  }
  return text;
}

const decodeXml = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, entity: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (named[entity.toLowerCase()]) return named[entity.toLowerCase()]!;
    const code =
      entity[1]?.toLowerCase() === "x"
        ? parseInt(entity.slice(2), 16)
        : parseInt(entity.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : "";
  });

/** All `<t>` texts of a fragment, concatenated (rich text runs included). */
const texts = (fragment: string): string =>
  [...fragment.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => decodeXml(m[1]!)).join("");

function columnIndex(reference: string): number {
  const letters = /^[A-Z]+/.exec(reference)?.[0] ?? "A";
  return [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

async function previewXlsx(bytes: Uint8Array): Promise<string[][]> {
  const entries = zipEntries(bytes);
  const workbook = entries.get("xl/workbook.xml");
  let sheetPath = "xl/worksheets/sheet1.xml";
  if (workbook) {
    const firstSheetRel = /<sheet\b[^>]*\br:id="([^"]+)"/.exec(
      await entryText(bytes, workbook)
    )?.[1];
    const rels = entries.get("xl/_rels/workbook.xml.rels");
    if (firstSheetRel && rels) {
      const target =
        new RegExp(`<Relationship\\b[^>]*Id="${firstSheetRel}"[^>]*Target="([^"]+)"`).exec(
          await entryText(bytes, rels)
        )?.[1] ??
        new RegExp(`<Relationship\\b[^>]*Target="([^"]+)"[^>]*Id="${firstSheetRel}"`).exec(
          await entryText(bytes, rels)
        )?.[1];
      if (target)
        sheetPath = target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`;
    }
  }
  const sheet = entries.get(sheetPath);
  if (!sheet) throw new Error("This .xlsx file has no worksheet.");
  const sheetXml = await entryText(
    bytes,
    sheet,
    (text) => (text.match(/<\/row>/g)?.length ?? 0) >= PREVIEW_ROWS
  );
  const sharedEntry = entries.get("xl/sharedStrings.xml");
  const shared = sharedEntry
    ? [...(await entryText(bytes, sharedEntry)).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
        texts(m[1]!)
      )
    : [];
  const rows: string[][] = [];
  for (const row of sheetXml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attributes = cell[1]!;
      const body = cell[2] ?? "";
      const reference = /\br="([A-Z]+\d+)"/.exec(attributes)?.[1];
      const type = /\bt="(\w+)"/.exec(attributes)?.[1];
      const raw = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const value =
        type === "s"
          ? (shared[Number(raw)] ?? "")
          : type === "inlineStr"
            ? texts(body)
            : raw !== undefined
              ? decodeXml(raw)
              : "";
      const column = reference ? columnIndex(reference) : cells.length;
      while (cells.length < column) cells.push("");
      cells[column] = value;
    }
    if (cells.some((c) => c !== "")) rows.push(cells);
    if (rows.length >= PREVIEW_ROWS) break;
  }
  if (rows.length === 0) throw new Error("The first worksheet is empty.");
  return rows;
}
