// Failed admin sign-ins, counted per client address (DESIGN 6d): after `failures` failures in
// a window of `windowMs` from the first, every admin request from that address is refused
// until the window ends, the right token too (a guess that lands while throttled must tell
// nothing). A success does not end the count: an admin behind the same address (a company's
// NAT) would otherwise reset it for whoever guesses beside them.
//
// The counts live in this instance's memory: a restart forgets them, and behind a load
// balancer each instance counts its own (an attacker gets `failures` guesses per window and
// instance). IPv6 addresses count by their /64, which one client usually holds whole. At most
// `maxAddresses` are remembered; when full, the oldest count is forgotten first.

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
    const count = this.current(clientOf(address));
    if (!count || count.failures < this.options.failures) return 0;
    return count.since + this.options.windowMs - this.clock();
  }

  failed(address: string): void {
    const client = clientOf(address);
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

/** The client an address stands for: an IPv4 address, or an IPv6 address's /64. */
export function clientOf(address: string): string {
  if (!address.includes(":") || /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]!.split("::");
  const left = head ? head.split(":") : [];
  const right = tail === undefined ? [] : tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
