import type { FastifyInstance } from "fastify";
import type { OperationName } from "../../api/operations";
import { account } from "./account";
import { bulkHandlers } from "./bulk";
import { domainHandlers } from "./domain";
import { findCompany } from "./find-email/company";
import { findDecisionMaker } from "./find-email/decision-maker";
import { findByProfile } from "./find-email/linkedin-url";
import { findPerson } from "./find-email/person";
import { geoLeadHandlers } from "./geo-lead";
import { legacyHandlers } from "./legacy";
import { registerOperations, type OperationHandlers } from "./operation-routes";
import { reportBadEmail } from "./report";
import { status } from "./status";
import { verifyEmail } from "./verify";

/** The sandbox's answer to every operation of the interface, by its name. */
export const HANDLERS: OperationHandlers<OperationName> = {
  status,
  account,
  "find-email/person": findPerson,
  "find-email/company": findCompany,
  "find-email/decision-maker": findDecisionMaker,
  "find-email/linkedin-url": findByProfile,
  "verify-email": verifyEmail,
  "report/bad-email": reportBadEmail,
  ...bulkHandlers,
  ...geoLeadHandlers,
  ...domainHandlers,
  ...legacyHandlers,
};

/** The interface's routes (src/api/operations.ts), each answered by its handler. */
export async function interfaceRoutes(app: FastifyInstance): Promise<void> {
  registerOperations(app, HANDLERS);
}
