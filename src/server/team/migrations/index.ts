import type { Migration, MigrationProvider } from "kysely/migration";
import { migration as teamStore } from "./001-team-store";
import { migration as reservationsByLookup } from "./002-reservations-by-lookup";
import { migration as entraIdsAndAdminAudit } from "./003-entra-ids-and-admin-audit";
import { migration as purchases } from "./004-purchases";
import { migration as pendingWebhooks } from "./005-pending-webhooks";
import { migration as lookupsInOneRoundTrip } from "./006-lookups-in-one-round-trip";
import { migration as refundsWithEvidence } from "./007-refunds-with-evidence";
import { migration as teamMonthFromMembers } from "./008-team-month-from-members";
import { migration as moneyFunctions } from "./009-money-functions";

// The team store's migrations, one a file, in order. They are imported here, not read from the
// folder at run time: the release bundles the host into one file. Each is named after its file;
// `version` is the number a database's schema_migrations record (before Kysely) knew it by.

export interface VersionedMigration {
  version: number;
  name: string;
  migration: Migration;
}

export const MIGRATIONS: readonly VersionedMigration[] = [
  { version: 1, name: "001-team-store", migration: teamStore },
  { version: 2, name: "002-reservations-by-lookup", migration: reservationsByLookup },
  { version: 3, name: "003-entra-ids-and-admin-audit", migration: entraIdsAndAdminAudit },
  { version: 4, name: "004-purchases", migration: purchases },
  { version: 5, name: "005-pending-webhooks", migration: pendingWebhooks },
  { version: 6, name: "006-lookups-in-one-round-trip", migration: lookupsInOneRoundTrip },
  { version: 7, name: "007-refunds-with-evidence", migration: refundsWithEvidence },
  { version: 8, name: "008-team-month-from-members", migration: teamMonthFromMembers },
  { version: 9, name: "009-money-functions", migration: moneyFunctions },
];

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return Object.fromEntries(MIGRATIONS.map(({ name, migration }) => [name, migration]));
  },
};
