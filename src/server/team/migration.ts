// One version of the team store's schema, for SQLite and PostgreSQL alike (migrations.ts).

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}
