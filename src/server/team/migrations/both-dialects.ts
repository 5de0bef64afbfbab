import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Migration } from "kysely/migration";

// A migration of the team store: its SQL for SQLite and for PostgreSQL, run by Kysely's
// migrator (store/migrate.ts). A migration once released is never edited: a change is a new
// one. Times are ISO 8601 text in SQLite (written by the store in one form, so that text order
// is time order) and timestamptz in PostgreSQL; amounts are whole milli-credits.

export interface DialectSql {
  sqlite: string;
  postgres: string;
}

export function bothDialects(text: DialectSql): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (isPostgres(db)) {
        // One simple query (no parameters): PostgreSQL runs its statements in order.
        if (text.postgres.trim()) await sql.raw(text.postgres).execute(db);
        return;
      }
      for (const statement of sqliteStatements(text.sqlite)) await sql.raw(statement).execute(db);
    },
  };
}

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The statements of a SQLite migration, one at a time (SQLite prepares one statement per call).
 * Its SQL has no triggers and no semicolon inside a literal or a comment.
 */
export function sqliteStatements(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .split(";")
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");
}
