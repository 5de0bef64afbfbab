import { fieldsOfKey } from "../../client/lookup-key";

// What the team store notes of each shared answer beside its body (SECURITY.md): how good it is,
// so that a webhook's result never replaces a better answer, and the domain of its lookup, so
// that the admin can purge a domain's answers. Read from the key and from the service's body.

/** Better answers rank higher: found and verified, found unverified, withheld, nothing. */
const RANKS: Record<string, number> = {
  valid: 3,
  risky: 2,
  unknown: 2,
  blacklisted: 1,
  not_found: 0,
  invalid: 0,
};

const parsed = (body: string): Record<string, unknown> | null => {
  try {
    const value = JSON.parse(body) as unknown;
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const rankOf = (status: unknown): number => (typeof status === "string" ? (RANKS[status] ?? 0) : 0);

/**
 * How good an answer is, from its body: v5.1's `email_status`, legacy's `results.validation` or
 * `validation`, or employees found. 0 for anything else.
 */
export function answerQuality(body: string): number {
  const answer = parsed(body);
  if (!answer) return 0;
  if ("email_status" in answer) return rankOf(answer.email_status);
  const results = answer.results as { validation?: unknown } | undefined;
  if (results && typeof results === "object") return rankOf(results.validation);
  if ("validation" in answer) return rankOf(answer.validation);
  if (Array.isArray(answer.employees)) return answer.employees.length > 0 ? RANKS.valid! : 0;
  return 0;
}

/** The fields of a shared answer's key ("v5.1:" and a lookup key, src/client/lookup-key.ts). */
export function keyFields(key: string): Record<string, string> {
  return fieldsOfKey(key.slice(key.indexOf(":") + 1));
}

const domainOfEmail = (value: unknown): string | null =>
  typeof value === "string" && value.includes("@")
    ? value
        .slice(value.lastIndexOf("@") + 1)
        .trim()
        .toLowerCase() || null
    : null;

/**
 * The domain an answer is of: its lookup's domain, else the domain of the address it verified,
 * else of the address it found; "" for none.
 */
export function answerDomain(key: string, body: string): string {
  const fields = keyFields(key);
  if (fields.domain) return fields.domain;
  const verified = domainOfEmail(fields.email);
  if (verified) return verified;
  const answer = parsed(body);
  const results = answer?.results as { email?: unknown } | undefined;
  return (
    domainOfEmail(answer?.email) ??
    domainOfEmail(answer?.valid_email) ??
    domainOfEmail(results?.email) ??
    domainOfEmail(Array.isArray(answer?.emails) ? answer.emails[0] : null) ??
    ""
  );
}
