// The two origins a build is written for (one release serves any address).

/** Where `npm start` serves the add-in: the dev build and the root manifests are written for it. */
export const DEV_ORIGIN = "https://localhost:3000/";

/**
 * The production build's stand-in for the address users load the add-in from, which only the
 * host knows (`--public-url`): the host renders the manifests for its public URL and puts that
 * URL in place of this one in every file it serves. `.invalid` never resolves (RFC 2606), so a
 * file served as built leads nowhere, and says what it lacks, instead of pointing at a stranger.
 */
export const PUBLIC_URL_PLACEHOLDER = "https://needs-public-url.invalid/";

/** An origin as a base for the add-in's paths: with its final slash. */
export function originBase(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}
