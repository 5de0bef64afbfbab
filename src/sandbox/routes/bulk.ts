import type { FastifyInstance, FastifyReply } from "fastify";
import type {
  BulkCell,
  BulkFieldIndex,
  BulkJsonRequest,
  BulkSearch,
  DecisionMakerCategory,
  DownloadFormat,
} from "../../api/types";
import { BULK_FIELD_INDEXES, DECISION_MAKER_CATEGORIES, DOWNLOAD_FORMATS } from "../../api/types";
import { badRequest } from "../errors";
import { validWebhookUrl, webhookUrlOf } from "../http";
import { MAX_BULK_COLUMNS, MAX_BULK_ROWS, type BulkIndexes } from "../jobs/bulk-rows";
import { parseUploadedFile } from "../jobs/input-files";
import { contentDisposition, renderTable } from "../jobs/result-files";
import type { DownloadRequest } from "../jobs/search-downloads";
import type { SearchKind } from "../jobs/search-records";
import { errorCode } from "../../api/error-code";

// Bulk searches (docs/interface.md, Bulk searches and Search states), and the sandbox-only
// controls of every search.

const categoryList = {
  type: "array",
  minItems: 1,
  maxItems: DECISION_MAKER_CATEGORIES.length,
  items: { type: "string", enum: [...DECISION_MAKER_CATEGORIES] },
} as const;

const bulkJsonSchema = {
  type: "object",
  required: ["data"],
  properties: {
    data: {
      type: "array",
      // The header row plus 100,000 rows; the exact count (has_header) is checked by the service.
      maxItems: MAX_BULK_ROWS + 1,
      // Cells (string, number, boolean or null) are checked by the service, with a clearer message than a union schema gives.
      items: { type: "array", maxItems: MAX_BULK_COLUMNS },
    },
    has_header: { type: "boolean" },
    file_name: { type: "string", maxLength: 500 },
    ...Object.fromEntries(
      BULK_FIELD_INDEXES.map((field) => [field, { type: "integer", minimum: 0 }])
    ),
    decision_maker_category: categoryList,
    webhook_url: { type: "string", maxLength: 2048 },
  },
} as const;

const flag = (values: readonly string[]) => ({ type: "string", enum: values }) as const;

/** The download query (docs/interface.md, Downloading results); GeoLead's has no `format`. */
export const downloadQuerySchema = (withFormat: boolean) => ({
  type: "object",
  properties: {
    preview_only: flag(["true", "false"]),
    partially_verified: flag(["0", "1"]),
    not_found: flag(["0", "1"]),
    fully_verified: flag(["0", "1"]),
    ...(withFormat ? { format: flag(["default", "company-one-email-per-line"]) } : {}),
    file_name_column_name: { type: "string", minLength: 1, maxLength: 200 },
    download_as: flag(DOWNLOAD_FORMATS),
  },
});

export interface DownloadQuery {
  preview_only?: "true" | "false";
  partially_verified?: "0" | "1";
  not_found?: "0" | "1";
  fully_verified?: "0" | "1";
  format?: "default" | "company-one-email-per-line";
  file_name_column_name?: string;
  download_as?: DownloadFormat;
}

/** Renders a search's result file in the requested `download_as`, as an attachment. */
export async function sendDownload(
  app: FastifyInstance,
  reply: FastifyReply,
  accountId: number,
  id: string,
  kind: SearchKind,
  query: DownloadQuery
): Promise<FastifyReply> {
  const request: DownloadRequest = {
    preview: query.preview_only === "true",
    valid: query.fully_verified !== "0",
    risky: query.partially_verified !== "0",
    notFound: query.not_found !== "0",
    oneEmailPerLine: query.format === "company-one-email-per-line",
    fileNameColumn: query.file_name_column_name ?? null,
  };
  const table = app.sandbox.searches.download(accountId, id, kind, request);
  const file = await renderTable(table, query.download_as ?? "csv");
  return reply
    .type(file.contentType)
    .header(
      "content-disposition",
      contentDisposition(`${table.fileName}${request.preview ? " (preview)" : ""}`, file.extension)
    )
    .send(file.body);
}

/** Multipart parts arrive as strings: `decision_maker_category` repeated, as a comma list, or as a JSON array. */
function parseCategories(values: string[]): DecisionMakerCategory[] {
  const items: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value.startsWith("[")) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        throw badRequest(
          "decision_maker_category is not a valid JSON array",
          "decision_maker_category"
        );
      }
      if (!Array.isArray(parsed) || parsed.some((v) => typeof v !== "string")) {
        throw badRequest(
          "decision_maker_category must be an array of strings",
          "decision_maker_category"
        );
      }
      items.push(...(parsed as string[]));
    } else {
      items.push(...value.split(","));
    }
  }
  const categories = items.map((c) => c.trim().toLowerCase()).filter((c) => c !== "");
  if (categories.length === 0)
    throw badRequest("decision_maker_category is empty", "decision_maker_category");
  for (const category of categories) {
    if (!(DECISION_MAKER_CATEGORIES as readonly string[]).includes(category)) {
      throw badRequest(
        `decision_maker_category has an unknown category "${category}": one of ${DECISION_MAKER_CATEGORIES.join(", ")}`,
        "decision_maker_category"
      );
    }
  }
  return categories as DecisionMakerCategory[];
}

interface SearchParams {
  searchId: string;
}

export async function bulkRoutes(app: FastifyInstance): Promise<void> {
  const created = (search: BulkSearch): BulkSearch => {
    app.sandbox.runner.kick();
    return search;
  };

  app.post<{ Body: BulkJsonRequest }>(
    "/v5.1/bulk/json",
    { schema: { body: bulkJsonSchema } },
    async (request): Promise<BulkSearch> => {
      const body = request.body;
      const headerWebhook = webhookUrlOf(request);
      const webhookUrl =
        body.webhook_url !== undefined
          ? validWebhookUrl(body.webhook_url, "webhook_url")
          : headerWebhook;
      const indexes: BulkIndexes = {};
      for (const field of BULK_FIELD_INDEXES)
        if (body[field] !== undefined) indexes[field] = body[field];
      return created(
        app.sandbox.searches.createBulk(request.account.id, {
          data: body.data,
          hasHeader: body.has_header ?? true,
          fileName: body.file_name ?? null,
          indexes,
          categories: body.decision_maker_category ?? null,
          webhookUrl,
        })
      );
    }
  );

  app.post("/v5.1/bulk/multipart", async (request): Promise<BulkSearch> => {
    if (!request.isMultipart())
      throw badRequest("Send multipart/form-data with a file part (CSV or XLSX).", "file");
    // An account that may search no more is told before its file is read and parsed.
    app.sandbox.searches.ensureSearchLeft(request.account.id);
    const headerWebhook = webhookUrlOf(request);
    let upload: { buffer: Buffer; filename: string; mimetype: string } | null = null;
    let strayFile: string | null = null;
    const fields = new Map<string, string[]>();
    try {
      // Every part is read to the end before anything is judged, so an error never leaves the upload half-read.
      for await (const part of request.parts()) {
        if (part.type === "file") {
          const buffer = await part.toBuffer();
          if (part.fieldname === "file")
            upload = { buffer, filename: part.filename ?? "", mimetype: part.mimetype ?? "" };
          else strayFile = part.fieldname;
        } else {
          const values = fields.get(part.fieldname) ?? [];
          values.push(String(part.value));
          fields.set(part.fieldname, values);
        }
      }
    } catch (error) {
      const code = errorCode(error);
      if (code === "FST_FILES_LIMIT") throw badRequest("only one file may be uploaded", "file");
      if (code === "FST_REQ_FILE_TOO_LARGE") throw badRequest("file is larger than 100 MB", "file");
      if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT")
        throw badRequest("too many form fields", "file");
      throw error;
    }
    if (strayFile !== null)
      throw badRequest(`unexpected file part "${strayFile}": upload the file as "file"`, "file");
    if (fields.has("file"))
      throw badRequest("file must be an uploaded file, not a text field", "file");
    if (upload === null)
      throw badRequest('file is required: a CSV or XLSX file part named "file"', "file");
    const data: BulkCell[][] = await parseUploadedFile(
      upload.buffer,
      upload.filename,
      upload.mimetype
    );
    if (data.length === 0) throw badRequest("file has no rows", "file");

    const single = (name: string): string | undefined => {
      const values = fields.get(name);
      if (values && values.length > 1) throw badRequest(`${name} is given more than once`, name);
      return values?.[0];
    };
    const hasHeaderText = single("has_header")?.trim().toLowerCase();
    if (hasHeaderText !== undefined && hasHeaderText !== "true" && hasHeaderText !== "false") {
      throw badRequest("has_header must be true or false", "has_header");
    }
    const indexes: BulkIndexes = {};
    for (const field of BULK_FIELD_INDEXES) {
      const text = single(field)?.trim();
      if (text === undefined || text === "") continue;
      if (!/^\d{1,9}$/.test(text)) throw badRequest(`${field} must be a whole number >= 0`, field);
      indexes[field as BulkFieldIndex] = Number(text);
    }
    const fileName = single("file_name");
    if (fileName !== undefined && fileName.length > 500)
      throw badRequest("file_name must NOT have more than 500 characters", "file_name");
    const webhookText = single("webhook_url");
    const categories = fields.has("decision_maker_category")
      ? parseCategories(fields.get("decision_maker_category")!)
      : null;
    return created(
      app.sandbox.searches.createBulk(request.account.id, {
        data,
        hasHeader: hasHeaderText !== "false",
        fileName: fileName ?? null,
        indexes,
        categories,
        webhookUrl:
          webhookText !== undefined && webhookText.trim() !== ""
            ? validWebhookUrl(webhookText, "webhook_url")
            : headerWebhook,
      })
    );
  });

  app.get<{ Params: SearchParams }>("/v5.1/bulk/:searchId", async (request): Promise<BulkSearch> =>
    app.sandbox.searches.bulkSearch(request.account.id, request.params.searchId)
  );

  app.get<{ Params: SearchParams; Querystring: DownloadQuery }>(
    "/v5.1/bulk/:searchId/download",
    {
      schema: { querystring: downloadQuerySchema(true) },
    },
    async (request, reply) =>
      sendDownload(app, reply, request.account.id, request.params.searchId, "bulk", request.query)
  );

  // Sandbox-only (outside the interface's paths, no authentication), for bulk and GeoLead searches
  // alike.
  app.post<{ Params: { id: string } }>("/sandbox/searches/:id/pause", async (request) =>
    app.sandbox.searches.pause(request.params.id)
  );
  app.post<{ Params: { id: string } }>("/sandbox/searches/:id/resume", async (request) => {
    const search = app.sandbox.searches.resume(request.params.id);
    app.sandbox.runner.kick();
    return search;
  });
  app.post<{ Params: { id: string } }>("/sandbox/searches/:id/delete", async (request) =>
    app.sandbox.searches.remove(request.params.id)
  );
}
