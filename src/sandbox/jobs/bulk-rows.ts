import type { BulkCell, BulkFieldIndex, DecisionMakerCategory } from "../../api/types";
import { BULK_FIELD_INDEXES } from "../../api/types";
import {
  isValidDomain,
  isValidEmail,
  isValidLinkedinUrl,
  normalizeDomain,
  normalizeEmail,
} from "../../api/normalize";
import { splitFullName } from "../directory/directory";
import { badRequest } from "../errors";
import { PRICE_MILLI, type V51Lookup } from "../routes/serve";
import type { CompanyRef, Lookups, PersonQuery } from "../services/lookups";
import {
  billingKey,
  companyEmailsQueryKey,
  decisionMakerQueryKey,
  linkedinQueryKey,
  personQueryKey,
  verifyQueryKey,
} from "../services/query-keys";

// What one row of a bulk search asks for, and its answer. The answers come from the same
// lookups as the single v5.1 lookups, and the billing keys from the same builders, so a
// row costs what the equivalent single lookup costs (and is free if that was bought).

/**
 * Which index fields make which search is not published (docs/interface.md, Creating a bulk
 * search); this is the sandbox's rule.
 */
export type BulkType = "person" | "linkedin_url" | "company" | "decision_maker" | "verify";

/**
 * How a row counts in `counts` (docs/interface.md, The bulk search object): valid, risky,
 * nothing found (incl. blacklisted, invalid), or unusable input.
 */
export type Outcome = "valid" | "risky" | "not_found" | "failed";

export type ResultValue = string | string[] | null;

export interface RowCharge {
  operation: V51Lookup;
  /** The ledger key, `v5.1:<operation>|<key>`. */
  key: string;
  amountMilli: number;
  email: string | null;
}

export interface RowResult {
  outcome: Outcome;
  /** Result columns by name (see RESULT_COLUMNS). */
  values: Record<string, ResultValue>;
  /** What a valid answer costs on payment (none for other outcomes: docs/interface.md, Credits). */
  charges: RowCharge[];
}

export type BulkIndexes = Partial<Record<BulkFieldIndex, number>>;

export interface BulkParams {
  kind: "bulk";
  type: BulkType;
  hasHeader: boolean;
  indexes: BulkIndexes;
  categories: DecisionMakerCategory[] | null;
}

export { MAX_BULK_COLUMNS, MAX_BULK_ROWS } from "../../api/body-schemas";

const PERSON_COLUMNS = [
  "email",
  "email_status",
  "person_full_name",
  "person_job_title",
  "person_company_name",
  "mx_host",
  "mx_domain",
];

/** Result columns appended after the input columns of a downloaded file, per search type. */
export const RESULT_COLUMNS: Record<BulkType, string[]> = {
  person: PERSON_COLUMNS,
  linkedin_url: PERSON_COLUMNS,
  company: ["emails", "email_status", "mx_host", "mx_domain"],
  decision_maker: [
    "decision_maker_category",
    "email",
    "email_status",
    "person_first_name",
    "person_last_name",
    "person_full_name",
    "person_job_title",
    "person_linkedin_url",
    "mx_host",
    "mx_domain",
  ],
  verify: ["email_status", "mx_host", "mx_domain"],
};

/**
 * Columns a preview leaves blank (docs/interface.md, Downloading results: "paid information such as
 * emails is excluded").
 */
export const PAID_COLUMNS: Record<BulkType, ReadonlySet<string>> = {
  person: new Set(["email"]),
  linkedin_url: new Set(["email"]),
  company: new Set(["emails", "email"]),
  decision_maker: new Set(["email"]),
  // A verification's answer is its status.
  verify: new Set(["email_status"]),
};

/**
 * Derives the search type from the index fields (and checks that each index names a column).
 * email -> verification; names + company -> person (a profile column adds the fallback);
 * a profile column alone -> profile URL; categories + company -> decision maker;
 * company alone -> company emails.
 */
export function bulkTypeOf(
  indexes: BulkIndexes,
  categories: readonly DecisionMakerCategory[] | null,
  columns: number
): BulkType {
  for (const field of BULK_FIELD_INDEXES) {
    const index = indexes[field];
    if (index === undefined) continue;
    if (!Number.isInteger(index) || index < 0)
      throw badRequest(`${field} must be an integer >= 0`, field);
    if (index >= columns) {
      throw badRequest(
        `${field} is ${index} but the data has ${columns} column${columns === 1 ? "" : "s"} (indexes start at 0)`,
        field
      );
    }
  }
  const has = (field: BulkFieldIndex): boolean => indexes[field] !== undefined;
  const hasCompany = has("domain_field_index") || has("company_name_field_index");
  const hasNameColumn =
    has("full_name_field_index") || has("first_name_field_index") || has("last_name_field_index");
  const hasCategories = categories !== null && categories.length > 0;

  if (has("email_field_index")) {
    if (hasCategories)
      throw badRequest(
        "decision_maker_category cannot be combined with email_field_index (an email verification)",
        "decision_maker_category"
      );
    return "verify";
  }
  if (hasCategories) {
    if (hasNameColumn) {
      throw badRequest(
        "decision_maker_category finds people by role: do not combine it with name columns",
        "decision_maker_category"
      );
    }
    if (!hasCompany)
      throw badRequest(
        "decision_maker_category needs domain_field_index or company_name_field_index",
        "domain_field_index"
      );
    return "decision_maker";
  }
  if (hasNameColumn) {
    if (!has("full_name_field_index")) {
      if (!has("first_name_field_index"))
        throw badRequest(
          "first_name_field_index is required with last_name_field_index (or give full_name_field_index)",
          "first_name_field_index"
        );
      if (!has("last_name_field_index"))
        throw badRequest(
          "last_name_field_index is required with first_name_field_index (or give full_name_field_index)",
          "last_name_field_index"
        );
    }
    if (!hasCompany && !has("linkedin_url_field_index")) {
      throw badRequest(
        "domain_field_index or company_name_field_index is required with name columns (or linkedin_url_field_index)",
        "domain_field_index"
      );
    }
    return "person";
  }
  if (has("linkedin_url_field_index")) return "linkedin_url";
  if (hasCompany) return "company";
  throw badRequest(
    "no column to search: give email_field_index (verification), name columns with domain_field_index or company_name_field_index (person), " +
      "linkedin_url_field_index (profile URL), decision_maker_category with a company column (decision maker), " +
      "or domain_field_index / company_name_field_index alone (company emails)",
    "domain_field_index"
  );
}

export function cellText(cell: BulkCell | undefined): string {
  if (cell === null || cell === undefined) return "";
  return typeof cell === "string" ? cell.trim() : String(cell);
}

const outcomeOf = (status: string): Outcome =>
  status === "valid" ? "valid" : status === "risky" ? "risky" : "not_found";

function failedRow(type: BulkType): RowResult {
  const values: Record<string, ResultValue> = {};
  for (const column of RESULT_COLUMNS[type]) values[column] = null;
  values.email_status = "failed";
  if (type === "company") values.emails = [];
  return { outcome: "failed", values, charges: [] };
}

/** The usable company reference of a row: an unparseable domain counts as absent. */
function companyRefOf(cells: readonly BulkCell[], indexes: BulkIndexes): CompanyRef | null {
  const ref: CompanyRef = {};
  const domain = cellText(cells[indexes.domain_field_index ?? -1]);
  if (domain !== "" && isValidDomain(normalizeDomain(domain))) ref.domain = domain;
  const company = cellText(cells[indexes.company_name_field_index ?? -1]);
  if (company !== "") ref.company_name = company;
  return ref.domain !== undefined || ref.company_name !== undefined ? ref : null;
}

function charge(operation: RowCharge["operation"], key: string, email: string | null): RowCharge[] {
  return [
    { operation, key: billingKey(operation, key), amountMilli: PRICE_MILLI[operation], email },
  ];
}

/** Resolves one data row of a bulk search. Never throws for bad cells: they make a `failed` row. */
export function processBulkRow(
  lookups: Lookups,
  params: BulkParams,
  cells: readonly BulkCell[]
): RowResult {
  const { indexes } = params;
  const text = (field: BulkFieldIndex): string => cellText(cells[indexes[field] ?? -1]);
  switch (params.type) {
    case "verify": {
      const email = text("email_field_index");
      if (!isValidEmail(email)) return failedRow("verify");
      const address = normalizeEmail(email);
      const answer = lookups.verify(address);
      const outcome = outcomeOf(answer.email_status);
      return {
        outcome,
        values: {
          email_status: answer.email_status,
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        },
        charges: outcome === "valid" ? charge("verify", verifyQueryKey(address), address) : [],
      };
    }
    case "person": {
      const query: PersonQuery = { ...companyRefOf(cells, indexes) };
      const first = text("first_name_field_index");
      const last = text("last_name_field_index");
      const full = text("full_name_field_index");
      if (first !== "" && last !== "") {
        query.first_name = first;
        query.last_name = last;
      } else if (splitFullName(full)) {
        query.full_name = full;
      }
      const profile = text("linkedin_url_field_index");
      if (profile !== "" && isValidLinkedinUrl(profile)) query.linkedin_url = profile;
      const byName =
        (query.first_name !== undefined || query.full_name !== undefined) &&
        (query.domain !== undefined || query.company_name !== undefined);
      if (!byName && query.linkedin_url === undefined) return failedRow("person");
      return personResult(lookups.person(query), "person", () => personQueryKey(query));
    }
    case "linkedin_url": {
      const profile = text("linkedin_url_field_index");
      if (!isValidLinkedinUrl(profile)) return failedRow("linkedin_url");
      return personResult(lookups.linkedinUrl(profile), "linkedin_url", () =>
        linkedinQueryKey(profile)
      );
    }
    case "company": {
      const ref = companyRefOf(cells, indexes);
      if (!ref) return failedRow("company");
      const answer = lookups.company(ref, "any");
      const outcome = outcomeOf(answer.email_status);
      return {
        outcome,
        values: {
          emails: answer.emails,
          email_status: answer.email_status,
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        },
        charges:
          outcome === "valid" ? charge("company", companyEmailsQueryKey(ref, "any"), null) : [],
      };
    }
    case "decision_maker": {
      const ref = companyRefOf(cells, indexes);
      if (!ref) return failedRow("decision_maker");
      const categories = params.categories ?? [];
      const answer = lookups.decisionMaker(ref, categories);
      const outcome = outcomeOf(answer.email_status);
      const person = outcome === "valid" || outcome === "risky" ? answer.person : null;
      return {
        outcome,
        values: {
          decision_maker_category: answer.decision_maker_category,
          email: answer.email,
          email_status: answer.email_status,
          person_first_name: person?.nameSplittable ? person.firstName : null,
          person_last_name: person?.nameSplittable ? person.lastName : null,
          person_full_name: person?.fullName ?? null,
          person_job_title: person?.title ?? null,
          person_linkedin_url: person?.linkedinUrl ?? null,
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        },
        charges:
          outcome === "valid"
            ? charge("decision_maker", decisionMakerQueryKey(ref, categories), answer.email)
            : [],
      };
    }
  }
}

function personResult(
  answer: ReturnType<Lookups["person"]>,
  operation: "person" | "linkedin_url",
  key: () => string
): RowResult {
  const outcome = outcomeOf(answer.email_status);
  return {
    outcome,
    values: {
      email: answer.email,
      email_status: answer.email_status,
      person_full_name: answer.person_full_name,
      person_job_title: answer.person_job_title,
      person_company_name: answer.person_company_name,
      mx_host: answer.mx_host,
      mx_domain: answer.mx_domain,
    },
    charges: outcome === "valid" ? charge(operation, key(), answer.email) : [],
  };
}
