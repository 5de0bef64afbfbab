import { networkOf } from "../client-network";

// Failed admin sign-ins, counted per client network (SECURITY.md): after `failures` failures
// in a window of `windowMs` from the first, a failed sign-in from that network is answered 429
// until the window ends (admin-sign-in.ts), and not counted further.
//
// Only failures meet it: a valid sign-in passes before the throttle is asked. Asked first, as it
// was, it locked the real admin out for the window after anyone's ten wrong guesses from the
// admin's own address (a company's NAT, a shared IPv6 /48). What it must still guarantee, and
// does: a throttled network's wrong guess is refused as before (429, Retry-After), the same
// answer whatever the guess, so it tells nothing but "not it"; the admin token is compared in
// constant time (SHA-256 of both, tokens.ts) before, so how near a guess came shows nowhere.
// What it no longer does is keep a guesser from a right guess: no throttle can without locking
// the admin out as well (the right token is the only thing that tells the admin from a
// guesser). That is the token's strength's work: at least 10^36 guesses by zxcvbn's count
// (secret-strength.ts), about 2^256 for `openssl rand -base64 32`; at 10^5 answers a second,
// 10^36 guesses take 3 x 10^23 years. The throttle keeps failures cheap, and /metrics counts them.
// A success does not end the count: an admin behind the same address would otherwise reset it
// for whoever guesses beside them.
//
// The counts live in this instance's memory: a restart forgets them, and behind a load
// balancer each instance counts its own (an attacker gets `failures` guesses per window and
// instance). IPv6 addresses count by their /48 (client-network.ts). At most `maxAddresses` are
// remembered; when full, the oldest count is forgotten first.

export interface ThrottleOptions {
  failures: number;
  windowMs: number;
  maxAddresses: number;
}

export const THROTTLE_DEFAULTS: ThrottleOptions = {
  failures: 10,
  windowMs: 15 * 60_000,
  maxAddresses: 100_000,
};

interface Count {
  since: number;
  failures: number;
}

export class SignInThrottle {
  private readonly counts = new Map<string, Count>();
  private readonly options: ThrottleOptions;

  constructor(
    options: Partial<ThrottleOptions> = {},
    private readonly clock: () => number = Date.now
  ) {
    this.options = { ...THROTTLE_DEFAULTS, ...options };
  }

  /** Milliseconds until `address` may try again; 0 when it may now. */
  waitFor(address: string): number {
    const count = this.current(networkOf(address));
    if (!count || count.failures < this.options.failures) return 0;
    return count.since + this.options.windowMs - this.clock();
  }

  failed(address: string): void {
    const client = networkOf(address);
    const count = this.current(client);
    if (count) {
      count.failures++;
      return;
    }
    if (this.counts.size >= this.options.maxAddresses) this.forgetOldest();
    this.counts.set(client, { since: this.clock(), failures: 1 });
  }

  /** The count of a window still open, if any (an ended one is forgotten). */
  private current(client: string): Count | undefined {
    const count = this.counts.get(client);
    if (count && this.clock() - count.since >= this.options.windowMs) {
      this.counts.delete(client);
      return undefined;
    }
    return count;
  }

  private forgetOldest(): void {
    // Map keeps insertion order: the first is the oldest window.
    const oldest = this.counts.keys().next();
    if (!oldest.done) this.counts.delete(oldest.value);
  }
}
