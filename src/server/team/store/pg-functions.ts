// PostgreSQL's money functions, in their current form: the one place they are written. Reserving,
// settling and releasing are functions, called in one statement each: the rows they lock are held
// while the function runs in the server (and until its commit), never across round trips. The
// team's month figures are the sum of its members' rows, so that a paid request locks its member's
// row only; only a team budget serializes reservations, on the team's settings row. Locks are
// taken in one order: a lookup's claim, its shared answer, the team's settings row, a
// reservation's row, then month rows by month and scope. A lookup costs two round trips (its start
// and its end), a shared answer one. One month row is changed by mf_change_month, a statement in
// the common case; mf_change_months (for the sweep, which ends many at once) plans its array
// statements every call.
//
// A change to a function is made here and applied by a new migration that runs MONEY_FUNCTIONS
// again (as 009-money-functions.ts does), dropping what it no longer has: a fresh database then
// ends with the same functions as an upgraded one.

export const MONEY_FUNCTIONS = `
  -- Adds spent and reserved amounts to month rows (created if missing), locked in order.
  CREATE OR REPLACE FUNCTION mf_change_months(
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

  -- Adds to one month row (created if missing).
  CREATE OR REPLACE FUNCTION mf_change_month(
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

  -- A reservation if it fits both budgets; otherwise the budget it would pass, with figures, or
  -- 'paused' while a report window is open. The team's row is shared while there is no team
  -- budget (reservations go on side by side, and a budget being set waits for them to end),
  -- exclusive under one (they go one at a time, each seeing the others' figures). A shared lock is
  -- never raised to an exclusive one (two holders raising theirs would deadlock): a budget set
  -- between the look and the lock fails this reservation, to be tried again. The reservation is
  -- decided by the update of the member's month row itself, under its lock.
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

  -- Ends a reservation with a charge, once, even if it was released or expired, or is unknown;
  -- whether this call counted the charge (a repeat notes no purchase twice).
  CREATE OR REPLACE FUNCTION mf_settle_counted(
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

  -- mf_settle_counted, answering nothing.
  CREATE OR REPLACE FUNCTION mf_settle(
    p_id text, p_member text, p_month text, p_charged bigint, p_at timestamptz,
    p_operation text, p_status integer
  ) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM mf_settle_counted(p_id, p_member, p_month, p_charged, p_at, p_operation,
                              p_status);
  END $$;

  -- Ends an open reservation with nothing charged (released after an error).
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

  -- Forgets ended reservations p_kept_ms past their expiry, drops expired lookup claims,
  -- and releases the reservations past their expiry (answers how many). Rows another
  -- transaction holds are skipped: this never waits on a reservation while holding month
  -- rows, or the reverse.
  CREATE OR REPLACE FUNCTION mf_release_expired(p_at timestamptz, p_kept_ms double precision)
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
  -- unsettled (its instance stopped after the service charged it); whether there was one.
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

  -- A lookup's start: 'shared' with the kept answer, 'held' by another request, 'reserved'
  -- (claimed for p_owner and reserved), 'paused' (a report window), or 'refused' with the budget
  -- passed; nothing is kept claimed but a reserved lookup.
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
    -- Stored by the holder between the look and the claim (a statement sees what was committed
    -- before it began): not bought twice.
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

  -- A bought lookup's end. Null claim, answer, purchase or legacy key: none to release, keep,
  -- note or mark charged.
  CREATE OR REPLACE FUNCTION mf_finish_lookup(
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
`;
