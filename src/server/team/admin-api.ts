import type { FastifyPluginAsync } from "fastify";
import { adminAuditRoutes } from "./admin-audit";
import { bounceReportRoutes } from "./admin-bounce-reports";
import { exportRoutes } from "./admin-exports";
import { checksAsMeant, refusalOf } from "./admin-schemas";
import { memberRoutes } from "./admin-members";
import { type AdminScope } from "./admin-scope";
import { serviceKeyRoutes } from "./admin-service-key";
import { sharedAnswerRoutes } from "./admin-shared-answers";
import { adminSignIn, type AdminSignInOptions } from "./admin-sign-in";
import { teamRoutes } from "./admin-team";
import { tokenRoutes } from "./admin-tokens";
import { usageRoutes } from "./admin-usage";
import { monthOf, type TeamStore } from "./store";

// The admin REST API of team mode (docs/admin-guide.md, The admin page and its API), registered by
// the host under /admin/api: a file of routes per resource, each with the JSON schemas of its
// bodies (admin-schemas.ts). Every route needs the admin token (or an Entra ID admin); failed
// sign-ins are throttled per client address (admin-sign-in.ts), every change is audited
// (admin-audit.ts). The store counts thousandths of a credit; the API speaks whole credits. No
// answer, log line, audit entry or error message carries the admin token, a member token (shown
// once, when issued) or the service key.

export interface AdminApiOptions extends AdminSignInOptions {
  store: TeamStore;
  /** Seals and keeps a new service key, used from the next relayed request on. */
  replaceServiceKey: (key: string) => Promise<void>;
  /** The clock that says which month is "this month" and when an action was (tests set it). */
  now?: () => Date;
}

export const adminApi: FastifyPluginAsync<AdminApiOptions> = async (app, options) => {
  const { store } = options;
  const now = options.now ?? (() => new Date());
  const actorOf = adminSignIn(app, options);
  app.setSchemaErrorFormatter(refusalOf);
  // Fails closed: the host's validator must check the bodies as their schemas mean.
  app.addHook("onReady", async () => {
    const compile = app.validatorCompiler;
    const meant =
      compile !== undefined &&
      checksAsMeant(
        (schema) =>
          compile({ schema, method: "POST", url: "/admin/api", httpPart: "body" }) as (
            body: unknown
          ) => boolean
      );
    if (!meant)
      throw new Error(
        "The admin API's bodies need fastify built with { ajv: ADMIN_AJV } (admin-schemas.ts): its validator would let a budget given as text in."
      );
  });
  const scope: AdminScope = {
    store,
    now,
    thisMonth: () => monthOf(now()),
    audit: (request, action) =>
      store.recordAdminAction({
        at: now().toISOString(),
        actor: actorOf(request),
        memberId: null,
        tokenId: null,
        changes: {},
        ...action,
      }),
  };
  for (const routes of [
    memberRoutes,
    tokenRoutes,
    teamRoutes,
    usageRoutes,
    exportRoutes,
    adminAuditRoutes,
    bounceReportRoutes,
    sharedAnswerRoutes,
    serviceKeyRoutes(options.replaceServiceKey),
  ])
    routes(app, scope);
};
