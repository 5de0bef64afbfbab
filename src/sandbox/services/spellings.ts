import { normalizeDomain } from "../../api/normalize";

// How strictly the service reads a lookup's inputs. The sandbox normally forgives spellings
// (case, spaces, `www.`, URL parts) as the client's normalization does. A real service may not:
// with the fault `literalInputs` (faults.ts), an input that is not in its plain form (Unicode or
// repeated spaces, spaces around it, control or format characters, a domain written as a URL or
// with a `www2.` prefix) is looked up literally and found nowhere, so that tests can play a
// service that answers a spelling worse than the same request written plainly.

const SPACE_OR_INVISIBLE = /[^\S ]|[\p{Cc}\p{Cf}]/u;
const PLAIN_DOMAIN = /^[a-z0-9.-]+$/i;
const PLAIN_PROFILE = /^https:\/\/(www\.)?linkedin\.com\/(in|pub)\/[^\s/?#]+\/?$/i;

/** Text without Unicode spaces or invisible characters, single-spaced, with none around it. */
export function isPlainText(value: string): boolean {
  return !SPACE_OR_INVISIBLE.test(value) && value === value.trim() && !value.includes("  ");
}

/** A bare host name as the service keeps it (case aside): no scheme, path, port or `www`. */
export function isPlainDomain(value: string): boolean {
  return PLAIN_DOMAIN.test(value) && normalizeDomain(value) === value.toLowerCase();
}

export function isPlainProfileUrl(value: string): boolean {
  return PLAIN_PROFILE.test(value);
}

const CHECKS: Record<string, (value: string) => boolean> = {
  domain: isPlainDomain,
  linkedin_url: isPlainProfileUrl,
};

/** Whether every text field of a lookup's input is in its plain form. */
export function isPlainQuery(query: object): boolean {
  return Object.entries(query).every(
    ([field, value]) =>
      typeof value !== "string" ||
      value === "" ||
      (isPlainText(value) && (CHECKS[field]?.(value) ?? true))
  );
}
