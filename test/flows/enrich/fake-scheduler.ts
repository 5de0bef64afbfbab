import type { LookupOutcome } from "../../../src/client/answer-record";

// The cells' scheduler as an Enrich run sees it: answers from a function of the request body,
// and the bodies it was asked, in order.

/** A lookup body as the Enrich tests send them. */
export interface Body {
  first_name?: string;
  last_name?: string;
  domain?: string;
  company_name?: string;
  decision_maker_category?: string[];
}

export type Answer = (body: Body) => Promise<LookupOutcome<object>>;

/** A scheduler that answers from `answer` and records what it was asked. */
export function fakeScheduler(answer: Answer) {
  const asked: Array<{ operation: string; body: Body }> = [];
  return {
    asked,
    /** The bodies alone. */
    bodies: (): Body[] => asked.map((entry) => entry.body),
    scheduler: {
      lookup: (operation: string, body: unknown) => {
        asked.push({ operation, body: body as Body });
        return answer(body as Body);
      },
    } as never,
  };
}

/** A valid answer made from the person's name and domain. */
export const found: Answer = async (body) => ({
  status: "ok",
  value: {
    email: `${body.first_name}.${body.last_name}@${body.domain}`.toLowerCase(),
    email_status: "valid",
  },
});
