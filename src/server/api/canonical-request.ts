import { isValidDomain } from "../../api/normalize";
import { HostError } from "../errors";
import {
  OPERATION_LIST,
  isParameter,
  type Operation,
  type PathParameter,
  type QueryParameter,
} from "../../api/operations";

// One reading of a request to the service (issue 34): the raw method and URL are parsed once
// into an operation of the interface with its parameters, and only that canonical form is
// priced, reserved and relayed. Every spelling either means one operation exactly or is refused
// here, before anything is reserved or sent:
// - segments are percent-decoded once, then compared exactly (case-sensitive, as the
//   interface writes them): `%6Frder` is `order`, `Order` is no path of the interface;
// - dot segments (plain or encoded), empty segments (`//`, a trailing slash), `;` parameters,
//   backslashes, control characters and malformed escapes are refused;
// - a method the operation does not have (HEAD included) is refused, with the methods it has;
// - query parameters are the operation's own, each at most once, with an allowed value;
// - path parameters are checked (a domain name, a search id) and written back canonically.

export interface CanonicalRequest {
  operation: Operation;
  /** The checked path parameters. */
  domain?: string;
  searchId?: string;
  /** The operation's query parameters, as given (each once). */
  query: ReadonlyMap<string, string>;
  /** The path as the service sees it: the operation's, its parameters filled in. */
  path: string;
  /** The path with its canonical query string: what is sent. */
  target: string;
}

const SEARCH_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
/** Longest request target read at all (a longer one is no request of this interface). */
const MAX_TARGET = 4096;
// Control characters, space, backslash, `;`, and the characters a URL never carries raw.
const UNSAFE = /[\u0000-\u0020\u007f\\;<>"`{}|^]/;

const notInterface = (): HostError =>
  new HostError(404, "not_found", "This is not a path of the service's interface.");

const malformed = (why: string): HostError =>
  new HostError(400, "bad_request", `The request's path is not accepted: ${why}.`);

function methodNotAllowed(allowed: string[]): HostError {
  return new HostError(
    405,
    "method_not_allowed",
    `This operation of the service's interface takes ${allowed.join(" or ")} only.`,
    { allow: allowed.join(", ") }
  );
}

function decodeSegment(raw: string): string {
  let text: string;
  try {
    text = decodeURIComponent(raw);
  } catch {
    throw malformed("a percent escape is malformed");
  }
  if (text === "." || text === "..") throw malformed("it has a dot segment");
  if (text.includes("/") || UNSAFE.test(text))
    throw malformed("a segment holds a character that is not allowed");
  return text;
}

function checkParameter(parameter: PathParameter, value: string): string {
  if (parameter === "{domain}") {
    const domain = value.toLowerCase();
    if (!isValidDomain(domain))
      throw new HostError(400, "bad_request", "The domain in the path is not a domain name.");
    return domain;
  }
  if (!SEARCH_ID.test(value))
    throw new HostError(400, "bad_request", "The search id in the path is not one.");
  return value;
}

interface Match {
  operation: Operation;
  values: Partial<Record<PathParameter, string>>;
}

/** The operations whose path is `segments` (any method). */
function matchPath(segments: string[]): Match[] {
  const matches: Match[] = [];
  for (const operation of OPERATION_LIST) {
    const expected = operation.generation
      ? [operation.generation, ...operation.segments]
      : operation.segments;
    if (expected.length !== segments.length) continue;
    const values: Partial<Record<PathParameter, string>> = {};
    let same = true;
    for (let i = 0; i < expected.length && same; i++) {
      const part = expected[i]!;
      if (isParameter(part)) values[part] = segments[i]!;
      else same = part === segments[i];
    }
    if (same) matches.push({ operation, values });
  }
  // A literal wins over a parameter ("bulk/json" is not the search "json").
  const literal = matches.filter((match) => Object.keys(match.values).length === 0);
  return literal.length > 0 ? literal : matches;
}

/** The longest text the host relays in a query parameter (the service checks its own bounds). */
const MAX_QUERY_TEXT = 256;

const isValues = (parameter: QueryParameter): parameter is readonly string[] =>
  Array.isArray(parameter);

function parseQuery(operation: Operation, raw: string): Map<string, string> {
  const query = new Map<string, string>();
  if (raw === "") return query;
  for (const part of raw.split("&")) {
    if (part === "") continue;
    const equals = part.indexOf("=");
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((equals < 0 ? part : part.slice(0, equals)).replace(/\+/g, " "));
      value = equals < 0 ? "" : decodeURIComponent(part.slice(equals + 1).replace(/\+/g, " "));
    } catch {
      throw new HostError(400, "bad_request", "A query parameter's percent escape is malformed.");
    }
    const allowed = operation.query[name];
    if (allowed === undefined)
      throw new HostError(
        400,
        "bad_request",
        `The query parameter ${JSON.stringify(name.slice(0, 64))} is not one of ${operation.name}.`
      );
    if (query.has(name))
      throw new HostError(400, "bad_request", `The query parameter ${name} is given twice.`);
    const text = !isValues(allowed);
    if (text ? value.length > MAX_QUERY_TEXT : !allowed.includes(value))
      throw new HostError(
        400,
        "bad_request",
        text
          ? `The query parameter ${name} is longer than ${MAX_QUERY_TEXT} characters.`
          : `The query parameter ${name} must be one of ${allowed.join(", ")}.`
      );
    query.set(name, value);
  }
  return query;
}

function canonicalPath(match: Match, domain?: string, searchId?: string): string {
  const { operation } = match;
  const parts = operation.segments.map((part) =>
    part === "{domain}"
      ? encodeURIComponent(domain!)
      : part === "{searchId}"
        ? encodeURIComponent(searchId!)
        : part
  );
  return "/" + (operation.generation ? [operation.generation, ...parts] : parts).join("/");
}

/**
 * The request `method url` as an operation of the interface, `url` being the path under
 * `prefix` ("/api", "/demo-api") with its query. Throws the host's error (400, 404, 405) for
 * anything that is not exactly one operation.
 */
export function canonicalRequest(method: string, url: string, prefix: string): CanonicalRequest {
  if (url.length > MAX_TARGET) throw malformed("it is too long");
  if (!url.startsWith("/")) throw malformed("it is not a path");
  const questionMark = url.indexOf("?");
  const rawPath = questionMark < 0 ? url : url.slice(0, questionMark);
  const rawQuery = questionMark < 0 ? "" : url.slice(questionMark + 1);
  if (rawQuery.includes("#")) throw malformed("it has a fragment");
  const segments = rawPath.slice(1).split("/").map(decodeSegment);
  const prefixSegments = prefix.slice(1).split("/");
  if (prefixSegments.some((part, i) => segments[i] !== part)) throw notInterface();
  const rest = segments.slice(prefixSegments.length);
  if (rest.some((segment) => segment === "")) throw notInterface();
  const matches = matchPath(rest);
  if (matches.length === 0) throw notInterface();
  const match = matches.find((candidate) => candidate.operation.method === method);
  if (!match) throw methodNotAllowed([...new Set(matches.map((m) => m.operation.method))]);
  const { operation } = match;
  const domain = match.values["{domain}"];
  const searchId = match.values["{searchId}"];
  const checkedDomain = domain === undefined ? undefined : checkParameter("{domain}", domain);
  const checkedSearch = searchId === undefined ? undefined : checkParameter("{searchId}", searchId);
  const query = parseQuery(operation, rawQuery);
  const path = canonicalPath(match, checkedDomain, checkedSearch);
  const search = new URLSearchParams([...query]).toString();
  return {
    operation,
    ...(checkedDomain !== undefined ? { domain: checkedDomain } : {}),
    ...(checkedSearch !== undefined ? { searchId: checkedSearch } : {}),
    query,
    path,
    target: search ? `${path}?${search}` : path,
  };
}
