import { sql, type Compilable, type CompiledQuery, type Expression } from "kysely";
import type { TeamDb } from "./schema";

// A store operation written once for both databases: a generator that yields its statements
// (compiled by Kysely for the store's dialect) and gets each one's answer back. SQLite runs a
// flow synchronously, in one IMMEDIATE transaction when it writes (better-sqlite3 blocks, so
// nothing else of the process runs between its statements); PostgreSQL runs it over the pool, or
// in one transaction whose row locks the flow asks for (lockedOnPostgres).

export interface Step {
  query: CompiledQuery;
  /** PostgreSQL: prepared under this name on each connection (a statement of every request). */
  name?: string;
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

export function* rows<R>(query: Compilable<R>, name?: string): Flow<R[]> {
  return (yield { query: query.compile(), name }).rows as R[];
}

export function* row<R>(query: Compilable<R>, name?: string): Flow<R | undefined> {
  return (yield* rows(query, name))[0];
}

export function* changes(query: Compilable<unknown>, name?: string): Flow<number> {
  return (yield { query: query.compile(), name }).changes;
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
 * the host's on SQLite (one host).
 */
export function clockNow(q: Sql): Expression<string> {
  return q.postgres ? sql<string>`now()` : sql.val(new Date().toISOString());
}

/** clockNow() plus `ms`. */
export function clockIn(q: Sql, ms: number): Expression<string> {
  return q.postgres
    ? sql<string>`now() + ${ms} * interval '1 millisecond'`
    : sql.val(new Date(Date.now() + ms).toISOString());
}

export const nowIso = (): string => new Date().toISOString();
