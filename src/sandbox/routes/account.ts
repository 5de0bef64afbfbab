import type { FastifyInstance } from "fastify";
import type { Account } from "../../api/types";
import { toCredits } from "../services/ledger";

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get("/v5.1/account", async (request): Promise<Account> => {
    const account = app.sandbox.ledger.account(request.account.id);
    return { credits_left: toCredits(account.credits_milli), email: account.email };
  });
}
