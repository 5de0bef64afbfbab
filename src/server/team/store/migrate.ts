import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { MIGRATIONS, migrationProvider } from "../migrations";
import { isPostgres } from "../migrations/both-dialects";

// Brings a team store's schema to the newest version with Kysely's migrator, safe from several
// instances at once: SQLite migrates in one BEGIN IMMEDIATE transaction (other writers wait);
// PostgreSQL in one transaction holding an advisory lock (concurrent callers wait their turn and
// then find nothing to do).
//
// A database made before Kysely recorded its versions in schema_migrations: its versions are
// recorded as applied in Kysely's table first (in place, nothing re-run), then the rest run. The
// versions applied since are written to schema_migrations too, where a host of an earlier
// release sharing the database (a rolling upgrade) looks, and finds nothing to do.

const KYSELY_TABLE = "kysely_migration";
const KYSELY_LOCK_TABLE = "kysely_migration_lock";
const LEGACY_TABLE = "schema_migrations";

// Any constant shared by every instance of the host: it names "the team store's migrations"
// among the advisory locks of the database (the release before Kysely took the same one).
const MIGRATION_LOCK = 7_361_204_015;

// The database's tables are typed by the store's queries, not here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function migrateSchema(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK)})`.execute(trx);
      await migrateIn(trx);
    });
    return;
  }
  await sql`BEGIN IMMEDIATE`.execute(db);
  try {
    await migrateIn(db);
    await sql`COMMIT`.execute(db);
  } catch (error) {
    await sql`ROLLBACK`.execute(db);
    throw error;
  }
}

async function migrateIn(db: AnyDb): Promise<void> {
  await createRecordTables(db);
  await recordVersions(db, await legacyVersions(db));
  const { error } = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
  if (error) throw error;
  await recordLegacyVersions(db);
}

/**
 * Kysely's tables, made here as its migrator makes them: its own look for them searches every
 * schema of a PostgreSQL database, where another schema's tables would hide this one's absence.
 */
async function createRecordTables(db: AnyDb): Promise<void> {
  await db.schema
    .createTable(KYSELY_TABLE)
    .ifNotExists()
    .addColumn("name", "varchar(255)", (column) => column.notNull().primaryKey())
    .addColumn("timestamp", "varchar(255)", (column) => column.notNull())
    .execute();
  await db.schema
    .createTable(KYSELY_LOCK_TABLE)
    .ifNotExists()
    .addColumn("id", "varchar(255)", (column) => column.notNull().primaryKey())
    .addColumn("is_locked", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  // As the release before Kysely made it.
  await (
    isPostgres(db)
      ? sql`CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`
      : sql`CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`
  ).execute(db);
}

async function legacyVersions(db: AnyDb): Promise<Map<number, string>> {
  const rows = await db.selectFrom(LEGACY_TABLE).select(["version", "applied_at"]).execute();
  return new Map(
    rows.map((row: { version: number; applied_at: string | Date }) => [
      Number(row.version),
      row.applied_at instanceof Date ? row.applied_at.toISOString() : String(row.applied_at),
    ])
  );
}

/** The migrations of these versions recorded in Kysely's table as applied at these times. */
async function recordVersions(db: AnyDb, versions: Map<number, string>): Promise<void> {
  const rows = MIGRATIONS.filter(({ version }) => versions.has(version)).map(
    ({ version, name }) => ({ name, timestamp: versions.get(version)! })
  );
  await insertMissing(db, KYSELY_TABLE, "name", rows);
}

async function recordLegacyVersions(db: AnyDb): Promise<void> {
  const applied = await db.selectFrom(KYSELY_TABLE).select(["name", "timestamp"]).execute();
  const at = new Map(
    applied.map((row: { name: string; timestamp: string }) => [row.name, row.timestamp])
  );
  const rows = MIGRATIONS.filter(({ name }) => at.has(name)).map(({ version, name }) => ({
    version,
    applied_at: at.get(name)!,
  }));
  await insertMissing(db, LEGACY_TABLE, "version", rows);
}

/** Adds the rows whose `key` the table does not hold yet (another instance may have). */
async function insertMissing(
  db: AnyDb,
  table: string,
  key: string,
  rows: readonly object[]
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto(table)
    .values(rows)
    .onConflict((conflict) => conflict.column(key).doNothing())
    .execute();
}
