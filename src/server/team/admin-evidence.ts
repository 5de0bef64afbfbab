import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  LIMITS,
  type BounceReportRow,
  type DomainAnswers,
  type PurgeResult,
  type SharedAnswerRow,
} from "../../admin/api-types";
import { operationOfKey } from "../../client/lookup-key";
import { normalizeDomain, isValidDomain } from "../../api/normalize";
import {
  addUtcDays,
  badRequest,
  dayRange,
  limitQuery,
  notFound,
  queryText,
  type Query,
} from "./admin-input";
import { keyFields, readAnswer } from "./answer-facts";
import { credits } from "./credits";
import type { AdminAuditEntry, BounceReport, SharedAnswer, TeamStore } from "./store";

// What the admin sees of the trust the host keeps (SECURITY.md): the bad-email reports it sent and
// what the service was seen to return of each (a claim is a report it answered without returning
// anything), and the team's shared answers of a domain, each of which, or all of them, the admin
// can purge (audited), so that a wrong answer is never given again.

type Audit = (
  request: FastifyRequest,
  entry: Pick<AdminAuditEntry, "action" | "changes">
) => Promise<void>;

const DEFAULT_REPORT_DAYS = 90;

export function registerEvidence(
  app: FastifyInstance,
  store: TeamStore,
  now: () => Date,
  audit: Audit
): void {
  app.get<{ Querystring: Query }>(
    "/bounce-reports",
    async (request): Promise<BounceReportRow[]> => {
      const today = new Date(`${now().toISOString().slice(0, 10)}T00:00:00.000Z`);
      const { from, to } = dayRange(request.query, {
        from: addUtcDays(today, -DEFAULT_REPORT_DAYS),
        to: today,
      });
      const limit = limitQuery(request.query, LIMITS.maxListedRows, LIMITS.maxListedRows);
      const reports = await store.bounceReports(
        from.toISOString(),
        addUtcDays(to, 1).toISOString(),
        limit
      );
      return reports.map(reportView);
    }
  );

  app.get<{ Querystring: Query }>("/shared-answers", async (request): Promise<DomainAnswers> => {
    const domain = domainQuery(request.query);
    const limit = limitQuery(request.query, LIMITS.maxListedRows, LIMITS.maxListedRows);
    return { domain, answers: (await store.sharedAnswersOfDomain(domain, limit)).map(answerView) };
  });

  // One answer by its key, or every answer of a domain.
  app.delete<{ Querystring: Query }>("/shared-answers", async (request): Promise<PurgeResult> => {
    const key = queryText(request.query, "key");
    const domainGiven = queryText(request.query, "domain") !== undefined;
    if ((key === undefined) === !domainGiven)
      throw badRequest("Give either key (one answer) or domain (all its answers), not both.");
    if (key !== undefined) {
      if (key === "" || key.length > 4096) throw badRequest("key must be an answer's key.");
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
  });
}

/** `domain`, as the answers are filed under it (lower case, no scheme, path or `www`). */
function domainQuery(query: Query): string {
  const text = queryText(query, "domain") ?? "";
  const domain = normalizeDomain(text);
  if (text.length > LIMITS.domainLength || !isValidDomain(domain))
    throw badRequest("domain must be a domain name such as example.com.");
  return domain;
}

function reportView(report: BounceReport): BounceReportRow {
  return {
    id: report.id,
    at: report.at,
    member: report.memberId,
    email: report.email,
    claimed: credits(report.claimedMilli),
    returned: report.returnedMilli === null ? null : credits(report.returnedMilli),
    refunded: credits(report.refundedMilli),
    outcome: report.outcome,
  };
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
