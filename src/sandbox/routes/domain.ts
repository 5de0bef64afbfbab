import type { FastifyRequest } from "fastify";
import type { DomainEmailFileInfo } from "../../api/types";
import { isValidDomain, normalizeDomain } from "../../api/normalize";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";
import type { OperationHandlers } from "./operation-routes";

function domainOf(request: FastifyRequest<{ Params: { domain: string } }>): string {
  const domain = normalizeDomain(request.params.domain);
  if (!isValidDomain(domain)) throw badRequest("domain is not a valid domain name", "domain");
  return domain;
}

/** docs/interface.md, Domain email files */
export const domainHandlers: OperationHandlers<"domain/info" | "domain/order" | "domain/download"> =
  {
    "domain/info": async (app, request): Promise<DomainEmailFileInfo> =>
      app.sandbox.domainFiles.info(request.account.id, domainOf(request)),
    "domain/order": async (app, request) => {
      const domain = domainOf(request);
      const webhookUrl = webhookUrlOf(request);
      app.sandbox.domainFiles.orderFile(request.account.id, domain, webhookUrl);
      return { input: { domain } };
    },
    "domain/download": async (app, request, reply) => {
      const domain = domainOf(request);
      const csv = app.sandbox.domainFiles.download(request.account.id, domain);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${domain}-emails.csv"`)
        .send(csv);
    },
  };
