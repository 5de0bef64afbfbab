import Database from "better-sqlite3";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { errorHandler, notFoundHandler } from "../../../src/server/errors";
import { adminApi } from "../../../src/server/team/admin-api";
import { ADMIN_AJV } from "../../../src/server/team/admin-schemas";
import { LIMITS } from "../../../src/admin/api-types";
import type { ThrottleOptions } from "../../../src/server/team/sign-in-throttle";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import { monthOf } from "../../../src/server/team/store";
import { isMemberToken, tokenHash } from "../../../src/server/team/tokens";

// The admin REST API of team mode over a real SQLite store, through
// fastify's inject: every route, the admin token required, input refused with nothing changed,
// member tokens shown once and kept as hashes, the CSV exports, and the service key, the admin
// token and member tokens in no answer and no log line.

const ADMIN_TOKEN = "admin-token-0123456789abcdef";
const SERVICE_KEY = "svc_live_SERVICE_KEY_4f9d2c";

interface Harness {
  app: FastifyInstance;
  store: SqliteTeamStore;
  /** Keys passed to replaceServiceKey, in order. */
  replacedKeys: string[];
  /** Every answer's body, for the checks that no secret is in any. */
  bodies: string[];
  logLines: string[];
  call(
    method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
    url: string,
    options?: { body?: unknown; token?: string | null; rawBody?: string; from?: string }
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function startAdminApi(
  options: { file?: string; now?: () => Date; throttle?: Partial<ThrottleOptions> } = {}
): Promise<Harness> {
  const store = new SqliteTeamStore(options.file ?? ":memory:");
  await store.migrate();
  const logLines: string[] = [];
  const app = Fastify({
    ajv: ADMIN_AJV,
    logger: {
      level: "debug",
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  });
  // As the host has them (src/server/app.ts): its validator, one error handler and its 404.
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  const replacedKeys: string[] = [];
  await app.register(adminApi, {
    prefix: "/admin/api",
    store,
    adminToken: () => ADMIN_TOKEN,
    replaceServiceKey: async (key) => {
      replacedKeys.push(key);
    },
    ...(options.now ? { now: options.now } : {}),
    ...(options.throttle ? { throttle: options.throttle } : {}),
  });
  await app.ready();
  const bodies: string[] = [];
  return {
    app,
    store,
    replacedKeys,
    bodies,
    logLines,
    async call(method, url, { body, token = ADMIN_TOKEN, rawBody, from = "127.0.0.1" } = {}) {
      const headers: Record<string, string> = {};
      if (token !== null) headers.authorization = `Bearer ${token}`;
      if (body !== undefined || rawBody !== undefined) headers["content-type"] = "application/json";
      const response = await app.inject({
        method,
        url,
        headers,
        remoteAddress: from,
        ...(rawBody !== undefined ? { payload: rawBody } : {}),
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
      bodies.push(response.body);
      return response;
    },
    async close() {
      await app.close();
      await store.close();
    },
  };
}

/**
 * Records `credits` spent by a member in `month`, as the relay's settle does (the charge added
 * to the month, the paid request to the audit). Settled directly, without a reservation before
 * it: the admin API reads what settle writes, however the request was reserved.
 */
async function spend(
  store: SqliteTeamStore,
  memberId: string,
  month: string,
  credits: number,
  operation = "find-email/person"
): Promise<void> {
  const amountMilli = Math.round(credits * 1000);
  await store.settle({ id: randomUUID(), memberId, month, amountMilli }, amountMilli, {
    operation,
    status: 200,
  });
}

function csvRows(text: string): string[] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean);
}

const thisMonth = (): string => monthOf(new Date());

describe("the admin API (team mode)", () => {
  let api: Harness;
  beforeEach(async () => {
    api = await startAdminApi();
  });
  afterEach(async () => {
    await api.close();
  });

  async function addMember(
    body: Record<string, unknown> = { name: "Ada Lovelace", email: "ada@example.com" }
  ): Promise<{ id: string; token: string }> {
    const response = await api.call("POST", "/admin/api/members", {
      body: { monthly_budget: null, ...body },
    });
    expect([response.statusCode, response.body]).toEqual([201, expect.any(String)]);
    return response.json();
  }

  describe("the admin token", () => {
    const routes: Array<["GET" | "POST" | "PATCH" | "PUT" | "DELETE", string, unknown?]> = [
      ["GET", "/admin/api/members"],
      ["POST", "/admin/api/members", { name: "Eve", email: "eve@example.com" }],
      ["PATCH", "/admin/api/members/MEMBER", { monthly_budget: 5 }],
      ["DELETE", "/admin/api/members/MEMBER"],
      ["POST", "/admin/api/members/MEMBER/tokens"],
      ["DELETE", "/admin/api/members/MEMBER/tokens/TOKEN"],
      ["GET", "/admin/api/team"],
      ["PUT", "/admin/api/team", { monthly_budget: 1 }],
      ["GET", "/admin/api/usage"],
      ["GET", "/admin/api/usage/monthly?months=12"],
      ["GET", "/admin/api/usage.csv"],
      ["GET", "/admin/api/audit.csv"],
      ["GET", "/admin/api/admin-audit"],
      ["PUT", "/admin/api/service-key", { key: "svc_other" }],
    ];

    test("every route answers 401 without it, with another one, or with a member token; nothing changes", async () => {
      const member = await addMember();
      const [tokenInfo] = await api.store.tokens(member.id);
      const callers: Array<[string, string | null]> = [
        ["no token", null],
        ["a wrong token", "not-the-admin-token"],
        ["the admin token with a letter more", `${ADMIN_TOKEN}x`],
        ["a member token", member.token],
      ];
      // Each from an address of its own: failed sign-ins from one address are throttled.
      let caller = 0;
      for (const [method, template, body] of routes) {
        const url = template.replace("MEMBER", member.id).replace("TOKEN", tokenInfo!.id);
        for (const [who, token] of callers) {
          const from = `10.0.0.${++caller}`;
          const response = await api.call(method, url, { body, token, from });
          expect([method, url, who, response.statusCode, response.json().error]).toEqual([
            method,
            url,
            who,
            401,
            "unauthorized",
          ]);
          expect(response.json().message).toEqual(expect.any(String));
          expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
          if (token) expect(response.body).not.toContain(token);
        }
      }
      // Refused before anything was done.
      expect(await api.store.members()).toHaveLength(1);
      expect((await api.store.tokens(member.id)).map((t) => t.revokedAt)).toEqual([null]);
      expect((await api.store.team()).monthlyBudgetMilli).toBeNull();
      expect(api.replacedKeys).toEqual([]);
    });

    test("a malformed Authorization header is refused too", async () => {
      for (const header of [
        ADMIN_TOKEN,
        `Basic ${ADMIN_TOKEN}`,
        "Bearer",
        `Bearer ${ADMIN_TOKEN} x`,
      ]) {
        const response = await api.app.inject({
          method: "GET",
          url: "/admin/api/team",
          headers: { authorization: header },
        });
        expect([header, response.statusCode]).toEqual([header, 401]);
      }
    });

    test("answers are never cached, nor framed", async () => {
      for (const response of [
        await api.call("GET", "/admin/api/members"),
        await api.call("GET", "/admin/api/team", { token: null }),
        await api.call("GET", "/admin/api/usage.csv"),
      ]) {
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(response.headers["x-frame-options"]).toBe("DENY");
        expect(response.headers["content-security-policy"]).toMatch(/frame-ancestors 'none'/);
      }
    });
  });

  describe("failed sign-ins", () => {
    const wrong = "not-the-admin-token-but-a-guess";

    test("ten from one address: its failed sign-ins get 429 until the window ends, whatever the guess; the right token still passes", async () => {
      const throttled = await startAdminApi({ throttle: { windowMs: 1_500 } });
      try {
        const from = "192.0.2.10";
        for (let i = 0; i < 10; i++)
          expect(
            (await throttled.call("GET", "/admin/api/team", { token: wrong, from })).statusCode
          ).toBe(401);
        // A guess one character from the token is answered as any other: nothing tells how near.
        const near = `${ADMIN_TOKEN.slice(0, -1)}${ADMIN_TOKEN.endsWith("f") ? "e" : "f"}`;
        const answers = [];
        for (const token of [wrong, near, null]) {
          const refused = await throttled.call("GET", "/admin/api/team", { token, from });
          expect(refused.statusCode).toBe(429);
          expect(refused.json()).toEqual({
            error: "rate_limited",
            message: expect.stringMatching(/^Too many failed admin sign-ins from this address/),
          });
          expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(1);
          expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(2);
          if (token) expect(refused.body).not.toContain(token);
          answers.push([refused.statusCode, refused.body]);
        }
        expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
        expect(
          (
            await throttled.call("POST", "/admin/api/members", {
              body: { name: "Eve", email: "eve@example.com" },
              token: near,
              from,
            })
          ).statusCode
        ).toBe(429);
        expect(await throttled.store.members()).toEqual([]);
        // The admin behind the same address is not locked out by someone else's guesses.
        expect((await throttled.call("GET", "/admin/api/team", { from })).statusCode).toBe(200);
        const added = await throttled.call("POST", "/admin/api/members", {
          body: { name: "Ada", email: "ada@example.com" },
          from,
        });
        expect(added.statusCode).toBe(201);
        expect((await throttled.store.members()).map((member) => member.name)).toEqual(["Ada"]);
        // Another address goes on; requests without a token are no guesses.
        expect(
          (await throttled.call("GET", "/admin/api/team", { token: wrong, from: "192.0.2.11" }))
            .statusCode
        ).toBe(401);
        for (let i = 0; i < 12; i++)
          expect(
            (await throttled.call("GET", "/admin/api/team", { token: null, from: "192.0.2.12" }))
              .statusCode
          ).toBe(401);
        // The window ended: the address's guesses are answered again.
        await new Promise((done) => setTimeout(done, 1_600));
        expect(
          (await throttled.call("GET", "/admin/api/team", { token: wrong, from })).statusCode
        ).toBe(401);
      } finally {
        await throttled.close();
      }
    });

    test("by default: 10 failures in 15 minutes, Retry-After in seconds; IPv6 counts by /48", async () => {
      for (let i = 1; i <= 10; i++)
        expect(
          (await api.call("GET", "/admin/api/members", { token: wrong, from: `2001:db8::${i}` }))
            .statusCode
        ).toBe(401);
      // Another address of the same /48, in another /64: the same client.
      for (const from of ["2001:db8:0:0:ffff::1", "2001:db8:0:1::1", "2001:DB8:0:FFFF:1:2:3:4"]) {
        const refused = await api.call("GET", "/admin/api/members", { token: wrong, from });
        expect([from, refused.statusCode]).toEqual([from, 429]);
        expect(Number(refused.headers["retry-after"])).toBeGreaterThan(14 * 60);
        expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
        expect(refused.json().message).toMatch(/15 more minute/);
        expect((await api.call("GET", "/admin/api/members", { from })).statusCode).toBe(200);
      }
      for (const from of ["2001:db8:1::1", "192.0.2.1"])
        expect([
          from,
          (await api.call("GET", "/admin/api/members", { token: wrong, from })).statusCode,
        ]).toEqual([from, 401]);
    });
  });

  describe("members", () => {
    test("added with a first token, listed with their budget in credits, spend and tokens", async () => {
      const added = await addMember({
        name: "Ada Lovelace",
        email: "ada@example.com",
        monthly_budget: 12.5,
      });
      expect(isMemberToken(added.token)).toBe(true);
      expect((await api.store.member(added.id))!.monthlyBudgetMilli).toBe(12_500);
      await spend(api.store, added.id, thisMonth(), 3.2);
      await spend(api.store, added.id, "2020-01", 7);

      const listed = await api.call("GET", "/admin/api/members");
      expect(listed.statusCode).toBe(200);
      const [tokenInfo] = await api.store.tokens(added.id);
      expect(listed.json()).toEqual([
        {
          id: added.id,
          name: "Ada Lovelace",
          email: "ada@example.com",
          monthly_budget: 12.5,
          spent_this_month: 3.2,
          tokens: [
            {
              id: tokenInfo!.id,
              created_at: tokenInfo!.createdAt,
              revoked_at: null,
              last_used_at: null,
            },
          ],
        },
      ]);
    });

    test("without a budget of their own (null or absent), fields other than the contract's ignored", async () => {
      const a = await addMember({ name: "A", email: "a@example.com", monthly_budget: null });
      const response = await api.call("POST", "/admin/api/members", {
        body: { name: "B", email: "b@example.com", role: "owner", id: "chosen-id" },
      });
      expect(response.statusCode).toBe(201);
      const b = response.json() as { id: string };
      expect(b.id).not.toBe("chosen-id");
      const members = (await api.call("GET", "/admin/api/members")).json();
      expect(members.map((m: any) => [m.id, m.monthly_budget])).toEqual([
        [a.id, null],
        [b.id, null],
      ]);
      expect(members[1]).not.toHaveProperty("role");
    });

    test("the token is shown once: only its SHA-256 is stored, and it signs the member in", async () => {
      const directory = mkdtempSync(join(tmpdir(), "mf-admin-api-"));
      const file = join(directory, "team.db");
      const fileApi = await startAdminApi({ file });
      try {
        const created = await fileApi.call("POST", "/admin/api/members", {
          body: { name: "Ada", email: "ada@example.com", monthly_budget: 5 },
        });
        const { id, token } = created.json() as { id: string; token: string };
        const issued = (await fileApi.call("POST", `/admin/api/members/${id}/tokens`)).json() as {
          id: string;
          token: string;
        };
        expect(issued.token).not.toBe(token);
        for (const url of ["/admin/api/members", "/admin/api/team", "/admin/api/usage"]) {
          const answer = await fileApi.call("GET", url);
          expect(answer.body).not.toContain(token);
          expect(answer.body).not.toContain(issued.token);
        }
        expect((await fileApi.store.memberByTokenHash(tokenHash(token)))?.id).toBe(id);
        expect((await fileApi.store.memberByTokenHash(tokenHash(issued.token)))?.id).toBe(id);

        // Every text of every table, read from the file by another connection.
        const db = new Database(file, { readonly: true });
        try {
          const tables = db
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            .pluck()
            .all() as string[];
          const stored = tables
            .flatMap((table) => db.prepare(`SELECT * FROM "${table}"`).all())
            .flatMap((row) => Object.values(row as Record<string, unknown>))
            .map(String)
            .join("\n");
          expect(stored).toContain(tokenHash(token));
          expect(stored).toContain(tokenHash(issued.token));
          for (const secret of [token, issued.token, token.slice(4), issued.token.slice(4)])
            expect(stored).not.toContain(secret);
        } finally {
          db.close();
        }
      } finally {
        await fileApi.close();
        rmSync(directory, { recursive: true, force: true });
      }
    });

    test("a second member with the same email (in any case) is refused", async () => {
      await addMember({ name: "Ada", email: "ada@example.com" });
      const response = await api.call("POST", "/admin/api/members", {
        body: { name: "Ada again", email: "ADA@example.com", monthly_budget: null },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: "conflict",
        message: expect.stringMatching(/email/),
      });
      expect(await api.store.members()).toHaveLength(1);
    });

    test.each([
      ["a negative budget", { monthly_budget: -1 }, /monthly_budget/],
      ["a budget as text", { monthly_budget: "12" }, /monthly_budget/],
      ["a budget as a boolean", { monthly_budget: true }, /monthly_budget/],
      ["a budget finer than a thousandth", { monthly_budget: 1.0005 }, /monthly_budget.*decimals/],
      ["a budget beyond the limit", { monthly_budget: 1e12 }, /monthly_budget/],
      ["a bad email", { email: "not-an-email" }, /email/],
      ["an email with a space", { email: "ada @example.com" }, /email/],
      ["an email without a domain dot", { email: "ada@localhost" }, /email/],
      ["no email", { email: undefined }, /email/],
      ["an empty name", { name: "" }, /name/],
      ["a name of spaces", { name: "   " }, /name/],
      ["a name on two lines", { name: "Ada\nLovelace" }, /name/],
      ["a name too long", { name: "A".repeat(201) }, /name/],
      ["a name too long in UTF-16 units", { name: "\u{1F600}".repeat(101) }, /name/],
      ["a name with a control character", { name: "Ada\u0007" }, /name/],
      ["no name", { name: undefined }, /name/],
    ])(
      "adding a member with %s is refused with 400, and nothing is added",
      async (_what, change, field) => {
        const body = { name: "Ada", email: "ada@example.com", monthly_budget: 10, ...change };
        const response = await api.call("POST", "/admin/api/members", { body });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({
          error: "bad_request",
          message: expect.stringMatching(field),
        });
        expect(await api.store.members()).toEqual([]);
      }
    );

    test("each field's refusal names it and what is allowed", async () => {
      const refusal = async (change: object) =>
        (
          await api.call("POST", "/admin/api/members", {
            body: { name: "Ada", email: "ada@example.com", monthly_budget: 10, ...change },
          })
        ).json().message;
      expect(await refusal({ name: " " })).toBe(
        "name must be a non-empty text of at most 200 characters, on one line."
      );
      expect(await refusal({ email: undefined })).toBe(
        "email must be an email address such as name@example.com (at most 254 characters)."
      );
      expect(await refusal({ monthly_budget: "12" })).toBe(
        "monthly_budget must be a number of credits from 0 to 1000000000, or null for no limit."
      );
      expect(await refusal({ monthly_budget: 1.0005 })).toBe(
        "monthly_budget may have at most 3 decimals (credits count in thousandths)."
      );
      const notAnObject = await api.call("POST", "/admin/api/members", { rawBody: "[1,2]" });
      expect(notAnObject.json().message).toBe("The request body must be a JSON object.");
    });

    test("names and emails are kept trimmed; fields the route does not read are ignored", async () => {
      const { id } = await addMember({
        name: "  Ada Lovelace \n",
        email: " ada@example.com ",
        monthly_budget: 10,
      });
      expect(await api.store.member(id)).toMatchObject({
        name: "Ada Lovelace",
        email: "ada@example.com",
      });
    });

    test('a host whose validator coerces types ("12" as a budget) does not start the admin API', async () => {
      const coercing = Fastify();
      await coercing.register(adminApi, {
        prefix: "/admin/api",
        store: api.store,
        adminToken: () => ADMIN_TOKEN,
        replaceServiceKey: async () => undefined,
      });
      await expect(coercing.ready()).rejects.toThrow(/ADMIN_AJV/);
      await coercing.close().catch(() => undefined);
    });

    test("a body that is not a JSON object is refused with 400", async () => {
      for (const rawBody of ["[1,2]", '"Ada"', "{not json", "null"]) {
        const response = await api.call("POST", "/admin/api/members", { rawBody });
        expect([rawBody, response.statusCode, response.json().error]).toEqual([
          rawBody,
          400,
          "bad_request",
        ]);
      }
      expect(await api.store.members()).toEqual([]);
    });

    test("PATCH changes the budget (credits, or null) and the name, and answers the member", async () => {
      const { id } = await addMember({ name: "Ada", email: "ada@example.com", monthly_budget: 10 });
      await spend(api.store, id, thisMonth(), 2);
      const patched = await api.call("PATCH", `/admin/api/members/${id}`, {
        body: { monthly_budget: 25.75, name: "Ada L.", email: "ignored@example.com" },
      });
      expect(patched.statusCode).toBe(200);
      expect(patched.json()).toEqual({
        id,
        name: "Ada L.",
        email: "ada@example.com",
        monthly_budget: 25.75,
        spent_this_month: 2,
        tokens: [expect.objectContaining({ revoked_at: null })],
      });
      expect((await api.store.member(id))!.monthlyBudgetMilli).toBe(25_750);
      const unlimited = await api.call("PATCH", `/admin/api/members/${id}`, {
        body: { monthly_budget: null },
      });
      expect(unlimited.json()).toMatchObject({ name: "Ada L.", monthly_budget: null });
      const zero = await api.call("PATCH", `/admin/api/members/${id}`, {
        body: { monthly_budget: 0 },
      });
      expect(zero.json()).toMatchObject({ monthly_budget: 0 });
    });

    test("a bad PATCH is refused whole: a good field beside a bad one is not applied", async () => {
      const { id } = await addMember({ name: "Ada", email: "ada@example.com", monthly_budget: 10 });
      for (const body of [
        { monthly_budget: -5, name: "New name" },
        { monthly_budget: "lots", name: "New name" },
        { monthly_budget: 5, name: "" },
        { monthly_budget: 5, name: 42 },
      ]) {
        const response = await api.call("PATCH", `/admin/api/members/${id}`, { body });
        expect([body, response.statusCode, response.json().error]).toEqual([
          body,
          400,
          "bad_request",
        ]);
      }
      expect(await api.store.member(id)).toMatchObject({ name: "Ada", monthlyBudgetMilli: 10_000 });
    });

    test("an unknown member is 404 on every member route", async () => {
      const { id } = await addMember();
      const [token] = await api.store.tokens(id);
      for (const [method, url, body] of [
        ["PATCH", "/admin/api/members/nobody", { monthly_budget: 1 }],
        ["PATCH", "/admin/api/members/nobody", {}],
        ["DELETE", "/admin/api/members/nobody", undefined],
        ["POST", "/admin/api/members/nobody/tokens", undefined],
        ["DELETE", `/admin/api/members/nobody/tokens/${token!.id}`, undefined],
      ] as const) {
        const response = await api.call(method, url, { body });
        expect([method, url, response.statusCode, response.json().error]).toEqual([
          method,
          url,
          404,
          "not_found",
        ]);
      }
      expect((await api.store.tokens(id))[0]!.revokedAt).toBeNull();
    });

    test("DELETE removes the member and stops their tokens at once", async () => {
      const kept = await addMember({ name: "Kept", email: "kept@example.com" });
      const removed = await addMember({ name: "Removed", email: "removed@example.com" });
      const second = (await api.call("POST", `/admin/api/members/${removed.id}/tokens`)).json() as {
        token: string;
      };
      expect(await api.store.memberByTokenHash(tokenHash(second.token))).not.toBeNull();

      const response = await api.call("DELETE", `/admin/api/members/${removed.id}`);
      expect([response.statusCode, response.body]).toEqual([204, ""]);
      expect(await api.store.memberByTokenHash(tokenHash(removed.token))).toBeNull();
      expect(await api.store.memberByTokenHash(tokenHash(second.token))).toBeNull();
      expect(await api.store.memberByTokenHash(tokenHash(kept.token))).not.toBeNull();
      const listed = (await api.call("GET", "/admin/api/members")).json();
      expect(listed.map((m: any) => m.id)).toEqual([kept.id]);
      expect((await api.call("DELETE", `/admin/api/members/${removed.id}`)).statusCode).toBe(404);
    });
  });

  describe("tokens", () => {
    test("issued (201, shown once) and revoked (204): the revoked one stops, the others go on", async () => {
      const { id, token: first } = await addMember();
      const issued = await api.call("POST", `/admin/api/members/${id}/tokens`);
      expect(issued.statusCode).toBe(201);
      const second = issued.json() as { id: string; token: string };
      expect(isMemberToken(second.token)).toBe(true);
      const [firstInfo, secondInfo] = await api.store.tokens(id);
      expect(secondInfo!.id).toBe(second.id);

      const revoked = await api.call("DELETE", `/admin/api/members/${id}/tokens/${firstInfo!.id}`);
      expect([revoked.statusCode, revoked.body]).toEqual([204, ""]);
      expect(await api.store.memberByTokenHash(tokenHash(first))).toBeNull();
      expect((await api.store.memberByTokenHash(tokenHash(second.token)))?.id).toBe(id);
      const [listed] = (await api.call("GET", "/admin/api/members")).json();
      expect(listed.tokens).toEqual([
        expect.objectContaining({ id: firstInfo!.id, revoked_at: expect.any(String) }),
        expect.objectContaining({
          id: second.id,
          revoked_at: null,
          last_used_at: expect.any(String),
        }),
      ]);
    });

    test("a token of another member, or no token of that id, is 404 and revokes nothing", async () => {
      const ada = await addMember({ name: "Ada", email: "ada@example.com" });
      const bob = await addMember({ name: "Bob", email: "bob@example.com" });
      const [bobToken] = await api.store.tokens(bob.id);
      for (const tokenId of [bobToken!.id, "no-such-token"]) {
        const response = await api.call("DELETE", `/admin/api/members/${ada.id}/tokens/${tokenId}`);
        expect([tokenId, response.statusCode, response.json().error]).toEqual([
          tokenId,
          404,
          "not_found",
        ]);
      }
      expect(await api.store.memberByTokenHash(tokenHash(bob.token))).not.toBeNull();
    });
  });

  describe("the team", () => {
    test("GET answers its settings, this month's spend and the shared answers kept", async () => {
      const { id } = await addMember();
      await spend(api.store, id, thisMonth(), 1.5);
      await spend(api.store, id, "2020-01", 40);
      await api.store.putSharedAnswer({
        key: "person:ada",
        status: 200,
        body: "{}",
        storedAt: new Date().toISOString(),
      });
      const team = await api.store.team();
      const response = await api.call("GET", "/admin/api/team");
      expect(response.json()).toEqual({
        name: team.name,
        monthly_budget: null,
        freshness_days: team.freshnessDays,
        spent_this_month: 1.5,
        shared_answers: 1,
      });
    });

    test("PUT changes the budget, the freshness and the name, and answers the team", async () => {
      const response = await api.call("PUT", "/admin/api/team", {
        body: { monthly_budget: 500.25, freshness_days: 30, name: "Sales EMEA", extra: true },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        name: "Sales EMEA",
        monthly_budget: 500.25,
        freshness_days: 30,
        spent_this_month: 0,
        shared_answers: 0,
      });
      expect(await api.store.team()).toEqual({
        name: "Sales EMEA",
        monthlyBudgetMilli: 500_250,
        freshnessDays: 30,
      });
      const unlimited = await api.call("PUT", "/admin/api/team", {
        body: { monthly_budget: null },
      });
      expect(unlimited.json()).toMatchObject({ monthly_budget: null, freshness_days: 30 });
    });

    test.each([
      ["freshness 0", { freshness_days: 0 }, /freshness_days/],
      ["freshness beyond 3650", { freshness_days: 3651 }, /freshness_days.*3650/],
      ["freshness not whole", { freshness_days: 1.5 }, /freshness_days/],
      ["freshness as text", { freshness_days: "90" }, /freshness_days/],
      ["freshness null", { freshness_days: null }, /freshness_days/],
      ["a negative budget", { monthly_budget: -0.001 }, /monthly_budget/],
      ["a budget as text", { monthly_budget: "100" }, /monthly_budget/],
      ["an empty name", { name: " " }, /name/],
    ])("PUT with %s is refused with 400, and nothing changes", async (_what, change, field) => {
      const before = await api.store.team();
      const response = await api.call("PUT", "/admin/api/team", {
        body: { monthly_budget: 99, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "bad_request",
        message: expect.stringMatching(field),
      });
      expect(await api.store.team()).toEqual(before);
    });
  });

  describe("usage", () => {
    test("per member for a month (this one by default), members who spent nothing at 0", async () => {
      const ada = await addMember({ name: "Ada", email: "ada@example.com" });
      const bob = await addMember({ name: "Bob", email: "bob@example.com" });
      await spend(api.store, ada.id, thisMonth(), 1);
      await spend(api.store, ada.id, thisMonth(), 0.2);
      await spend(api.store, bob.id, "2026-01", 4);

      const current = await api.call("GET", "/admin/api/usage");
      expect(current.json()).toEqual([
        { member: ada.id, name: "Ada", email: "ada@example.com", credits: 1.2, requests: 2 },
        { member: bob.id, name: "Bob", email: "bob@example.com", credits: 0, requests: 0 },
      ]);
      const january = await api.call("GET", "/admin/api/usage?month=2026-01");
      expect(january.json()).toEqual([
        { member: ada.id, name: "Ada", email: "ada@example.com", credits: 0, requests: 0 },
        { member: bob.id, name: "Bob", email: "bob@example.com", credits: 4, requests: 1 },
      ]);
    });

    test.each(["2026-13", "2026-1", "26-01", "january", "2026-01-01"])(
      "a bad month (%s) is 400",
      async (month) => {
        for (const url of [
          `/admin/api/usage?month=${month}`,
          `/admin/api/usage.csv?month=${month}`,
        ]) {
          const response = await api.call("GET", url);
          expect([url, response.statusCode, response.json()]).toEqual([
            url,
            400,
            { error: "bad_request", message: expect.stringMatching(/month.*YYYY-MM/) },
          ]);
        }
      }
    );

    test("a month given twice is 400", async () => {
      const response = await api.call("GET", "/admin/api/usage?month=2026-01&month=2026-02");
      expect(response.statusCode).toBe(400);
    });

    test("every query parameter is refused by its route's schema, naming it, and only after the token", async () => {
      const refusals: Array<[string, string]> = [
        ["/admin/api/usage?month=2026-01&month=2026-02", "month may be given once."],
        ["/admin/api/usage.csv?month=26-01", "month must be a month as YYYY-MM, e.g. 2026-01."],
        ["/admin/api/usage/monthly?months=12&months=3", "months may be given once."],
        ["/admin/api/audit.csv?to=31/01/2026", "to must be a day as YYYY-MM-DD, e.g. 2026-01-31."],
        ["/admin/api/admin-audit?limit=ten", "limit must be a whole number from 1 to 500."],
        ["/admin/api/admin-audit?from=2026-01-01&from=2026-01-02", "from may be given once."],
        [
          "/admin/api/bounce-reports?limit=1e3",
          `limit must be a whole number from 1 to ${LIMITS.maxListedRows}.`,
        ],
        [
          "/admin/api/shared-answers?domain=a.example&domain=b.example",
          "domain may be given once.",
        ],
      ];
      for (const [url, message] of refusals) {
        const response = await api.call("GET", url);
        expect([url, response.statusCode, response.json()]).toEqual([
          url,
          400,
          { error: "bad_request", message },
        ]);
        const anonymous = await api.call("GET", url, { token: null });
        expect([url, anonymous.statusCode]).toEqual([url, 401]);
      }
      const purge = await api.call("DELETE", "/admin/api/shared-answers?key=a&key=b");
      expect(purge.json()).toEqual({ error: "bad_request", message: "key may be given once." });
    });

    test("this month follows the clock given to the plugin", async () => {
      const clocked = await startAdminApi({ now: () => new Date("2026-03-15T12:00:00Z") });
      try {
        const { id } = (
          await clocked.call("POST", "/admin/api/members", {
            body: { name: "Ada", email: "ada@example.com", monthly_budget: null },
          })
        ).json() as { id: string };
        await spend(clocked.store, id, "2026-03", 6);
        await spend(clocked.store, id, thisMonth() === "2026-03" ? "2026-02" : thisMonth(), 1);
        expect((await clocked.call("GET", "/admin/api/usage")).json()[0].credits).toBe(6);
        expect((await clocked.call("GET", "/admin/api/team")).json().spent_this_month).toBe(6);
        expect((await clocked.call("GET", "/admin/api/members")).json()[0].spent_this_month).toBe(
          6
        );
      } finally {
        await clocked.close();
      }
    });

    test("per member and month for the chart, over the months asked (12 by default)", async () => {
      const clocked = await startAdminApi({ now: () => new Date("2026-06-30T23:59:59Z") });
      try {
        const { id } = (
          await clocked.call("POST", "/admin/api/members", {
            body: { name: "Ada", email: "ada@example.com", monthly_budget: null },
          })
        ).json() as { id: string };
        await spend(clocked.store, id, "2025-06", 9); // 13 months back: outside the default
        await spend(clocked.store, id, "2025-07", 1.5);
        await spend(clocked.store, id, "2026-04", 2);
        await spend(clocked.store, id, "2026-06", 3);

        const year = await clocked.call("GET", "/admin/api/usage/monthly");
        expect(year.json()).toEqual([
          { month: "2025-07", member: id, credits: 1.5 },
          { month: "2026-04", member: id, credits: 2 },
          { month: "2026-06", member: id, credits: 3 },
        ]);
        const quarter = await clocked.call("GET", "/admin/api/usage/monthly?months=3");
        expect(quarter.json().map((row: any) => row.month)).toEqual(["2026-04", "2026-06"]);
        for (const months of ["0", "121", "1.5", "twelve", "-3"]) {
          const refused = await clocked.call("GET", `/admin/api/usage/monthly?months=${months}`);
          expect([months, refused.statusCode, refused.json().message]).toEqual([
            months,
            400,
            expect.stringMatching(/months.*1 to 120/),
          ]);
        }
      } finally {
        await clocked.close();
      }
    });
  });

  describe("the audit of admin actions", () => {
    test("every change is recorded, newest first: who, what and when, never a token or the key", async () => {
      const start = new Date().toISOString();
      const member = await addMember({ name: "Ada", email: "ada@example.com", monthly_budget: 10 });
      await api.call("PATCH", `/admin/api/members/${member.id}`, {
        body: { monthly_budget: 25.5, name: "Ada L." },
      });
      // Nothing changed: nothing recorded.
      await api.call("PATCH", `/admin/api/members/${member.id}`, {
        body: { monthly_budget: 25.5 },
      });
      await api.call("PUT", "/admin/api/team", { body: { freshness_days: 90 } });
      const issued = (await api.call("POST", `/admin/api/members/${member.id}/tokens`)).json();
      const [first] = await api.store.tokens(member.id);
      await api.call("DELETE", `/admin/api/members/${member.id}/tokens/${first!.id}`);
      await api.call("DELETE", `/admin/api/members/${member.id}/tokens/${first!.id}`);
      await api.call("PUT", "/admin/api/team", {
        body: { name: "Sales", monthly_budget: 100, freshness_days: 30 },
      });
      await api.call("PUT", "/admin/api/service-key", { body: { key: SERVICE_KEY } });
      await api.call("DELETE", `/admin/api/members/${member.id}`);
      // Refused: nothing recorded.
      await api.call("PATCH", `/admin/api/members/${member.id}`, { body: { monthly_budget: 1 } });
      await api.call("PUT", "/admin/api/team", { body: { monthly_budget: -1 } });

      const response = await api.call("GET", "/admin/api/admin-audit");
      expect(response.statusCode).toBe(200);
      const admin = { kind: "admin_token", oid: null, name: null };
      expect(response.json()).toEqual(
        [
          {
            action: "member_added",
            member: member.id,
            token: first!.id,
            changes: {
              name: { from: null, to: "Ada" },
              email: { from: null, to: "ada@example.com" },
              monthly_budget: { from: null, to: 10 },
            },
          },
          {
            action: "member_updated",
            member: member.id,
            token: null,
            changes: {
              name: { from: "Ada", to: "Ada L." },
              monthly_budget: { from: 10, to: 25.5 },
            },
          },
          { action: "token_issued", member: member.id, token: issued.id, changes: {} },
          { action: "token_revoked", member: member.id, token: first!.id, changes: {} },
          {
            action: "team_updated",
            member: null,
            token: null,
            changes: {
              name: { from: "", to: "Sales" },
              monthly_budget: { from: null, to: 100 },
              freshness_days: { from: 90, to: 30 },
            },
          },
          { action: "service_key_replaced", member: null, token: null, changes: {} },
          {
            action: "member_removed",
            member: member.id,
            token: null,
            changes: {
              name: { from: "Ada L.", to: null },
              email: { from: "ada@example.com", to: null },
            },
          },
        ]
          .reverse()
          .map((entry) => ({ at: expect.any(String), actor: admin, ...entry }))
      );
      for (const { at } of response.json() as Array<{ at: string }>)
        expect(at >= start && at <= new Date().toISOString()).toBe(true);
      for (const secret of [SERVICE_KEY, ADMIN_TOKEN, member.token, issued.token])
        expect(response.body).not.toContain(secret);
    });

    test("over days both included (the last 400 by default, at most 400 apart), at most `limit`", async () => {
      const clocked = await startAdminApi({ now: () => new Date("2026-03-15T12:00:00Z") });
      try {
        const entry = (at: string, name: string) =>
          clocked.store.recordAdminAction({
            at,
            actor: { kind: "admin_token", oid: null, name: null },
            action: "team_updated",
            memberId: null,
            tokenId: null,
            changes: { name: { from: null, to: name } },
          });
        await entry("2025-02-07T00:00:00.000Z", "401 days ago");
        await entry("2025-02-08T00:00:00.000Z", "400 days ago");
        await entry("2026-03-01T08:00:00.000Z", "this month");
        await entry("2026-03-15T23:59:59.999Z", "today");
        const names = async (query: string) => {
          const response = await clocked.call("GET", `/admin/api/admin-audit${query}`);
          expect(response.statusCode).toBe(200);
          return (response.json() as Array<{ changes: { name: { to: string } } }>).map(
            (row) => row.changes.name.to
          );
        };
        expect(await names("")).toEqual(["today", "this month", "400 days ago"]);
        expect(await names("?limit=2")).toEqual(["today", "this month"]);
        expect(await names("?from=2026-03-01&to=2026-03-01")).toEqual(["this month"]);
        expect(await names("?from=2025-02-07&to=2026-03-01")).toEqual([
          "this month",
          "400 days ago",
          "401 days ago",
        ]);
        for (const [query, message] of [
          ["?from=2025-02-07&to=2026-03-15", /at most 400 days apart/],
          ["?from=2026-03-02&to=2026-03-01", /to.*from/],
          ["?limit=0", /limit.*1 to 500/],
          ["?limit=501", /limit.*1 to 500/],
          ["?from=2026-02-30", /from.*YYYY-MM-DD/],
        ] as const) {
          const refused = await clocked.call("GET", `/admin/api/admin-audit${query}`);
          expect([query, refused.statusCode, refused.json()]).toEqual([
            query,
            400,
            { error: "bad_request", message: expect.stringMatching(message) },
          ]);
        }
      } finally {
        await clocked.close();
      }
    });
  });

  describe("CSV exports", () => {
    test("usage as a CSV download: escaped fields, names never run as formulas, no token", async () => {
      const ada = await addMember({ name: 'Ada "The Countess", L.', email: "ada@example.com" });
      const eve = await addMember({ name: '=HYPERLINK("http://x")', email: "eve@example.com" });
      await spend(api.store, ada.id, "2026-02", 2.5);

      const response = await api.call("GET", "/admin/api/usage.csv?month=2026-02");
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        'attachment; filename="usage-2026-02.csv"'
      );
      expect(response.body.startsWith("\uFEFF")).toBe(true);
      expect(csvRows(response.body)).toEqual([
        "member_id,name,email,credits,requests",
        `${ada.id},"Ada ""The Countess"", L.",ada@example.com,2.5,1`,
        `${eve.id},"'=HYPERLINK(""http://x"")",eve@example.com,0,0`,
      ]);
      for (const token of [ada.token, eve.token, ADMIN_TOKEN])
        expect(response.body).not.toContain(token);
    });

    test("usage of this month by default", async () => {
      const response = await api.call("GET", "/admin/api/usage.csv");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="usage-${thisMonth()}.csv"`
      );
      expect(csvRows(response.body)).toEqual(["member_id,name,email,credits,requests"]);
    });

    test("the audit of paid requests over days, both included, removed members kept by id", async () => {
      const ada = await addMember({ name: "Ada", email: "ada@example.com" });
      const bob = await addMember({ name: "Bob", email: "bob@example.com" });
      await spend(api.store, ada.id, thisMonth(), 0.2, "verify");
      await spend(api.store, bob.id, thisMonth(), 1, "find-email/person");
      await api.call("DELETE", `/admin/api/members/${bob.id}`);
      const today = new Date().toISOString().slice(0, 10);

      const response = await api.call("GET", `/admin/api/audit.csv?from=${today}&to=${today}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toBe(
        `attachment; filename="audit-${today}-to-${today}.csv"`
      );
      const rows = csvRows(response.body);
      expect(rows[0]).toBe("at,member_id,name,email,operation,credits,status");
      expect(rows.slice(1)).toEqual([
        expect.stringMatching(
          new RegExp(`^${today}T[^,]+Z,${ada.id},Ada,ada@example.com,verify,0.2,200$`)
        ),
        expect.stringMatching(new RegExp(`^${today}T[^,]+Z,${bob.id},,,find-email/person,1,200$`)),
      ]);
      for (const secret of [ada.token, bob.token, ADMIN_TOKEN])
        expect(response.body).not.toContain(secret);

      // This month up to today by default; the day before is empty.
      expect(csvRows((await api.call("GET", "/admin/api/audit.csv")).body)).toHaveLength(3);
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      const before = await api.call(
        "GET",
        `/admin/api/audit.csv?from=${yesterday}&to=${yesterday}`
      );
      expect(csvRows(before.body)).toEqual(["at,member_id,name,email,operation,credits,status"]);
    });

    test.each([
      ["from=2026-02-30", /from.*YYYY-MM-DD/],
      ["to=2026-13-01", /to.*YYYY-MM-DD/],
      ["from=yesterday", /from/],
      ["from=2026-03-02&to=2026-03-01", /to.*from/],
      ["from=2025-01-01&to=2026-02-06", /at most 400 days apart/],
    ])("a bad range (%s) is 400", async (query, message) => {
      const response = await api.call("GET", `/admin/api/audit.csv?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "bad_request",
        message: expect.stringMatching(message),
      });
    });
  });

  describe("the service key", () => {
    test("replaced (204), never answered back or logged", async () => {
      const response = await api.call("PUT", "/admin/api/service-key", {
        body: { key: SERVICE_KEY },
      });
      expect([response.statusCode, response.body]).toEqual([204, ""]);
      expect(api.replacedKeys).toEqual([SERVICE_KEY]);
    });

    test.each([
      ["empty", { key: "" }],
      ["with a space", { key: `${SERVICE_KEY} extra` }],
      ["with a line break", { key: `${SERVICE_KEY}\n` }],
      ["a number", { key: 12345 }],
      ["missing", { value: SERVICE_KEY }],
      ["too long", { key: "k".repeat(1001) }],
    ])("a key %s is refused with 400 and not used", async (_what, body) => {
      const response = await api.call("PUT", "/admin/api/service-key", { body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "bad_request",
        message: expect.stringMatching(/key/),
      });
      expect(api.replacedKeys).toEqual([]);
    });

    test("a malformed body holding the key does not echo it", async () => {
      const response = await api.call("PUT", "/admin/api/service-key", {
        rawBody: `{"key": ${SERVICE_KEY}}`,
      });
      expect(response.statusCode).toBe(400);
      expect(api.replacedKeys).toEqual([]);
    });

    test("a failure to keep the key answers 500 without its words", async () => {
      const failing = Fastify({ ajv: ADMIN_AJV });
      failing.setErrorHandler(errorHandler);
      await failing.register(adminApi, {
        prefix: "/admin/api",
        store: api.store,
        adminToken: () => ADMIN_TOKEN,
        replaceServiceKey: async (key) => {
          throw new Error(`could not seal ${key}`);
        },
      });
      const response = await failing.inject({
        method: "PUT",
        url: "/admin/api/service-key",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
        payload: JSON.stringify({ key: SERVICE_KEY }),
      });
      expect(response.statusCode).toBe(500);
      expect(response.json().error).toBe("internal_error");
      expect(response.body).not.toContain(SERVICE_KEY);
      await failing.close();
    });
  });

  test("no answer and no log line carries the service key, the admin token or a member token", async () => {
    const member = await addMember();
    const issued = (await api.call("POST", `/admin/api/members/${member.id}/tokens`)).json();
    await api.call("PUT", "/admin/api/service-key", { body: { key: SERVICE_KEY } });
    await api.call("PUT", "/admin/api/service-key", { rawBody: `{"key": "${SERVICE_KEY}" ` });
    await api.call("PUT", "/admin/api/service-key", { body: { key: `${SERVICE_KEY} x` } });
    await api.call("GET", "/admin/api/members", { token: member.token });
    await api.call("GET", "/admin/api/members", { token: `${ADMIN_TOKEN}-wrong` });
    for (const url of [
      "/admin/api/members",
      "/admin/api/team",
      "/admin/api/usage",
      "/admin/api/usage/monthly",
      "/admin/api/usage.csv",
      "/admin/api/audit.csv",
      "/admin/api/admin-audit",
    ])
      await api.call("GET", url);
    expect(api.bodies.length).toBeGreaterThan(10);
    expect(api.logLines.length).toBeGreaterThan(10);
    const answers = api.bodies.join("\n");
    const logs = api.logLines.join("\n");
    expect(answers).not.toContain(SERVICE_KEY);
    expect(answers).not.toContain(ADMIN_TOKEN);
    expect(logs).not.toContain(SERVICE_KEY);
    expect(logs).not.toContain(ADMIN_TOKEN);
    for (const token of [member.token, issued.token]) expect(logs).not.toContain(token);
    // The one answer that carries a member token is the one that issued it.
    expect(api.bodies.filter((body) => body.includes(issued.token))).toHaveLength(1);
  });
});
