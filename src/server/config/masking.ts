// How values that may hold a secret are shown (--print-config, error messages, the start's log
// line): a URL keeps its shape and loses its password.

const SECRET_PARAMETER = /password|secret|token|key/i;

/** The URL as it may be shown: the password (in the authority or the query) masked. */
export function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "(a URL that cannot be parsed)";
  }
  if (parsed.password) parsed.password = "***";
  for (const name of [...parsed.searchParams.keys()])
    if (SECRET_PARAMETER.test(name)) parsed.searchParams.set(name, "***");
  return parsed.toString();
}
