import { call, startSandbox, type TestSandbox } from "../helpers/sandbox";

// CORS: the task pane (served from https://localhost:3000 in development) calls the sandbox
// from the browser, with the Authorization, Content-Type and x-webhook-url headers.

const TASK_PANE = "https://localhost:3000";
const EXTRA = "https://addin.example.org";

function preflight(baseUrl: string, path: string, origin: string, method = "POST") {
  return call(baseUrl, "OPTIONS", path, undefined, {
    origin,
    "access-control-request-method": method,
    "access-control-request-headers": "authorization,content-type,x-webhook-url",
  });
}

const headerList = (value: string | null): string[] =>
  (value ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);

describe("CORS", () => {
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ corsOrigins: [EXTRA] });
  });
  afterAll(() => sandbox.close());

  test.each([
    ["/v5.1/find-email/person", "POST"],
    ["/v5.1/verify-email", "POST"],
    ["/v5.1/account", "GET"],
    ["/v5.1/domain/example.com/email/order", "POST"],
    ["/v5.0/search/person.json", "POST"],
  ])(
    "a preflight from the task pane to %s is allowed with the three headers",
    async (path, method) => {
      const response = await preflight(sandbox.baseUrl, path, TASK_PANE, method);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      expect(response.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
      const allowed = headerList(response.headers.get("access-control-allow-headers"));
      for (const header of ["authorization", "content-type", "x-webhook-url"])
        expect(allowed).toContain(header);
      expect(headerList(response.headers.get("access-control-allow-methods"))).toContain(
        method.toLowerCase()
      );
    }
  );

  test("a preflight needs no API key and is not hit by injected faults", async () => {
    const response = await preflight(sandbox.baseUrl, "/v5.1/find-email/company", TASK_PANE);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
    expect(
      (await call(sandbox.baseUrl, "POST", "/sandbox/faults", { rate503: 1, rate500: 1 })).status
    ).toBe(200);
    try {
      const during = await preflight(sandbox.baseUrl, "/v5.1/find-email/company", TASK_PANE);
      expect(during.status).toBeLessThan(300);
      expect(during.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
      // ... while the request itself is answered with the fault, readable by the task pane.
      const busy = await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
        origin: TASK_PANE,
      });
      expect(busy.status).toBe(503);
      expect(busy.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
    } finally {
      await call(sandbox.baseUrl, "POST", "/sandbox/faults", { rate503: 0, rate500: 0 });
    }
  });

  test("other loopback origins are allowed too", async () => {
    for (const origin of ["http://localhost:8080", "https://127.0.0.1:3000", "http://localhost"]) {
      const response = await preflight(sandbox.baseUrl, "/v5.1/account", origin, "GET");
      expect([origin, response.headers.get("access-control-allow-origin")]).toEqual([
        origin,
        origin,
      ]);
    }
  });

  test("a foreign origin gets no access-control-allow-origin", async () => {
    for (const origin of [
      "https://evil.example",
      "https://localhost.evil.example",
      "https://evil.example:3000",
      "null",
    ]) {
      const response = await preflight(sandbox.baseUrl, "/v5.1/find-email/person", origin);
      expect([origin, response.headers.get("access-control-allow-origin")]).toEqual([origin, null]);
    }
    const simple = await call(sandbox.baseUrl, "GET", "/status", undefined, {
      origin: "https://evil.example",
    });
    expect(simple.headers.get("access-control-allow-origin")).toBeNull();
  });

  test("the corsOrigins option allows an extra origin", async () => {
    const response = await preflight(sandbox.baseUrl, "/v5.1/find-email/person", EXTRA);
    expect(response.headers.get("access-control-allow-origin")).toBe(EXTRA);
    const other = await startSandbox();
    try {
      const refused = await preflight(other.baseUrl, "/v5.1/find-email/person", EXTRA);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    } finally {
      await other.close();
    }
  });

  test("actual requests from the task pane carry the CORS headers, errors included", async () => {
    const account = await sandbox.account(5);
    const ok = await account.request("GET", "/v5.1/account", undefined, { origin: TASK_PANE });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
    // A browser can read a 401 and a 400 only if they carry the header too.
    const unauthorized = await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
      origin: TASK_PANE,
    });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
    const bad = await account.request(
      "POST",
      "/v5.1/verify-email",
      { email: "nope" },
      { origin: TASK_PANE }
    );
    expect(bad.status).toBe(400);
    expect(bad.headers.get("access-control-allow-origin")).toBe(TASK_PANE);
    // The download's file name is readable by the task pane.
    expect(headerList(ok.headers.get("access-control-expose-headers"))).toContain(
      "content-disposition"
    );
  });
});
