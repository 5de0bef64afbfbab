/**
 * RichApi traffic as data: each request office.js sent with the response the page gave, in
 * the JSON office.js itself logs (OfficeExtension.CoreUtility._logEnabled prints "Request:" and
 * "Response:" with the same bodies). A recorded trace can be replayed against a page (see
 * test/office-host/replay.ts), so that a trace taken from a real Excel can become a fixture.
 */
import type { RichApiRequestBody, RichApiResponseBody } from "./rich-api";

export interface TraceEntry {
  request: RichApiRequestBody;
  response: RichApiResponseBody;
}

export class TraceRecorder {
  private entries: TraceEntry[] | null = null;

  start(): void {
    this.entries = [];
  }

  stop(): TraceEntry[] {
    const entries = this.entries ?? [];
    this.entries = null;
    return entries;
  }

  record(request: RichApiRequestBody, response: RichApiResponseBody): void {
    this.entries?.push(JSON.parse(JSON.stringify({ request, response })) as TraceEntry);
  }
}
