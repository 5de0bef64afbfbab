import { ServiceError } from "../errors";
import type { Db } from "../storage/db";

// How much search work one account may ask for in all (Try mode, SECURITY.md "Nothing can be
// held"): a demo key is free, so its searches are bounded, counted in the sandbox's own
// database so that a restart forgets nothing. Bulk searches count their data rows; a GeoLead
// counts the places it found, at most its result_limit and at most the rows left, which it
// reserves when it is created (one with no result_limit, or a larger one, finds no more than
// what is left). A search counts once created, whatever becomes of it.

export interface AllowanceLimits {
  /** Bulk and GeoLead searches created. */
  searches: number;
  /** Rows of those searches. */
  rows: number;
}

export function demoLimit(message: string): ServiceError {
  return new ServiceError(429, "demo_limit", message);
}

export class SearchAllowance {
  private readonly used;

  constructor(
    db: Db,
    readonly limits: AllowanceLimits
  ) {
    this.used = db.prepare<[number], { searches: number; rows: number }>(
      "SELECT COUNT(*) AS searches, COALESCE(SUM(counted_rows), 0) AS rows FROM searches WHERE account_id = ?"
    );
  }

  /** The rows `accountId` may still search; throws 429 when no search or no row is left. */
  rowsLeft(accountId: number): number {
    const used = this.used.get(accountId)!;
    const { searches, rows } = this.limits;
    if (used.searches >= searches)
      throw demoLimit(
        `This demo key has made its ${searches} searches, all a demo key may make. Use your own API key to search more.`
      );
    if (used.rows >= rows)
      throw demoLimit(
        `This demo key has searched its ${rows.toLocaleString("en-US")} rows, all a demo key may search. Use your own API key to search more.`
      );
    return rows - used.rows;
  }

  /** Throws 429 unless a bulk search of `rows` rows fits in what `accountId` has left. */
  checkBulk(accountId: number, rows: number): void {
    const left = this.rowsLeft(accountId);
    if (rows > left)
      throw demoLimit(
        `This search has ${rows.toLocaleString("en-US")} rows and this demo key has ${left.toLocaleString("en-US")} of its ${this.limits.rows.toLocaleString("en-US")} left. Search fewer rows, or use your own API key.`
      );
  }

  /** The most places a new GeoLead of `accountId` may find (throws 429 when none is left). */
  geoLeadRows(accountId: number, resultLimit: number | null): number {
    const left = this.rowsLeft(accountId);
    return resultLimit === null ? left : Math.min(resultLimit, left);
  }
}
