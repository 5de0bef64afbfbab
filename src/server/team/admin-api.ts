import type { FastifyPluginAsync, FastifyReply } from "fastify";
import {
  LIMITS,
  type AddedMember,
  type AdminMember,
  type AdminTeam,
  type IssuedToken,
  type MonthlyUsageRow,
  type UsageRow,
} from "../../admin/api-types";
import { HostError } from "../errors";
import { monthOf, type Member, type TeamSettings, type TeamStore } from "./store";
import { bearerOf, newMemberToken, sameSecret, tokenHash } from "./tokens";

// The admin REST API of team mode (DESIGN 6c, the contract in DESIGN 7 "Teams"), registered by
// the host under /admin/api. Every route needs the admin token. The store counts thousandths of
// a credit; the API speaks whole credits. No answer, log line or error message carries the
// admin token, a member token (shown once, when issued) or the service key.

export interface AdminApiOptions {
  store: TeamStore;
  /** The admin token as it is now (read on each request: it can be replaced). */
  adminToken: () => string;
  /** Seals and keeps a new service key, used from the next relayed request on. */
  replaceServiceKey: (key: string) => Promise<void>;
  /** The clock that says which month is "this month" (tests set it). */
  now?: () => Date;
  /** Another way in besides the admin token: an Entra ID token of the admin group. */
  isAdmin?: (request: { headers: { authorization?: string } }) => Promise<boolean>;
}

/** JSON bodies of the admin API are a few fields: anything larger is not one of them. */
const BODY_LIMIT = 16 * 1024;

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

const MILLI_PER_CREDIT = 1000;

function credits(milli: number): number {
  return milli / MILLI_PER_CREDIT;
}

function budgetCredits(milli: number | null): number | null {
  return milli === null ? null : credits(milli);
}

// ---------------------------------------------------------------------------------------------
// Input: each field checked before anything changes, with a message naming it
// ---------------------------------------------------------------------------------------------

function badRequest(message: string): HostError {
  return new HostError(400, "bad_request", message);
}

function notFound(message: string): HostError {
  return new HostError(404, "not_found", message);
}

/** A JSON object body; fields other than those a route reads are ignored. */
function bodyObject(body: unknown): Record<string, unknown> {
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw badRequest("The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/** A budget in credits (at most three decimals, the store's unit) or null, as thousandths. */
function budgetMilli(value: unknown, field: string): number | null {
  if (value === null) return null;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0 || value > LIMITS.maxBudget)
    throw badRequest(
      `${field} must be a number of credits from 0 to ${LIMITS.maxBudget}, or null for no limit.`
    );
  const milli = Math.round(value * MILLI_PER_CREDIT);
  if (Math.abs(milli - value * MILLI_PER_CREDIT) > 1e-6)
    throw badRequest(`${field} may have at most 3 decimals (credits count in thousandths).`);
  return milli;
}

// Letters, digits, spaces and punctuation: no control characters (they would reach CSV files).
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function nameText(value: unknown, field: string): string {
  const name = typeof value === "string" ? value.trim() : "";
  if (!name || name.length > LIMITS.nameLength || CONTROL_CHARACTERS.test(name))
    throw badRequest(
      `${field} must be a non-empty text of at most ${LIMITS.nameLength} characters, on one line.`
    );
  return name;
}

// One "@", no spaces, a dot in the domain: the address Entra ID sign-in matches.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

function emailText(value: unknown): string {
  const email = typeof value === "string" ? value.trim() : "";
  if (email.length > LIMITS.emailLength || !EMAIL.test(email))
    throw badRequest(
      `email must be an email address such as name@example.com (at most ${LIMITS.emailLength} characters).`
    );
  return email;
}

function freshnessDays(value: unknown): number {
  if (
    typeof value !== "number" ||
    !Number.isInteger(value) ||
    value < LIMITS.minFreshnessDays ||
    value > LIMITS.maxFreshnessDays
  )
    throw badRequest(
      `freshness_days must be a whole number of days from ${LIMITS.minFreshnessDays} to ${LIMITS.maxFreshnessDays}.`
    );
  return value;
}

function serviceKey(value: unknown): string {
  if (typeof value !== "string" || !/^\S+$/.test(value) || value.length > LIMITS.serviceKeyLength)
    throw badRequest(
      `key must be the service's API key: non-empty, without spaces, at most ${LIMITS.serviceKeyLength} characters.`
    );
  return value;
}

type Query = Record<string, unknown>;

/** A query parameter given once, or undefined. */
function queryText(query: Query, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw badRequest(`${name} may be given once.`);
  return value;
}

const MONTH = /^\d{4}-(?:0[1-9]|1[0-2])$/;

function monthQuery(query: Query, current: string): string {
  const month = queryText(query, "month") ?? current;
  if (!MONTH.test(month)) throw badRequest("month must be a month as YYYY-MM, e.g. 2026-01.");
  return month;
}

/** A day "YYYY-MM-DD" as the UTC midnight that starts it. */
function dayQuery(query: Query, name: string, fallback: Date): Date {
  const text = queryText(query, name);
  if (text === undefined) return fallback;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00.000Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text)
    throw badRequest(`${name} must be a day as YYYY-MM-DD, e.g. 2026-01-31.`);
  return day;
}

function monthsQuery(query: Query): number {
  const text = queryText(query, "months") ?? "12";
  const months = /^\d{1,4}$/.test(text) ? Number(text) : NaN;
  if (!(months >= 1 && months <= LIMITS.maxChartMonths))
    throw badRequest(`months must be a whole number from 1 to ${LIMITS.maxChartMonths}.`);
  return months;
}

function addUtcDays(day: Date, days: number): Date {
  return new Date(day.getTime() + days * 86_400_000);
}

/** The first month of the `months` months that end with the one of `now`. */
function firstOfMonths(now: Date, months: number): string {
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1)));
}

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180), safe to open in Excel
// ---------------------------------------------------------------------------------------------

// A text starting like a formula is written as text: a CSV opened in Excel must not run a
// member's name as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

function csvField(value: string | number): string {
  if (typeof value === "number") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file with a byte order mark, so that Excel reads it as UTF-8. */
function csvFile(header: string[], rows: Array<Array<string | number>>): string {
  return "\uFEFF" + [header, ...rows].map((row) => row.map(csvField).join(",") + "\r\n").join("");
}

function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(csv);
}

// ---------------------------------------------------------------------------------------------
// Views: the store's records in the wire format
// ---------------------------------------------------------------------------------------------

async function memberView(
  store: TeamStore,
  member: Member,
  spentMilli: number
): Promise<AdminMember> {
  const tokens = await store.tokens(member.id);
  return {
    id: member.id,
    name: member.name,
    email: member.email,
    monthly_budget: budgetCredits(member.monthlyBudgetMilli),
    spent_this_month: credits(spentMilli),
    tokens: tokens.map((token) => ({
      id: token.id,
      created_at: token.createdAt,
      revoked_at: token.revokedAt,
      last_used_at: token.lastUsedAt,
    })),
  };
}

async function teamView(store: TeamStore, team: TeamSettings, month: string): Promise<AdminTeam> {
  const [figures, sharedAnswers] = await Promise.all([
    store.teamMonth(month),
    store.sharedAnswerCount(),
  ]);
  return {
    name: team.name,
    monthly_budget: budgetCredits(team.monthlyBudgetMilli),
    freshness_days: team.freshnessDays,
    spent_this_month: credits(figures.spentMilli),
    shared_answers: sharedAnswers,
  };
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

interface MemberParams {
  id: string;
}

interface TokenParams extends MemberParams {
  tokenId: string;
}

export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (app, options) => {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const thisMonth = (): string => monthOf(now());

  // The admin token, compared in constant time; a member token is not one. Answers carry
  // members' details: never cached.
  app.addHook("onRequest", async (request, reply) => {
    void reply.header("cache-control", "no-store");
    const given = bearerOf(request.headers.authorization);
    const expected = options.adminToken();
    const admin =
      given !== null &&
      ((expected !== "" && sameSecret(given, expected)) ||
        (await options.isAdmin?.(request)) === true);
    if (!admin) {
      void reply.header("www-authenticate", 'Bearer realm="admin"');
      throw new HostError(
        401,
        "unauthorized",
        given === null
          ? "The admin API needs the admin token: Authorization: Bearer <admin token>."
          : "This is not the admin token."
      );
    }
  });

  const currentMember = async (id: string): Promise<Member> => {
    const member = await store.member(id);
    if (!member) throw notFound("There is no member with this id.");
    return member;
  };

  const spentThisMonth = async (memberId: string): Promise<number> =>
    (await store.memberMonth(memberId, thisMonth())).spentMilli;

  const issueToken = async (memberId: string): Promise<IssuedToken> => {
    const token = newMemberToken();
    const info = await store.issueToken(memberId, tokenHash(token));
    return { id: info.id, token };
  };

  app.get("/members", async (): Promise<AdminMember[]> => {
    const [members, usage] = await Promise.all([store.members(), store.usage(thisMonth())]);
    const spent = new Map(usage.map((row) => [row.memberId, row.creditsMilli]));
    return Promise.all(
      members.map((member) => memberView(store, member, spent.get(member.id) ?? 0))
    );
  });

  app.post("/members", { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const body = bodyObject(request.body);
    const input = {
      name: nameText(body.name, "name"),
      email: emailText(body.email),
      monthlyBudgetMilli: budgetMilli(body.monthly_budget ?? null, "monthly_budget"),
    };
    // Entra ID sign-in finds a member by email: two with one address would be ambiguous.
    if (await store.memberByEmail(input.email))
      throw new HostError(409, "conflict", "A member with this email exists already.");
    const member = await store.addMember(input);
    const issued = await issueToken(member.id);
    return reply.code(201).send({ id: member.id, token: issued.token } satisfies AddedMember);
  });

  app.patch<{ Params: MemberParams }>(
    "/members/:id",
    { bodyLimit: BODY_LIMIT },
    async (request): Promise<AdminMember> => {
      const body = bodyObject(request.body);
      const patch: { name?: string; monthlyBudgetMilli?: number | null } = {};
      if (body.name !== undefined) patch.name = nameText(body.name, "name");
      if (body.monthly_budget !== undefined)
        patch.monthlyBudgetMilli = budgetMilli(body.monthly_budget, "monthly_budget");
      const { id } = request.params;
      const member = Object.keys(patch).length
        ? await store.updateMember(id, patch)
        : await store.member(id);
      if (!member) throw notFound("There is no member with this id.");
      return memberView(store, member, await spentThisMonth(id));
    }
  );

  app.delete<{ Params: MemberParams }>("/members/:id", async (request, reply) => {
    if (!(await store.removeMember(request.params.id)))
      throw notFound("There is no member with this id.");
    return reply.code(204).send();
  });

  app.post<{ Params: MemberParams }>("/members/:id/tokens", async (request, reply) => {
    const member = await currentMember(request.params.id);
    return reply.code(201).send(await issueToken(member.id));
  });

  app.delete<{ Params: TokenParams }>("/members/:id/tokens/:tokenId", async (request, reply) => {
    const member = await currentMember(request.params.id);
    const tokens = await store.tokens(member.id);
    if (!tokens.some((token) => token.id === request.params.tokenId))
      throw notFound("This member has no token with this id.");
    await store.revokeToken(request.params.tokenId);
    return reply.code(204).send();
  });

  app.get("/team", async (): Promise<AdminTeam> =>
    teamView(store, await store.team(), thisMonth())
  );

  app.put("/team", { bodyLimit: BODY_LIMIT }, async (request): Promise<AdminTeam> => {
    const body = bodyObject(request.body);
    const patch: Partial<TeamSettings> = {};
    if (body.name !== undefined) patch.name = nameText(body.name, "name");
    if (body.monthly_budget !== undefined)
      patch.monthlyBudgetMilli = budgetMilli(body.monthly_budget, "monthly_budget");
    if (body.freshness_days !== undefined) patch.freshnessDays = freshnessDays(body.freshness_days);
    const team = Object.keys(patch).length ? await store.updateTeam(patch) : await store.team();
    return teamView(store, team, thisMonth());
  });

  app.get<{ Querystring: Query }>("/usage", async (request): Promise<UsageRow[]> => {
    const rows = await store.usage(monthQuery(request.query, thisMonth()));
    return rows.map((row) => ({
      member: row.memberId,
      name: row.name,
      email: row.email,
      credits: credits(row.creditsMilli),
      requests: row.requests,
    }));
  });

  app.get<{ Querystring: Query }>("/usage/monthly", async (request): Promise<MonthlyUsageRow[]> => {
    const rows = await store.monthlyUsage(firstOfMonths(now(), monthsQuery(request.query)));
    return rows.map((row) => ({
      month: row.month,
      member: row.memberId,
      credits: credits(row.creditsMilli),
    }));
  });

  app.get<{ Querystring: Query }>("/usage.csv", async (request, reply) => {
    const month = monthQuery(request.query, thisMonth());
    const rows = await store.usage(month);
    const csv = csvFile(
      ["member_id", "name", "email", "credits", "requests"],
      rows.map((row) => [
        row.memberId,
        row.name,
        row.email,
        credits(row.creditsMilli),
        row.requests,
      ])
    );
    return sendCsv(reply, `usage-${month}.csv`, csv);
  });

  // Days from `from` to `to`, both included; by default this month up to today.
  app.get<{ Querystring: Query }>("/audit.csv", async (request, reply) => {
    const today = new Date(`${now().toISOString().slice(0, 10)}T00:00:00.000Z`);
    const from = dayQuery(request.query, "from", new Date(`${thisMonth()}-01T00:00:00.000Z`));
    const to = dayQuery(request.query, "to", today);
    if (to < from) throw badRequest("to must be the same day as from or a later one.");
    const [entries, members] = await Promise.all([
      store.audit(from.toISOString(), addUtcDays(to, 1).toISOString()),
      store.members(),
    ]);
    // Removed members' entries stay, with their id only.
    const byId = new Map(members.map((member) => [member.id, member]));
    const csv = csvFile(
      ["at", "member_id", "name", "email", "operation", "credits", "status"],
      entries.map((entry) => [
        entry.at,
        entry.memberId,
        byId.get(entry.memberId)?.name ?? "",
        byId.get(entry.memberId)?.email ?? "",
        entry.operation,
        credits(entry.creditsMilli),
        entry.status,
      ])
    );
    const day = (date: Date) => date.toISOString().slice(0, 10);
    return sendCsv(reply, `audit-${day(from)}-to-${day(to)}.csv`, csv);
  });

  app.put("/service-key", { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const key = serviceKey(bodyObject(request.body).key);
    await options.replaceServiceKey(key);
    return reply.code(204).send();
  });
};
