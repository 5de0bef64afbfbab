import type { FastifyInstance, FastifyReply } from "fastify";
import type { DownloadFormat } from "../../api/types";
import { contentDisposition, renderTable } from "../jobs/result-files";
import type { DownloadRequest } from "../jobs/search-downloads";
import type { SearchKind } from "../jobs/search-records";
import type { OperationHandler } from "./operation-routes";

// A search's result file (docs/interface.md, Downloading results), for bulk and GeoLead searches
// alike; the query is checked by the row's schema (src/api/operations.ts).

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

/** The handler of a search's download. */
export const downloadOf =
  (kind: SearchKind): OperationHandler<"bulk/download" | "geo-lead/download"> =>
  async (app, request, reply) =>
    sendDownload(
      app,
      reply,
      request.account.id,
      request.params.searchId,
      kind,
      request.query as DownloadQuery
    );
