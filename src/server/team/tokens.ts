import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

// Member tokens: 32 random bytes, shown once to the admin who issues them; only
// their SHA-256 is stored, so that the database leaks no usable token.

const PREFIX = "mft_";

/** A new member token: "mft_" and 43 base64url characters. */
export function newMemberToken(): string {
  return PREFIX + randomBytes(32).toString("base64url");
}

/** What the store keeps of a token: its SHA-256, hex. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Whether `token` looks like a member token (a service key is passed on as it is). */
export function isMemberToken(token: string): boolean {
  return token.startsWith(PREFIX) && /^[A-Za-z0-9_-]{43}$/.test(token.slice(PREFIX.length));
}

/** Compares two secrets in constant time (the admin token). */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given, "utf8").digest();
  const b = createHash("sha256").update(expected, "utf8").digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/** The bearer token of an Authorization header, or null. */
export function bearerOf(header: string | undefined): string | null {
  const found = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return found ? found[1]! : null;
}
