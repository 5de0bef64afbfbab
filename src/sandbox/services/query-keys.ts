import type { CompanyEmailType, DecisionMakerCategory } from "../../api/types";
import {
  isValidDomain,
  isValidLinkedinUrl,
  normalizeCompanyName,
  normalizeDomain,
  normalizeEmail,
  normalizeLinkedinUrl,
  normalizeName,
} from "../../api/normalize";
import { badRequest } from "../errors";
import type { CompanyRef, PersonQuery } from "./lookups";

// The normalized query of each v5.1 lookup, which the ledger uses to recognise a repeat
// (docs/interface.md, Credits: "a repeat of the same search within 30 days is free"). Single
// lookups and the rows of bulk and GeoLead searches build their keys here, so that a query bought
// one way is free the other way. The builders throw the same 400s as the single lookup routes.

const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

/** The ledger key of a v5.1 query: `v5.1:<operation>|<key>`. */
export const billingKey = (operation: string, key: string): string => `v5.1:${operation}|${key}`;

/** `domain` / `company_name` (docs/interface.md, Lookups: one is required, domain preferred). */
export function companyQueryKey(ref: CompanyRef, required: boolean): string {
  if (present(ref.domain)) {
    const domain = normalizeDomain(ref.domain);
    if (!isValidDomain(domain)) throw badRequest("domain is not a valid domain name", "domain");
    return `d=${domain}`;
  }
  if (present(ref.company_name)) return `c=${normalizeCompanyName(ref.company_name)}`;
  if (required) throw badRequest("domain or company_name is required", "domain");
  return "";
}

export function linkedinQueryKey(url: string): string {
  if (!isValidLinkedinUrl(url))
    throw badRequest(
      "linkedin_url must be a profile URL such as https://www.linkedin.com/in/name",
      "linkedin_url"
    );
  return `l=${normalizeLinkedinUrl(url)}`;
}

/**
 * docs/interface.md, Person: name plus company (first and last preferred over full), and/or the
 * profile URL.
 */
export function personQueryKey(query: PersonQuery): string {
  const hasFirstLast = present(query.first_name) && present(query.last_name);
  const hasName = hasFirstLast || present(query.full_name);
  const hasCompany = present(query.domain) || present(query.company_name);
  const nameKey = hasFirstLast
    ? `n=${normalizeName(`${query.first_name} ${query.last_name}`)}`
    : hasName
      ? `n=${normalizeName(query.full_name!)}`
      : "";
  const byName = hasName && hasCompany;
  return [
    byName ? companyQueryKey(query, true) : "",
    byName ? nameKey : "",
    present(query.linkedin_url) ? linkedinQueryKey(query.linkedin_url) : "",
  ].join("|");
}

export const companyEmailsQueryKey = (ref: CompanyRef, emailType: CompanyEmailType): string =>
  `${companyQueryKey(ref, true)}|t=${emailType}`;

/**
 * `categories` as given (deduplicated, in order of importance: docs/interface.md, Decision-maker
 * categories).
 */
export const decisionMakerQueryKey = (
  ref: CompanyRef,
  categories: readonly DecisionMakerCategory[]
): string => `${companyQueryKey(ref, true)}|k=${categories.join(",")}`;

export const verifyQueryKey = (email: string): string => `e=${normalizeEmail(email)}`;
