import type { Migration } from "./migration";

// Version 7 of the team store (SECURITY.md, trust that survives an outside review):
// - bounce_reports: each bad-email report the host sent, what the team's purchases of its address
//   not returned yet came to (claimed), what the account's balance showed the service returned,
//   and what was given back to members; purchases.returned_milli: how much of a purchase came
//   back (a report returns at most what the service was seen to return, oldest purchase first).
// - report_window: one lease a team (id 1). While a report is measured, new paid requests wait
//   (reserve answers "paused"), so that the balance read around the report moves by the report
//   alone.
// - pending_webhooks.settled_milli / result_milli: a lookup answered to a webhook is settled once
//   both the synchronous answer and the result are in, whichever comes first, at the result's
//   charge, above the reservation as well as below it.
// - shared_answers.quality / domain: a webhook's result never replaces a better or a newer
//   answer; the admin purges one answer, or a domain's (domain '' for a lookup without one; NULL
//   until the store computes it, store.migrate()).
// - legacy_charges: the legacy lookups the service charged (v5.0 charges a found person or
//   company once per query ever: "bought" means charged, not merely answered).

export const MIGRATION_7: Migration = {
  version: 7,
  name: "refunds with evidence, webhooks settled both ways, shared answers ranked and purged",
  sqlite: `
    CREATE TABLE bounce_reports (
      id TEXT PRIMARY KEY,
      at TEXT NOT NULL,
      member_id TEXT NOT NULL REFERENCES members (id),
      email TEXT NOT NULL,
      claimed_milli INTEGER NOT NULL CHECK (claimed_milli >= 0),
      returned_milli INTEGER,
      refunded_milli INTEGER NOT NULL DEFAULT 0 CHECK (refunded_milli >= 0),
      outcome TEXT NOT NULL
    );
    CREATE INDEX bounce_reports_by_at ON bounce_reports (at);

    ALTER TABLE purchases ADD COLUMN returned_milli INTEGER NOT NULL DEFAULT 0;
    UPDATE purchases SET returned_milli = amount_milli WHERE refunded_at IS NOT NULL;

    CREATE TABLE report_window (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      owner TEXT NOT NULL,
      expires_at TEXT NOT NULL
    );

    ALTER TABLE pending_webhooks ADD COLUMN settled_milli INTEGER;
    ALTER TABLE pending_webhooks ADD COLUMN result_milli INTEGER;
    UPDATE pending_webhooks SET settled_milli = charged_milli;

    ALTER TABLE shared_answers ADD COLUMN quality INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE shared_answers ADD COLUMN domain TEXT;
    CREATE INDEX shared_answers_by_domain ON shared_answers (domain);

    CREATE TABLE legacy_charges (
      key TEXT PRIMARY KEY,
      charged_at TEXT NOT NULL
    );
  `,
  // mf_reserve and mf_start_lookup are those of version 6 with the report window: a reservation
  // is "paused" while a report is measured (decided under the team row's lock, which opening the
  // window takes exclusively, so that no reservation slips in unseen). mf_finish_lookup keeps the
  // answer's quality and domain, and notes a legacy charge (an overload of version 6's).
  postgres: `
    CREATE TABLE bounce_reports (
      id text PRIMARY KEY,
      at timestamptz NOT NULL,
      member_id text NOT NULL REFERENCES members (id),
      email text NOT NULL,
      claimed_milli bigint NOT NULL CHECK (claimed_milli >= 0),
      returned_milli bigint,
      refunded_milli bigint NOT NULL DEFAULT 0 CHECK (refunded_milli >= 0),
      outcome text NOT NULL
    );
    CREATE INDEX bounce_reports_by_at ON bounce_reports (at);

    ALTER TABLE purchases ADD COLUMN returned_milli bigint NOT NULL DEFAULT 0;
    UPDATE purchases SET returned_milli = amount_milli WHERE refunded_at IS NOT NULL;

    CREATE TABLE report_window (
      id integer PRIMARY KEY CHECK (id = 1),
      owner text NOT NULL,
      expires_at timestamptz NOT NULL
    );

    ALTER TABLE pending_webhooks ADD COLUMN settled_milli bigint;
    ALTER TABLE pending_webhooks ADD COLUMN result_milli bigint;
    UPDATE pending_webhooks SET settled_milli = charged_milli;

    ALTER TABLE shared_answers ADD COLUMN quality integer NOT NULL DEFAULT 0;
    ALTER TABLE shared_answers ADD COLUMN domain text;
    CREATE INDEX shared_answers_by_domain ON shared_answers (domain);

    CREATE TABLE legacy_charges (
      key text PRIMARY KEY,
      charged_at timestamptz NOT NULL
    );

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
      -- Read under the team row's lock: a window opened before it is seen.
      PERFORM 1 FROM report_window WHERE expires_at > now();
      IF FOUND THEN
        refused_budget := 'paused';
        RETURN;
      END IF;
      SELECT monthly_budget_milli INTO v_member_limit FROM members
      WHERE id = p_member AND removed_at IS NULL;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'There is no current member % to reserve for.', p_member;
      END IF;
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
      IF NOT FOUND THEN
        SELECT 'member', v_member_limit, spent_milli + reserved_milli
        INTO refused_budget, limit_milli, used_milli
        FROM month_spend WHERE scope = v_scope AND month = p_month;
        RETURN;
      END IF;
      IF v_team_limit IS NOT NULL THEN
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

    CREATE OR REPLACE FUNCTION mf_start_lookup(
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
      IF refused_budget = 'paused' THEN
        DELETE FROM lookup_claims c WHERE c.key = p_key AND c.owner = p_owner;
        refused_budget := NULL;
        outcome := 'paused';
        RETURN;
      END IF;
      IF refused_budget IS NOT NULL THEN
        DELETE FROM lookup_claims c WHERE c.key = p_key AND c.owner = p_owner;
        outcome := 'refused';
        RETURN;
      END IF;
      outcome := 'reserved';
    END $$;

    -- Version 6's mf_finish_lookup stays for instances not yet upgraded; this one takes three
    -- more arguments. Null claim, answer, purchase or legacy key: none to release, keep, note
    -- or mark charged.
    CREATE FUNCTION mf_finish_lookup(
      p_id text, p_member text, p_month text, p_charged bigint, p_at timestamptz,
      p_operation text, p_status integer, p_claim_key text, p_claim_owner text,
      p_answer_key text, p_answer_status integer, p_answer_body text,
      p_answer_stored_at timestamptz, p_answer_quality integer, p_answer_domain text,
      p_purchase_email text, p_purchase_at timestamptz, p_legacy_key text
    ) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      IF p_claim_key IS NOT NULL THEN
        DELETE FROM lookup_claims c WHERE c.key = p_claim_key AND c.owner = p_claim_owner;
      END IF;
      IF p_answer_key IS NOT NULL THEN
        INSERT INTO shared_answers (key, status, body, stored_at, quality, domain)
        VALUES (p_answer_key, p_answer_status, p_answer_body, p_answer_stored_at,
                p_answer_quality, p_answer_domain)
        ON CONFLICT (key) DO UPDATE SET
          status = EXCLUDED.status, body = EXCLUDED.body, stored_at = EXCLUDED.stored_at,
          quality = EXCLUDED.quality, domain = EXCLUDED.domain;
      END IF;
      IF mf_settle_counted(p_id, p_member, p_month, p_charged, p_at, p_operation, p_status)
         AND p_charged > 0 THEN
        IF p_purchase_email IS NOT NULL THEN
          INSERT INTO purchases (email, member_id, month, amount_milli, bought_at)
          SELECT p_purchase_email, r.member_id, r.month, p_charged, p_purchase_at
          FROM reservations r WHERE r.id = p_id;
        END IF;
        IF p_legacy_key IS NOT NULL THEN
          INSERT INTO legacy_charges (key, charged_at) VALUES (p_legacy_key, p_at)
          ON CONFLICT (key) DO NOTHING;
        END IF;
      END IF;
    END $$;
  `,
};
