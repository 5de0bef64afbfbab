import type { FastifyInstance, FastifyRequest } from "fastify";
import type { DomainEmailFileInfo } from "../../api/types";
import { isValidDomain, normalizeDomain } from "../../api/normalize";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";

interface DomainParams {
  domain: string;
}

function domainOf(request: FastifyRequest<{ Params: DomainParams }>): string {
  const domain = normalizeDomain(request.params.domain);
  if (!isValidDomain(domain)) throw badRequest("domain is not a valid domain name", "domain");
  return domain;
}

/** docs/interface.md, Domain email files */
export async function domainRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: DomainParams }>(
    "/v5.1/domain/:domain/email",
    async (request): Promise<DomainEmailFileInfo> =>
      app.sandbox.domainFiles.info(request.account.id, domainOf(request))
  );

  app.post<{ Params: DomainParams }>("/v5.1/domain/:domain/email/order", async (request) => {
    const domain = domainOf(request);
    const webhookUrl = webhookUrlOf(request);
    app.sandbox.domainFiles.orderFile(request.account.id, domain, webhookUrl);
    return { input: { domain } };
  });

  app.get<{ Params: DomainParams }>(
    "/v5.1/domain/:domain/email/download",
    async (request, reply) => {
      const domain = domainOf(request);
      const csv = app.sandbox.domainFiles.download(request.account.id, domain);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${domain}-emails.csv"`)
        .send(csv);
    }
  );
}
