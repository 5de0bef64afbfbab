import type Database from "better-sqlite3";
import type { PoolClient } from "pg";
import type { Migration } from "./migration";
import { MIGRATION_7 } from "./migration-7";

// The team store's schema, one version after another, for SQLite and PostgreSQL alike. A
// migration once released is never edited: a change is a new one. `schema_migrations` records
// what a database has; migrating is safe from several instances at once (SQLite: one
// BEGIN IMMEDIATE transaction; PostgreSQL: an advisory lock held by the migrating transaction).
//
// Times: ISO 8601 text in SQLite (written by the store in one form, so that text order is time
// order), timestamptz in PostgreSQL. Amounts: whole milli-credits.

export type { Migration } from "./migration";

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "team store",
    sqlite: `
      CREATE TABLE team (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        name TEXT NOT NULL DEFAULT '',
        monthly_budget_milli INTEGER CHECK (monthly_budget_milli >= 0),
        freshness_days INTEGER NOT NULL DEFAULT 90 CHECK (freshness_days > 0),
        sealed_service_key TEXT
      );
      INSERT INTO team (id) VALUES (1);

      CREATE TABLE members (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        email TEXT NOT NULL,
        monthly_budget_milli INTEGER CHECK (monthly_budget_milli >= 0),
        created_at TEXT NOT NULL,
        removed_at TEXT
      );
      CREATE INDEX members_current_by_email ON members (lower(email)) WHERE removed_at IS NULL;

      CREATE TABLE tokens (
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES members (id),
        token_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL,
        revoked_at TEXT,
        last_used_at TEXT
      );
      CREATE INDEX tokens_by_member ON tokens (member_id);

      -- Scope 'team' or 'member:<id>'.
      CREATE TABLE month_spend (
        scope TEXT NOT NULL,
        month TEXT NOT NULL,
        spent_milli INTEGER NOT NULL DEFAULT 0 CHECK (spent_milli >= 0),
        reserved_milli INTEGER NOT NULL DEFAULT 0 CHECK (reserved_milli >= 0),
        PRIMARY KEY (scope, month)
      ) WITHOUT ROWID;

      -- An ended reservation is kept a while, so that it is settled or released once only.
      CREATE TABLE reservations (
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES members (id),
        month TEXT NOT NULL,
        amount_milli INTEGER NOT NULL CHECK (amount_milli >= 0),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        state TEXT NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'released', 'settled')),
        ended_at TEXT
      );
      CREATE INDEX reservations_by_expiry ON reservations (expires_at);

      -- month: the month charged (the reservation's), which the usage counts by.
      CREATE TABLE audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        month TEXT NOT NULL,
        member_id TEXT NOT NULL REFERENCES members (id),
        operation TEXT NOT NULL,
        credits_milli INTEGER NOT NULL,
        status INTEGER NOT NULL
      );
      CREATE INDEX audit_by_at ON audit (at);
      CREATE INDEX audit_by_month ON audit (month, member_id);

      CREATE TABLE shared_answers (
        key TEXT PRIMARY KEY,
        status INTEGER NOT NULL,
        body TEXT NOT NULL,
        stored_at TEXT NOT NULL
      );

      CREATE TABLE lookup_claims (
        key TEXT PRIMARY KEY,
        owner TEXT NOT NULL,
        expires_at TEXT NOT NULL
      );
    `,
    postgres: `
      CREATE TABLE team (
        id integer PRIMARY KEY CHECK (id = 1),
        name text NOT NULL DEFAULT '',
        monthly_budget_milli bigint CHECK (monthly_budget_milli >= 0),
        freshness_days integer NOT NULL DEFAULT 90 CHECK (freshness_days > 0),
        sealed_service_key text
      );
      INSERT INTO team (id) VALUES (1);

      -- seq: the order of creation (two members may be added in one millisecond).
      CREATE TABLE members (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        name text NOT NULL,
        email text NOT NULL,
        monthly_budget_milli bigint CHECK (monthly_budget_milli >= 0),
        created_at timestamptz NOT NULL,
        removed_at timestamptz
      );
      CREATE INDEX members_current_by_email ON members (lower(email)) WHERE removed_at IS NULL;

      CREATE TABLE tokens (
        id text PRIMARY KEY,
        seq bigint GENERATED ALWAYS AS IDENTITY,
        member_id text NOT NULL REFERENCES members (id),
        token_hash text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz,
        last_used_at timestamptz
      );
      CREATE INDEX tokens_by_member ON tokens (member_id);

      -- Scope 'team' or 'member:<id>'.
      CREATE TABLE month_spend (
        scope text NOT NULL,
        month text NOT NULL,
        spent_milli bigint NOT NULL DEFAULT 0 CHECK (spent_milli >= 0),
        reserved_milli bigint NOT NULL DEFAULT 0 CHECK (reserved_milli >= 0),
        PRIMARY KEY (scope, month)
      );

      -- An ended reservation is kept a while, so that it is settled or released once only.
      CREATE TABLE reservations (
        id text PRIMARY KEY,
        member_id text NOT NULL REFERENCES members (id),
        month text NOT NULL,
        amount_milli bigint NOT NULL CHECK (amount_milli >= 0),
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'released', 'settled')),
        ended_at timestamptz
      );
      CREATE INDEX reservations_by_expiry ON reservations (expires_at);

      -- month: the month charged (the reservation's), which the usage counts by.
      CREATE TABLE audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        month text NOT NULL,
        member_id text NOT NULL REFERENCES members (id),
        operation text NOT NULL,
        credits_milli bigint NOT NULL,
        status integer NOT NULL
      );
      CREATE INDEX audit_by_at ON audit (at);
      CREATE INDEX audit_by_month ON audit (month, member_id);

      CREATE TABLE shared_answers (
        key text PRIMARY KEY,
        status integer NOT NULL,
        body text NOT NULL,
        stored_at timestamptz NOT NULL
      );

      CREATE TABLE lookup_claims (
        key text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: "reservations by lookup, ended in one round trip",
    // lookup_key: the shared answer's key of the lookup reserved for, so that a charge whose
    // instance stopped before settling it can be found (settleOrphan). released_by: why a
    // released reservation was released; one released after an error was not charged.
    sqlite: `
      ALTER TABLE reservations ADD COLUMN lookup_key TEXT;
      ALTER TABLE reservations ADD COLUMN released_by TEXT
        CHECK (released_by IN ('error', 'expiry'));
      CREATE INDEX reservations_by_lookup_key ON reservations (lookup_key)
        WHERE lookup_key IS NOT NULL;
    `,
    // Reserving, settling and releasing are functions, called in one statement each: the rows
    // they lock are held while the function runs in the server (and until its commit), never
    // across round trips. The team's figures become the sum of its members' rows, so that a
    // paid request locks its member's row only: a team row updated by every request serialized
    // them all, a commit (a flush of the log) at a time. Only a team budget serializes
    // reservations, on the team's settings row. Locks are taken in one order: the team's
    // settings row, then a reservation's row, then month rows by month and scope.
    postgres: `
      ALTER TABLE reservations
        ADD COLUMN lookup_key text,
        ADD COLUMN released_by text CHECK (released_by IN ('error', 'expiry'));
      CREATE INDEX reservations_by_lookup_key ON reservations (lookup_key)
        WHERE lookup_key IS NOT NULL;

      -- Always the sum of the members' rows, which keep the figures from now on.
      DELETE FROM month_spend WHERE scope = 'team';
      CREATE INDEX month_spend_by_month ON month_spend (month);

      -- Adds spent and reserved amounts to month rows (created if missing), locked in order.
      CREATE FUNCTION mf_change_months(
        p_scopes text[], p_months text[], p_spent bigint[], p_reserved bigint[]
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO month_spend (scope, month)
        SELECT k.scope, k.month FROM unnest(p_scopes, p_months) AS k(scope, month)
        GROUP BY k.scope, k.month
        ORDER BY k.month, k.scope
        ON CONFLICT (scope, month) DO NOTHING;
        PERFORM 1 FROM month_spend s
        WHERE (s.scope, s.month) IN (SELECT * FROM unnest(p_scopes, p_months))
        ORDER BY s.month, s.scope
        FOR UPDATE;
        UPDATE month_spend s SET
          spent_milli = s.spent_milli + d.spent,
          reserved_milli = s.reserved_milli + d.reserved
        FROM (
          SELECT u.scope, u.month, sum(u.spent) AS spent, sum(u.reserved) AS reserved
          FROM unnest(p_scopes, p_months, p_spent, p_reserved) AS u(scope, month, spent, reserved)
          GROUP BY u.scope, u.month
        ) d
        WHERE s.scope = d.scope AND s.month = d.month;
      END $$;

      -- A reservation if it fits both budgets; otherwise the budget it would pass, with figures.
      CREATE FUNCTION mf_reserve(
        p_id text, p_member text, p_month text, p_amount bigint, p_ttl_ms double precision,
        p_at timestamptz, p_lookup_key text,
        OUT refused_budget text, OUT limit_milli bigint, OUT used_milli bigint
      ) LANGUAGE plpgsql AS $$
      DECLARE
        v_scope text := 'member:' || p_member;
        v_member_limit bigint;
        v_team_limit bigint;
        v_member_used bigint;
        v_team_used bigint;
      BEGIN
        -- The team's row is shared while there is no team budget (reservations go on side by
        -- side, and a budget being set waits for them to end), exclusive under one (they go one
        -- at a time, each seeing the others' figures). A shared lock is never raised to an
        -- exclusive one (two holders raising theirs would deadlock): a budget set between the
        -- look and the lock fails this reservation, to be tried again.
        SELECT monthly_budget_milli INTO v_team_limit FROM team WHERE id = 1;
        IF v_team_limit IS NULL THEN
          SELECT monthly_budget_milli INTO v_team_limit FROM team WHERE id = 1 FOR SHARE;
          IF v_team_limit IS NOT NULL THEN
            RAISE EXCEPTION 'The team''s budget was set meanwhile: reserve again.'
              USING ERRCODE = 'serialization_failure';
          END IF;
        ELSE
          SELECT monthly_budget_milli INTO v_team_limit FROM team WHERE id = 1 FOR UPDATE;
        END IF;
        SELECT monthly_budget_milli INTO v_member_limit FROM members
        WHERE id = p_member AND removed_at IS NULL;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'There is no current member % to reserve for.', p_member;
        END IF;
        INSERT INTO month_spend (scope, month) VALUES (v_scope, p_month)
        ON CONFLICT (scope, month) DO NOTHING;
        SELECT spent_milli + reserved_milli INTO v_member_used FROM month_spend
        WHERE scope = v_scope AND month = p_month FOR UPDATE;
        -- The member's budget is named first: it is the one the member can do something about.
        IF v_member_limit IS NOT NULL AND v_member_used + p_amount > v_member_limit THEN
          SELECT 'member', v_member_limit, v_member_used
          INTO refused_budget, limit_milli, used_milli;
          RETURN;
        END IF;
        IF v_team_limit IS NOT NULL THEN
          SELECT coalesce(sum(spent_milli + reserved_milli), 0) INTO v_team_used
          FROM month_spend WHERE month = p_month AND scope LIKE 'member:%';
          IF v_team_used + p_amount > v_team_limit THEN
            SELECT 'team', v_team_limit, v_team_used INTO refused_budget, limit_milli, used_milli;
            RETURN;
          END IF;
        END IF;
        UPDATE month_spend SET reserved_milli = reserved_milli + p_amount
        WHERE scope = v_scope AND month = p_month;
        INSERT INTO reservations
          (id, member_id, month, amount_milli, created_at, expires_at, lookup_key)
        VALUES (p_id, p_member, p_month, p_amount, p_at,
                now() + p_ttl_ms * interval '1 millisecond', p_lookup_key);
      END $$;

      -- Ends a reservation with a charge, once, even if it was released or expired, or is unknown.
      CREATE FUNCTION mf_settle(
        p_id text, p_member text, p_month text, p_charged bigint, p_at timestamptz,
        p_operation text, p_status integer
      ) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        v_row reservations%ROWTYPE;
        v_member text := p_member;
        v_month text := p_month;
        v_held bigint := 0;
      BEGIN
        SELECT * INTO v_row FROM reservations WHERE id = p_id FOR UPDATE;
        IF FOUND THEN
          IF v_row.state = 'settled' THEN
            RETURN;
          END IF;
          UPDATE reservations SET state = 'settled', ended_at = p_at WHERE id = p_id;
          v_member := v_row.member_id;
          v_month := v_row.month;
          IF v_row.state = 'open' THEN
            v_held := v_row.amount_milli;
          END IF;
        ELSE
          -- Forgotten (or never made here): the charge is real all the same; recorded as
          -- settled so that a repeat does not count it twice.
          INSERT INTO reservations
            (id, member_id, month, amount_milli, created_at, expires_at, state, ended_at)
          VALUES (p_id, p_member, p_month, 0, p_at, p_at, 'settled', p_at)
          ON CONFLICT (id) DO NOTHING;
          IF NOT FOUND THEN
            RETURN;
          END IF;
        END IF;
        PERFORM mf_change_months(ARRAY['member:' || v_member], ARRAY[v_month],
                                 ARRAY[p_charged], ARRAY[-v_held]);
        INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
        VALUES (p_at, v_month, v_member, p_operation, p_charged, p_status);
      END $$;

      CREATE FUNCTION mf_release(p_id text, p_at timestamptz) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        v_row reservations%ROWTYPE;
      BEGIN
        UPDATE reservations SET state = 'released', released_by = 'error', ended_at = p_at
        WHERE id = p_id AND state = 'open'
        RETURNING * INTO v_row;
        IF FOUND THEN
          PERFORM mf_change_months(ARRAY['member:' || v_row.member_id], ARRAY[v_row.month],
                                   ARRAY[0]::bigint[], ARRAY[-v_row.amount_milli]);
        END IF;
      END $$;

      -- Forgets ended reservations p_kept_ms past their expiry, drops expired lookup claims,
      -- and releases the reservations past their expiry (answers how many). Rows another
      -- transaction holds are skipped: this never waits on a reservation while holding month
      -- rows, or the reverse.
      CREATE FUNCTION mf_release_expired(p_at timestamptz, p_kept_ms double precision)
      RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE
        v_scopes text[];
        v_months text[];
        v_amounts bigint[];
      BEGIN
        DELETE FROM reservations
        WHERE id IN (SELECT id FROM reservations
                     WHERE state <> 'open'
                       AND expires_at < now() - p_kept_ms * interval '1 millisecond'
                     FOR UPDATE SKIP LOCKED);
        DELETE FROM lookup_claims WHERE expires_at < now();
        WITH released AS (
          UPDATE reservations SET state = 'released', released_by = 'expiry', ended_at = p_at
          WHERE id IN (SELECT id FROM reservations WHERE state = 'open' AND expires_at < now()
                       FOR UPDATE SKIP LOCKED)
          RETURNING member_id, month, amount_milli
        )
        SELECT coalesce(array_agg('member:' || member_id), '{}'),
               coalesce(array_agg(month), '{}'),
               coalesce(array_agg(-amount_milli), '{}')
        INTO v_scopes, v_months, v_amounts
        FROM released;
        IF cardinality(v_scopes) > 0 THEN
          PERFORM mf_change_months(v_scopes, v_months,
                                   array_fill(0::bigint, ARRAY[cardinality(v_scopes)]),
                                   v_amounts);
        END IF;
        RETURN cardinality(v_scopes);
      END $$;

      -- Settles, with a charge, the newest reservation for this lookup that is open or expired
      -- unsettled (its instance stopped after the service charged it); answers whether there
      -- was one.
      CREATE FUNCTION mf_settle_orphan(
        p_lookup_key text, p_charged bigint, p_at timestamptz, p_operation text, p_status integer
      ) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        v_row reservations%ROWTYPE;
        v_held bigint := 0;
      BEGIN
        SELECT * INTO v_row FROM reservations
        WHERE lookup_key = p_lookup_key
          AND (state = 'open' OR (state = 'released' AND released_by = 'expiry'))
        ORDER BY created_at DESC
        LIMIT 1
        FOR UPDATE;
        IF NOT FOUND THEN
          RETURN false;
        END IF;
        IF v_row.state = 'open' THEN
          v_held := v_row.amount_milli;
        END IF;
        UPDATE reservations SET state = 'settled', ended_at = p_at WHERE id = v_row.id;
        PERFORM mf_change_months(ARRAY['member:' || v_row.member_id], ARRAY[v_row.month],
                                 ARRAY[p_charged], ARRAY[-v_held]);
        INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
        VALUES (p_at, v_row.month, v_row.member_id, p_operation, p_charged, p_status);
        RETURN true;
      END $$;
    `,
  },
  {
    version: 3,
    name: "a sealing salt, members bound to Entra ID accounts, the audit of admin actions",
    // sealing_salt: random, made by the first host (sealing.ts). entra_tid + entra_oid: the
    // account a member signed in with first (sign-in.ts); one current member per account.
    // admin_audit.member_id has no reference: an entry outlives what it names.
    sqlite: `
      ALTER TABLE team ADD COLUMN sealing_salt TEXT;
      ALTER TABLE members ADD COLUMN entra_tid TEXT;
      ALTER TABLE members ADD COLUMN entra_oid TEXT;
      CREATE UNIQUE INDEX members_current_by_entra_id ON members (entra_tid, entra_oid)
        WHERE removed_at IS NULL AND entra_oid IS NOT NULL;

      CREATE TABLE admin_audit (
        id INTEGER PRIMARY KEY,
        at TEXT NOT NULL,
        actor_kind TEXT NOT NULL CHECK (actor_kind IN ('admin_token', 'entra')),
        actor_oid TEXT,
        actor_name TEXT,
        action TEXT NOT NULL,
        member_id TEXT,
        token_id TEXT,
        changes TEXT NOT NULL DEFAULT '{}'
      );
      CREATE INDEX admin_audit_by_at ON admin_audit (at);
    `,
    postgres: `
      ALTER TABLE team ADD COLUMN sealing_salt text;
      ALTER TABLE members ADD COLUMN entra_tid text, ADD COLUMN entra_oid text;
      CREATE UNIQUE INDEX members_current_by_entra_id ON members (entra_tid, entra_oid)
        WHERE removed_at IS NULL AND entra_oid IS NOT NULL;

      CREATE TABLE admin_audit (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at timestamptz NOT NULL,
        actor_kind text NOT NULL CHECK (actor_kind IN ('admin_token', 'entra')),
        actor_oid text,
        actor_name text,
        action text NOT NULL,
        member_id text,
        token_id text,
        changes text NOT NULL DEFAULT '{}'
      );
      CREATE INDEX admin_audit_by_at ON admin_audit (at);
    `,
  },
  {
    version: 4,
    name: "the addresses each member's lookups bought, for bounce refunds",
    // One row a charged lookup that bought an address (team-lookups.ts); a bad-email report of
    // it returns the charge to that member's month, once (refunded_at).
    sqlite: `
      CREATE TABLE purchases (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        member_id TEXT NOT NULL REFERENCES members (id),
        month TEXT NOT NULL,
        amount_milli INTEGER NOT NULL CHECK (amount_milli > 0),
        bought_at TEXT NOT NULL,
        refunded_at TEXT
      );
      CREATE INDEX purchases_unrefunded ON purchases (email) WHERE refunded_at IS NULL;
      CREATE INDEX purchases_by_time ON purchases (bought_at);
    `,
    postgres: `
      CREATE TABLE purchases (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL,
        member_id text NOT NULL REFERENCES members (id),
        month text NOT NULL,
        amount_milli bigint NOT NULL CHECK (amount_milli > 0),
        bought_at timestamptz NOT NULL,
        refunded_at timestamptz
      );
      CREATE INDEX purchases_unrefunded ON purchases (email) WHERE refunded_at IS NULL;
      CREATE INDEX purchases_by_time ON purchases (bought_at);
    `,
  },
  {
    version: 5,
    name: "lookups answered to a webhook, settled when the service's answer arrives",
    // A lookup sent with x-webhook-url is answered to the host's own webhook (webhooks.ts): its
    // charge is settled at its most at once, and the difference given back when the service's
    // result says what it charged. delivered_at: the result arrived (a repeat delivery is a no-op).
    sqlite: `
      CREATE TABLE pending_webhooks (
        id TEXT PRIMARY KEY,
        member_id TEXT NOT NULL REFERENCES members (id),
        month TEXT NOT NULL,
        charged_milli INTEGER NOT NULL CHECK (charged_milli >= 0),
        operation TEXT NOT NULL,
        lookup_key TEXT,
        member_url TEXT NOT NULL,
        created_at TEXT NOT NULL,
        delivered_at TEXT
      );
      CREATE INDEX pending_webhooks_by_time ON pending_webhooks (created_at);
    `,
    postgres: `
      CREATE TABLE pending_webhooks (
        id text PRIMARY KEY,
        member_id text NOT NULL REFERENCES members (id),
        month text NOT NULL,
        charged_milli bigint NOT NULL CHECK (charged_milli >= 0),
        operation text NOT NULL,
        lookup_key text,
        member_url text NOT NULL,
        created_at timestamptz NOT NULL,
        delivered_at timestamptz
      );
      CREATE INDEX pending_webhooks_by_time ON pending_webhooks (created_at);
    `,
  },
  {
    version: 6,
    name: "a lookup started and finished in one round trip each",
    // SQLite's store does each in one transaction of its own: nothing to add.
    sqlite: "-- Nothing: the SQLite store starts and finishes a lookup in a transaction each.",
    // A lookup's start (its kept answer, else its claim and its reservation) and its end (the
    // claim released, the answer kept, the settle with its audit row and the purchase) are a
    // function each, as reserving and settling are (version 2), so that a lookup costs two round
    // trips, and a shared answer one. Locks are taken in the order of version 2, after the
    // lookup's own rows: its claim, then its shared answer, then the team's settings row, a
    // reservation's row and month rows. mf_settle_counted is mf_settle saying whether it counted
    // the charge (a repeat notes no purchase twice). One month row is changed by mf_change_month,
    // a statement in the common case: mf_change_months (kept for the sweep, which ends many at
    // once) cost as much as all the rest of a lookup (its array statements planned every call).
    // A reservation is decided by the update of the member's month row itself, under its lock.
    postgres: `
      CREATE FUNCTION mf_change_month(
        p_scope text, p_month text, p_spent bigint, p_reserved bigint
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE month_spend SET
          spent_milli = spent_milli + p_spent, reserved_milli = reserved_milli + p_reserved
        WHERE scope = p_scope AND month = p_month;
        IF NOT FOUND THEN
          INSERT INTO month_spend (scope, month) VALUES (p_scope, p_month)
          ON CONFLICT (scope, month) DO NOTHING;
          UPDATE month_spend SET
            spent_milli = spent_milli + p_spent, reserved_milli = reserved_milli + p_reserved
          WHERE scope = p_scope AND month = p_month;
        END IF;
      END $$;

      CREATE OR REPLACE FUNCTION mf_reserve(
        p_id text, p_member text, p_month text, p_amount bigint, p_ttl_ms double precision,
        p_at timestamptz, p_lookup_key text,
        OUT refused_budget text, OUT limit_milli bigint, OUT used_milli bigint
      ) LANGUAGE plpgsql AS $$
      DECLARE
        v_scope text := 'member:' || p_member;
        v_member_limit bigint;
        v_team_limit bigint;
        v_team_used bigint;
      BEGIN
        -- The team's row as in version 2: shared without a team budget, exclusive under one.
        SELECT monthly_budget_milli INTO v_team_limit FROM team WHERE id = 1;
        IF v_team_limit IS NULL THEN
          SELECT monthly_budget_milli INTO v_team_limit FROM team WHERE id = 1 FOR SHARE;
          IF v_team_limit IS NOT NULL THEN
            RAISE EXCEPTION 'The team''s budget was set meanwhile: reserve again.'
              USING ERRCODE = 'serialization_failure';
          END IF;
        ELSE
          SELECT monthly_budget_milli INTO v_team_limit FROM team WHERE id = 1 FOR UPDATE;
        END IF;
        SELECT monthly_budget_milli INTO v_member_limit FROM members
        WHERE id = p_member AND removed_at IS NULL;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'There is no current member % to reserve for.', p_member;
        END IF;
        -- Reserved on the member's row if it fits: the update waits for the row's lock and
        -- decides on its newest figures.
        UPDATE month_spend SET reserved_milli = reserved_milli + p_amount
        WHERE scope = v_scope AND month = p_month
          AND (v_member_limit IS NULL OR spent_milli + reserved_milli + p_amount <= v_member_limit);
        IF NOT FOUND THEN
          INSERT INTO month_spend (scope, month) VALUES (v_scope, p_month)
          ON CONFLICT (scope, month) DO NOTHING;
          UPDATE month_spend SET reserved_milli = reserved_milli + p_amount
          WHERE scope = v_scope AND month = p_month
            AND (v_member_limit IS NULL
                 OR spent_milli + reserved_milli + p_amount <= v_member_limit);
        END IF;
        -- The member's budget is named first: it is the one the member can do something about.
        IF NOT FOUND THEN
          SELECT 'member', v_member_limit, spent_milli + reserved_milli
          INTO refused_budget, limit_milli, used_milli
          FROM month_spend WHERE scope = v_scope AND month = p_month;
          RETURN;
        END IF;
        IF v_team_limit IS NOT NULL THEN
          -- The team's row held exclusively: the members' rows add up to what others decided.
          SELECT coalesce(sum(spent_milli + reserved_milli), 0) - p_amount INTO v_team_used
          FROM month_spend WHERE month = p_month AND scope LIKE 'member:%';
          IF v_team_used + p_amount > v_team_limit THEN
            UPDATE month_spend SET reserved_milli = reserved_milli - p_amount
            WHERE scope = v_scope AND month = p_month;
            SELECT 'team', v_team_limit, v_team_used INTO refused_budget, limit_milli, used_milli;
            RETURN;
          END IF;
        END IF;
        INSERT INTO reservations
          (id, member_id, month, amount_milli, created_at, expires_at, lookup_key)
        VALUES (p_id, p_member, p_month, p_amount, p_at,
                now() + p_ttl_ms * interval '1 millisecond', p_lookup_key);
      END $$;

      CREATE FUNCTION mf_settle_counted(
        p_id text, p_member text, p_month text, p_charged bigint, p_at timestamptz,
        p_operation text, p_status integer
      ) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        v_row reservations%ROWTYPE;
        v_member text := p_member;
        v_month text := p_month;
        v_held bigint := 0;
      BEGIN
        SELECT * INTO v_row FROM reservations WHERE id = p_id FOR UPDATE;
        IF FOUND THEN
          IF v_row.state = 'settled' THEN
            RETURN false;
          END IF;
          UPDATE reservations SET state = 'settled', ended_at = p_at WHERE id = p_id;
          v_member := v_row.member_id;
          v_month := v_row.month;
          IF v_row.state = 'open' THEN
            v_held := v_row.amount_milli;
          END IF;
        ELSE
          -- Forgotten (or never made here): the charge is real all the same; recorded as
          -- settled so that a repeat does not count it twice.
          INSERT INTO reservations
            (id, member_id, month, amount_milli, created_at, expires_at, state, ended_at)
          VALUES (p_id, p_member, p_month, 0, p_at, p_at, 'settled', p_at)
          ON CONFLICT (id) DO NOTHING;
          IF NOT FOUND THEN
            RETURN false;
          END IF;
        END IF;
        PERFORM mf_change_month('member:' || v_member, v_month, p_charged, -v_held);
        INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
        VALUES (p_at, v_month, v_member, p_operation, p_charged, p_status);
        RETURN true;
      END $$;

      CREATE OR REPLACE FUNCTION mf_settle(
        p_id text, p_member text, p_month text, p_charged bigint, p_at timestamptz,
        p_operation text, p_status integer
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM mf_settle_counted(p_id, p_member, p_month, p_charged, p_at, p_operation,
                                  p_status);
      END $$;

      CREATE OR REPLACE FUNCTION mf_release(p_id text, p_at timestamptz) RETURNS void
      LANGUAGE plpgsql AS $$
      DECLARE
        v_row reservations%ROWTYPE;
      BEGIN
        UPDATE reservations SET state = 'released', released_by = 'error', ended_at = p_at
        WHERE id = p_id AND state = 'open'
        RETURNING * INTO v_row;
        IF FOUND THEN
          PERFORM mf_change_month('member:' || v_row.member_id, v_row.month, 0,
                                  -v_row.amount_milli);
        END IF;
      END $$;

      CREATE OR REPLACE FUNCTION mf_settle_orphan(
        p_lookup_key text, p_charged bigint, p_at timestamptz, p_operation text, p_status integer
      ) RETURNS boolean LANGUAGE plpgsql AS $$
      DECLARE
        v_row reservations%ROWTYPE;
        v_held bigint := 0;
      BEGIN
        SELECT * INTO v_row FROM reservations
        WHERE lookup_key = p_lookup_key
          AND (state = 'open' OR (state = 'released' AND released_by = 'expiry'))
        ORDER BY created_at DESC
        LIMIT 1
        FOR UPDATE;
        IF NOT FOUND THEN
          RETURN false;
        END IF;
        IF v_row.state = 'open' THEN
          v_held := v_row.amount_milli;
        END IF;
        UPDATE reservations SET state = 'settled', ended_at = p_at WHERE id = v_row.id;
        PERFORM mf_change_month('member:' || v_row.member_id, v_row.month, p_charged, -v_held);
        INSERT INTO audit (at, month, member_id, operation, credits_milli, status)
        VALUES (p_at, v_row.month, v_row.member_id, p_operation, p_charged, p_status);
        RETURN true;
      END $$;

      -- 'shared' with the kept answer, 'held' by another request, 'reserved' (claimed for
      -- p_owner and reserved), or 'refused' with the budget passed; nothing is kept claimed
      -- but a reserved lookup.
      CREATE FUNCTION mf_start_lookup(
        p_key text, p_fresh_since timestamptz, p_owner text, p_claim_ttl_ms double precision,
        p_id text, p_member text, p_month text, p_amount bigint, p_ttl_ms double precision,
        p_at timestamptz,
        OUT outcome text, OUT answer_status integer, OUT answer_body text,
        OUT answer_stored_at timestamptz, OUT refused_budget text, OUT limit_milli bigint,
        OUT used_milli bigint
      ) LANGUAGE plpgsql AS $$
      BEGIN
        SELECT s.status, s.body, s.stored_at INTO answer_status, answer_body, answer_stored_at
        FROM shared_answers s WHERE s.key = p_key AND s.stored_at >= p_fresh_since;
        IF FOUND THEN
          outcome := 'shared';
          RETURN;
        END IF;
        INSERT INTO lookup_claims AS c (key, owner, expires_at)
        VALUES (p_key, p_owner, now() + p_claim_ttl_ms * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
        WHERE c.expires_at <= now() OR c.owner = EXCLUDED.owner;
        IF NOT FOUND THEN
          outcome := 'held';
          RETURN;
        END IF;
        -- Stored by the holder between the look and the claim (a statement sees what was
        -- committed before it began): not bought twice.
        SELECT s.status, s.body, s.stored_at INTO answer_status, answer_body, answer_stored_at
        FROM shared_answers s WHERE s.key = p_key AND s.stored_at >= p_fresh_since;
        IF FOUND THEN
          DELETE FROM lookup_claims c WHERE c.key = p_key AND c.owner = p_owner;
          outcome := 'shared';
          RETURN;
        END IF;
        SELECT r.refused_budget, r.limit_milli, r.used_milli
        INTO refused_budget, limit_milli, used_milli
        FROM mf_reserve(p_id, p_member, p_month, p_amount, p_ttl_ms, p_at, p_key) r;
        IF refused_budget IS NOT NULL THEN
          DELETE FROM lookup_claims c WHERE c.key = p_key AND c.owner = p_owner;
          outcome := 'refused';
          RETURN;
        END IF;
        outcome := 'reserved';
      END $$;

      -- Null claim, answer or purchase: none to release, keep or note.
      CREATE FUNCTION mf_finish_lookup(
        p_id text, p_member text, p_month text, p_charged bigint, p_at timestamptz,
        p_operation text, p_status integer, p_claim_key text, p_claim_owner text,
        p_answer_key text, p_answer_status integer, p_answer_body text,
        p_answer_stored_at timestamptz, p_purchase_email text, p_purchase_at timestamptz
      ) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF p_claim_key IS NOT NULL THEN
          DELETE FROM lookup_claims c WHERE c.key = p_claim_key AND c.owner = p_claim_owner;
        END IF;
        IF p_answer_key IS NOT NULL THEN
          INSERT INTO shared_answers (key, status, body, stored_at)
          VALUES (p_answer_key, p_answer_status, p_answer_body, p_answer_stored_at)
          ON CONFLICT (key) DO UPDATE SET
            status = EXCLUDED.status, body = EXCLUDED.body, stored_at = EXCLUDED.stored_at;
        END IF;
        IF mf_settle_counted(p_id, p_member, p_month, p_charged, p_at, p_operation, p_status)
           AND p_purchase_email IS NOT NULL AND p_charged > 0 THEN
          INSERT INTO purchases (email, member_id, month, amount_milli, bought_at)
          SELECT p_purchase_email, r.member_id, r.month, p_charged, p_purchase_at
          FROM reservations r WHERE r.id = p_id;
        END IF;
      END $$;
    `,
  },
  MIGRATION_7,
];

/** Brings a SQLite database up to the newest version; one transaction, other writers wait. */
export function migrateSqlite(db: Database.Database): void {
  db.transaction(() => {
    db.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)"
    );
    const applied = new Set(
      db
        .prepare("SELECT version FROM schema_migrations")
        .pluck()
        .all()
        .map((version) => Number(version))
    );
    const record = db.prepare("INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)");
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      db.exec(migration.sqlite);
      record.run(migration.version, new Date().toISOString());
    }
  }).immediate();
}

// Any constant shared by every instance of the host: it names "the team store's migrations"
// among the advisory locks of the database.
const MIGRATION_LOCK = 7_361_204_015;

/**
 * Brings a PostgreSQL database up to the newest version. Runs inside the caller's transaction,
 * whose advisory lock makes concurrent callers wait their turn and then find nothing to do.
 */
export async function migratePostgres(client: PoolClient): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
  await client.query(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
  );
  const { rows } = await client.query<{ version: number }>("SELECT version FROM schema_migrations");
  const applied = new Set(rows.map((row) => row.version));
  for (const migration of MIGRATIONS) {
    if (applied.has(migration.version)) continue;
    await client.query(migration.postgres);
    await client.query("INSERT INTO schema_migrations (version) VALUES ($1)", [migration.version]);
  }
}
