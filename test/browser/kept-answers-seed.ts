import { IndexedDbAnswerStore } from "../../src/client/answer-store-indexeddb";
import { lookupKey } from "../../src/client/lookup-key";
import { cacheNamespace } from "../../src/client/answer-cache";

// Bundled for the page (kept-answers-seeder.ts): writes kept answers into the runtime's own
// IndexedDB through the product's store, in the product's format, as if cells had bought them.

export interface KeptPerson {
  first_name: string;
  last_name: string;
  domain: string;
}

/** The i-th person of the benchmark's sheet (the cells ask for the same people). */
export function keptPerson(i: number): KeptPerson {
  return {
    first_name: `Ada${i}`,
    last_name: `Lovelace${i % 97}`,
    domain: `kept-${i % 1000}.example`,
  };
}

/**
 * An answer as the service gives it for a found person (docs/interface.md, Person), without the
 * echoed input.
 */
function answerOf(i: number): Record<string, unknown> {
  const person = keptPerson(i);
  const email = `ada${i}.lovelace${i % 97}@${person.domain}`;
  return {
    email,
    email_status: "valid",
    valid_email: email,
    person_full_name: `Ada${i} Lovelace${i % 97}`,
    person_company_name: `Kept ${i % 1000}`,
    person_job_title: null,
    mx_host: `aspmx.l.google.com`,
    mx_domain: "google.com",
    credits_charged: 1,
  };
}

async function seed(baseUrl: string, apiKey: string, from: number, count: number): Promise<void> {
  const store = await IndexedDbAnswerStore.open({ factory: indexedDB });
  try {
    const namespace = await cacheNamespace(baseUrl, apiKey);
    const storedAt = Date.now();
    for (let start = from; start < from + count; start += 10_000) {
      const end = Math.min(from + count, start + 10_000);
      const batch = [];
      for (let i = start; i < end; i++)
        batch.push([
          lookupKey("person", keptPerson(i)),
          { storedAt, outcome: { status: "ok", value: answerOf(i) } },
        ] as [string, { storedAt: number; outcome: { status: "ok"; value: unknown } }]);
      await store.write(namespace, batch);
    }
  } finally {
    store.close();
  }
}

Object.assign(globalThis, { __seedKeptAnswers: seed, __keptPerson: keptPerson });
