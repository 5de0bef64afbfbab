/**
 * office.js's own log of its RichApi traffic, read back as a trace (TraceEntry[]).
 *
 * With `OfficeExtension.CoreUtility._logEnabled = true`, office.js prints each request and each
 * response with console.log, as two messages each (excel-web-16.00.debug.js; the same in
 * excel-win32-16.01 and excel-mac-16.00):
 *
 * - RichApiMessageUtility.buildMessageArrayForIRequestExecutor: `Request:`, then
 *   `JSON.stringify(requestMessage.Body)`: the request body ({AutoKeepReference, Actions,
 *   ObjectPaths});
 * - OfficeJsRequestExecutor.executeAsync (Excel on the web, and desktop through OSF):
 *   `Response:`, then `JSON.stringify(result)` of OSF's AsyncResult:
 *   `{"value":{"data":[status, [header, value, ...], "<response body JSON text>"]},
 *   "status":"succeeded"}`, or `{"status":"failed","error":{"name","message","code"}}`;
 * - EmbeddedRequestExecutor (an embedded session): `Response:`, then `{"Data":[status, headers,
 *   body], ...}`; HttpUtility's local document requests: `Response:`, then
 *   `{"statusCode", "headers", "body"}`.
 *
 * The log is read line by line: console messages as Playwright's `page.on("console")` gives
 * them (`msg.text()`), or the text of a browser's developer tools console copied or saved
 * ("Save as..."), where each line may carry the script's location before it
 * (`excel-web-16.00.js:26 Request:`, Chrome, Edge), after it (`Request: excel-web-16.00.js:26:13`,
 * Firefox) and a timestamp. Other lines are skipped, also between a marker and its JSON (another
 * message logged meanwhile).
 *
 * Requests can be in flight together (office.js does not wait for one context's sync before
 * sending another's): a response goes to the oldest unanswered request whose actions include
 * every ActionId the response names, else to the oldest unanswered request.
 *
 * Run as a script, it turns a saved console log into a fixture for test/office-host/traces/:
 *   npx tsx test/office-host/trace-log.ts console.log --description "..." > traces/name.json
 */
import fs from "node:fs";
import type { TraceEntry } from "./page/traces";
import type { RichApiErrorBody, RichApiRequestBody, RichApiResponseBody } from "./page/rich-api";

export type { TraceEntry };

export interface TraceLog {
  entries: TraceEntry[];
  /** What could not be read or paired ("line 12: ..."), in order. */
  problems: string[];
}

/** A checked-in trace (test/office-host/traces/*.json): the entries and where they come from. */
export interface TraceFixture {
  description: string;
  /** Where the trace was recorded: "office.js <version> on the Office host page", "Excel on the web, <date>". */
  source: string;
  /** Cells written (officeHost.setValues) on the fresh page before the replay. */
  before?: Array<{ sheet: string; address: string; values: unknown[][] }>;
  /** Keys whose values are not compared on replay, besides _ReferenceId (see replay.ts). */
  ignoreValuesOf?: string[];
  entries: TraceEntry[];
}

const MARKER = /^(Request|Response):$/;
/**
 * A timestamp (developer tools' "Show timestamps") and a script location ("file.js:26",
 * "VM12:1", a URL with its line and column) before a message.
 */
const PREFIX =
  /^(?:\[?(?:\d{4}-\d{2}-\d{2}T)?\d{1,2}:\d{2}:\d{2}(?:\.\d+)?Z?\]?\s+)?(?:\S+?:\d+(?::\d+)?\s+)?/;
/** A script location after a message (Firefox). */
const SUFFIX = /\s+\S+?:\d+(?::\d+)?$/;

/** Whether a line is office.js's "Request:" or "Response:", with what may surround it. */
function marker(line: string): "Request" | "Response" | null {
  const text = line.trim().replace(PREFIX, "").replace(SUFFIX, "").trim();
  const match = MARKER.exec(text);
  return match ? (match[1] as "Request" | "Response") : null;
}

/**
 * The JSON object of a line, between its first "{" and last "}" (what surrounds it, a location
 * or a timestamp, is left out that way), or an error.
 */
function json(line: string): { value: unknown } | { error: string } {
  const start = line.indexOf("{");
  const end = line.lastIndexOf("}");
  if (start < 0 || end < start) return { error: "no JSON object" };
  try {
    return { value: JSON.parse(line.slice(start, end + 1)) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function isRequestBody(value: unknown): value is RichApiRequestBody {
  const body = value as RichApiRequestBody | null;
  return (
    typeof body === "object" &&
    body !== null &&
    Array.isArray(body.Actions) &&
    typeof body.ObjectPaths === "object" &&
    body.ObjectPaths !== null
  );
}

/** office.js's RichApiMessageUtility.buildResponseOnError: the code of an OSF error number. */
const OSF_ERRORS: Record<number, { code: string; status: number }> = {
  7000: { code: "AccessDenied", status: 401 },
  5102: { code: "ActivityLimitReached", status: 429 },
  5012: { code: "InvalidOrTimedOutSession", status: 408 },
  5103: { code: "RequestPayloadSizeLimitExceeded", status: 400 },
  5104: { code: "ResponsePayloadSizeLimitExceeded", status: 400 },
  5016: { code: "WriteNotSupportedWhenModalDialogOpen", status: 400 },
  1014: { code: "InvalidRequestContext", status: 400 },
};

/** The body of a failed call, as office.js makes it (buildResponseOnError) before rejecting. */
export function osfFailure(error: { code?: unknown; message?: unknown }): RichApiResponseBody {
  const known = typeof error.code === "number" ? OSF_ERRORS[error.code] : undefined;
  const body: RichApiErrorBody = {
    Code: known?.code ?? "GeneralException",
    Message: typeof error.message === "string" ? error.message : "",
    HttpStatusCode: known?.status ?? 500,
  };
  return { Error: body };
}

/** The response body of a logged response (one of the shapes above), or why not. */
export function responseBody(logged: unknown): RichApiResponseBody | string {
  if (typeof logged !== "object" || logged === null) return "not an object";
  const record = logged as Record<string, unknown>;
  if (record.status === "failed" && typeof record.error === "object" && record.error !== null)
    return osfFailure(record.error as { code?: unknown; message?: unknown });
  const value = record.value as Record<string, unknown> | undefined;
  const data = (value?.data ?? record.Data ?? record.data) as unknown[] | undefined;
  let text: unknown = Array.isArray(data) ? data[2] : record.body;
  if (Array.isArray(text)) text = text.join("");
  if (typeof text !== "string") return "no response body in it";
  try {
    const body = JSON.parse(text) as unknown;
    if (typeof body !== "object" || body === null) return "its body is not a JSON object";
    const parsed = body as Record<string, unknown>;
    // HttpUtility's error shape ({"error": {"code", "message"}}) as office.js reads it.
    if (!("Results" in parsed) && !("Error" in parsed) && typeof parsed.error === "object") {
      const error = parsed.error as { code?: unknown; message?: unknown };
      return {
        Error: {
          Code: String(error.code ?? "GeneralException"),
          Message: String(error.message ?? ""),
        },
      };
    }
    return parsed as RichApiResponseBody;
  } catch (error) {
    return `its body is not JSON (${(error as Error).message})`;
  }
}

function actionIds(response: RichApiResponseBody): number[] {
  return [
    ...(response.Results ?? []).map((result) => result.ActionId),
    ...(response.TraceIds ?? []),
  ];
}

/**
 * Reads office.js's log (console messages, or a copied console's text: each string may hold
 * several lines) into a trace, with the problems met: a request or response whose JSON does
 * not parse, a response with no request before it, a request never answered.
 */
export function readTraceLog(log: string | readonly string[]): TraceLog {
  const lines = (typeof log === "string" ? [log] : log).flatMap((text) => text.split(/\r?\n/));
  const problems: string[] = [];
  const pending: Array<{ line: number; request: RichApiRequestBody }> = [];
  const answered: Array<{ line: number; entry: TraceEntry }> = [];
  for (let index = 0; index < lines.length; index++) {
    const kind = marker(lines[index]!);
    if (!kind) continue;
    // The JSON is the next line that holds an object: other messages can come between (the
    // page's own, another frame's), but not another marker.
    let next = index + 1;
    while (next < lines.length && !lines[next]!.includes("{") && !marker(lines[next]!)) next++;
    if (next >= lines.length) {
      problems.push(`line ${index + 1}: "${kind}:" has no JSON after it`);
      break;
    }
    const parsed = json(lines[next]!);
    if ("error" in parsed) {
      // Not this marker's JSON: the next line is read again as a line of its own.
      problems.push(`line ${next + 1}: the ${kind.toLowerCase()} is not JSON (${parsed.error})`);
      continue;
    }
    index = next;
    if (kind === "Request") {
      if (isRequestBody(parsed.value)) pending.push({ line: next + 1, request: parsed.value });
      else problems.push(`line ${next + 1}: not a RichApi request body (Actions, ObjectPaths)`);
      continue;
    }
    const response = responseBody(parsed.value);
    if (typeof response === "string") {
      problems.push(`line ${next + 1}: not a RichApi response: ${response}`);
      continue;
    }
    if (!pending.length) {
      problems.push(`line ${next + 1}: a response with no request before it`);
      continue;
    }
    const ids = actionIds(response);
    let at = ids.length
      ? pending.findIndex(({ request }) => {
          const own = new Set(request.Actions.map((action) => action.Id));
          return ids.every((id) => own.has(id));
        })
      : 0;
    if (at < 0) at = 0;
    const [{ line, request }] = pending.splice(at, 1) as [(typeof pending)[number]];
    answered.push({ line, entry: { request, response } });
  }
  for (const { line } of pending) problems.push(`line ${line}: a request never answered`);
  // In the order the requests were sent.
  answered.sort((a, b) => a.line - b.line);
  return { entries: answered.map(({ entry }) => entry), problems };
}

/** A trace from office.js's log; throws when something in it could not be read or paired. */
export function parseTraceLog(log: string | readonly string[]): TraceEntry[] {
  const { entries, problems } = readTraceLog(log);
  if (problems.length)
    throw new Error(`office.js's log is not a whole trace:\n  ${problems.join("\n  ")}`);
  return entries;
}

/** Reads a fixture: a TraceFixture, or a bare TraceEntry[] (described by its file name). */
export function readTraceFixture(file: string): TraceFixture {
  const json = JSON.parse(fs.readFileSync(file, "utf8")) as TraceFixture | TraceEntry[];
  if (Array.isArray(json)) return { description: file, source: "unknown", entries: json };
  if (!Array.isArray(json.entries)) throw new Error(`${file}: no "entries"`);
  return json;
}

/** A fixture as checked in: two-space JSON, one key per line, a final newline. */
export function fixtureText(fixture: TraceFixture): string {
  return JSON.stringify(fixture, null, 2) + "\n";
}

function cli(argv: string[]): number {
  const usage =
    "Usage: npx tsx test/office-host/trace-log.ts <console log file> [--description <text>] [--source <text>] [--lenient]";
  let file: string | undefined;
  let description = "";
  let source = "a browser console's log";
  let lenient = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--description" || arg === "--source") {
      const value = argv[++i];
      if (value === undefined) {
        console.error(`${arg} needs a value\n${usage}`);
        return 2;
      }
      if (arg === "--description") description = value;
      else source = value;
    } else if (arg === "--lenient") lenient = true;
    else if (!arg.startsWith("--") && file === undefined) file = arg;
    else {
      console.error(`unknown argument: ${arg}\n${usage}`);
      return 2;
    }
  }
  if (!file) {
    console.error(usage);
    return 2;
  }
  const { entries, problems } = readTraceLog(fs.readFileSync(file, "utf8"));
  for (const problem of problems) console.error(`${file}: ${problem}`);
  if (problems.length && !lenient) return 1;
  process.stdout.write(fixtureText({ description: description || file, source, entries }));
  return 0;
}

if (require.main === module) process.exitCode = cli(process.argv.slice(2));
