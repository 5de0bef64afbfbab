import type { BulkCell, BulkFieldIndex, DecisionMakerCategory } from "../../api/types";
import { BULK_FIELD_INDEXES, DECISION_MAKER_CATEGORIES } from "../../api/types";
import { errorCode } from "../../api/error-code";
import { badRequest } from "../errors";
import { validWebhookUrl, webhookUrlOf } from "../http";
import type { BulkIndexes } from "../jobs/bulk-rows";
import { parseUploadedFile } from "../jobs/input-files";
import type { OperationHandler } from "./operation-routes";

// A bulk search from an uploaded file (docs/interface.md, Creating a bulk search): its form
// fields are checked here, as text, where a JSON body is checked by its schema.

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

export const bulkFromFile: OperationHandler<"bulk/multipart"> = async (app, request) => {
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
  const search = app.sandbox.searches.createBulk(request.account.id, {
    data,
    hasHeader: hasHeaderText !== "false",
    fileName: fileName ?? null,
    indexes,
    categories,
    webhookUrl:
      webhookText !== undefined && webhookText.trim() !== ""
        ? validWebhookUrl(webhookText, "webhook_url")
        : headerWebhook,
  });
  app.sandbox.runner.kick();
  return search;
};
