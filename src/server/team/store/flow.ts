import { sql, type Compilable, type CompiledQuery, type Expression } from "kysely";
import type { TeamDb } from "./schema";

// A store operation written once for both databases: a generator that yields its statements
// (compiled by Kysely for the store's dialect) and gets each one's answer back. SQLite runs a
// flow synchronously, in one IMMEDIATE transaction when it writes (better-sqlite3 blocks, so
// nothing else of the process runs between its statements); PostgreSQL runs it over the pool, or
// in one transaction whose row locks the flow asks for (lockedOnPostgres).

export interface Step {
  sql: string;
  parameters: readonly unknown[];
  /** PostgreSQL: prepared under this name on each connection (a statement of every request). */
  name?: string;
  /** Only the first row is wanted (SQLite then stops at it). */
  first?: boolean;
}

export interface Answer {
  rows: unknown[];
  /** Rows inserted, updated or deleted. */
  changes: number;
}

export type Flow<T> = Generator<Step, T, Answer>;

/** How a store runs flows: `read` statement by statement, `write` in one transaction. */
export interface FlowRunner {
  read<T>(flow: Flow<T>): Promise<T>;
  write<T>(flow: Flow<T>): Promise<T>;
}

/** A query built for this call, compiled into a step (its SQL and values only). */
function stepOf<R>(query: Compilable<R>, name?: string): Step & { result?: R } {
  const { sql, parameters } = query.compile();
  return { sql, parameters, name };
}

export function* rows<R>(query: Compilable<R>, name?: string): Flow<R[]> {
  return yield* rowsOf(stepOf(query, name));
}

export function* row<R>(query: Compilable<R>, name?: string): Flow<R | undefined> {
  return yield* rowOf(stepOf(query, name));
}

export function* changes(query: Compilable<unknown>, name?: string): Flow<number> {
  return yield* changesOf(stepOf(query, name));
}

export function runSync<T>(flow: Flow<T>, execute: (step: Step) => Answer): T {
  let next = flow.next();
  while (!next.done) next = flow.next(execute(next.value));
  return next.value;
}

export async function runAsync<T>(
  flow: Flow<T>,
  execute: (step: Step) => Promise<Answer>
): Promise<T> {
  let next = flow.next();
  while (!next.done) next = flow.next(await execute(next.value));
  return next.value;
}

/** The store's query builder with what differs between its two databases. */
export interface Sql {
  db: TeamDb;
  postgres: boolean;
}

/**
 * The time expiries are judged by: the database's clock on PostgreSQL (one for every instance),
 * the host's on SQLite (one host), given as `clockNowValue()`.
 */
export function clockNow(q: Sql, value: string | null): Expression<string> {
  return q.postgres ? sql<string>`now()` : sql.val(value as string);
}

/** The value clockNow() reads on SQLite (PostgreSQL reads its own clock). */
export const clockNowValue = (q: Sql): string | null => (q.postgres ? null : nowIso());

/** clockNow() plus `ms`, given as `clockInValue(ms)`. */
export function clockIn(q: Sql, value: number | string): Expression<string> {
  return q.postgres
    ? sql<string>`now() + ${value} * interval '1 millisecond'`
    : sql.val(value as string);
}

export const clockInValue = (q: Sql, ms: number): number | string =>
  q.postgres ? ms : new Date(Date.now() + ms).toISOString();

export const nowIso = (): string => new Date().toISOString();

/** Where a prepared statement takes the value of the call at `index`. */
class Slot {
  constructor(readonly index: number) {}
}

const compiledOnce = new WeakMap<object, Map<string, CompiledQuery>>();

/**
 * A statement of every request, built by Kysely and compiled once per store under `name` (its
 * shape must not depend on the values), then sent with each call's `values` in their slots:
 * building a query costs more than running it on SQLite. PostgreSQL also prepares it once per
 * connection under that name.
 */
export function prepared<const V extends readonly unknown[], R>(
  q: Sql,
  name: string,
  values: V,
  build: (...slots: V) => Compilable<R>
): Step & { result?: R } {
  let compiled = compiledOnce.get(q.db);
  if (!compiled) compiledOnce.set(q.db, (compiled = new Map()));
  let query = compiled.get(name);
  if (!query) {
    query = build(...(values.map((_, index) => new Slot(index)) as unknown as V)).compile();
    compiled.set(name, query);
  }
  const parameters = query.parameters.map((parameter) =>
    parameter instanceof Slot ? values[parameter.index] : parameter
  );
  return { name, sql: query.sql, parameters };
}

/** The rows of a prepared() statement. */
export function* rowsOf<R>(step: Step & { result?: R }): Flow<R[]> {
  return (yield step).rows as R[];
}

export function* rowOf<R>(step: Step & { result?: R }): Flow<R | undefined> {
  step.first = true;
  return ((yield step).rows as R[])[0];
}

export function* changesOf(step: Step): Flow<number> {
  return (yield step).changes;
}
