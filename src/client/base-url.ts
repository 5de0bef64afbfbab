// Where requests may go: the base URL a user saves, read exactly as a browser's URL parser
// (fetch's) will read it, and the one origin a team host's sign-in may be sent to.

/** Why a base URL is refused; each layer says it in its own catalog (cells, pane). */
export type BaseUrlProblem =
  "invalid" | "path" | "otherSite" | "characters" | "credentials" | "query" | "https";

export type BaseUrlCheck = { baseUrl: string } | { problem: BaseUrlProblem };

const MAX_LENGTH = 2048;
const LOOPBACK_HOSTS = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;
/** The URL parser drops ASCII tabs and newlines wherever they are: "/\t/x" is "//x" to it. */
const DROPPED_BY_PARSER = /[\t\n\r]/g;
/** Controls, invisible format characters and backslashes (read as "/" in http URLs). */
const HIDDEN_OR_BACKSLASH = /[\p{Cc}\p{Cf}\\]/u;
const SPACES = /[\s\p{Z}]/u;
/** A relay path on the add-in's own site, such as "/api"; no "." or ".." segment. */
const isRelayPath = (path: string): boolean =>
  /^\/[A-Za-z0-9._~\-/]*$/.test(path) && !path.split("/").some((s) => s === "." || s === "..");

/**
 * Accepts an https URL without credentials, query or fragment; plain http only on this machine
 * (localhost, 127.x.x.x, [::1]); or a path on the add-in's own origin ("/api"): one "/" then
 * anything but "/" or "\", which browsers read as another host ("//evil", "/\evil"). Refuses
 * whatever a URL parser would read otherwise than it looks (hidden characters, "https:host",
 * "https:///host"). The accepted text is kept as typed, less spaces around and trailing "/".
 */
export function checkBaseUrl(text: unknown): BaseUrlCheck {
  if (typeof text !== "string" || text.length > MAX_LENGTH) return { problem: "invalid" };
  const trimmed = text.trim().replace(/\/+$/, "");
  if (/^[/\\]{2}/.test(trimmed.replace(DROPPED_BY_PARSER, ""))) return { problem: "otherSite" };
  const relative = trimmed.startsWith("/");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed)?.[1]?.toLowerCase();
  if (HIDDEN_OR_BACKSLASH.test(trimmed)) return { problem: "characters" };
  if (!relative && scheme === undefined) return { problem: "invalid" };
  if (SPACES.test(trimmed)) return { problem: "characters" };
  if (relative) return isRelayPath(trimmed) ? { baseUrl: trimmed } : { problem: "path" };
  if (scheme !== "https" && scheme !== "http") return { problem: "https" };
  // "https:host", "https:/host" and "https:///host" all parse as https://host/.
  if (!/^https?:\/\/[^/]/i.test(trimmed)) return { problem: "invalid" };
  if (/[?#]/.test(trimmed)) return { problem: "query" };
  // "https://@host" has no user name to the parser, but reads as if it had one.
  const authority = trimmed.slice(trimmed.indexOf("//") + 2).split("/")[0]!;
  if (authority.includes("@")) return { problem: "credentials" };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { problem: "invalid" };
  }
  if (url.username || url.password) return { problem: "credentials" };
  if (url.protocol === "https:") return { baseUrl: trimmed };
  if (url.protocol === "http:" && LOOPBACK_HOSTS.test(url.hostname)) return { baseUrl: trimmed };
  return { problem: "https" };
}

/** A path on the page's own origin: one "/" then neither "/" nor "\", tabs and newlines aside. */
export const isSameOriginPath = (url: string): boolean =>
  url.startsWith("/") && !/^[/\\]{2}/.test(url.replace(DROPPED_BY_PARSER, ""));

/**
 * Whether a request to `url` goes to `origin`, the page's own: a relative URL is resolved
 * against it, as fetch does. Without a page (null: Node), only a same-origin path qualifies.
 */
export function sendsTo(url: string, origin: string | null): boolean {
  if (origin === null) return isSameOriginPath(url);
  try {
    return new URL(url, `${origin}/`).origin === origin;
  } catch {
    return false;
  }
}
