import type { BulkCell, BulkJsonRequest, DecisionMakerCategory } from "../../api/types";
import { MAPPED_FIELDS, indexFieldOf, type BulkSearchKind, type ColumnMapping } from "./mapping";

/** Spec 8: up to 100,000 rows a bulk search. */
export const MAX_BULK_ROWS = 100_000;

/** What a valid result costs per row (spec 1; a verification 0.2 as the production service documents). */
export const UNIT_PRICE: Record<BulkSearchKind, number> = {
  person: 1,
  linkedin_url: 1,
  company: 1,
  decision_maker: 2,
  verify: 0.2,
};

export interface BulkPlanInput {
  values: BulkCell[][];
  hasHeader: boolean;
  mapping: ColumnMapping;
  categories: DecisionMakerCategory[];
  fileName: string;
  kind: BulkSearchKind;
}

export interface BulkPlan {
  requests: BulkJsonRequest[];
  rows: number;
  /** The most the results can cost: every row found valid and none a free repeat. */
  maxCredits: number;
}

const isBlankRow = (row: BulkCell[]): boolean =>
  row.every(
    (cell) => cell === null || cell === "" || (typeof cell === "string" && cell.trim() === "")
  );

/**
 * The bulk/json requests for a table: blank rows dropped, cells turned into strings, and
 * more than 100,000 rows split into several searches, each with the header row.
 */
export function planBulk(input: BulkPlanInput): BulkPlan {
  const header = input.hasHeader ? (input.values[0] ?? []) : null;
  const body = (input.hasHeader ? input.values.slice(1) : input.values).filter(
    (row) => !isBlankRow(row)
  );
  const indexes: Partial<BulkJsonRequest> = {};
  for (const field of MAPPED_FIELDS) {
    const column = input.mapping[field];
    if (column !== undefined) (indexes as Record<string, number>)[indexFieldOf(field)] = column;
  }
  const parts = Math.max(1, Math.ceil(body.length / MAX_BULK_ROWS));
  const requests: BulkJsonRequest[] = [];
  for (let part = 0; part < parts; part++) {
    const rows = body
      .slice(part * MAX_BULK_ROWS, (part + 1) * MAX_BULK_ROWS)
      .map((row) => row.map(cellText));
    requests.push({
      data: header ? [header.map(cellText), ...rows] : rows,
      has_header: header !== null,
      file_name: parts > 1 ? `${input.fileName} (${part + 1} of ${parts})` : input.fileName,
      ...indexes,
      ...(input.kind === "decision_maker" ? { decision_maker_category: input.categories } : {}),
    });
  }
  return {
    requests,
    rows: body.length,
    maxCredits: Math.round(body.length * UNIT_PRICE[input.kind] * 1000) / 1000,
  };
}

function cellText(cell: BulkCell): string {
  if (cell === null || cell === undefined) return "";
  return typeof cell === "string" ? cell : String(cell);
}
