import type { FastifyInstance } from "fastify";
import type {
  CompanyEmailType,
  CompanyRequest,
  CompanyResult,
  DecisionMakerCategory,
  DecisionMakerRequest,
  DecisionMakerResult,
  LinkedinUrlRequest,
  LinkedinUrlResult,
  PersonRequest,
  PersonResult,
} from "../../api/types";
import { COMPANY_EMAIL_TYPES, DECISION_MAKER_CATEGORIES } from "../../api/types";
import { badRequest } from "../errors";
import { webhookUrlOf } from "../http";
import {
  companyEmailsQueryKey,
  decisionMakerQueryKey,
  linkedinQueryKey,
  personQueryKey,
} from "../services/query-keys";
import { answerOrWebhook, billV51, echo, present, serveLookup } from "./serve";

const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
const companyFields = { domain: text(2048), company_name: text(500) } as const;
const categoryList = {
  type: "array",
  minItems: 1,
  maxItems: DECISION_MAKER_CATEGORIES.length,
  items: { type: "string", enum: [...DECISION_MAKER_CATEGORIES] },
} as const;

export async function findEmailRoutes(app: FastifyInstance): Promise<void> {
  const respond = answerOrWebhook.bind(null, app);

  app.post<{ Body: PersonRequest }>(
    "/v5.1/find-email/person",
    {
      schema: {
        body: {
          type: "object",
          properties: {
            ...companyFields,
            full_name: text(500),
            first_name: text(200),
            last_name: text(200),
            linkedin_url: text(2048),
          },
        },
      },
    },
    async (request) => {
      const body = request.body;
      const webhookUrl = webhookUrlOf(request);
      const hasName =
        present(body.full_name) || (present(body.first_name) && present(body.last_name));
      const hasCompany = present(body.domain) || present(body.company_name);
      const hasProfile = present(body.linkedin_url);
      if (!hasProfile) {
        if (!hasCompany)
          throw badRequest("domain or company_name is required (or linkedin_url alone)", "domain");
        if (!hasName)
          throw badRequest(
            "full_name, or both first_name and last_name, is required",
            present(body.first_name) ? "last_name" : "full_name"
          );
      }
      const key = personQueryKey(body);
      const input = echo(body, [
        "domain",
        "company_name",
        "full_name",
        "first_name",
        "last_name",
        "linkedin_url",
      ]);
      const result = await serveLookup(app, (): PersonResult => {
        const answer = app.sandbox.lookups.person(body);
        return {
          input,
          credits_charged: billV51(app, request, {
            operation: "person",
            key,
            status: answer.email_status,
            email: answer.email,
          }),
          email_status: answer.email_status,
          email: answer.email,
          valid_email: answer.email_status === "valid" ? answer.email : null,
          person_full_name: answer.person_full_name,
          person_company_name: answer.person_company_name,
          person_job_title: answer.person_job_title,
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        };
      });
      return respond(webhookUrl, "find-email.person", result);
    }
  );

  app.post<{ Body: CompanyRequest }>(
    "/v5.1/find-email/company",
    {
      schema: {
        body: {
          type: "object",
          properties: {
            ...companyFields,
            email_type: { type: "string", enum: [...COMPANY_EMAIL_TYPES] },
          },
        },
      },
    },
    async (request) => {
      const body = request.body;
      const webhookUrl = webhookUrlOf(request);
      const emailType: CompanyEmailType = body.email_type ?? "any";
      const key = companyEmailsQueryKey(body, emailType);
      const input = echo(body, ["domain", "company_name", "email_type"]);
      const result = await serveLookup(app, (): CompanyResult => {
        const answer = app.sandbox.lookups.company(body, emailType);
        return {
          input,
          credits_charged: billV51(app, request, {
            operation: "company",
            key,
            status: answer.email_status,
            email: null,
          }),
          email_status: answer.email_status,
          emails: answer.emails,
          valid_emails: answer.email_status === "valid" ? answer.emails : [],
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        };
      });
      return respond(webhookUrl, "find-email.company", result);
    }
  );

  app.post<{ Body: DecisionMakerRequest }>(
    "/v5.1/find-email/decision-maker",
    {
      schema: {
        body: {
          type: "object",
          required: ["decision_maker_category"],
          properties: { ...companyFields, decision_maker_category: categoryList },
        },
      },
    },
    async (request) => {
      const body = request.body;
      const webhookUrl = webhookUrlOf(request);
      const categories = [...new Set(body.decision_maker_category)] as DecisionMakerCategory[];
      const key = decisionMakerQueryKey(body, categories);
      const input = echo(body, ["decision_maker_category", "domain", "company_name"]);
      const result = await serveLookup(app, (): DecisionMakerResult => {
        const answer = app.sandbox.lookups.decisionMaker(body, categories);
        const person =
          answer.email_status === "valid" || answer.email_status === "risky" ? answer.person : null;
        return {
          input,
          credits_charged: billV51(app, request, {
            operation: "decision_maker",
            key,
            status: answer.email_status,
            email: answer.email,
          }),
          email_status: answer.email_status,
          decision_maker_category: answer.decision_maker_category,
          email: answer.email,
          valid_email: answer.email_status === "valid" ? answer.email : null,
          person_first_name: person?.nameSplittable ? person.firstName : null,
          person_last_name: person?.nameSplittable ? person.lastName : null,
          person_full_name: person?.fullName ?? null,
          person_job_title: person?.title ?? null,
          person_linkedin_url: person?.linkedinUrl ?? null,
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        };
      });
      return respond(webhookUrl, "find-email.decision-maker", result);
    }
  );

  app.post<{ Body: LinkedinUrlRequest }>(
    "/v5.1/find-email/linkedin-url",
    {
      schema: {
        body: {
          type: "object",
          required: ["linkedin_url"],
          properties: { linkedin_url: text(2048) },
        },
      },
    },
    async (request) => {
      const body = request.body;
      const webhookUrl = webhookUrlOf(request);
      const key = linkedinQueryKey(body.linkedin_url);
      const input = echo(body, ["linkedin_url"]);
      const result = await serveLookup(app, (): LinkedinUrlResult => {
        const answer = app.sandbox.lookups.linkedinUrl(body.linkedin_url);
        return {
          input,
          credits_charged: billV51(app, request, {
            operation: "linkedin_url",
            key,
            status: answer.email_status,
            email: answer.email,
          }),
          email_status: answer.email_status,
          email: answer.email,
          valid_email: answer.email_status === "valid" ? answer.email : null,
          person_full_name: answer.person_full_name,
          person_job_title: answer.person_job_title,
          person_company_name: answer.person_company_name,
          mx_host: answer.mx_host,
          mx_domain: answer.mx_domain,
        };
      });
      return respond(webhookUrl, "find-email.linkedin-url", result);
    }
  );
}
