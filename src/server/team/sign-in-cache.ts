import type { Member } from "./store";
import { SIGN_IN_CACHE_MS } from "./store-rules";

// Tokens found valid, remembered by an instance for SIGN_IN_CACHE_MS (store-rules.ts), so that
// a member's requests do not each ask the database who they are. Only valid tokens: an unknown
// one is asked every time (made-up tokens fill nothing). Requests of one token at once share
// one look.

/** Tokens remembered at most (then all are forgotten: the next requests ask again). */
const MOST = 10_000;

export class SignInCache {
  private readonly entries = new Map<string, { member: Promise<Member | null>; until: number }>();

  constructor(
    private readonly ttlMs = SIGN_IN_CACHE_MS,
    private readonly clock: () => number = Date.now
  ) {}

  /** The member of `tokenHash`, remembered or from `look` (a valid one is then remembered). */
  member(tokenHash: string, look: () => Promise<Member | null>): Promise<Member | null> {
    const now = this.clock();
    const kept = this.entries.get(tokenHash);
    if (kept && kept.until > now) return kept.member;
    if (this.entries.size >= MOST) this.entries.clear();
    // Counted from before the look: what it finds is never older than the bound allows.
    const entry = { member: look(), until: now + this.ttlMs };
    this.entries.set(tokenHash, entry);
    const drop = () => {
      if (this.entries.get(tokenHash) === entry) this.entries.delete(tokenHash);
    };
    entry.member.then((member) => member === null && drop(), drop);
    return entry.member;
  }

  /** Forgets every token: one was revoked, or a member removed or changed. */
  forget(): void {
    this.entries.clear();
  }
}
