import type { FastifySchemaValidationError } from "fastify";
import { LIMITS } from "../../admin/api-types";
import type { HostError } from "../errors";
import { badRequest, QUERY_REFUSALS } from "./admin-input";

// The admin API's request bodies and query parameters as JSON schemas, checked by fastify before
// a route runs (as the sandbox checks its own), each field with the refusal that names it and
// what is allowed. Fields a route does not read are ignored, as they always were. Texts are
// checked as they are once trimmed: the routes trim them. What a schema cannot say (a real
// calendar day, a range in order, a number's bounds in a query's text) the routes check with
// admin-input.ts, in the same words.

/**
 * The validator's options the schemas need (the host is built with them, src/server/app.ts):
 * nothing coerced ("12" is not a budget), lengths in UTF-16 units as JavaScript counts them,
 * thousandths compared as the store rounds them.
 */
export const ADMIN_AJV = {
  customOptions: {
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    allErrors: false,
    allowUnionTypes: true,
    unicodeRegExp: false,
    multipleOfPrecision: 6,
    // A refusal names the field by its schema (a query parameter's `description`).
    verbose: true,
  },
} as const;

/** Control characters would reach the CSV exports. */
const CONTROL = String.raw`\x00-\x1f\x7f`;

const name = {
  type: "string",
  // Once trimmed: not empty, at most LIMITS.nameLength characters, none a control character.
  pattern: String.raw`^\s*[^\s${CONTROL}](?:[^${CONTROL}]{0,${LIMITS.nameLength - 2}}[^\s${CONTROL}])?\s*$`,
};

const budget = {
  type: ["number", "null"],
  minimum: 0,
  maximum: LIMITS.maxBudget,
  multipleOf: 0.001,
};

/** One "@", no spaces, a dot in the domain: the address Entra ID sign-in matches. */
const email = {
  type: "string",
  pattern: String.raw`^\s*(?=\S{1,${LIMITS.emailLength}}\s*$)[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+\s*$`,
};

const freshnessDays = {
  type: "integer",
  minimum: LIMITS.minFreshnessDays,
  maximum: LIMITS.maxFreshnessDays,
};

const serviceKey = { type: "string", pattern: String.raw`^\S{1,${LIMITS.serviceKeyLength}}$` };

const object = (properties: Record<string, object>, required: string[] = []) => ({
  type: "object",
  properties,
  required,
});

export const BODIES = {
  newMember: object({ name, email, monthly_budget: budget }, ["name", "email"]),
  memberChange: object({ name, monthly_budget: budget }),
  teamChange: object({ name, monthly_budget: budget, freshness_days: freshnessDays }),
  serviceKey: object({ key: serviceKey }, ["key"]),
} as const;

/**
 * A query parameter: text given once (a parameter given twice is a list), of this form.
 * `description` is its refusal.
 */
const parameter = (pattern: string | null, refusal: string) => ({
  type: "string",
  ...(pattern === null ? {} : { pattern }),
  description: refusal,
});

const DAY = String.raw`^\d{4}-\d{2}-\d{2}$`;
const day = (name: "from" | "to") => parameter(DAY, QUERY_REFUSALS.day(name));
const MONTH = String.raw`^\d{4}-(?:0[1-9]|1[0-2])$`;
/** The query's `limit`, from 1 to `max` (its bounds checked by admin-input.ts, limitQuery). */
const limit = (max: number) => parameter(String.raw`^\d{1,6}$`, QUERY_REFUSALS.limit(max));

const query = (properties: Record<string, object>) => ({ type: "object", properties });

export const QUERIES = {
  month: query({
    month: parameter(MONTH, QUERY_REFUSALS.month),
  }),
  months: query({
    months: parameter(String.raw`^\d{1,4}$`, QUERY_REFUSALS.months),
  }),
  days: query({ from: day("from"), to: day("to") }),
  adminAudit: query({
    from: day("from"),
    to: day("to"),
    limit: limit(LIMITS.maxAdminAuditEntries),
  }),
  bounceReports: query({ from: day("from"), to: day("to"), limit: limit(LIMITS.maxListedRows) }),
  domainAnswers: query({
    domain: parameter(null, QUERY_REFUSALS.domain),
    limit: limit(LIMITS.maxListedRows),
  }),
  purge: query({
    key: parameter(null, QUERY_REFUSALS.key),
    domain: parameter(null, QUERY_REFUSALS.domain),
  }),
} as const;

/**
 * Whether fastify's validator checks the bodies as these schemas mean (built with ADMIN_AJV):
 * a budget given as text refused, thousandths kept, a name's length counted as JavaScript
 * counts it. A host built otherwise would let "12" in as a budget.
 */
export function checksAsMeant(compile: (schema: object) => (body: unknown) => boolean): boolean {
  const validate = compile(BODIES.newMember);
  const member = { name: "Ada", email: "ada@example.com", monthly_budget: 25.75 };
  return (
    validate(member) &&
    !validate({ ...member, monthly_budget: "12" }) &&
    !validate({ ...member, name: "\u{1F600}".repeat(LIMITS.nameLength / 2 + 1) })
  );
}

/** What each field's refusal says (by the keyword that refused it, where that changes it). */
const REFUSALS: Record<string, (keyword: string) => string> = {
  name: () =>
    `name must be a non-empty text of at most ${LIMITS.nameLength} characters, on one line.`,
  email: () =>
    `email must be an email address such as name@example.com (at most ${LIMITS.emailLength} characters).`,
  monthly_budget: (keyword) =>
    keyword === "multipleOf"
      ? "monthly_budget may have at most 3 decimals (credits count in thousandths)."
      : `monthly_budget must be a number of credits from 0 to ${LIMITS.maxBudget}, or null for no limit.`,
  freshness_days: () =>
    `freshness_days must be a whole number of days from ${LIMITS.minFreshnessDays} to ${LIMITS.maxFreshnessDays}.`,
  key: () =>
    `key must be the service's API key: non-empty, without spaces, at most ${LIMITS.serviceKeyLength} characters.`,
};

/** The first refusal of a body or a query, as the admin API words it (schemaErrorFormatter). */
export function refusalOf(errors: FastifySchemaValidationError[], part: string): HostError {
  const first = errors[0];
  const field =
    (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
    first?.instancePath.split("/")[1];
  if (part === "querystring") {
    const refusal = (first as { parentSchema?: { description?: string } } | undefined)?.parentSchema
      ?.description;
    return badRequest(
      first?.keyword === "type" && field !== undefined
        ? `${field} may be given once.`
        : (refusal ?? "The query parameters are not valid.")
    );
  }
  const refusal = field === undefined ? undefined : REFUSALS[field];
  return badRequest(refusal ? refusal(first!.keyword) : "The request body must be a JSON object.");
}
