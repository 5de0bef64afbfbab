import { DECISION_MAKER_CATEGORIES, type DecisionMakerCategory } from "../api/types";
import { OUTPUT_FIELDS, type EnrichOperation, type OutputField } from "../lists/enrich-outputs";
import { MAPPED_FIELDS, type MappedField } from "../lists/mapping";
import type { EnrichLocation } from "./enrich-source";

// What a job record keeps of an enrichment, as saved in the workbook: where its
// list is, what was sent from it and where its answers go. Kept compact (document settings are
// small): the sheet rows sent as ranges, and a 4-character hash of each row's inputs.

/** Where the list is (EnrichLocation), what was sent from it, and where answers go. */
export interface EnrichJobInfo extends EnrichLocation {
  operation: EnrichOperation;
  outputs: OutputField[];
  /** The input fields sent, each with its column in the list, in the order of the upload. */
  inputs: Array<[MappedField, number]>;
  /** The sheet rows sent (1-based, as Excel numbers them), as ranges: "2-5001,5003". */
  rows: string;
  /** inputHash of each row sent, in the order of `rows` (a bulk search's; "" for a run). */
  hashes: string;
  /** Only valid emails: a risky or invalid one's email cell is left empty. */
  onlyValid?: boolean;
  /** Decision makers: the categories, most important first (a run continued asks the same). */
  categories?: DecisionMakerCategory[];
  /**
   * The sheet column of each output as the run prepared it: where a list without a header
   * row (whose output columns cannot be found by their header) is written.
   */
  columns?: number[];
}

const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const HASH_LENGTH = 4;

/** 24 bits of FNV-1a over the key, as 4 characters. */
export function inputHash(key: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let out = "";
  for (let k = 0; k < HASH_LENGTH; k++) out += DIGITS[(h >>> (6 * k)) & 63];
  return out;
}

/** Ascending row numbers as ranges: [2,3,4,7] -> "2-4,7". */
export function encodeRows(rows: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < rows.length;) {
    let j = i;
    while (j + 1 < rows.length && rows[j + 1] === rows[j]! + 1) j++;
    parts.push(j === i ? `${rows[i]}` : `${rows[i]}-${rows[j]}`);
    i = j + 1;
  }
  return parts.join(",");
}

/** The inverse of encodeRows; null when the text is not such a list. */
export function decodeRows(text: string): number[] | null {
  if (text === "") return [];
  const rows: number[] = [];
  for (const part of text.split(",")) {
    const match = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!match) return null;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    if (to < from || to - from > 2_000_000) return null;
    for (let row = from; row <= to; row++) rows.push(row);
  }
  return rows;
}

/** Sheet row -> hash of the inputs sent for it. */
export function expectedHashes(info: EnrichJobInfo): Map<number, string> | null {
  const rows = decodeRows(info.rows);
  if (!rows || rows.length * HASH_LENGTH !== info.hashes.length) return null;
  return new Map(
    rows.map((row, i) => [row, info.hashes.slice(i * HASH_LENGTH, (i + 1) * HASH_LENGTH)])
  );
}

const OPERATIONS: readonly EnrichOperation[] = ["person", "verify", "decision_maker"];
const index = (value: unknown): value is number =>
  typeof value === "number" && Number.isInteger(value) && value >= 0;

/** The saved info checked field by field, or null when anything is off. */
export function toEnrichJob(value: unknown): EnrichJobInfo | null {
  if (typeof value !== "object" || value === null) return null;
  const v = value as Record<string, unknown>;
  const operation = OPERATIONS.find((op) => op === v.operation);
  if (
    !operation ||
    typeof v.sheetName !== "string" ||
    !(v.tableName === null || typeof v.tableName === "string") ||
    !index(v.rowIndex) ||
    !index(v.columnIndex) ||
    !index(v.columnCount) ||
    typeof v.hasHeader !== "boolean" ||
    typeof v.rows !== "string" ||
    typeof v.hashes !== "string" ||
    !Array.isArray(v.outputs) ||
    !Array.isArray(v.inputs)
  )
    return null;
  const outputs = v.outputs.filter((f): f is OutputField =>
    OUTPUT_FIELDS[operation].includes(f as OutputField)
  );
  const inputs = v.inputs.filter(
    (pair): pair is [MappedField, number] =>
      Array.isArray(pair) &&
      MAPPED_FIELDS.includes(pair[0] as MappedField) &&
      index(pair[1]) &&
      pair.length === 2
  );
  if (outputs.length !== v.outputs.length || outputs.length === 0) return null;
  if (inputs.length !== v.inputs.length || inputs.length === 0) return null;
  const categories = v.categories === undefined ? undefined : toCategories(v.categories);
  const columns =
    v.columns === undefined
      ? undefined
      : Array.isArray(v.columns) && v.columns.length === outputs.length && v.columns.every(index)
        ? (v.columns as number[])
        : null;
  if (categories === null || columns === null) return null;
  if (v.onlyValid !== undefined && typeof v.onlyValid !== "boolean") return null;
  return {
    sheetName: v.sheetName,
    tableName: v.tableName,
    rowIndex: v.rowIndex,
    columnIndex: v.columnIndex,
    columnCount: v.columnCount,
    hasHeader: v.hasHeader,
    operation,
    outputs,
    inputs: inputs.map(([field, column]) => [field, column]),
    rows: v.rows,
    hashes: v.hashes,
    ...(categories ? { categories } : {}),
    ...(columns ? { columns: [...columns] } : {}),
    ...(v.onlyValid === true ? { onlyValid: true } : {}),
  };
}

function toCategories(value: unknown): DecisionMakerCategory[] | null {
  if (!Array.isArray(value)) return null;
  const known = value.filter((c): c is DecisionMakerCategory =>
    (DECISION_MAKER_CATEGORIES as readonly unknown[]).includes(c)
  );
  return known.length === value.length ? known : null;
}
