import type { CellLookup, CellOperationName, RequestOf, ResponseOf } from "../api/operations";
import type { LegacyEmployeesResult } from "../api/types";
import type { EmailServiceClient, LookupCallOptions } from "./client";
import type { LookupOperation } from "./lookup-key";

// The lookups a cell can ask for: each one's request and answer (its operation's, in
// src/api/operations.ts), the client's call that sends it, and what its answer cost.

export type LookupTypes = {
  [L in CellLookup]: {
    request: RequestOf<CellOperationName<L>>;
    result: ResponseOf<CellOperationName<L>>;
  };
};

/** Sends one lookup through the client's call of its operation. */
export function executeLookup(
  client: EmailServiceClient,
  operation: LookupOperation,
  body: object,
  options: LookupCallOptions
): Promise<unknown> {
  return client.cellLookup(operation, body as never, options);
}

/** What an answer cost: v5.1 says so; a legacy employee search costs 1 when it finds someone. */
export function chargeOf(operation: LookupOperation, value: unknown): number {
  if (operation === "employees")
    return ((value as LegacyEmployeesResult)?.employees?.length ?? 0) > 0 ? 1 : 0;
  const charged = (value as { credits_charged?: unknown })?.credits_charged;
  return typeof charged === "number" ? charged : 0;
}
