import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  MAX_COST_MILLI,
  webhookEvent,
  type CellLookup,
  type Operation,
  OPERATIONS,
  type CellOperationName,
  type RequestOf,
  type ResponseOf,
} from "../../api/operations";
import { webhookUrlOf } from "../http";
import type { OperationHandler } from "./operation-routes";
import type { FindEmailStatus, VerifyEmailStatus } from "../../api/types";
import { toCredits, type RepeatPolicy } from "../services/ledger";
import { billingKey } from "../services/query-keys";

// The path every lookup takes, in both generations: wait for a slot in the service's queue,
// spend the configured processing time, resolve, bill.

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

export async function serveLookup<T>(app: FastifyInstance, work: () => T): Promise<T> {
  return app.sandbox.queue.run(async () => {
    if (app.sandbox.latencyMs > 0) await sleep(app.sandbox.latencyMs);
    return work();
  });
}

/** The lookups the sandbox bills at v5.1's prices (bulk and GeoLead rows included). */
export type V51Lookup = Exclude<CellLookup, "employees">;

/**
 * v5.1 prices in thousandths of a credit, charged only for a `valid` answer (docs/interface.md,
 * Credits): the rows' prices in src/api/operations.ts.
 */
export const PRICE_MILLI: Readonly<Record<V51Lookup, number>> = MAX_COST_MILLI;

export interface BillRequest {
  operation: V51Lookup;
  key: string;
  status: FindEmailStatus | VerifyEmailStatus;
  email: string | null;
}

/** Bills a v5.1 lookup: valid answers cost their price once per 30 days; the rest are free. */
export function billV51(app: FastifyInstance, request: FastifyRequest, bill: BillRequest): number {
  const valid = bill.status === "valid";
  const repeat: RepeatPolicy = "window";
  const charged = app.sandbox.ledger.charge({
    accountId: request.account.id,
    generation: "v5.1",
    operation: bill.operation,
    key: billingKey(bill.operation, bill.key),
    amountMilli: valid ? PRICE_MILLI[bill.operation] : 0,
    repeat,
    email: valid ? bill.email : null,
    notVerified: bill.status === "risky",
  });
  return toCredits(charged);
}

/** Charges a lookup's answer by its outcome: the credits charged. */
export type Bill = (status: BillRequest["status"], email: string | null) => number;

/** What a v5.1 lookup's handler does before its turn: the billing key, and how to answer. */
export interface LookupPlan<R> {
  key: string;
  answer: (bill: Bill) => R;
}

/**
 * The handler of the v5.1 lookup `name`: its request checked and planned (`plan`, which throws
 * the service's 400), then answered in a slot of the queue, billed as its row's lookup kind, to
 * the caller or to its `x-webhook-url`.
 */
export function v51Lookup<N extends CellOperationName<V51Lookup>>(
  name: N,
  plan: (app: FastifyInstance, body: RequestOf<N>) => LookupPlan<ResponseOf<N> & { input: unknown }>
): OperationHandler<N> {
  const kind = OPERATIONS[name].cell!.lookup as V51Lookup;
  return async (app, request, _reply, operation) => {
    const webhookUrl = webhookUrlOf(request);
    const { key, answer } = plan(app, request.body as RequestOf<N>);
    const result = await serveLookup(app, () =>
      answer((status, email) => billV51(app, request, { operation: kind, key, status, email }))
    );
    return answerOrWebhook(app, webhookUrl, operation, result);
  };
}

export const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/**
 * Echo of the request input (docs/interface.md, Input echo): the fields the operation knows, as
 * sent.
 */
export function echo<T extends object>(body: T, fields: readonly (keyof T)[]): T {
  const input = {} as T;
  for (const field of fields) if (body[field] !== undefined) input[field] = body[field];
  return input;
}

/**
 * docs/interface.md, Webhooks: with `x-webhook-url` the result is POSTed there and the answer is
 * the input echo.
 */
export function answerOrWebhook<T extends { input: unknown }>(
  app: FastifyInstance,
  webhookUrl: string | null,
  operation: Operation,
  result: T
): T | { input: unknown } {
  if (!webhookUrl) return result;
  app.sandbox.webhooks.enqueue(webhookUrl, webhookEvent(operation), result);
  return { input: result.input };
}
