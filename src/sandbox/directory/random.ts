// Math's functions read once: a global read in a hot loop is slow inside a vm context (each
// jest test file runs in one), and these run hundreds of thousands of times per directory.
const { floor, imul } = Math;

/** A small seeded PRNG (mulberry32): the directory must be the same on every machine. */
export interface Random {
  next(): number;
  int(maxExclusive: number): number;
  pick<T>(items: readonly T[]): T;
}

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (maxExclusive: number): number => floor(next() * maxExclusive);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

/** FNV-1a, 32 bits: stable hash for answers derived from an input. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
