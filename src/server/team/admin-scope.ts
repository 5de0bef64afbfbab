import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AdminAuditEntry, TeamStore } from "./store";

// What every route file of the admin API is given (admin-api.ts registers them): the store, the
// clock, and the audit of this request's admin.

/** An admin action as a route records it; the plugin adds when and who. */
export type AdminAction = Omit<
  AdminAuditEntry,
  "at" | "actor" | "memberId" | "tokenId" | "changes"
> &
  Partial<Pick<AdminAuditEntry, "memberId" | "tokenId" | "changes">>;

export interface AdminScope {
  store: TeamStore;
  /** The clock that says which month is "this month" and when an action was (tests set it). */
  now: () => Date;
  thisMonth: () => string;
  audit: (request: FastifyRequest, action: AdminAction) => Promise<void>;
}

/** A route file's registration: its routes, under /admin/api. */
export type AdminRoutes = (app: FastifyInstance, scope: AdminScope) => void;

/** JSON bodies of the admin API are a few fields: anything larger is not one of them. */
export const BODY_LIMIT = 16 * 1024;
