import { isIP } from "node:net";

// The network a client address stands for, as limits count clients (the demo's rate limits,
// failed admin sign-ins): an IPv4 address is one client; an IPv6 client is given a /48 (RFC
// 6177: a site's usual assignment, what a home or an office router gets, and what anyone can
// rent for little), so that rotating through its 2^80 addresses, or its 65,536 /64s, is still
// one client. An IPv4-mapped IPv6 address is its IPv4 address. Anything else is kept as it is.

export const IPV6_PREFIX = 48;

export function networkOf(address: string): string {
  const plain = address.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  if (isIP(plain) !== 6) return address;
  const groups = ipv6Groups(plain).slice(0, IPV6_PREFIX / 16);
  return `${groups.map((group) => group.toString(16)).join(":")}::/${IPV6_PREFIX}`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail read). */
function ipv6Groups(address: string): number[] {
  const [head = "", tail] = address.split("::");
  const left = groupsOf(head);
  if (tail === undefined) return left;
  const right = groupsOf(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function groupsOf(text: string): number[] {
  if (text === "") return [];
  return text.split(":").flatMap((part) => {
    if (!part.includes(".")) return [parseInt(part, 16)];
    const [a = 0, b = 0, c = 0, d = 0] = part.split(".").map(Number);
    return [(a << 8) | b, (c << 8) | d];
  });
}
