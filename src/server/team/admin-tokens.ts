import { notFound } from "./admin-input";
import { currentMember, issueToken, type MemberParams } from "./admin-members";
import type { AdminRoutes } from "./admin-scope";

// A member's tokens: another one issued (its secret answered once), one revoked by its id.

interface TokenParams extends MemberParams {
  tokenId: string;
}

export const tokenRoutes: AdminRoutes = (app, { store, audit }) => {
  app.post<{ Params: MemberParams }>("/members/:id/tokens", async (request, reply) => {
    const member = await currentMember(store, request.params.id);
    const issued = await issueToken(store, member.id);
    await audit(request, { action: "token_issued", memberId: member.id, tokenId: issued.id });
    return reply.code(201).send(issued);
  });

  app.delete<{ Params: TokenParams }>("/members/:id/tokens/:tokenId", async (request, reply) => {
    const member = await currentMember(store, request.params.id);
    const { tokenId } = request.params;
    const tokens = await store.tokens(member.id);
    if (!tokens.some((token) => token.id === tokenId))
      throw notFound("This member has no token with this id.");
    if (await store.revokeToken(tokenId))
      await audit(request, { action: "token_revoked", memberId: member.id, tokenId });
    return reply.code(204).send();
  });
};
