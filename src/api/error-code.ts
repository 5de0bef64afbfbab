/**
 * The `code` of a thrown value, when it is a string: Office.js's ("ItemNotFound"), Node's
 * ("ENOENT"), PostgreSQL's ("23505"). Anything else thrown, null included, has none.
 */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** The code of the error's cause, else its own: fetch puts the socket's code on the cause. */
export const causeOrOwnCode = (error: unknown): string | undefined =>
  errorCode((error as { cause?: unknown } | null | undefined)?.cause) ?? errorCode(error);
