import type { FastifyInstance } from "fastify";
import type { GeoLead, GeoLeadRequest } from "../../api/types";
import { DECISION_MAKER_CATEGORIES } from "../../api/types";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";
import { downloadQuerySchema, sendDownload, type DownloadQuery } from "./bulk";

// GeoLead searches (docs/interface.md, GeoLead searches and Search states).

const geoLeadSchema = {
  type: "object",
  required: ["query", "latitude", "longitude", "radius_km"],
  properties: {
    query: { type: "string", minLength: 1, maxLength: 500 },
    latitude: { type: "number", minimum: -90, maximum: 90 },
    longitude: { type: "number", minimum: -180, maximum: 180 },
    radius_km: { type: "number", minimum: 1, maximum: 25 },
    find_company_emails: { type: "boolean" },
    find_decision_maker_categories: {
      type: "array",
      maxItems: DECISION_MAKER_CATEGORIES.length,
      items: { type: "string", enum: [...DECISION_MAKER_CATEGORIES] },
    },
    file_name: { type: "string", maxLength: 500 },
    result_limit: { type: ["integer", "null"], minimum: 1 },
  },
} as const;

interface SearchParams {
  searchId: string;
}

export async function geoLeadRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: GeoLeadRequest }>(
    "/v5.1/geo-lead",
    { schema: { body: geoLeadSchema } },
    async (request): Promise<GeoLead> => {
      const body = request.body;
      const webhookUrl = webhookUrlOf(request);
      if (body.query.trim() === "") throw badRequest("query must not be blank", "query");
      // The defaults (docs/interface.md, GeoLead searches): company emails on, decision makers
      // ["ceo"]; [] means no decision-maker search.
      const findCompanyEmails = body.find_company_emails ?? true;
      const categories = body.find_decision_maker_categories ?? ["ceo"];
      if (!findCompanyEmails && categories.length === 0) {
        throw badRequest(
          "nothing to search: find_company_emails is false and find_decision_maker_categories is empty",
          "find_decision_maker_categories"
        );
      }
      const search = app.sandbox.searches.createGeoLead(request.account.id, {
        query: body.query,
        latitude: body.latitude,
        longitude: body.longitude,
        radius_km: body.radius_km,
        find_company_emails: findCompanyEmails,
        find_decision_maker_categories: categories,
        result_limit: body.result_limit ?? null,
        fileName: body.file_name ?? null,
        webhookUrl,
      });
      app.sandbox.runner.kick();
      return search;
    }
  );

  app.get<{ Params: SearchParams }>("/v5.1/geo-lead/:searchId", async (request): Promise<GeoLead> =>
    app.sandbox.searches.geoLead(request.account.id, request.params.searchId)
  );

  app.get<{ Params: SearchParams; Querystring: DownloadQuery }>(
    "/v5.1/geo-lead/:searchId/download",
    {
      schema: { querystring: downloadQuerySchema(false) },
    },
    async (request, reply) =>
      sendDownload(app, reply, request.account.id, request.params.searchId, "geo", request.query)
  );
}
