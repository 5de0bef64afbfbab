import type { AddedMember, AdminMember, IssuedToken } from "../../admin/api-types";
import { HostError } from "../errors";
import { changesOf, fieldsAs } from "./admin-audit";
import { budgetMilli, notFound } from "./admin-input";
import { BODIES } from "./admin-schemas";
import { BODY_LIMIT, type AdminRoutes } from "./admin-scope";
import { memberView } from "./admin-views";
import { budgetCredits } from "./credits";
import type { Member, TeamStore } from "./store";
import { newMemberToken, tokenHash } from "./tokens";

// The members: listed with their spend this month, added (with a first token), changed
// (name, budget), removed.

interface NewMember {
  name: string;
  email: string;
  monthly_budget?: number | null;
}

interface MemberChange {
  name?: string;
  monthly_budget?: number | null;
}

export interface MemberParams {
  id: string;
}

/** A member's fields as the audit names them (budgets in credits). */
const memberFields = (member: Member) => ({
  name: member.name,
  email: member.email,
  monthly_budget: budgetCredits(member.monthlyBudgetMilli),
});

export async function currentMember(store: TeamStore, id: string): Promise<Member> {
  const member = await store.member(id);
  if (!member) throw notFound("There is no member with this id.");
  return member;
}

/** A new token of a member: its secret answered once, its hash kept. */
export async function issueToken(store: TeamStore, memberId: string): Promise<IssuedToken> {
  const token = newMemberToken();
  const info = await store.issueToken(memberId, tokenHash(token));
  return { id: info.id, token };
}

export const memberRoutes: AdminRoutes = (app, { store, thisMonth, audit }) => {
  app.get("/members", async (): Promise<AdminMember[]> => {
    const [members, usage] = await Promise.all([store.members(), store.usage(thisMonth())]);
    const spent = new Map(usage.map((row) => [row.memberId, row.creditsMilli]));
    return Promise.all(
      members.map((member) => memberView(store, member, spent.get(member.id) ?? 0))
    );
  });

  app.post<{ Body: NewMember }>(
    "/members",
    { bodyLimit: BODY_LIMIT, schema: { body: BODIES.newMember } },
    async (request, reply) => {
      const { body } = request;
      const input = {
        name: body.name.trim(),
        email: body.email.trim(),
        monthlyBudgetMilli: budgetMilli(body.monthly_budget ?? null),
      };
      // Entra ID sign-in finds a member not bound yet by email: two with one address would be
      // ambiguous.
      if (await store.memberByEmail(input.email))
        throw new HostError(409, "conflict", "A member with this email exists already.");
      const member = await store.addMember(input);
      const issued = await issueToken(store, member.id);
      await audit(request, {
        action: "member_added",
        memberId: member.id,
        tokenId: issued.id,
        changes: fieldsAs(memberFields(member), "added"),
      });
      return reply.code(201).send({ id: member.id, token: issued.token } satisfies AddedMember);
    }
  );

  app.patch<{ Params: MemberParams; Body: MemberChange }>(
    "/members/:id",
    { bodyLimit: BODY_LIMIT, schema: { body: BODIES.memberChange } },
    async (request): Promise<AdminMember> => {
      const { body } = request;
      const patch: { name?: string; monthlyBudgetMilli?: number | null } = {};
      if (body.name !== undefined) patch.name = body.name.trim();
      if (body.monthly_budget !== undefined)
        patch.monthlyBudgetMilli = budgetMilli(body.monthly_budget);
      const { id } = request.params;
      const before = await currentMember(store, id);
      const member = Object.keys(patch).length ? await store.updateMember(id, patch) : before;
      if (!member) throw notFound("There is no member with this id.");
      const changes = changesOf(memberFields(before), memberFields(member));
      if (Object.keys(changes).length > 0)
        await audit(request, { action: "member_updated", memberId: id, changes });
      return memberView(store, member, (await store.memberMonth(id, thisMonth())).spentMilli);
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
};
