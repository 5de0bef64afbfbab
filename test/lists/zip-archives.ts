import zlib from "zlib";
import { zipSync, strToU8 } from "fflate";

// Archives for the tests of the XLSX preview: small workbooks written part by part, and a
// zip writer by hand for the malformed ones (wrong sizes, checksums, counts), which no
// library writes on purpose.

export interface RawEntry {
  name: string;
  /** The bytes stored: raw deflate when method is 8. */
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  /** The uncompressed size declared. */
  size: number;
  /** The compressed size declared (default: the bytes stored). */
  compressedSize?: number;
}

const bytesOf = (content: string | Uint8Array): Uint8Array =>
  typeof content === "string" ? strToU8(content) : content;

export function storedEntry(name: string, content: string | Uint8Array): RawEntry {
  const data = bytesOf(content);
  return { name, data, method: 0, crc: zlib.crc32(data), size: data.length };
}

export function deflatedEntry(name: string, content: string | Uint8Array): RawEntry {
  const data = bytesOf(content);
  return {
    name,
    data: new Uint8Array(zlib.deflateRawSync(data)),
    method: 8,
    crc: zlib.crc32(data),
    size: data.length,
  };
}

/**
 * Raw deflate that inflates to `prefix` then `total` bytes of `unit` repeated, from about
 * total / 1000 bytes: one 16 MB segment compressed once (ending on a full flush, so it
 * stands alone) and repeated, then an empty final block. No buffer of `total` bytes is made.
 */
export function repeatedDeflate(unit: string, total: number, prefix = ""): Uint8Array<ArrayBuffer> {
  const flushed = (text: string): Buffer =>
    zlib.deflateRawSync(Buffer.from(text), { finishFlush: zlib.constants.Z_FULL_FLUSH });
  const segmentSize = 16 * 1024 * 1024;
  const segment = flushed(unit.repeat(Math.ceil(segmentSize / unit.length)).slice(0, segmentSize));
  const head = prefix ? flushed(prefix) : new Uint8Array(0);
  const count = Math.max(1, Math.round(total / segmentSize));
  const out = new Uint8Array(head.length + segment.length * count + 2);
  out.set(head, 0);
  for (let i = 0; i < count; i++) out.set(segment, head.length + i * segment.length);
  out.set([0x03, 0x00], out.length - 2); // BFINAL, fixed Huffman, end of block
  return out;
}

/** A zip of these entries as given (sizes, checksums and counts are not checked). */
export function rawZip(
  entries: RawEntry[],
  options: { count?: number } = {}
): Uint8Array<ArrayBuffer> {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const compressedSize = entry.compressedSize ?? entry.data.length;
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true);
    l.setUint16(6, 0x0800, true); // UTF-8 names
    l.setUint16(8, entry.method, true);
    l.setUint16(12, 0x21, true); // 1980-01-01
    l.setUint32(14, entry.crc >>> 0, true);
    l.setUint32(18, compressedSize >>> 0, true);
    l.setUint32(22, entry.size >>> 0, true);
    l.setUint16(26, name.length, true);
    local.set(name, 30);
    const central = new Uint8Array(46 + name.length);
    const c = new DataView(central.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true);
    c.setUint16(6, 20, true);
    c.setUint16(8, 0x0800, true);
    c.setUint16(10, entry.method, true);
    c.setUint16(14, 0x21, true);
    c.setUint32(16, entry.crc >>> 0, true);
    c.setUint32(20, compressedSize >>> 0, true);
    c.setUint32(24, entry.size >>> 0, true);
    c.setUint16(28, name.length, true);
    c.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local, entry.data);
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const directorySize = centrals.reduce((n, b) => n + b.length, 0);
  const end = new Uint8Array(22);
  const e = new DataView(end.buffer);
  e.setUint32(0, 0x06054b50, true);
  e.setUint16(8, options.count ?? entries.length, true);
  e.setUint16(10, options.count ?? entries.length, true);
  e.setUint32(12, directorySize, true);
  e.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="People" sheetId="1" r:id="rId1"/></sheets></workbook>';

const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
  "</Relationships>";

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A worksheet whose rows hold these texts (inline strings; null leaves the cell out). */
export function sheetXml(rows: (string | null)[][]): string {
  const body = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">` +
        cells
          .map((text, c) =>
            text === null
              ? ""
              : `<c r="${String.fromCharCode(65 + c)}${r + 1}" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`
          )
          .join("") +
        "</row>"
    )
    .join("");
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
    `<sheetData>${body}</sheetData></worksheet>`
  );
}

/** The parts that lead to the first worksheet, as a workbook writer stores them. */
export function workbookEntries(sheet: string | Uint8Array): RawEntry[] {
  return [
    deflatedEntry("xl/workbook.xml", WORKBOOK),
    deflatedEntry("xl/_rels/workbook.xml.rels", RELS),
    deflatedEntry("xl/worksheets/sheet1.xml", sheet),
  ];
}

/** A small valid workbook (fflate's zip writer). */
export function smallWorkbook(rows: (string | null)[][]): Uint8Array<ArrayBuffer> {
  return zipSync({
    "xl/workbook.xml": strToU8(WORKBOOK),
    "xl/_rels/workbook.xml.rels": strToU8(RELS),
    "xl/worksheets/sheet1.xml": strToU8(sheetXml(rows)),
  });
}
