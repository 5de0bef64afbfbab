import { resolve } from "node:path";
import { errorCode } from "../../api/error-code";
import { maskedUrl } from "../config/masking";
import { PgTeamStore } from "./pg-store";
import { SqliteTeamStore } from "./sqlite-store";
import type { TeamStore } from "./store";

// Team mode's storage at start: PostgreSQL when a database URL is given (several instances
// share it), else a SQLite file for one host. The schema is brought up to date before the
// store is handed out.

export const DEFAULT_TEAM_DB_FILE = ".team/team.db";

export interface TeamStoreOptions {
  /** postgres:// or postgresql:// (DATABASE_URL). */
  databaseUrl?: string;
  /**
   * The SQLite file when there is no URL (default .team/team.db; its directory is created), or
   * ":memory:".
   */
  file?: string;
}

export async function openTeamStore(options: TeamStoreOptions = {}): Promise<TeamStore> {
  const url = options.databaseUrl?.trim();
  if (url) return openPostgres(url);
  const given = options.file ?? DEFAULT_TEAM_DB_FILE;
  const file = given === ":memory:" ? given : resolve(given);
  let store: SqliteTeamStore;
  try {
    store = new SqliteTeamStore(file);
  } catch (error) {
    throw new Error(`Cannot open the team database file ${file}: ${reason(error)}`, {
      cause: error,
    });
  }
  return migrated(store, file);
}

async function openPostgres(url: string): Promise<TeamStore> {
  const shown = withoutPassword(url);
  if (!/^postgres(ql)?:\/\//i.test(url))
    throw new Error(
      `The team database URL must start with postgres:// or postgresql://, not ${shown}.`
    );
  const store = new PgTeamStore(url);
  try {
    await store.ping();
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new Error(`Cannot reach the team database at ${shown}: ${reason(error)}`, {
      cause: error,
    });
  }
  return migrated(store, shown);
}

async function migrated(store: TeamStore, where: string): Promise<TeamStore> {
  try {
    await store.migrate();
    return store;
  } catch (error) {
    await store.close().catch(() => undefined);
    throw new Error(`Cannot bring the team database at ${where} up to date: ${reason(error)}`, {
      cause: error,
    });
  }
}

/** The URL as it may be shown: the password (in the authority or the query) masked. */
export const withoutPassword = maskedUrl;

// A refused connection to "localhost" is an AggregateError (IPv6 and IPv4) without a message.
function reason(error: unknown): string {
  if (error instanceof AggregateError && !error.message)
    return error.errors.map(reason).join("; ") || "connection failed";
  if (error instanceof Error) return error.message || errorCode(error) || error.name;
  return String(error);
}
