// The service's limits that more than one description of it needs (docs/interface.md, Limits):
// the bulk rows of the registry (operations.ts) and the bulk body's schema (body-schemas.ts).

/** What a bulk search takes at most. */
export interface BulkLimits {
  rows: number;
  columns: number;
}

export const BULK_LIMITS: BulkLimits = { rows: 100_000, columns: 1_000 };
