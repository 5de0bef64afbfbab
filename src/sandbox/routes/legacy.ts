import type { FastifyInstance, FastifyRequest } from "fastify";
import { LEGACY_FIELDS } from "../../api/body-schemas";
import type {
  LegacyAccount,
  LegacyCompanyInput,
  LegacyCompanyResult,
  LegacyEmployeesInput,
  LegacyEmployeesResult,
  LegacyPersonInput,
  LegacyPersonResult,
  LegacyValidateInput,
  LegacyValidateResult,
} from "../../api/types";
import {
  isValidDomain,
  isValidEmail,
  normalizeCompanyName,
  normalizeDomain,
  normalizeEmail,
  normalizeName,
} from "../../api/normalize";
import { LEGACY } from "../../api/operations";
import { ServiceError, badRequest, notFound } from "../errors";
import { MILLI, type RepeatPolicy } from "../services/ledger";
import type { PersonAnswer } from "../services/lookups";
import type { OperationHandlers } from "./operation-routes";
import { present, serveLookup } from "./serve";

// The legacy generation (docs/interface.md, Legacy v5.0, and its errors). Its charging rules
// (docs/interface.md, Credits): the same query is never charged twice; validation is charged on
// every call; an employee lookup on every call that finds someone; no charge on any error.

/**
 * Every accepted field present in the echo, null when not supplied (docs/interface.md, Legacy
 * answers).
 */
function legacyInput<K extends string>(
  body: Partial<Record<K, string>> | undefined,
  names: readonly K[]
): Record<K, string | null> {
  return Object.fromEntries(names.map((n) => [n, body?.[n] ?? null])) as Record<K, string | null>;
}

function requireCompany(input: { domain: string | null; company_name: string | null }): string {
  if (present(input.domain)) {
    const domain = normalizeDomain(input.domain);
    if (!isValidDomain(domain)) throw badRequest("domain is not a valid domain name", "domain");
    return `d=${domain}`;
  }
  if (present(input.company_name)) return `c=${normalizeCompanyName(input.company_name)}`;
  throw badRequest("domain or company_name is required", "domain");
}

const blacklisted = (what: string): ServiceError =>
  new ServiceError(
    451,
    "blacklisted",
    `The owner of ${what} asked to be removed from the database.`
  );

function notFoundFor(answer: { reason?: string }, what: string): ServiceError {
  switch (answer.reason) {
    case "domain_not_found":
      return notFound("domain_not_found", "No domain was found for this company name.");
    case "domain_records_not_found":
      return notFound("domain_records_not_found", "The domain has no valid email hosting.");
    default:
      return notFound("no_result", `No ${what} was found.`);
  }
}

const {
  person: PERSON_FIELDS,
  company: COMPANY_FIELDS,
  employees: EMPLOYEE_FIELDS,
} = LEGACY_FIELDS;

/** Charges a legacy search in the sandbox's ledger, under its own name and key. */
function bill(
  app: FastifyInstance,
  request: FastifyRequest,
  operation: string,
  key: string,
  amountMilli: number,
  repeat: RepeatPolicy,
  extra: { email?: string | null; notVerified?: boolean } = {}
): void {
  app.sandbox.ledger.charge({
    accountId: request.account.id,
    generation: LEGACY,
    operation,
    key: `${LEGACY}:${operation}|${key}`,
    amountMilli,
    repeat,
    ...extra,
  });
}

export const legacyHandlers: OperationHandlers<
  "meta/account" | "search/person" | "search/company" | "search/employees" | "validate"
> = {
  "meta/account": async (app, request): Promise<LegacyAccount> => {
    const { ledger } = app.sandbox;
    const account = ledger.account(request.account.id);
    return {
      success: true,
      credits_left: Math.floor(account.credits_milli / MILLI),
      credits_total: Math.floor(account.credits_total_milli / MILLI),
      ...ledger.legacyUsage(account.id),
    };
  },

  "search/person": async (app, request): Promise<LegacyPersonResult> => {
    const input = legacyInput(request.body, PERSON_FIELDS) as LegacyPersonInput;
    const companyKey = requireCompany(input);
    const names =
      present(input.first_name) && present(input.last_name)
        ? `${input.first_name} ${input.last_name}`
        : present(input.full_name)
          ? input.full_name
          : null;
    if (!names)
      throw badRequest(
        "full_name, or both first_name and last_name, is required",
        present(input.first_name) ? "last_name" : "full_name"
      );
    return serveLookup(app, () => {
      const answer: PersonAnswer = app.sandbox.lookups.person(input);
      if (answer.email_status === "blacklisted") throw blacklisted("this email");
      if (answer.email_status === "not_found" || !answer.email) throw notFoundFor(answer, "email");
      const valid = answer.email_status === "valid";
      bill(
        app,
        request,
        "person",
        `${companyKey}|n=${normalizeName(names)}`,
        valid ? MILLI : 0,
        "once",
        { email: answer.email, notVerified: !valid }
      );
      return {
        success: true,
        input,
        results: {
          email: answer.email,
          validation: valid ? "valid" : "unknown",
          alternatives: app.sandbox.lookups.alternatives(answer),
        },
      };
    });
  },

  "search/company": async (app, request): Promise<LegacyCompanyResult> => {
    const input = legacyInput(request.body, COMPANY_FIELDS) as LegacyCompanyInput;
    const key = requireCompany(input);
    return serveLookup(app, () => {
      const answer = app.sandbox.lookups.company(input, "any");
      if (answer.email_status === "blacklisted") throw blacklisted("this company's emails");
      if (answer.email_status === "not_found") throw notFoundFor(answer, "emails");
      const valid = answer.email_status === "valid";
      bill(app, request, "company", key, valid ? MILLI : 0, "once", { notVerified: !valid });
      return {
        success: true,
        input,
        results: {
          emails: answer.emails,
          validation: valid ? "valid" : "unknown",
          totalCount: answer.totalCount,
        },
      };
    });
  },

  "search/employees": async (app, request): Promise<LegacyEmployeesResult> => {
    const input = legacyInput(request.body, EMPLOYEE_FIELDS) as LegacyEmployeesInput;
    const key = requireCompany(input);
    if (!present(input.preferred_title))
      throw badRequest("preferred_title is required", "preferred_title");
    const title = input.preferred_title;
    return serveLookup(app, () => {
      const found = app.sandbox.lookups.employees(input, title);
      if (found.reason === "company_name_not_found")
        throw notFound(
          "company_name_not_found",
          "The domain could not be converted to a company name."
        );
      if (found.reason === "blacklisted") throw blacklisted("these employee records");
      if (!found.company || found.people.length === 0)
        throw notFound("no_result", "No employees were found.");
      bill(app, request, "employees", `${key}|t=${title.trim().toLowerCase()}`, MILLI, "never");
      return {
        success: true,
        input,
        company_name_used: found.company.name,
        employees: found.people.map((p) => ({
          company: p.company.name,
          linkedin_url: p.linkedinUrl,
          name: p.fullName,
          title: p.title,
        })),
      };
    });
  },

  validate: async (app, request): Promise<LegacyValidateResult> => {
    const input = legacyInput(request.body, LEGACY_FIELDS.validate) as LegacyValidateInput;
    if (!present(input.email)) throw badRequest("email is required", "email");
    const email = input.email;
    return serveLookup(app, () => {
      const validation = isValidEmail(email)
        ? ({ valid: "valid", risky: "unknown", invalid: "invalid" } as const)[
            app.sandbox.lookups.verify(email).email_status
          ]
        : "invalid";
      bill(app, request, "validate", `e=${normalizeEmail(email)}`, MILLI, "never", {
        email: validation === "valid" ? normalizeEmail(email) : null,
      });
      return { success: true, input, validation };
    });
  },
};
