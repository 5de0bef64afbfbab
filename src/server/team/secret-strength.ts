// How hard a secret the operator chose is to guess (DESIGN 6d: the admin token has at least 32
// random characters, or the host refuses to start). Randomness cannot be proven from one
// token; this estimate catches what people use instead: short tokens, one character or a few
// over and over, a word repeated ("adminadmin…"), runs such as "abcdef" or "123456".
//
// The rule: at least MIN_LENGTH characters, and an estimate of at least MIN_BITS, where
//   bits = (characters that are not a repeat) × log2(distinct characters of the token)
// and a character is a repeat when it continues a run of equal steps (its code point minus the
// previous one is -1, 0 or 1, as the previous step was: "aaaa", "abcd", "4321", each character
// after the second), or when it lies in a piece of PIECE characters met earlier in the token
// ("admin-admin": the second "admin"). `openssl rand -base64 32` (44 characters, about 190
// bits or more by this estimate) and `openssl rand -hex 32` (64, about 195 or more) always
// pass; 32 hex digits (128 random bits, no margin) are refused as a rule.

export const MIN_LENGTH = 32;
export const MIN_BITS = 128;
const PIECE = 3;

/** The estimate of the rule above, in bits. */
export function estimatedBits(secret: string): number {
  const characters = [...secret];
  const distinct = new Set(characters).size;
  return (characters.length - repeats(characters).size) * Math.log2(distinct);
}

/** The positions of characters that continue a run of equal steps or an earlier piece. */
function repeats(characters: string[]): Set<number> {
  const found = new Set<number>();
  const code = (i: number) => characters[i]!.codePointAt(0)!;
  for (let i = 2; i < characters.length; i++) {
    const step = code(i) - code(i - 1);
    if (Math.abs(step) <= 1 && step === code(i - 1) - code(i - 2)) found.add(i);
  }
  const seen = new Set<string>();
  for (let i = 0; i + PIECE <= characters.length; i++) {
    const piece = characters.slice(i, i + PIECE).join("\u0000");
    if (seen.has(piece)) for (let j = i; j < i + PIECE; j++) found.add(j);
    seen.add(piece);
  }
  return found;
}

/** Why `secret` is too easy to guess, or null if it is strong enough (never says the secret). */
export function weakness(secret: string): string | null {
  if ([...secret].length < MIN_LENGTH) return `it has fewer than ${MIN_LENGTH} characters`;
  const bits = Math.floor(estimatedBits(secret));
  if (bits < MIN_BITS)
    return `its characters are too few or too repetitive (about ${bits} bits of the ${MIN_BITS} needed)`;
  return null;
}

/** The secret read from `file`; throws, naming the file and the rule, when it is too weak. */
export function strongSecret(secret: string, file: string, what: string): string {
  const why = weakness(secret);
  if (why)
    throw new Error(
      `The ${what} in ${file} is too easy to guess: ${why}. Use at least ${MIN_LENGTH} random ` +
        `characters (${MIN_BITS} bits or more), e.g. the output of \`openssl rand -base64 32\`.`
    );
  return secret;
}
