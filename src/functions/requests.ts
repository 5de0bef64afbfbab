import type {
  DecisionMakerRequest,
  LinkedinUrlRequest,
  PersonRequest,
  VerifyEmailRequest,
} from "../api/types";
import * as args from "./arguments";
import type { CellValue } from "./arguments";
import { t } from "../i18n/i18n";

// The request bodies of the lookups, from cell values. The worksheet functions and Enrich
// both build them here, so the same inputs make the same request and share one
// kept answer. An input the service would refuse throws an ArgumentError; nothing is sent.

/** FINDEMAIL: a name (full when last_name is empty), a company, and optionally a profile URL. */
export function personRequest(
  name: CellValue,
  lastName: CellValue,
  company: CellValue,
  linkedinUrl: CellValue
): PersonRequest {
  const request = { ...args.personName(name, lastName), ...args.company(company) };
  const profile = args.linkedinUrl(linkedinUrl);
  return profile ? { ...request, linkedin_url: profile } : request;
}

/** LINKEDINEMAIL */
export function profileRequest(linkedinUrl: CellValue): LinkedinUrlRequest {
  const url = args.linkedinUrl(linkedinUrl);
  if (url === null)
    throw new args.ArgumentError(
      "linkedin_url",
      t("cells.argumentRequired", { argument: "linkedin_url" })
    );
  return { linkedin_url: url };
}

/** VERIFYEMAIL */
export function verifyRequest(email: CellValue): VerifyEmailRequest {
  return { email: args.email(email) };
}

/**
 * DECISIONMAKER: categories in order of importance (docs/interface.md, Decision-maker categories).
 */
export function decisionMakerRequest(
  company: CellValue,
  categories: CellValue
): DecisionMakerRequest {
  return { ...args.company(company), decision_maker_category: args.categories(categories) };
}
