import { MAX_COST_MILLI } from "../../client/prices";
import type { LookupOperation } from "../../client/lookup-key";

// The service's interface as the host knows it (docs/interface.md, Operations): every
// operation of both generations with its method, path, query parameters, body and price. The
// host relays nothing else (src/server/api/canonical-request.ts parses each request against it).

export type Generation = "v5.1" | "v5.0";

/** A variable path segment and how its value is checked (canonical-request.ts). */
export type PathParameter = "{domain}" | "{searchId}";

/** A query parameter: one of these values, or any text. */
export type QueryParameter = readonly string[] | "text";

/** How a request's body comes: none, a JSON object, or a multipart upload. */
export type BodyKind = "none" | "json" | "multipart";

/** What an operation may cost, and how the host learns it before sending it. */
export type Price =
  | { kind: "free" }
  /** A lookup: at most `maxMilli`, the charge read from the answer (team-lookups.ts). */
  | { kind: "lookup"; lookup: LookupKind; maxMilli: number }
  /** A domain file order: the quote is `GET /v5.1/domain/{domain}/email`. */
  | { kind: "domain_order" }
  /** A search's download: the quote is the search itself (`paid`, `credits_needed`). */
  | { kind: "search_download"; search: "bulk" | "geo-lead" };

/** The lookups' key spaces (src/client/lookup-key.ts); legacy ones keep their own names. */
export type LookupKind =
  LookupOperation | "legacy_person" | "legacy_company" | "legacy_employees" | "legacy_validate";

export interface Operation {
  /** The operation's name in the audit and in errors ("find-email/person", "bulk/download"). */
  name: string;
  /**
   * Null: `GET /status`, which is unversioned and needs no key (docs/interface.md, Status and
   * Authentication).
   */
  generation: Generation | null;
  method: "GET" | "POST";
  /** The path's segments after the generation: literal text or a parameter. */
  segments: ReadonlyArray<string | PathParameter>;
  query: Readonly<Record<string, QueryParameter>>;
  body: BodyKind;
  /** Whether `x-webhook-url` is accepted (docs/interface.md, Webhooks). */
  webhook: boolean;
  price: Price;
}

const FLAG = ["0", "1"] as const;
const DOWNLOAD_QUERY = {
  preview_only: ["true", "false"],
  partially_verified: FLAG,
  not_found: FLAG,
  fully_verified: FLAG,
  file_name_column_name: "text",
  download_as: ["csv", "json_arr", "json_obj", "xlsx"],
} as const;

const FREE = { kind: "free" } as const;
const NO_QUERY = {} as const;

function lookup(
  name: string,
  generation: Generation,
  path: string,
  kind: LookupKind,
  maxMilli: number
): Operation {
  return {
    name,
    generation,
    method: "POST",
    segments: path.split("/"),
    query: NO_QUERY,
    body: "json",
    webhook: generation === "v5.1",
    price: { kind: "lookup", lookup: kind, maxMilli },
  };
}

function plain(
  name: string,
  generation: Generation | null,
  method: "GET" | "POST",
  segments: ReadonlyArray<string | PathParameter>,
  extra: Partial<Pick<Operation, "query" | "body" | "webhook" | "price">> = {}
): Operation {
  return {
    name,
    generation,
    method,
    segments,
    query: NO_QUERY,
    body: "none",
    webhook: false,
    price: FREE,
    ...extra,
  };
}

/**
 * Legacy charging (docs/interface.md, Credits): a found person or company once, employees and
 * validation each call.
 */
const LEGACY_MILLI = 1_000;

export const OPERATIONS: readonly Operation[] = [
  plain("status", null, "GET", ["status"]),
  // v5.1 (docs/interface.md, Operations)
  plain("account", "v5.1", "GET", ["account"]),
  plain("domain/info", "v5.1", "GET", ["domain", "{domain}", "email"]),
  plain("domain/order", "v5.1", "POST", ["domain", "{domain}", "email", "order"], {
    webhook: true,
    price: { kind: "domain_order" },
  }),
  plain("domain/download", "v5.1", "GET", ["domain", "{domain}", "email", "download"]),
  plain("report/bad-email", "v5.1", "POST", ["report", "bad-email"], { body: "json" }),
  plain("bulk/json", "v5.1", "POST", ["bulk", "json"], { body: "json", webhook: true }),
  plain("bulk/multipart", "v5.1", "POST", ["bulk", "multipart"], {
    body: "multipart",
    webhook: true,
  }),
  plain("bulk/read", "v5.1", "GET", ["bulk", "{searchId}"]),
  plain("bulk/download", "v5.1", "GET", ["bulk", "{searchId}", "download"], {
    query: { ...DOWNLOAD_QUERY, format: ["default", "company-one-email-per-line"] },
    price: { kind: "search_download", search: "bulk" },
  }),
  lookup("find-email/company", "v5.1", "find-email/company", "company", MAX_COST_MILLI.company),
  lookup(
    "find-email/decision-maker",
    "v5.1",
    "find-email/decision-maker",
    "decision_maker",
    MAX_COST_MILLI.decision_maker
  ),
  lookup(
    "find-email/linkedin-url",
    "v5.1",
    "find-email/linkedin-url",
    "linkedin_url",
    MAX_COST_MILLI.linkedin_url
  ),
  lookup("find-email/person", "v5.1", "find-email/person", "person", MAX_COST_MILLI.person),
  plain("geo-lead/create", "v5.1", "POST", ["geo-lead"], { body: "json", webhook: true }),
  plain("geo-lead/read", "v5.1", "GET", ["geo-lead", "{searchId}"]),
  plain("geo-lead/download", "v5.1", "GET", ["geo-lead", "{searchId}", "download"], {
    query: DOWNLOAD_QUERY,
    price: { kind: "search_download", search: "geo-lead" },
  }),
  lookup("verify-email", "v5.1", "verify-email", "verify", MAX_COST_MILLI.verify),
  // v5.0 (docs/interface.md, Legacy operations)
  plain("meta/account", "v5.0", "GET", ["meta", "account.json"]),
  lookup("search/person", "v5.0", "search/person.json", "legacy_person", LEGACY_MILLI),
  lookup("search/company", "v5.0", "search/company.json", "legacy_company", LEGACY_MILLI),
  lookup("search/employees", "v5.0", "search/employees.json", "legacy_employees", LEGACY_MILLI),
  lookup("validate", "v5.0", "validate.json", "legacy_validate", LEGACY_MILLI),
];

/** Path parameters are written in braces; anything else in `segments` is literal. */
export function isParameter(segment: string): segment is PathParameter {
  return segment === "{domain}" || segment === "{searchId}";
}
