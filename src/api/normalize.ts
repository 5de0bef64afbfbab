// Normalization of lookup inputs. The sandbox uses it to key free repeats; the client's
// scheduler and cache use the same rules so that equal requests are recognised as equal.

/** Reduces a domain or URL ("https://www.Acme.com/about") to its host ("acme.com"). */
export function normalizeDomain(value: string): string {
  let host = value.trim().toLowerCase();
  host = host.replace(/^[a-z][a-z0-9+.-]*:\/\//, "");
  host = host.replace(/^[^@/]*@/, ""); // user-info or an email address
  host = host.split(/[/?#]/, 1)[0] ?? "";
  host = host.replace(/:\d+$/, "").replace(/\.$/, "");
  return host.replace(/^www\d?\./, "");
}

const DOMAIN_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function isValidDomain(domain: string): boolean {
  return DOMAIN_RE.test(domain);
}

/** True when the value looks like a domain or URL rather than a company name. */
export function looksLikeDomain(value: string): boolean {
  const trimmed = value.trim();
  if (/\s/.test(trimmed)) return false;
  return isValidDomain(normalizeDomain(trimmed));
}

// Pragmatic address syntax: one @, a dot-atom local part, a valid domain.
const EMAIL_RE = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[^@\s]+$/i;

export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  if (trimmed.length > 254 || !EMAIL_RE.test(trimmed)) return false;
  const at = trimmed.lastIndexOf("@");
  return at <= 64 && isValidDomain(trimmed.slice(at + 1).toLowerCase());
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Lower case, accents folded, punctuation to spaces, single spaces. */
export function normalizeName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9' -]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const COMPANY_SUFFIXES =
  /\b(inc|incorporated|llc|ltd|limited|gmbh|sa|sas|sarl|bv|ag|plc|corp|corporation|co|company)\b\.?/g;

/** Company names compare without case, punctuation and legal suffixes. */
export function normalizeCompanyName(value: string): string {
  return normalizeName(value.replace(/&/g, " and "))
    .replace(COMPANY_SUFFIXES, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** "https://www.linkedin.com/in/Jane-Doe/?trk=x" -> "linkedin.com/in/jane-doe" */
export function normalizeLinkedinUrl(value: string): string {
  const trimmed = value.trim().toLowerCase();
  const withoutScheme = trimmed.replace(/^[a-z]+:\/\//, "").replace(/^(www|[a-z]{2})\./, "");
  const path = withoutScheme.split(/[?#]/, 1)[0] ?? "";
  return path.replace(/\/+$/, "");
}

const PROFILE_RE = /^linkedin\.com\/(in|pub)\/[^/\s]+$/;

export function isValidLinkedinUrl(value: string): boolean {
  return PROFILE_RE.test(normalizeLinkedinUrl(value));
}

/**
 * Root domain of a host (docs/interface.md, Common answer fields `mx_domain`), aware of common
 * two-level suffixes.
 */
export function rootDomain(host: string): string {
  const labels = host.toLowerCase().replace(/\.$/, "").split(".");
  if (labels.length <= 2) return labels.join(".");
  const lastTwo = labels.slice(-2).join(".");
  const twoLevel = /^(co|com|net|org|gov|ac|edu)\.[a-z]{2}$/.test(lastTwo);
  return labels.slice(twoLevel ? -3 : -2).join(".");
}
