import type { BodySchemaName } from "./body-schemas";
import { BULK_LIMITS, type BulkLimits } from "./limits";
import type { OperationTypes } from "./types";

// The service's interface described once (docs/interface.md, Operations): every operation of
// both generations, and `GET /status`, as one row. The client's paths, the scheduler's lookups
// and their cache key codes, the prices, the sandbox's routes and validation, and the team
// host's reading, pricing, webhooks and metrics of a request are all read from these rows; this
// is the one file of src/ that writes the interface's paths (test/api/interface-paths.test.ts).
// An operation is named by its row's key, e.g. `find-email/person`: that name is also the
// audit's and the errors' (`auditName`).

export type { BodySchemaName, JsonSchema } from "./body-schemas";
export type { BulkLimits } from "./limits";
export type { OperationTypes } from "./types";

/** An operation's name: the key of its row. */
export type OperationName = keyof OperationTypes;

export type Generation = "v5.1" | "v5.0";

/** The legacy generation, whose error bodies and charging differ (docs/interface.md, Legacy v5.0). */
export const LEGACY: Generation = "v5.0";
export const GENERATIONS: readonly Generation[] = ["v5.1", LEGACY];

/** A variable path segment, written in braces in a path template. */
export type PathParameter = "{domain}" | "{searchId}";

/** Free text in a query parameter, with the bounds the service sets. */
export interface TextParameter {
  minLength: number;
  maxLength: number;
}

/** A query parameter: one of these values, or text. */
export type QueryParameter = readonly string[] | TextParameter;

/** How a request's body comes: none, a JSON object, or a multipart upload. */
export type BodyKind = "none" | "json" | "multipart";

/**
 * The lookups a cell can ask for (the scheduler's and the answer cache's kinds), read from the
 * rows below: each is one operation, the row whose `cell.lookup` it is.
 */
export type CellLookup = {
  [N in OperationName]: (typeof ROWS)[N] extends { cell: { lookup: infer L } } ? L : never;
}[OperationName];

/**
 * How the team host prices a lookup: the cell's kind, or a legacy one with its own rules (the
 * rows' `price.lookup`).
 */
export type LookupKind =
  | CellLookup
  | {
      [N in OperationName]: (typeof ROWS)[N] extends { price: { lookup: infer K } } ? K : never;
    }[OperationName];

/** What an operation may cost, and how the host learns it before sending it. */
export type Price =
  | { kind: "free" }
  /** A lookup: at most `maxMilli` thousandths of a credit, the charge read from the answer. */
  | { kind: "lookup"; lookup: LookupKind; maxMilli: number }
  /** A paid order or download: `quote`, read first, says what it costs. */
  | { kind: "domain_order" | "search_download"; quote: OperationName };

/** A lookup a cell can call: its kind and the one letter that starts its cache keys. */
export interface CellRow {
  lookup: CellLookup;
  keyCode: string;
}

export interface Operation<N extends OperationName = OperationName> {
  readonly name: N;
  readonly method: "GET" | "POST";
  /** The path template, e.g. "/v5.1/domain/{domain}/email". */
  readonly path: string;
  /** Null: `GET /status`, unversioned and without a key (docs/interface.md, Status). */
  readonly generation: Generation | null;
  /** The path's segments after the generation: literal text or a parameter. */
  readonly segments: ReadonlyArray<string | PathParameter>;
  readonly parameters: readonly PathParameter[];
  readonly query: Readonly<Record<string, QueryParameter>>;
  readonly body: BodyKind;
  /**
   * The JSON schema of a JSON body, by its name in src/api/body-schemas.ts (null: no JSON body).
   * The schemas are read there, by the sandbox and the host, and stay out of the add-in's code.
   */
  readonly bodySchema: BodySchemaName | null;
  /** Set when a cell can call it. */
  readonly cell: CellRow | null;
  readonly price: Price;
  /** Whether `x-webhook-url` is accepted (docs/interface.md, Webhooks). */
  readonly webhook: boolean;
  /** A bulk search's limits (null: not a bulk search). */
  readonly limits: BulkLimits | null;
}

/** A row as written below: `route` is "METHOD /path", the rest defaults to none and free. */
interface Row {
  route: `${"GET" | "POST"} /${string}`;
  query?: Readonly<Record<string, QueryParameter>>;
  body?: BodySchemaName | "multipart";
  /** Kinds are the rows' own words here: CellLookup and LookupKind are read from the rows. */
  cell?: { lookup: string; keyCode: string };
  price?: { kind: "lookup"; lookup: string; maxMilli: number } | Exclude<Price, { kind: "lookup" }>;
  webhook?: boolean;
  limits?: BulkLimits;
}

const FLAG = ["0", "1"] as const;
const DOWNLOAD_FLAGS = {
  preview_only: ["true", "false"],
  partially_verified: FLAG,
  not_found: FLAG,
  fully_verified: FLAG,
} as const;
const DOWNLOAD_FILE = {
  file_name_column_name: { minLength: 1, maxLength: 200 },
  download_as: ["csv", "json_arr", "json_obj", "xlsx"],
} as const;

const lookup = <const K extends string>(kind: K, maxMilli: number) =>
  ({ kind: "lookup", lookup: kind, maxMilli }) as const;

/**
 * Legacy charging (docs/interface.md, Credits): a found person or company once, employees and
 * validation each call.
 */
const LEGACY_MILLI = 1_000;

const ROWS = {
  status: { route: "GET /status" },
  // v5.1 (docs/interface.md, Operations)
  account: { route: "GET /v5.1/account" },
  "find-email/person": {
    route: "POST /v5.1/find-email/person",
    body: "person",
    cell: { lookup: "person", keyCode: "p" },
    price: lookup("person", 1_000),
    webhook: true,
  },
  "find-email/company": {
    route: "POST /v5.1/find-email/company",
    body: "company",
    cell: { lookup: "company", keyCode: "c" },
    price: lookup("company", 1_000),
    webhook: true,
  },
  "find-email/decision-maker": {
    route: "POST /v5.1/find-email/decision-maker",
    body: "decisionMaker",
    cell: { lookup: "decision_maker", keyCode: "d" },
    price: lookup("decision_maker", 2_000),
    webhook: true,
  },
  "find-email/linkedin-url": {
    route: "POST /v5.1/find-email/linkedin-url",
    body: "linkedinUrl",
    cell: { lookup: "linkedin_url", keyCode: "l" },
    price: lookup("linkedin_url", 1_000),
    webhook: true,
  },
  "verify-email": {
    route: "POST /v5.1/verify-email",
    body: "verifyEmail",
    cell: { lookup: "verify", keyCode: "v" },
    // A verification costs a fraction of a find: the production service documents 0.2.
    price: lookup("verify", 200),
    webhook: true,
  },
  "report/bad-email": { route: "POST /v5.1/report/bad-email", body: "badEmailReport" },
  "bulk/json": {
    route: "POST /v5.1/bulk/json",
    body: "bulkJson",
    webhook: true,
    limits: BULK_LIMITS,
  },
  "bulk/multipart": {
    route: "POST /v5.1/bulk/multipart",
    body: "multipart",
    webhook: true,
    limits: BULK_LIMITS,
  },
  "bulk/read": { route: "GET /v5.1/bulk/{searchId}" },
  "bulk/download": {
    route: "GET /v5.1/bulk/{searchId}/download",
    query: {
      ...DOWNLOAD_FLAGS,
      format: ["default", "company-one-email-per-line"],
      ...DOWNLOAD_FILE,
    },
    price: { kind: "search_download", quote: "bulk/read" },
  },
  "geo-lead/create": { route: "POST /v5.1/geo-lead", body: "geoLead", webhook: true },
  "geo-lead/read": { route: "GET /v5.1/geo-lead/{searchId}" },
  "geo-lead/download": {
    route: "GET /v5.1/geo-lead/{searchId}/download",
    query: { ...DOWNLOAD_FLAGS, ...DOWNLOAD_FILE },
    price: { kind: "search_download", quote: "geo-lead/read" },
  },
  "domain/info": { route: "GET /v5.1/domain/{domain}/email" },
  "domain/order": {
    route: "POST /v5.1/domain/{domain}/email/order",
    price: { kind: "domain_order", quote: "domain/info" },
    webhook: true,
  },
  "domain/download": { route: "GET /v5.1/domain/{domain}/email/download" },
  // v5.0 (docs/interface.md, Legacy v5.0)
  "meta/account": { route: "GET /v5.0/meta/account.json" },
  "search/person": {
    route: "POST /v5.0/search/person.json",
    body: "legacyPerson",
    price: lookup("legacy_person", LEGACY_MILLI),
  },
  "search/company": {
    route: "POST /v5.0/search/company.json",
    body: "legacyCompany",
    price: lookup("legacy_company", LEGACY_MILLI),
  },
  "search/employees": {
    route: "POST /v5.0/search/employees.json",
    body: "legacyEmployees",
    cell: { lookup: "employees", keyCode: "e" },
    price: lookup("legacy_employees", LEGACY_MILLI),
  },
  validate: {
    route: "POST /v5.0/validate.json",
    body: "legacyValidate",
    price: lookup("legacy_validate", LEGACY_MILLI),
  },
} as const satisfies { readonly [N in OperationName]: Row };

/** What an operation is sent, and what it answers. */
export type RequestOf<N extends OperationName> = OperationTypes[N]["request"];
export type ResponseOf<N extends OperationName> = OperationTypes[N]["response"];

/** The lookups that may answer to a webhook instead (docs/interface.md, Webhooks). */
export type WebhookLookupName = {
  [N in OperationName]: (typeof ROWS)[N] extends { cell: object; webhook: true } ? N : never;
}[OperationName];

/** The name of the operation a cell's lookup kind calls (its row's `cell.lookup`). */
export type CellOperationName<L extends CellLookup = CellLookup> = {
  [N in OperationName]: (typeof ROWS)[N] extends { cell: { lookup: L } } ? N : never;
}[OperationName];

const FREE: Price = { kind: "free" };

/** Path parameters are written in braces; anything else in a path is literal. */
export function isParameter(segment: string): segment is PathParameter {
  return segment === "{domain}" || segment === "{searchId}";
}

function operationOf<N extends OperationName>(name: N, row: Row): Operation<N> {
  const [method, path] = row.route.split(" ") as ["GET" | "POST", string];
  const parts = path.slice(1).split("/");
  const generation = (GENERATIONS as readonly string[]).includes(parts[0]!)
    ? (parts[0] as Generation)
    : null;
  const segments = generation === null ? parts : parts.slice(1);
  return {
    name,
    method,
    path,
    generation,
    segments,
    parameters: segments.filter(isParameter),
    query: row.query ?? {},
    body: row.body === undefined ? "none" : row.body === "multipart" ? "multipart" : "json",
    bodySchema: row.body === undefined || row.body === "multipart" ? null : row.body,
    cell: (row.cell as CellRow | undefined) ?? null,
    price: (row.price as Price | undefined) ?? FREE,
    webhook: row.webhook ?? false,
    limits: row.limits ?? null,
  };
}

/** Every operation by its name. */
export const OPERATIONS = Object.fromEntries(
  Object.entries(ROWS).map(([name, row]) => [name, operationOf(name as OperationName, row)])
) as { readonly [N in OperationName]: Operation<N> };

/** Every operation, in the order of the rows. */
export const OPERATION_LIST: readonly Operation[] = Object.values(OPERATIONS);

/** The operations a cell can call, by the cell's lookup kind. */
export const CELL_OPERATIONS = Object.fromEntries(
  OPERATION_LIST.filter((row) => row.cell !== null).map((row) => [row.cell!.lookup, row])
) as { readonly [L in CellLookup]: Operation<CellOperationName<L>> };

/**
 * The most one lookup a cell can call may cost, in thousandths of a credit: the price of a valid
 * answer (docs/interface.md, Credits); others are free. The client's spending guard, the
 * sandbox's charges and the team host's budgets read it.
 */
export const MAX_COST_MILLI = Object.fromEntries(
  Object.entries(CELL_OPERATIONS).map(([kind, row]: [string, Operation]) => [
    kind,
    row.price.kind === "lookup" ? row.price.maxMilli : 0,
  ])
) as Readonly<Record<CellLookup, number>>;

/** The values of an operation's path parameters, by name without braces. */
export type PathValues = Partial<Record<"domain" | "searchId", string>>;

/** The path of an operation, its parameters filled in (percent-encoded). */
export function pathOf(name: OperationName, values: PathValues = {}): string {
  return OPERATIONS[name].path.replace(/\{(domain|searchId)\}/g, (_match, key: string) => {
    const value = values[key as keyof PathValues];
    if (value === undefined) throw new Error(`${name} needs its ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * The operation's name as the team host's audit and pending webhooks store it: its generation
 * and name ("v5.1/find-email/person"), kept as earlier versions wrote it.
 */
export function auditName(operation: Operation): string {
  return operation.generation === null
    ? operation.name
    : `${operation.generation}/${operation.name}`;
}

/** The event a webhook of this operation carries (docs/interface.md, Webhooks). */
export function webhookEvent(operation: Operation): string {
  return operation.name.replace("/", ".");
}

/** The prefix of every path of a generation, e.g. "/v5.1/". */
export const generationPrefix = (generation: Generation): string => `/${generation}/`;
