import {
  LIMITS,
  type DomainAnswers,
  type PurgeResult,
  type SharedAnswerRow,
} from "../../admin/api-types";
import { normalizeDomain, isValidDomain } from "../../api/normalize";
import { operationOfKey } from "../../client/lookup-key";
import { badRequest, limitQuery, notFound, QUERY_REFUSALS, type Query } from "./admin-input";
import type { AdminRoutes } from "./admin-scope";
import { QUERIES } from "./admin-schemas";
import { keyFields, readAnswer } from "./answer-facts";
import type { SharedAnswer } from "./store";

// The team's shared answers of a domain (SECURITY.md), each of which, or all of them, the admin
// can purge (audited), so that a wrong answer is never given again.

export const sharedAnswerRoutes: AdminRoutes = (app, { store, audit }) => {
  app.get<{ Querystring: Query }>(
    "/shared-answers",
    { schema: { querystring: QUERIES.domainAnswers } },
    async (request): Promise<DomainAnswers> => {
      const domain = domainQuery(request.query);
      const limit = limitQuery(request.query, LIMITS.maxListedRows, LIMITS.maxListedRows);
      return {
        domain,
        answers: (await store.sharedAnswersOfDomain(domain, limit)).map(answerView),
      };
    }
  );

  // One answer by its key, or every answer of a domain.
  app.delete<{ Querystring: Query }>(
    "/shared-answers",
    { schema: { querystring: QUERIES.purge } },
    async (request): Promise<PurgeResult> => {
      const { key } = request.query;
      const domainGiven = request.query.domain !== undefined;
      if ((key === undefined) === !domainGiven)
        throw badRequest("Give either key (one answer) or domain (all its answers), not both.");
      if (key !== undefined) {
        if (key === "" || key.length > 4096) throw badRequest(QUERY_REFUSALS.key);
        if (!(await store.purgeSharedAnswer(key)))
          throw notFound("The team keeps no answer with this key.");
        await audit(request, {
          action: "shared_answer_purged",
          changes: { answer: { from: keyText(key), to: null } },
        });
        return { purged: 1 };
      }
      const domain = domainQuery(request.query);
      const purged = await store.purgeDomainAnswers(domain);
      await audit(request, {
        action: "domain_answers_purged",
        changes: { domain: { from: domain, to: null }, answers: { from: purged, to: 0 } },
      });
      return { purged, domain };
    }
  );
};

/** `domain`, as the answers are filed under it (lower case, no scheme, path or `www`). */
function domainQuery(query: Query): string {
  const text = query.domain ?? "";
  const domain = normalizeDomain(text);
  if (text.length > LIMITS.domainLength || !isValidDomain(domain))
    throw badRequest(QUERY_REFUSALS.domain);
  return domain;
}

const LOOKUP_NAMES: Record<string, string> = {
  person: "person",
  company: "company",
  decision_maker: "decision maker",
  linkedin_url: "profile URL",
  verify: "verification",
  employees: "employees",
};

/** The lookup a key is of, e.g. "v5.1 person". */
function lookupText(key: string): string {
  const generation = key.slice(0, Math.max(0, key.indexOf(":")));
  const operation = operationOfKey(key.slice(generation.length + 1));
  return `${generation} ${operation ? LOOKUP_NAMES[operation] : "lookup"}`;
}

/** A key as the audit names it, on one line: "v5.1 person: domain=acme.com, first_name=ada". */
function keyText(key: string): string {
  const fields = Object.entries(keyFields(key)).map(([field, value]) => `${field}=${value}`);
  return `${lookupText(key)}: ${fields.join(", ")}`.replace(/[\u0000-\u001f\u007f]/g, " ");
}

function answerView(answer: SharedAnswer): SharedAnswerRow {
  const { status, email } = readAnswer(answer.body);
  return {
    key: answer.key,
    lookup: lookupText(answer.key),
    fields: keyFields(answer.key),
    status,
    email,
    stored_at: answer.storedAt,
  };
}
