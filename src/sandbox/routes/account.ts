import type { Account } from "../../api/types";
import { toCredits } from "../services/ledger";
import type { OperationHandler } from "./operation-routes";

/** docs/interface.md, Account. */
export const account: OperationHandler<"account"> = async (app, request): Promise<Account> => {
  const row = app.sandbox.ledger.account(request.account.id);
  return { credits_left: toCredits(row.credits_milli), email: row.email };
};
