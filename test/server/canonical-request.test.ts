import fc from "fast-check";
import { canonicalRequest } from "../../src/server/api/canonical-request";
import { OPERATION_LIST as OPERATIONS } from "../../src/api/operations";
import { HostError } from "../../src/server/errors";

// One reading of every request to the service (issue 34): each spelling is one operation of the
// interface in its canonical form, or refused with the host's error before anything is done.

const parse = (method: string, url: string) => canonicalRequest(method, url, "/api");

function refusal(method: string, url: string): { status: number; code: string } {
  try {
    const parsed = parse(method, url);
    throw new Error(`accepted as ${parsed.operation.name} ${parsed.target}`);
  } catch (error) {
    if (!(error instanceof HostError)) throw error;
    return { status: error.statusCode, code: error.code };
  }
}

describe("the canonical request", () => {
  test("every operation of both generations, in its own spelling, is itself", () => {
    const samples: Array<[string, string, string, string]> = [
      ["GET", "/api/status", "status", "/status"],
      ["GET", "/api/v5.1/account", "account", "/v5.1/account"],
      ["GET", "/api/v5.1/domain/acme.com/email", "domain/info", "/v5.1/domain/acme.com/email"],
      [
        "POST",
        "/api/v5.1/domain/acme.com/email/order",
        "domain/order",
        "/v5.1/domain/acme.com/email/order",
      ],
      [
        "GET",
        "/api/v5.1/domain/acme.com/email/download",
        "domain/download",
        "/v5.1/domain/acme.com/email/download",
      ],
      ["POST", "/api/v5.1/report/bad-email", "report/bad-email", "/v5.1/report/bad-email"],
      ["POST", "/api/v5.1/bulk/json", "bulk/json", "/v5.1/bulk/json"],
      ["POST", "/api/v5.1/bulk/multipart", "bulk/multipart", "/v5.1/bulk/multipart"],
      ["GET", "/api/v5.1/bulk/blk_1a2b", "bulk/read", "/v5.1/bulk/blk_1a2b"],
      ["GET", "/api/v5.1/bulk/blk_1a2b/download", "bulk/download", "/v5.1/bulk/blk_1a2b/download"],
      ["POST", "/api/v5.1/find-email/company", "find-email/company", "/v5.1/find-email/company"],
      [
        "POST",
        "/api/v5.1/find-email/decision-maker",
        "find-email/decision-maker",
        "/v5.1/find-email/decision-maker",
      ],
      [
        "POST",
        "/api/v5.1/find-email/linkedin-url",
        "find-email/linkedin-url",
        "/v5.1/find-email/linkedin-url",
      ],
      ["POST", "/api/v5.1/find-email/person", "find-email/person", "/v5.1/find-email/person"],
      ["POST", "/api/v5.1/geo-lead", "geo-lead/create", "/v5.1/geo-lead"],
      ["GET", "/api/v5.1/geo-lead/geo_9f", "geo-lead/read", "/v5.1/geo-lead/geo_9f"],
      [
        "GET",
        "/api/v5.1/geo-lead/geo_9f/download",
        "geo-lead/download",
        "/v5.1/geo-lead/geo_9f/download",
      ],
      ["POST", "/api/v5.1/verify-email", "verify-email", "/v5.1/verify-email"],
      ["GET", "/api/v5.0/meta/account.json", "meta/account", "/v5.0/meta/account.json"],
      ["POST", "/api/v5.0/search/person.json", "search/person", "/v5.0/search/person.json"],
      ["POST", "/api/v5.0/search/company.json", "search/company", "/v5.0/search/company.json"],
      [
        "POST",
        "/api/v5.0/search/employees.json",
        "search/employees",
        "/v5.0/search/employees.json",
      ],
      ["POST", "/api/v5.0/validate.json", "validate", "/v5.0/validate.json"],
    ];
    expect(new Set(samples.map(([, , name]) => name)).size).toBe(OPERATIONS.length);
    for (const [method, url, name, path] of samples) {
      const parsed = parse(method, url);
      expect([parsed.operation.name, parsed.path, parsed.target]).toEqual([name, path, path]);
    }
  });

  test("percent-encoded characters mean what they encode: a paid operation stays paid", () => {
    for (const url of [
      "/api/v5.1/domain/acme.com/email/%6Frder",
      "/api/v5.1/domain/acme.com/email/%6frder",
      "/api/v5.1/domain/acme.com/%65mail/order",
      "/api/%76%35%2E%31/domain/acme.com/email/order",
      "/%61pi/v5.1/domain/acme.com/email/order",
    ]) {
      const parsed = parse("POST", url);
      expect(parsed.operation.price.kind).toBe("domain_order");
      expect(parsed.target).toBe("/v5.1/domain/acme.com/email/order");
    }
    const download = parse("GET", "/api/v5.1/bulk/blk_1/%64ownload");
    expect(download.operation.price).toEqual({ kind: "search_download", quote: "bulk/read" });
    expect(parse("GET", "/api/v5.1/domain/ACME.com/email").domain).toBe("acme.com");
    expect(parse("GET", "/api/v5.1/domain/acme%2Ecom/email").target).toBe(
      "/v5.1/domain/acme.com/email"
    );
  });

  test("dot segments, empty segments, `;` parameters, backslashes and bad escapes are refused", () => {
    const cases: Array<[string, string, number]> = [
      ["POST", "/api/v5.1/domain/acme.com/email/x/../order", 400],
      ["POST", "/api/v5.1/domain/acme.com/email/x/%2e%2e/order", 400],
      ["POST", "/api/v5.1/domain/acme.com/email/x/%2E%2E/order", 400],
      ["POST", "/api/v5.1/domain/acme.com/email/./order", 400],
      ["GET", "/api/v5.1/../sandbox/accounts", 400],
      ["POST", "/api/v5.1/domain/acme.com/email//order", 404],
      ["POST", "/api/v5.1/domain/acme.com/email/order/", 404],
      ["POST", "/api//v5.1/domain/acme.com/email/order", 404],
      ["POST", "/api/v5.1/domain/acme.com/email/order;x=1", 400],
      ["POST", "/api/v5.1/domain/acme.com/email/order%3Bx", 400],
      ["POST", "/api/v5.1/domain/acme.com/email%2Forder", 400],
      ["POST", "/api/v5.1/domain/acme.com/email\\order", 400],
      ["POST", "/api/v5.1/domain/acme.com/email/%ZZorder", 400],
      ["POST", "/api/v5.1/domain/acme.com/email/order%00", 400],
      ["GET", "/api/v5.1/bulk/blk_1/download#x", 404],
      ["GET", "/api/v5.1/domain/not a domain/email", 400],
      ["GET", "/api/v5.1/domain/acme..com/email", 400],
      ["GET", "/api/v5.1/bulk/-x/download", 400],
    ];
    for (const [method, url, status] of cases)
      expect([url, refusal(method, url).status]).toEqual([url, status]);
  });

  test("case variants and paths the interface does not have are 404; other methods 405 with Allow", () => {
    for (const url of [
      "/api/V5.1/account",
      "/api/v5.1/Account",
      "/api/v5.1/domain/acme.com/email/ORDER",
      "/api/v5.2/account",
      "/api/sandbox/accounts",
      "/api/v5.1",
      "/api",
      "/api/v5.0/validate",
    ])
      expect(refusal("GET", url)).toEqual({ status: 404, code: "not_found" });
    expect(refusal("HEAD", "/api/v5.1/bulk/blk_1/download")).toEqual({
      status: 405,
      code: "method_not_allowed",
    });
    expect(refusal("GET", "/api/v5.1/domain/acme.com/email/order").status).toBe(405);
    // The answer says which method the operation takes (`Allow`, written by the error handler).
    let allowed: HostError | null = null;
    try {
      parse("HEAD", "/api/v5.1/bulk/blk_1/download");
    } catch (error) {
      allowed = error as HostError;
    }
    expect(allowed?.headers).toEqual({ allow: "GET" });
    expect(refusal("PUT", "/api/v5.1/find-email/person").status).toBe(405);
    expect(refusal("post", "/api/v5.1/find-email/person").status).toBe(405);
  });

  test("query parameters: the operation's own, once each, with an allowed value", () => {
    const parsed = parse(
      "GET",
      "/api/v5.1/bulk/blk_1/download?preview_only=true&download_as=json_arr"
    );
    expect(parsed.target).toBe("/v5.1/bulk/blk_1/download?preview_only=true&download_as=json_arr");
    expect(
      parse("GET", "/api/v5.1/bulk/blk_1/download?preview%5Fonly=true").query.get("preview_only")
    ).toBe("true");
    expect(parse("GET", "/api/v5.1/bulk/blk_1/download?file_name_column_name=a+b").target).toBe(
      "/v5.1/bulk/blk_1/download?file_name_column_name=a+b"
    );
    for (const url of [
      "/api/v5.1/bulk/blk_1/download?preview_only=true&preview_only=false",
      "/api/v5.1/bulk/blk_1/download?preview_only=false&preview_only=true",
      "/api/v5.1/bulk/blk_1/download?preview_only=TRUE",
      "/api/v5.1/bulk/blk_1/download?preview_only",
      "/api/v5.1/bulk/blk_1/download?preview_only[]=true",
      "/api/v5.1/geo-lead/geo_1/download?format=default",
      "/api/v5.1/account?x=1",
      "/api/v5.1/bulk/blk_1/download?download_as=%ZZ",
    ])
      expect([url, refusal("GET", url)]).toEqual([url, { status: 400, code: "bad_request" }]);
  });

  test("whatever the spelling, an accepted request's target is canonical and parses to itself", () => {
    const alphabet = fc.constantFrom(
      ..."/.%;?&=\\#aeoprdlnmu0123456789-_ABCDEFx".split(""),
      "%2e",
      "%2E",
      "%2f",
      "%6F",
      "order",
      "download",
      "v5.1",
      "v5.0",
      "email",
      "domain",
      "acme.com",
      "bulk",
      "blk_1",
      "preview_only=true",
      "..",
      "//"
    );
    fc.assert(
      fc.property(
        fc.constantFrom("GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS"),
        fc.array(alphabet, { maxLength: 14 }).map((parts) => `/api/${parts.join("")}`),
        (method, url) => {
          let parsed;
          try {
            parsed = parse(method, url);
          } catch (error) {
            expect(error).toBeInstanceOf(HostError);
            expect([400, 404, 405]).toContain((error as HostError).statusCode);
            return;
          }
          const again = parse(method, `/api${parsed.target}`);
          expect(again.target).toBe(parsed.target);
          expect(again.operation).toBe(parsed.operation);
          expect(parsed.target).not.toMatch(/\/\.\.?(\/|$)|\/\/|;|\\/);
        }
      ),
      { numRuns: 3000 }
    );
  });
});
