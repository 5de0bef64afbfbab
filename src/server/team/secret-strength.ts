import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

// How hard a secret the operator chose is to guess (SECURITY.md: the admin token is random
// enough, or the host refuses to start). Randomness cannot be proven from
// one token; what people use instead can be recognised, and zxcvbn-ts knows it: dictionary
// words, names, l33t spellings, dates, years, keyboard walks, sequences and repeats. It counts
// how many guesses an attacker who knows such patterns needs.
//
// The rule: at least MIN_LENGTH characters, and at least 10^MIN_GUESSES_LOG10 guesses
// (about 2^120). zxcvbn counts a character it cannot place in a pattern as 10 guesses (it
// cannot tell a random string from an unknown word), so a random token shows about 10 to the
// power of its length: measured here, `openssl rand -base64 32` (44 characters) 10^41.4 at
// the least of 1,000 draws (median 10^44), base64url's 43 characters (the host's own secrets)
// 10^40.6 at the least of 300, a member token ("mft_" and 43) 10^45.4, `openssl rand -hex 32`
// 10^59.9; tokens people make of words, a year and separators, 32 to 48 characters long,
// measure 10^28 to 10^35.3 (`MailFinderAdminToken2025!Secure#` 10^28.0). The threshold sits
// above the second and 4.6 orders below the least random draw. So a random token needs about
// 36 characters or more: 32 random ones (10^29 to 10^33) are refused as well.

export const MIN_LENGTH = 32;
export const MIN_GUESSES_LOG10 = 36;

/**
 * Characters looked at. zxcvbn's time grows with the length (about 0.5 s for 256 random
 * characters here); a secret's first 128 characters that pass are a secret that passes.
 */
const MAX_LENGTH = 128;

let estimator: ZxcvbnFactory | null = null;

/**
 * Set once, at the first estimate (the dictionaries take about 0.4 s to load). l33t
 * substitutions are tried 10 at most instead of 100: the same estimates for the phrases above,
 * in a tenth of the time (0.12 s instead of 1.1 s for a 44-character random token).
 */
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    l33tMaxSubstitutions: 10,
    maxLength: MAX_LENGTH,
  });
  return estimator;
}

/** log10 of the guesses zxcvbn estimates `secret` takes (its first MAX_LENGTH characters). */
export function guessesLog10(secret: string): number {
  return zxcvbn().check(secret).guessesLog10;
}

/** Why `secret` is too easy to guess, or null if it is strong enough (never says the secret). */
export function weakness(secret: string): string | null {
  if ([...secret].length < MIN_LENGTH) return `it has fewer than ${MIN_LENGTH} characters`;
  const guesses = Math.floor(guessesLog10(secret));
  if (guesses < MIN_GUESSES_LOG10)
    return (
      `it is made of words, names, dates or patterns that a guesser tries early ` +
      `(about 10^${guesses} guesses of the 10^${MIN_GUESSES_LOG10} needed)`
    );
  return null;
}

/** The secret read from `file`; throws, naming the file and the rule, when it is too weak. */
export function strongSecret(secret: string, file: string, what: string): string {
  const why = weakness(secret);
  // A random character counts as 10 guesses: 10^N guesses take N random characters.
  if (why)
    throw new Error(
      `The ${what} in ${file} is too easy to guess: ${why}. Use a random one of ` +
        `${MIN_GUESSES_LOG10} characters or more, e.g. the output of \`openssl rand -base64 32\` (44).`
    );
  return secret;
}
