import type { FastifySchemaValidationError } from "fastify";
import { LIMITS } from "../../admin/api-types";
import { HostError } from "../errors";

// The admin API's request bodies as JSON schemas, checked by fastify before a route runs (as
// the sandbox checks its own), each field with the refusal that names it and what is allowed.
// Fields a route does not read are ignored, as they always were. Texts are checked as they are
// once trimmed: the routes trim them.

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

/** The first refusal of a body, as the admin API words it (fastify's schemaErrorFormatter). */
export function refusalOf(errors: FastifySchemaValidationError[]): HostError {
  const first = errors[0];
  const field =
    (first?.params as { missingProperty?: string } | undefined)?.missingProperty ??
    first?.instancePath.split("/")[1];
  const refusal = field === undefined ? undefined : REFUSALS[field];
  return new HostError(
    400,
    "bad_request",
    refusal ? refusal(first!.keyword) : "The request body must be a JSON object."
  );
}
