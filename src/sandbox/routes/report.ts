import { isValidEmail, normalizeEmail } from "../../api/normalize";
import { badRequest } from "../errors";
import type { OperationHandler } from "./operation-routes";
import { echo } from "./serve";

/**
 * docs/interface.md, Bad-email reports; docs/interface.md, Credits: reporting a charged email that
 * bounced returns its credit.
 */
export const reportBadEmail: OperationHandler<"report/bad-email"> = async (app, request) => {
  const body = request.body;
  if (!isValidEmail(body.email)) throw badRequest("email is not a valid email address", "email");
  if (body.additional_info.trim() === "")
    throw badRequest("additional_info must say why the email is bad", "additional_info");
  const { db, ledger, clock, faults } = app.sandbox;
  const email = normalizeEmail(body.email);
  db.transaction(() => {
    // A service that keeps the credit still answers 200 (the fault reportsKeepCredit).
    const refunded = faults.current.reportsKeepCredit
      ? 0
      : ledger.refundEmail(request.account.id, email);
    db.prepare(
      "INSERT INTO reports (account_id, email, additional_info, bounce_message, refunded_milli, created_at) VALUES (?, ?, ?, ?, ?, ?)"
    ).run(
      request.account.id,
      email,
      body.additional_info,
      body.bounce_message ?? null,
      refunded,
      clock.now()
    );
  })();
  return { input: echo(body, ["email", "additional_info", "bounce_message"]) };
};
