import type { BulkSearch } from "../../api/types";
import { BULK_FIELD_INDEXES } from "../../api/types";
import { validWebhookUrl, webhookUrlOf } from "../http";
import type { BulkIndexes } from "../jobs/bulk-rows";
import { bulkFromFile } from "./bulk-multipart";
import { downloadOf } from "./downloads";
import type { OperationHandlers } from "./operation-routes";

// Bulk searches (docs/interface.md, Bulk searches and Search states).

export const bulkHandlers: OperationHandlers<
  "bulk/json" | "bulk/multipart" | "bulk/read" | "bulk/download"
> = {
  "bulk/json": async (app, request): Promise<BulkSearch> => {
    const body = request.body;
    const headerWebhook = webhookUrlOf(request);
    const webhookUrl =
      body.webhook_url !== undefined
        ? validWebhookUrl(body.webhook_url, "webhook_url")
        : headerWebhook;
    const indexes: BulkIndexes = {};
    for (const field of BULK_FIELD_INDEXES)
      if (body[field] !== undefined) indexes[field] = body[field];
    const search = app.sandbox.searches.createBulk(request.account.id, {
      data: body.data,
      hasHeader: body.has_header ?? true,
      fileName: body.file_name ?? null,
      indexes,
      categories: body.decision_maker_category ?? null,
      webhookUrl,
    });
    app.sandbox.runner.kick();
    return search;
  },
  "bulk/multipart": bulkFromFile,
  "bulk/read": async (app, request): Promise<BulkSearch> =>
    app.sandbox.searches.bulkSearch(request.account.id, request.params.searchId),
  "bulk/download": downloadOf("bulk"),
};
