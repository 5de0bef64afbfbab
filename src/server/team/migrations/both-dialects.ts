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

const TYPES: Readonly<Record<string, DialectSql>> = {
  // A time: ISO 8601 text in SQLite, timestamptz in PostgreSQL.
  time: { sqlite: "TEXT", postgres: "timestamptz" },
  // An amount in milli-credits: SQLite's INTEGER is 64 bits, PostgreSQL's is not.
  milli: { sqlite: "INTEGER", postgres: "bigint" },
  // A row id counted by the database.
  id: {
    sqlite: "INTEGER PRIMARY KEY",
    postgres: "bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
  },
  // A table kept in its primary key's order, which PostgreSQL has no word for.
  withoutRowid: { sqlite: " WITHOUT ROWID", postgres: "" },
};

/**
 * One schema text for both databases: `{time}`, `{milli}`, `{id}` and `{withoutRowid}` are each
 * database's word, and a line that starts with `{postgres}` or `{sqlite}` is that database's only.
 * The rest (TEXT, INTEGER, constraints, indexes) both read alike. The SQLite text it gives is the
 * text SQLite keeps in sqlite_master, so an upgraded database and a fresh one stay the same.
 */
export function oneSchema(template: string): DialectSql {
  const render = (dialect: keyof DialectSql): string =>
    template
      .split("\n")
      .flatMap((line) => {
        const only = /^(\s*)\{(postgres|sqlite)\} ?(.*)$/.exec(line);
        if (!only) return [line];
        return only[2] === dialect ? [only[1]! + only[3]!] : [];
      })
      .join("\n")
      .replace(/\{(\w+)\}/g, (token, name: string) => {
        const words = TYPES[name];
        if (!words) throw new Error(`unknown schema word ${token}`);
        return words[dialect];
      });
  return { sqlite: render("sqlite"), postgres: render("postgres") };
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
