import type {
  CompanyRequest,
  CompanyResult,
  DecisionMakerRequest,
  DecisionMakerResult,
  LegacyEmployeesResult,
  LinkedinUrlRequest,
  LinkedinUrlResult,
  PersonRequest,
  PersonResult,
  VerifyEmailRequest,
  VerifyEmailResult,
} from "../api/types";
import type { EmailServiceClient, LookupCallOptions } from "./client";
import type { LookupOperation } from "./lookup-key";

// The lookups a cell can ask for: each one's request and answer, the client's operation that
// sends it, and what its answer cost.

export interface LookupTypes {
  person: { request: PersonRequest; result: PersonResult };
  company: { request: CompanyRequest; result: CompanyResult };
  decision_maker: { request: DecisionMakerRequest; result: DecisionMakerResult };
  linkedin_url: { request: LinkedinUrlRequest; result: LinkedinUrlResult };
  verify: { request: VerifyEmailRequest; result: VerifyEmailResult };
  employees: {
    request: {
      domain?: string;
      company_name?: string;
      preferred_title: string;
      country_code?: string;
    };
    result: LegacyEmployeesResult;
  };
}

type Executor = (
  client: EmailServiceClient,
  body: never,
  options: LookupCallOptions
) => Promise<unknown>;

const EXECUTORS: Record<LookupOperation, Executor> = {
  person: (client, body: PersonRequest, options) => client.findEmail.person(body, options),
  company: (client, body: CompanyRequest, options) => client.findEmail.company(body, options),
  decision_maker: (client, body: DecisionMakerRequest, options) =>
    client.findEmail.decisionMaker(body, options),
  linkedin_url: (client, body: LinkedinUrlRequest, options) =>
    client.findEmail.linkedinUrl(body, options),
  verify: (client, body: VerifyEmailRequest, options) => client.verifyEmail(body, options),
  employees: (client, body: LookupTypes["employees"]["request"], options) =>
    client.legacy.employees(body, options),
};

/** Sends one lookup through the client's operation for it. */
export function executeLookup(
  client: EmailServiceClient,
  operation: LookupOperation,
  body: object,
  options: LookupCallOptions
): Promise<unknown> {
  return EXECUTORS[operation](client, body as never, options);
}

/** What an answer cost: v5.1 says so; a legacy employee search costs 1 when it finds someone. */
export function chargeOf(operation: LookupOperation, value: unknown): number {
  if (operation === "employees")
    return ((value as LegacyEmployeesResult)?.employees?.length ?? 0) > 0 ? 1 : 0;
  const charged = (value as { credits_charged?: unknown })?.credits_charged;
  return typeof charged === "number" ? charged : 0;
}
