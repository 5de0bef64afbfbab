import type { GeoLead } from "../../api/types";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";
import { downloadOf } from "./downloads";
import type { OperationHandlers } from "./operation-routes";

// GeoLead searches (docs/interface.md, GeoLead searches and Search states).

export const geoLeadHandlers: OperationHandlers<
  "geo-lead/create" | "geo-lead/read" | "geo-lead/download"
> = {
  "geo-lead/create": async (app, request): Promise<GeoLead> => {
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
  },
  "geo-lead/read": async (app, request): Promise<GeoLead> =>
    app.sandbox.searches.geoLead(request.account.id, request.params.searchId),
  "geo-lead/download": downloadOf("geo"),
};
