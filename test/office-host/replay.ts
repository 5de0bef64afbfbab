/**
 * Replaying a trace (office.js's requests with the responses they got, see trace-log.ts) against
 * the Office host page: each recorded request goes through `window.officeHost.execute(body)` in
 * order, and the page's response is compared with the recorded one.
 *
 * What is compared:
 * - a recorded response without an Error: every result, matched by ActionId. A result missing
 *   from the page's response, one the page added, and every difference inside a result's
 *   Value (keys, nesting, values with ===) is a difference; and the page must not answer with
 *   an Error;
 * - a recorded response with an Error: the page must answer with an Error of the same Code.
 *   Results beside an Error are not compared (office.js rejects the sync and reads none).
 *
 * What is not compared (it differs between runs and hosts without being wrong):
 * - the values of `_ReferenceId` (office.js's handles of kept objects, "Range:1" on this page,
 *   other names in Excel): a result must have one where the recorded one had one, and the
 *   recorded handle is mapped to the page's, so that later requests that use it (ObjectPath
 *   type 6, `_RemoveReference`'s argument) name the page's own;
 * - `TraceIds` (the ids of trace actions the response echoes);
 * - an Error's Message, Location, ActionIndex and HttpStatusCode (Excel's messages are
 *   localized; the page's name itself): `compareErrorMessages: true` compares Message and
 *   Location too;
 * - keys named in `ignoreValuesOf` (for instance `_Id` in a trace from a real workbook, whose
 *   sheets have other ids than the page's): their presence is compared, not their values.
 */
import type { Page } from "playwright-core";
import type { ActionInfo, RichApiRequestBody, RichApiResponseBody } from "./page/rich-api";
import type { TraceEntry } from "./page/traces";

export interface ReplayOptions {
  /** Keys whose values are not compared (their presence is); _ReferenceId always. */
  ignoreValuesOf?: readonly string[];
  /** Compare an Error's Message and Location, not only its Code. */
  compareErrorMessages?: boolean;
  /** Wait for officeHost.calculated() after each request (formulas of custom functions). */
  waitForCalculation?: boolean;
  /** Differences reported per entry at most (default 20); the rest are counted in one. */
  maxPerEntry?: number;
}

export interface TraceDifference {
  /** The entry's index in the trace. */
  entry: number;
  /** Where: "Error.Code", "Results[ActionId=16].Value.Values[0][1]", ... */
  path: string;
  expected: unknown;
  actual: unknown;
}

/** Handles of kept objects: the recorded `_ReferenceId` -> the page's. */
export type ReferenceMap = Map<string, string>;

const ALWAYS_IGNORED = "_ReferenceId";

/** A recorded request with the recorded handles it uses renamed to the page's. */
export function mapReferences(
  request: RichApiRequestBody,
  references: ReferenceMap
): RichApiRequestBody {
  const rename = (name: unknown) =>
    typeof name === "string" && references.has(name) ? references.get(name)! : name;
  const copy = JSON.parse(JSON.stringify(request)) as RichApiRequestBody;
  for (const path of Object.values(copy.ObjectPaths))
    if (path.ObjectPathType === 6) path.Name = String(rename(path.Name));
  copy.Actions = copy.Actions.map((action: ActionInfo) => {
    if (action.Name !== "_RemoveReference" || !action.ArgumentInfo?.Arguments) return action;
    return {
      ...action,
      ArgumentInfo: {
        ...action.ArgumentInfo,
        Arguments: action.ArgumentInfo.Arguments.map(rename),
      },
    };
  });
  return copy;
}

function label(path: string, key: string | number): string {
  return typeof key === "number" ? `${path}[${key}]` : path ? `${path}.${key}` : key;
}

function kind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

/** Differences between two JSON values (paths from `path`), ignoring some keys' values. */
function compareValues(
  expected: unknown,
  actual: unknown,
  path: string,
  ignored: ReadonlySet<string>,
  out: Array<{ path: string; expected: unknown; actual: unknown }>,
  references?: ReferenceMap
): void {
  if (kind(expected) !== kind(actual)) {
    out.push({ path, expected, actual });
    return;
  }
  if (Array.isArray(expected)) {
    const other = actual as unknown[];
    if (expected.length !== other.length)
      out.push({ path: `${path}.length`, expected: expected.length, actual: other.length });
    for (let i = 0; i < Math.min(expected.length, other.length); i++)
      compareValues(expected[i], other[i], label(path, i), ignored, out, references);
    return;
  }
  if (typeof expected === "object" && expected !== null) {
    const a = expected as Record<string, unknown>;
    const b = actual as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const at = label(path, key);
      if (!(key in a) || !(key in b)) {
        out.push({ path: at, expected: a[key], actual: b[key] });
        continue;
      }
      if (key === ALWAYS_IGNORED && typeof a[key] === "string" && typeof b[key] === "string") {
        references?.set(a[key] as string, b[key] as string);
        continue;
      }
      if (ignored.has(key)) continue;
      compareValues(a[key], b[key], at, ignored, out, references);
    }
    return;
  }
  if (expected !== actual) out.push({ path, expected, actual });
}

/**
 * The differences between a recorded response and the page's (see the file's comment for what
 * is compared), without the entry index; learns the handle renamings into `references`.
 */
export function compareResponses(
  expected: RichApiResponseBody,
  actual: RichApiResponseBody,
  options: ReplayOptions = {},
  references: ReferenceMap = new Map()
): Array<{ path: string; expected: unknown; actual: unknown }> {
  const out: Array<{ path: string; expected: unknown; actual: unknown }> = [];
  if (expected.Error) {
    if (!actual.Error) {
      out.push({ path: "Error", expected: expected.Error, actual: undefined });
      return out;
    }
    if (expected.Error.Code !== actual.Error.Code)
      out.push({ path: "Error.Code", expected: expected.Error.Code, actual: actual.Error.Code });
    if (options.compareErrorMessages) {
      if (expected.Error.Message !== actual.Error.Message)
        out.push({
          path: "Error.Message",
          expected: expected.Error.Message,
          actual: actual.Error.Message,
        });
      if (expected.Error.Location !== actual.Error.Location)
        out.push({
          path: "Error.Location",
          expected: expected.Error.Location,
          actual: actual.Error.Location,
        });
    }
    return out;
  }
  if (actual.Error) {
    out.push({ path: "Error", expected: undefined, actual: actual.Error });
    return out;
  }
  const ignored = new Set(options.ignoreValuesOf ?? []);
  const byId = (response: RichApiResponseBody) =>
    new Map((response.Results ?? []).map((result) => [result.ActionId, result.Value]));
  const recorded = byId(expected);
  const answered = byId(actual);
  for (const id of [...new Set([...recorded.keys(), ...answered.keys()])].sort((a, b) => a - b)) {
    const path = `Results[ActionId=${id}]`;
    if (!answered.has(id))
      out.push({ path, expected: { Value: recorded.get(id) }, actual: undefined });
    else if (!recorded.has(id))
      out.push({ path, expected: undefined, actual: { Value: answered.get(id) } });
    else
      compareValues(recorded.get(id), answered.get(id), `${path}.Value`, ignored, out, references);
  }
  return out;
}

/**
 * Runs each entry's request on a host page (opened with openHostPage, its add-in started) and
 * returns every difference from the recorded responses; [] when the page answers as recorded.
 */
export async function replayTrace(
  page: Page,
  entries: readonly TraceEntry[],
  options: ReplayOptions = {}
): Promise<TraceDifference[]> {
  const max = options.maxPerEntry ?? 20;
  const references: ReferenceMap = new Map();
  const differences: TraceDifference[] = [];
  for (let entry = 0; entry < entries.length; entry++) {
    const { request, response } = entries[entry]!;
    const body = mapReferences(request, references);
    const actual = await page.evaluate(
      async ({ body, settle }) => {
        const answer = await window.officeHost.execute(body);
        if (settle) await window.officeHost.calculated();
        return answer;
      },
      { body, settle: options.waitForCalculation ?? false }
    );
    const found = compareResponses(response, actual, options, references);
    for (const difference of found.slice(0, max)) differences.push({ entry, ...difference });
    if (found.length > max)
      differences.push({
        entry,
        path: "(more)",
        expected: undefined,
        actual: `${found.length - max} more differences in this entry`,
      });
  }
  return differences;
}

/** Differences as lines for an assertion's message. */
export function describeDifferences(differences: readonly TraceDifference[]): string {
  return differences
    .map(
      (d) =>
        `entry ${d.entry}: ${d.path}: expected ${JSON.stringify(d.expected)}, got ${JSON.stringify(d.actual)}`
    )
    .join("\n");
}
