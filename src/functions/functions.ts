/* global CustomFunctions */
import * as args from "./arguments";
import type { CellValue } from "./arguments";
import {
  cell,
  cellCall,
  excelError,
  foundCell,
  foundOrError,
  inValuePreview,
  lookup,
  previewError,
} from "./cell-results";
import { getServices } from "../runtime/services";
import { t } from "../i18n/i18n";
import { DECISION_MAKER_FIELDS, PERSON_FIELDS, PROFILE_FIELDS } from "./answer-fields";
import type { CardOperation } from "./answer-cards";
import type { CheckedOutcome } from "../client/answer-record";
import type { LookupTypes } from "../client/lookup-executors";
import { decisionMakerRequest, personRequest, profileRequest, verifyRequest } from "./requests";

// The worksheet functions of the MAIL namespace. Each turns its cell arguments
// into a request and the answer into a cell value; the JSDoc is their metadata, and their help
// pages (src/help/) are built from it. Help URLs name the dev origin; production builds rewrite it.

/**
 * Finds the professional email address of a person.
 * @customfunction FINDEMAIL
 * @helpurl https://localhost:3000/help/findemail.html
 * @param name First name, or the full name when last_name is empty.
 * @param last_name Last name; leave it empty when name is the full name.
 * @param company Company domain, website address or company name.
 * @param [linkedin_url] Profile URL of the person: refines a partial name and is used when the name gives nothing.
 * @param [fields] Fields to show, as a comma list (for example "email,email_status,person_job_title"); default email.
 * @param invocation Invocation of the function.
 * @returns The email address (a card when Answers as cards is on), or the requested fields in one row.
 * @cancelable
 */
export function findEmail(
  name: any,
  last_name: any,
  company: any,
  linkedin_url: any,
  fields: any,
  invocation: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return answerCell("person", invocation, fields, PERSON_FIELDS, () =>
    personRequest(name, last_name, company, linkedin_url)
  );
}

/**
 * Verifies an email address.
 * @customfunction VERIFYEMAIL
 * @helpurl https://localhost:3000/help/verifyemail.html
 * @param email The email address to verify.
 * @param invocation Invocation of the function.
 * @returns valid, risky (inconclusive) or invalid.
 * @cancelable
 */
export function verifyEmail(
  email: any,
  invocation: CustomFunctions.CancelableInvocation
): Promise<string> {
  const call = cellCall(invocation);
  return cell(async () => {
    const outcome = await lookup("verify", verifyRequest(email), call);
    if (outcome.status === "ok") return outcome.value.email_status;
    // The service's own text is not the user's language: the status says what happened.
    return excelError(
      "notAvailable",
      t(outcome.status === "blacklisted" ? "cells.blacklisted" : "cells.notFound")
    );
  }) as Promise<string>;
}

/**
 * Finds the email of a decision maker at a company.
 * @customfunction DECISIONMAKER
 * @helpurl https://localhost:3000/help/decisionmaker.html
 * @param company Company domain, website address or company name.
 * @param categories Category, comma list or range of categories, most important first: ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales.
 * @param [fields] Fields to show, as a comma list (for example "email,person_full_name,person_job_title"); default email.
 * @param invocation Invocation of the function.
 * @returns The email address (a card when Answers as cards is on), or the requested fields in one row.
 * @cancelable
 */
export function decisionMaker(
  company: any,
  categories: any[][],
  fields: any,
  invocation: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return answerCell("decision_maker", invocation, fields, DECISION_MAKER_FIELDS, () =>
    decisionMakerRequest(company, categories as CellValue)
  );
}

/**
 * Lists up to 20 email addresses of a company, down a column.
 * @customfunction COMPANYEMAILS
 * @helpurl https://localhost:3000/help/companyemails.html
 * @param company Company domain, website address or company name.
 * @param [email_type] any (default), generic or personal.
 * @param invocation Invocation of the function.
 * @returns The addresses, one per row.
 * @cancelable
 */
export function companyEmails(
  company: any,
  email_type: any,
  invocation: CustomFunctions.CancelableInvocation
): Promise<string[][]> {
  const call = cellCall(invocation);
  return cell(async () => {
    const request = { ...args.company(company), email_type: args.emailType(email_type) };
    const found = foundOrError(await lookup("company", request, call));
    if (found instanceof CustomFunctions.Error) return found;
    return found.emails.length > 0
      ? found.emails.map((address) => [address])
      : excelError("notAvailable", t("cells.noEmailFound"));
  }) as Promise<string[][]>;
}

/**
 * Finds the email address of the person behind a profile URL.
 * @customfunction LINKEDINEMAIL
 * @helpurl https://localhost:3000/help/linkedinemail.html
 * @param linkedin_url Profile URL, such as https://www.linkedin.com/in/name.
 * @param [fields] Fields to show, as a comma list (for example "email,person_full_name,person_company_name"); default email.
 * @param invocation Invocation of the function.
 * @returns The email address (a card when Answers as cards is on), or the requested fields in one row.
 * @cancelable
 */
export function linkedinEmail(
  linkedin_url: any,
  fields: any,
  invocation: CustomFunctions.CancelableInvocation
): Promise<any[][]> {
  return answerCell("linkedin_url", invocation, fields, PROFILE_FIELDS, () =>
    profileRequest(linkedin_url)
  );
}

/**
 * Lists employees of a company: name, title, company and profile URL, one per row.
 * @customfunction EMPLOYEES
 * @helpurl https://localhost:3000/help/employees.html
 * @param company Company domain, website address or company name.
 * @param preferred_title Title to look for first (for example "Sales Director").
 * @param [country_code] Two-letter country code that targets the search (for example US).
 * @param invocation Invocation of the function.
 * @returns A table of employees without a header row.
 * @cancelable
 */
export function employees(
  company: any,
  preferred_title: any,
  country_code: any,
  invocation: CustomFunctions.CancelableInvocation
): Promise<string[][]> {
  const call = cellCall(invocation);
  return cell(async () => {
    const request = {
      ...args.company(company),
      preferred_title: args.required(preferred_title, "preferred_title", args.LIMITS.title),
    };
    const country = args.countryCode(country_code);
    const outcome = await lookup(
      "employees",
      country ? { ...request, country_code: country } : request,
      call
    );
    if (outcome.status !== "ok") {
      return outcome.status === "blacklisted"
        ? (foundOrError(outcome) as CustomFunctions.Error)
        : excelError("notAvailable", t("cells.noEmployeesFound"));
    }
    return outcome.value.employees.map((e) => [e.name, e.title, e.company, e.linkedin_url ?? ""]);
  }) as Promise<string[][]>;
}

/**
 * Credits left on the account, kept current as the add-in spends.
 * @customfunction CREDITS
 * @helpurl https://localhost:3000/help/credits.html
 * @param invocation Invocation of the streaming function.
 * @streaming
 */
export function credits(invocation: CustomFunctions.StreamingInvocation<number>): void {
  const services = getServices();
  const unsubscribe = services.credits.subscribe((snapshot) => {
    if (snapshot.creditsLeft !== null) invocation.setResult(snapshot.creditsLeft);
  });
  invocation.onCanceled = unsubscribe;
  // A preview sends nothing: the balance already known, else the preview message.
  if (inValuePreview(invocation)) {
    if (services.credits.snapshot.creditsLeft === null)
      invocation.setResult(previewError() as unknown as number);
    return;
  }
  // A streaming function shows an error through setResult (its documented form), not by throwing.
  void cell(async () => {
    await (await services.client()).account();
    return 0;
  }).catch((error: CustomFunctions.Error) => {
    if (services.credits.snapshot.creditsLeft === null) {
      invocation.setResult(error as unknown as number);
    }
  });
}

export type { CellResult } from "./cell-results";

/**
 * A lookup answered as a card (when Answers as cards is on), or the fields asked for in one row:
 * FINDEMAIL, DECISIONMAKER and LINKEDINEMAIL. The request is read before the fields, so that a
 * bad argument of the lookup is the one said first.
 */
function answerCell<Op extends CardOperation>(
  operation: Op,
  invocation: CustomFunctions.CancelableInvocation,
  fields: any,
  known: readonly string[],
  request: () => Parameters<typeof lookup<Op>>[1]
): Promise<any[][]> {
  const call = cellCall(invocation);
  return cell(async () => {
    const asked = request();
    const names = args.fields(fields, known);
    // Widened from Op to the three card lookups, whose answers TypeScript sees as Found only
    // once the operation is no longer generic.
    const outcome = (await lookup(operation, asked, call)) as CheckedOutcome<
      LookupTypes[CardOperation]["result"]
    >;
    const found = foundOrError(outcome);
    return found instanceof CustomFunctions.Error ? found : foundCell(operation, found, names);
  }) as Promise<any[][]>;
}
