import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from "../../api/normalize";
import { bodyFields } from "../../api/body-schemas";
import { OPERATIONS, type CellLookup, type LookupKind } from "../../api/operations";
import { lookupKey } from "../../client/lookup-key";
import { HostError } from "../errors";
import type { LookupPrice } from "./pricing";

// A team lookup's body as the host sends it (SECURITY.md: shared answers are what the service
// answered to the request that was sent). Each field of the operation is rewritten in its plain
// form (text trimmed, single-spaced and case-folded, a domain without scheme, path or `www`, a
// profile URL as https://www.linkedin.com/in/...), unknown fields and values that are not text
// are refused, and the shared answers' key is made from that rewritten body. So every spelling
// that shares a key sends the same request: no member can have the service answer a spelling of
// theirs and that answer kept for the plain one.

/** The key space of each lookup (src/client/lookup-key.ts); legacy ones share the v5.1 names. */
const KEY_SPACE: Record<LookupKind, CellLookup> = {
  person: "person",
  company: "company",
  decision_maker: "decision_maker",
  linkedin_url: "linkedin_url",
  verify: "verify",
  employees: "employees",
  legacy_person: "person",
  legacy_company: "company",
  legacy_employees: "employees",
  legacy_validate: "verify",
};

const PROFILE_HOST = "linkedin.com/";

/** Text in its plain form: NFC, trimmed, runs of white space (NBSP, U+FEFF...) one space, lower case. */
export function plainText(value: string): string {
  return value.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

const TEXT_FORMS: Record<string, (value: string) => string> = {
  domain: (value) => normalizeDomain(value),
  email: (value) => normalizeEmail(plainText(value)),
  linkedin_url: (value) => {
    const profile = normalizeLinkedinUrl(plainText(value));
    return profile.startsWith(PROFILE_HOST) ? `https://www.${profile}` : profile;
  },
};

const refused = (field: string, why: string): HostError =>
  new HostError(400, "bad_request", `${field} ${why}.`);

/** One field's value as sent, or undefined when it is absent (null, empty). */
function plainValue(field: string, value: unknown): string | string[] | undefined {
  if (value === null || value === undefined) return undefined;
  if (field === "decision_maker_category") {
    if (!Array.isArray(value) || value.some((item) => typeof item !== "string"))
      throw refused(field, "must be a list of categories");
    return (value as string[]).map(plainText);
  }
  if (typeof value !== "string") throw refused(field, "must be text");
  const plain = (TEXT_FORMS[field] ?? plainText)(value);
  return plain === "" ? undefined : plain;
}

export interface CanonicalLookup {
  /** The body sent to the service. */
  body: Record<string, string | string[]>;
  /** The shared answers' key, made from that body: the API generation and the lookup's key. */
  key: string;
}

/** The lookup `route` of `raw` as the host sends it, and its shared answers' key. */
export function canonicalLookup(route: LookupPrice, raw: Record<string, unknown>): CanonicalLookup {
  const fields = bodyFields(OPERATIONS[route.operation]);
  const body: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!fields.includes(field))
      throw refused(field, `is not a field of ${route.generation} ${route.operation}`);
    const plain = plainValue(field, value);
    if (plain !== undefined) body[field] = plain;
  }
  return { body, key: `${route.generation}:${lookupKey(KEY_SPACE[route.lookup], body)}` };
}

/**
 * A bad-email report's body (docs/interface.md, Bad-email reports) as the host sends it: the
 * address in its plain form.
 */
export function canonicalReport(raw: Record<string, unknown>): {
  email: string;
  body: Record<string, string>;
} {
  const body: Record<string, string> = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!bodyFields(OPERATIONS["report/bad-email"]).includes(field))
      throw refused(field, "is not a field of a bad-email report");
    if (value === null || value === undefined) continue;
    if (typeof value !== "string") throw refused(field, "must be text");
    body[field] = field === "email" ? normalizeEmail(plainText(value)) : value;
  }
  if (!body.email) throw refused("email", "is required");
  return { email: body.email, body };
}
