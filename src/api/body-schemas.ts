import { BULK_LIMITS } from "./limits";
import { BULK_FIELD_INDEXES, COMPANY_EMAIL_TYPES, DECISION_MAKER_CATEGORIES } from "./types";

// The JSON schemas of the operations' bodies (docs/interface.md, Operations), named by the rows of
// src/api/operations.ts. The sandbox validates requests with them (src/sandbox/http.ts turns a
// schema's failure into the service's 400 `bad_request`) and the team host relays only their
// fields. They are a module of their own so that the add-in's bundle, which reads the rows for
// their paths, does not carry them.

/** A JSON schema, as fastify's validator reads it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The rows of a bulk search, and its columns (the bulk rows' limits). */
export const { rows: MAX_BULK_ROWS, columns: MAX_BULK_COLUMNS } = BULK_LIMITS;

const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
const companyFields = { domain: text(2048), company_name: text(500) } as const;

const categoryList = {
  type: "array",
  minItems: 1,
  maxItems: DECISION_MAKER_CATEGORIES.length,
  items: { type: "string", enum: [...DECISION_MAKER_CATEGORIES] },
} as const;

const person = {
  type: "object",
  properties: {
    ...companyFields,
    full_name: text(500),
    first_name: text(200),
    last_name: text(200),
    linkedin_url: text(2048),
  },
} as const;

const company = {
  type: "object",
  properties: {
    ...companyFields,
    email_type: { type: "string", enum: [...COMPANY_EMAIL_TYPES] },
  },
} as const;

const decisionMaker = {
  type: "object",
  required: ["decision_maker_category"],
  properties: { ...companyFields, decision_maker_category: categoryList },
} as const;

const linkedinUrl = {
  type: "object",
  required: ["linkedin_url"],
  properties: { linkedin_url: text(2048) },
} as const;

const verifyEmail = {
  type: "object",
  required: ["email"],
  properties: { email: { type: "string", maxLength: 320 } },
} as const;

const badEmailReport = {
  type: "object",
  required: ["email", "additional_info"],
  properties: {
    email: { type: "string", maxLength: 320 },
    additional_info: { type: "string", maxLength: 500 },
    bounce_message: { type: "string", maxLength: 10_000 },
  },
} as const;

const bulkJson = {
  type: "object",
  required: ["data"],
  properties: {
    data: {
      type: "array",
      // The header row plus 100,000 rows; the exact count (has_header) is checked by the service.
      maxItems: MAX_BULK_ROWS + 1,
      // Cells (string, number, boolean or null) are checked by the service, with a clearer
      // message than a union schema gives.
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

const geoLead = {
  type: "object",
  required: ["query", "latitude", "longitude", "radius_km"],
  properties: {
    query: { type: "string", minLength: 1, maxLength: 500 },
    latitude: { type: "number", minimum: -90, maximum: 90 },
    longitude: { type: "number", minimum: -180, maximum: 180 },
    radius_km: { type: "number", minimum: 1, maximum: 25 },
    find_company_emails: { type: "boolean" },
    find_decision_maker_categories: {
      type: "array",
      maxItems: DECISION_MAKER_CATEGORIES.length,
      items: { type: "string", enum: [...DECISION_MAKER_CATEGORIES] },
    },
    file_name: { type: "string", maxLength: 500 },
    result_limit: { type: ["integer", "null"], minimum: 1 },
  },
} as const;

/** The fields of each legacy search (docs/interface.md, Legacy v5.0): text, echoed null when absent. */
export const LEGACY_FIELDS = {
  person: ["full_name", "first_name", "last_name", "domain", "company_name", "country_code"],
  company: ["domain", "company_name"],
  employees: ["domain", "company_name", "preferred_title", "country_code"],
  validate: ["email"],
} as const;

const legacyText = (names: readonly string[]) => ({
  type: "object",
  properties: Object.fromEntries(names.map((n) => [n, { type: "string", maxLength: 2048 }])),
});

export const BODY_SCHEMAS = {
  person,
  company,
  decisionMaker,
  linkedinUrl,
  verifyEmail,
  badEmailReport,
  bulkJson,
  geoLead,
  legacyPerson: legacyText(LEGACY_FIELDS.person),
  legacyCompany: legacyText(LEGACY_FIELDS.company),
  legacyEmployees: legacyText(LEGACY_FIELDS.employees),
  legacyValidate: legacyText(LEGACY_FIELDS.validate),
} satisfies Record<string, JsonSchema>;

/** A schema's name: what a row of src/api/operations.ts gives as its body. */
export type BodySchemaName = keyof typeof BODY_SCHEMAS;

/** An operation of src/api/operations.ts, as far as its body goes. */
interface WithBody {
  bodySchema: BodySchemaName | null;
}

/** The JSON schema of an operation's body (null: it has no JSON body). */
export function bodySchemaOf(operation: WithBody): JsonSchema | null {
  return operation.bodySchema === null ? null : BODY_SCHEMAS[operation.bodySchema];
}

/** The fields of an operation's JSON body: its schema's properties (none without a body). */
export function bodyFields(operation: WithBody): readonly string[] {
  const properties = (bodySchemaOf(operation) as { properties?: object } | null)?.properties;
  return properties ? Object.keys(properties) : [];
}
