import fc from "fast-check";
import { checkBaseUrl, sendsTo, type BaseUrlProblem } from "../../src/client/base-url";
import { setLanguage } from "../../src/i18n/i18n";
import { loadPaneCatalog, paneEn } from "../../src/i18n/catalogs/pane/load";
import { addPaneCatalog } from "../../src/i18n/i18n";
import { SettingsError, validateSettings } from "../../src/runtime/settings";

// The base URL a user may save (issue 34 item 7): the service over https, plain http
// on this machine only, or a path on the add-in's own origin; never another site in disguise.

const PANE = "https://addin.example";
const PAGE = `${PANE}/taskpane.html`;
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

describe("base URLs", () => {
  test.each([
    ["https://api.example.com/", "https://api.example.com"],
    ["https://api.example.com/v5", "https://api.example.com/v5"],
    ["  https://api.example.com//  ", "https://api.example.com"],
    ["https://api.example.com:8443", "https://api.example.com:8443"],
    ["HTTPS://API.example.com", "HTTPS://API.example.com"],
    ["http://localhost:4010", "http://localhost:4010"],
    ["http://127.0.0.1:4010", "http://127.0.0.1:4010"],
    ["http://[::1]:4010", "http://[::1]:4010"],
    ["/api", "/api"],
    ["/api/", "/api"],
    ["/demo-api", "/demo-api"],
    ["/relay/v1.2_~x", "/relay/v1.2_~x"],
  ])("%j is accepted as %j", (input, saved) => {
    expect(checkBaseUrl(input)).toEqual({ baseUrl: saved });
  });

  test.each<[string, BaseUrlProblem]>([
    // Another site, however it is spelt: browsers read all of these as "//host".
    ["//evil.example/api", "otherSite"],
    ["///evil.example", "otherSite"],
    ["/\\evil.example", "otherSite"],
    ["\\\\evil.example", "otherSite"],
    ["\\/evil.example", "otherSite"],
    ["\t//evil.example", "otherSite"],
    ["/\t/evil.example", "otherSite"],
    ["/\n/evil.example", "otherSite"],
    // Hidden characters and backslashes.
    ["https:\\\\evil.example", "characters"],
    ["https://evil.example\\@api.example.com", "characters"],
    ["https://api.exa\tmple.com", "characters"],
    ["https://api.example.com/a b", "characters"],
    ["https://api.exam\u200bple.com", "characters"],
    ["https://api.\u00a0example.com", "characters"],
    ["https://api.example.com/\u3000x", "characters"],
    ["\u0000https://api.example.com", "characters"],
    ["/a\u0000pi", "characters"],
    // Credentials.
    ["https://user:pass@api.example.com/", "credentials"],
    ["https://user@api.example.com", "credentials"],
    ["https://@evil.example", "credentials"],
    ["https://api.example.com@evil.example", "credentials"],
    ["http://user:pass@localhost:4010", "credentials"],
    // Not https, and not this machine.
    ["http://api.example.com", "https"],
    ["http://10.0.0.5", "https"],
    ["http://localhost.evil.example", "https"],
    ["http://127.0.0.1.evil.example", "https"],
    ["javascript:alert(1)", "https"],
    ["JavaScript:alert(1)", "https"],
    ["data:text/html,<script>alert(1)</script>", "https"],
    ["file:///etc/passwd", "https"],
    ["ftp://files.example", "https"],
    ["localhost:4010", "https"],
    // What a parser reads otherwise than it looks: https://evil.example/ all three.
    ["https:evil.example", "invalid"],
    ["https:/evil.example", "invalid"],
    ["https:///evil.example", "invalid"],
    ["https://", "invalid"],
    ["https://api.example.com:99999", "invalid"],
    ["not a url", "invalid"],
    ["api.example.com", "invalid"],
    ["", "invalid"],
    ["/", "invalid"],
    ["https://api.example.com/" + "a".repeat(3000), "invalid"],
    // Queries, fragments, odd paths.
    ["https://api.example.com/?q=1", "query"],
    ["https://api.example.com#x", "query"],
    ["https://api.example.com?", "query"],
    ["/api?x=1", "path"],
    ["/api#x", "path"],
    ["/api/../..", "path"],
    ["/./api", "path"],
    ["/api:8080", "path"],
  ])("%j is refused: %s", (input, problem) => {
    expect(checkBaseUrl(input)).toEqual({ problem });
  });

  test("whatever string is given, an accepted base URL resolves to the pane's origin, an https origin without credentials, or this machine", () => {
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      "/\\",
      "https:",
      "http:",
      "HTTPS:",
      "javascript:",
      "data:",
      "file:",
      "//",
      "@",
      ":",
      "user:pass@",
      "evil.example",
      "api.example.com",
      "localhost",
      "127.0.0.1",
      "[::1]",
      ":4010",
      "api",
      ".",
      "..",
      "?",
      "#",
      "%2f",
      "%40",
      "%5c",
      "\t",
      "\n",
      "\r",
      " ",
      "\u0000",
      "\u00a0",
      "\u200b",
      "\ufeff",
      "\u3000",
      "／"
    );
    // A base URL's likely disguises: a prefix, a host, a tail, with hidden characters between.
    const disguise = fc
      .tuple(
        fc.constantFrom(
          "//",
          "///",
          "/\\",
          "\\\\",
          "\\/",
          "https://",
          "https:",
          "https:/",
          "http://",
          "/",
          ""
        ),
        fc.constantFrom("", " ", "\t", "\n", "\u0000", "\u200b"),
        fc.constantFrom(
          "evil.example",
          "user:pass@evil.example",
          "@evil.example",
          "addin.example@evil.example",
          "localhost:4010",
          "127.0.0.1",
          "[::1]",
          "addin.example"
        ),
        fc.constantFrom("", "/", "/api", "/\\x", "/..", "?x", "#x", "%2f%2fx")
      )
      .map((parts) => parts.join(""));
    const input = fc.oneof(
      { arbitrary: disguise, weight: 6 },
      fc.array(piece, { maxLength: 8 }).map((pieces) => pieces.join("")),
      fc.string({ maxLength: 40 }),
      fc.string({ unit: "grapheme", maxLength: 20 }),
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.tuple(fc.webUrl(), fc.string({ maxLength: 6 })).map(([url, tail]) => url + tail)
    );
    let accepted = 0;
    fc.assert(
      fc.property(input, (text) => {
        const checked = checkBaseUrl(text);
        if (!("baseUrl" in checked)) return;
        accepted++;
        // As the transport sends it: the base, then an operation's path.
        for (const url of [checked.baseUrl, `${checked.baseUrl}/v5.1/account`]) {
          const resolved = new URL(url, PAGE);
          expect(resolved.username + resolved.password).toBe("");
          const where =
            resolved.origin === PANE
              ? "pane"
              : resolved.protocol === "https:"
                ? "https"
                : resolved.protocol === "http:" && LOOPBACK.test(resolved.hostname)
                  ? "loopback"
                  : `elsewhere: ${resolved.href}`;
          expect(["pane", "https", "loopback"]).toContain(where);
          // A relative base is the pane's, never another origin's.
          if (checked.baseUrl.startsWith("/")) expect(where).toBe("pane");
          expect(sendsTo(url, PANE)).toBe(where === "pane");
        }
      }),
      { numRuns: 5000, seed: 34 }
    );
    // The property was not vacuous: generated base URLs were accepted too.
    expect(accepted).toBeGreaterThan(100);
  });
});

describe("where a request goes", () => {
  test.each([
    ["/api/v5.1/account", PANE, true],
    ["/api/v5.1/account", null, true],
    [`${PANE}/api/v5.1/account`, PANE, true],
    ["//evil.example/api/v5.1/account", PANE, false],
    ["//evil.example/api/v5.1/account", null, false],
    ["/\\evil.example/api", PANE, false],
    ["/\\evil.example/api", null, false],
    ["/\t/evil.example/api", null, false],
    ["https://evil.example/api", PANE, false],
    ["https://evil.example/api", null, false],
    ["https://addin.example.evil.example/api", PANE, false],
    ["http://addin.example/api", PANE, false],
    ["api/v5.1/account", null, false],
  ])("%j to %s: %s", (url, origin, same) => {
    expect(sendsTo(url, origin)).toBe(same);
  });
});

describe("the pane says why, beside the field", () => {
  afterEach(() => {
    setLanguage("en-US", "en-US");
    addPaneCatalog(paneEn, paneEn);
  });

  test.each<[string, RegExp]>([
    ["//evil.example/api", /^An address that starts with \/\/ or \/\\ leads to another site/],
    ["/\\evil.example", /leads to another site/],
    [
      "https:\\\\evil.example",
      /^The base URL must not contain spaces, tabs, line breaks, backslashes/,
    ],
    [
      "https://user:pass@api.example.com/",
      /^The base URL must not contain a user name or password/,
    ],
    ["http://api.example.com", /^The base URL must use https \(plain http is allowed only on this/],
    ["javascript:alert(1)", /must use https/],
    ["https://api.example.com/?q=1", /must not have a query/],
    ["/api?x", /^A path on this add-in's site may contain only/],
    ["not a url", /^Enter the service's address/],
  ])("%j: SettingsError at baseUrl, %s", (baseUrl, message) => {
    let thrown: unknown;
    try {
      validateSettings({ baseUrl });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SettingsError);
    expect(thrown).toMatchObject({ field: "baseUrl", message: expect.stringMatching(message) });
  });

  test("in the user's language", async () => {
    setLanguage("de-DE", "de-DE");
    addPaneCatalog(await loadPaneCatalog("de-DE"), paneEn);
    expect(() => validateSettings({ baseUrl: "//evil.example/api" })).toThrow(
      /^Eine Adresse, die mit \/\/ oder \/\\ beginnt, führt zu einer anderen Website/
    );
  });
});
