import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import {
  type AddedMember,
  type AdminMember,
  type AdminTeam,
  type IssuedToken,
  type MonthlyUsageRow,
  type UsageRow,
} from "../../admin/api-types";
import { HostError } from "../errors";
import { changesOf, fieldsAs, registerAdminAudit } from "./admin-audit";
import { registerEvidence } from "./admin-evidence";
import { registerExports } from "./admin-exports";
import {
  bodyObject,
  budgetMilli,
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
import { budgetCredits, credits } from "./credits";
import { SignInThrottle, type ThrottleOptions } from "./sign-in-throttle";
import {
  monthOf,
  type AdminActor,
  type AdminAuditEntry,
  type Member,
  type TeamSettings,
  type TeamStore,
} from "./store";
import { bearerOf, newMemberToken, sameSecret, tokenHash } from "./tokens";

// The admin REST API of team mode (docs/admin-guide.md, The admin page and its API), registered by
// the host under /admin/api. Every route needs the admin token (or an Entra ID admin); failed
// sign-ins are throttled per client address, every change is audited (admin-audit.ts). The
// store counts thousandths of a credit; the API speaks whole credits. No answer, log line,
// audit entry or error message carries the admin token, a member token (shown once, when
// issued) or the service key.

export interface AdminApiOptions {
  store: TeamStore;
  /** The admin token as it is now (read on each request: it can be replaced). */
  adminToken: () => string;
  /** Seals and keeps a new service key, used from the next relayed request on. */
  replaceServiceKey: (key: string) => Promise<void>;
  /** The clock that says which month is "this month" and when an action was (tests set it). */
  now?: () => Date;
  /** Another way in besides the admin token: an Entra ID token of the admin group (its account). */
  entraAdmin?: (request: { headers: { authorization?: string } }) => Promise<AdminActor | null>;
  /** Failed sign-ins allowed per client address and window (sign-in-throttle.ts). */
  throttle?: Partial<ThrottleOptions>;
}

/** JSON bodies of the admin API are a few fields: anything larger is not one of them. */
const BODY_LIMIT = 16 * 1024;

const ADMIN_TOKEN: AdminActor = { kind: "admin_token", oid: null, name: null };

interface MemberParams {
  id: string;
}

interface TokenParams extends MemberParams {
  tokenId: string;
}

/** A member's fields as the audit names them (budgets in credits). */
const memberFields = (member: Member) => ({
  name: member.name,
  email: member.email,
  monthly_budget: budgetCredits(member.monthlyBudgetMilli),
});

const teamFields = (team: TeamSettings) => ({
  name: team.name,
  monthly_budget: budgetCredits(team.monthlyBudgetMilli),
  freshness_days: team.freshnessDays,
});

export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (app, options) => {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const thisMonth = (): string => monthOf(now());
  const throttle = new SignInThrottle(options.throttle);
  const actors = new WeakMap<FastifyRequest, AdminActor>();

  // The sign-in first: the admin token compared in constant time (a member token is not one),
  // then an Entra ID admin. Only failures meet the throttle, so that nobody's wrong guesses
  // lock the real admin out (sign-in-throttle.ts says what it still guarantees, and why).
  // Answers carry members' details: never cached, never framed (clickjacking).
  app.addHook("onRequest", async (request, reply) => {
    void reply.headers({
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
    });
    const given = bearerOf(request.headers.authorization);
    const expected = options.adminToken();
    const actor =
      given === null
        ? null
        : expected !== "" && sameSecret(given, expected)
          ? ADMIN_TOKEN
          : ((await options.entraAdmin?.(request)) ?? null);
    if (!actor) {
      const wait = throttle.waitFor(request.ip);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        void reply.header("retry-after", String(seconds));
        throw new HostError(
          429,
          "rate_limited",
          `Too many failed admin sign-ins from this address: for ${Math.ceil(seconds / 60)} more minute(s), nothing but a valid admin sign-in is answered from it.`
        );
      }
      if (given !== null) throttle.failed(request.ip);
      void reply.header("www-authenticate", 'Bearer realm="admin"');
      throw new HostError(
        401,
        "unauthorized",
        given === null
          ? "The admin API needs the admin token: Authorization: Bearer <admin token>."
          : "This is not the admin token."
      );
    }
    actors.set(request, actor);
  });

  const audit = (
    request: FastifyRequest,
    entry: Omit<AdminAuditEntry, "at" | "actor" | "memberId" | "tokenId" | "changes"> &
      Partial<Pick<AdminAuditEntry, "memberId" | "tokenId" | "changes">>
  ): Promise<void> =>
    store.recordAdminAction({
      at: now().toISOString(),
      actor: actors.get(request) ?? ADMIN_TOKEN,
      memberId: null,
      tokenId: null,
      changes: {},
      ...entry,
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
    // Entra ID sign-in finds a member not bound yet by email: two with one address would be
    // ambiguous.
    if (await store.memberByEmail(input.email))
      throw new HostError(409, "conflict", "A member with this email exists already.");
    const member = await store.addMember(input);
    const issued = await issueToken(member.id);
    await audit(request, {
      action: "member_added",
      memberId: member.id,
      tokenId: issued.id,
      changes: fieldsAs(memberFields(member), "added"),
    });
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
      const before = await currentMember(id);
      const member = Object.keys(patch).length ? await store.updateMember(id, patch) : before;
      if (!member) throw notFound("There is no member with this id.");
      const changes = changesOf(memberFields(before), memberFields(member));
      if (Object.keys(changes).length > 0)
        await audit(request, { action: "member_updated", memberId: id, changes });
      return memberView(store, member, await spentThisMonth(id));
    }
  );

  app.delete<{ Params: MemberParams }>("/members/:id", async (request, reply) => {
    const member = await store.member(request.params.id);
    if (!member || !(await store.removeMember(member.id)))
      throw notFound("There is no member with this id.");
    // The audit names whom it was: a removed member is listed nowhere else.
    const { name, email } = memberFields(member);
    await audit(request, {
      action: "member_removed",
      memberId: member.id,
      changes: fieldsAs({ name, email }, "removed"),
    });
    return reply.code(204).send();
  });

  app.post<{ Params: MemberParams }>("/members/:id/tokens", async (request, reply) => {
    const member = await currentMember(request.params.id);
    const issued = await issueToken(member.id);
    await audit(request, { action: "token_issued", memberId: member.id, tokenId: issued.id });
    return reply.code(201).send(issued);
  });

  app.delete<{ Params: TokenParams }>("/members/:id/tokens/:tokenId", async (request, reply) => {
    const member = await currentMember(request.params.id);
    const { tokenId } = request.params;
    const tokens = await store.tokens(member.id);
    if (!tokens.some((token) => token.id === tokenId))
      throw notFound("This member has no token with this id.");
    if (await store.revokeToken(tokenId))
      await audit(request, { action: "token_revoked", memberId: member.id, tokenId });
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
    const before = await store.team();
    const team = Object.keys(patch).length ? await store.updateTeam(patch) : before;
    const changes = changesOf(teamFields(before), teamFields(team));
    if (Object.keys(changes).length > 0) await audit(request, { action: "team_updated", changes });
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

  registerExports(app, store, now);
  registerAdminAudit(app, store, now);
  registerEvidence(app, store, now, audit);

  app.put("/service-key", { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const key = serviceKey(bodyObject(request.body).key);
    await options.replaceServiceKey(key);
    await audit(request, { action: "service_key_replaced" });
    return reply.code(204).send();
  });
};
