import { normalizeEmail } from "../api/normalize";
import type { CachedOutcome, LookupOutcome } from "./answer-record";
import { operationOfKey } from "./lookup-key";

// Bounces pay back: an address reported as bounced is marked, per namespace like the kept answers,
// and a kept answer that shows it carries the day it was reported. A marked answer is never bought
// again by a recalculation, whatever its age.

/** The field a kept answer's value carries when the address it shows was reported bounced. */
export const BOUNCED_ON = "bounced_on";

/** Separates a lookup key's fields (lookup-key.ts): a verification's key is "v", SEP, "e<email>". */
const VERIFY_PREFIX = "v\u001fe";

/**
 * The one address a kept answer shows, normalized: the email found (person, profile, decision
 * maker), or the address verified (a verification's key holds it: its answer does not echo
 * it). Company lists and employee tables show no single address.
 */
export function emailOfAnswer(key: string, outcome: LookupOutcome): string | undefined {
  if (outcome.status !== "ok") return undefined;
  const operation = operationOfKey(key);
  if (operation === "verify") {
    if (!key.startsWith(VERIFY_PREFIX) || key.includes("\u001f", VERIFY_PREFIX.length))
      return undefined;
    return key.slice(VERIFY_PREFIX.length);
  }
  if (operation !== "person" && operation !== "linkedin_url" && operation !== "decision_maker")
    return undefined;
  const email = (outcome.value as { email?: unknown } | null)?.email;
  return typeof email === "string" && email.trim() !== "" ? normalizeEmail(email) : undefined;
}

/**
 * Whether the answer was charged: what may pay back when its address bounces (docs/interface.md,
 * Credits).
 */
export function isCharged(outcome: LookupOutcome): boolean {
  if (outcome.status !== "ok") return false;
  const charged = (outcome.value as { credits_charged?: unknown } | null)?.credits_charged;
  return typeof charged === "number" && charged > 0;
}

/** When the address the answer shows was reported bounced (ms), or undefined. */
export function bouncedOn(outcome: LookupOutcome | undefined): number | undefined {
  if (outcome?.status !== "ok") return undefined;
  const on = (outcome.value as Record<string, unknown> | null)?.[BOUNCED_ON];
  return typeof on === "number" ? on : undefined;
}

/** Whether a kept answer is marked bounced: it stays kept, whatever the freshness setting. */
export const isBounced = (kept: CachedOutcome): boolean => bouncedOn(kept.outcome) !== undefined;

/** The answer with its address's bounce mark (a new object; the kept one is left as it is). */
export function withBounce(outcome: LookupOutcome, reportedAt: number): LookupOutcome {
  if (outcome.status !== "ok") return outcome;
  const value = (outcome.value ?? {}) as Record<string, unknown>;
  return { status: "ok", value: { ...value, [BOUNCED_ON]: reportedAt } };
}
