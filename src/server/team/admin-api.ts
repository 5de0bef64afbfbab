import type { FastifyPluginAsync } from "fastify";
import {
  type AddedMember,
  type AdminMember,
  type AdminTeam,
  type IssuedToken,
  type MonthlyUsageRow,
  type UsageRow,
} from "../../admin/api-types";
import { HostError } from "../errors";
import {
  addUtcDays,
  badRequest,
  bodyObject,
  budgetMilli,
  dayQuery,
  emailText,
  firstOfMonths,
  freshnessDays,
  monthQuery,
  monthsQuery,
  nameText,
  notFound,
  serviceKey,
  type Query,
} from "./admin-input";
import { memberView, teamView } from "./admin-views";
import { credits } from "./credits";
import { csvFile, sendCsv } from "./csv";
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
