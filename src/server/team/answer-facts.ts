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

const rankOf = (status: string | null): number => (status === null ? 0 : (RANKS[status] ?? 0));

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

/** What an answer says, whatever its generation: its status and the address it found. */
export interface AnswerReading {
  /** v5.1's `email_status`, legacy's `results.validation` or `validation`; null if none. */
  status: string | null;
  /** The address found (`email`, legacy's `results.email`, a company's first); null if none. */
  email: string | null;
  /** A legacy employees answer that found some. */
  employees: boolean;
}

export function readAnswer(body: string): AnswerReading {
  const answer = parsed(body);
  const results = (answer?.results ?? null) as Record<string, unknown> | null;
  return {
    status: text(answer?.email_status) ?? text(results?.validation) ?? text(answer?.validation),
    email:
      text(answer?.email) ??
      text(answer?.valid_email) ??
      text(results?.email) ??
      (Array.isArray(answer?.emails) ? text(answer.emails[0]) : null),
    employees: Array.isArray(answer?.employees) && answer.employees.length > 0,
  };
}

/** How good an answer is (RANKS, by its status), or employees found; 0 for anything else. */
export function answerQuality(body: string): number {
  const reading = readAnswer(body);
  return reading.status === null && reading.employees ? RANKS.valid! : rankOf(reading.status);
}

/** The fields of a shared answer's key ("v5.1:" and a lookup key, src/client/lookup-key.ts). */
export function keyFields(key: string): Record<string, string> {
  return fieldsOfKey(key.slice(key.indexOf(":") + 1));
}

const domainOfEmail = (value: string | null | undefined): string | null =>
  value?.includes("@")
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
  return (
    fields.domain || domainOfEmail(fields.email) || domainOfEmail(readAnswer(body).email) || ""
  );
}
