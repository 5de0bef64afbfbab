import Database from "better-sqlite3";
import { Client } from "pg";
import { execFileSync } from "node:child_process";
import { createCipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../../src/server/app";
import { OFFICE_FRAME_ANCESTORS } from "../../../src/server/site";
import { PgTeamStore } from "../../../src/server/team/pg-store";
import { SqliteTeamStore } from "../../../src/server/team/sqlite-store";
import type { TeamStore } from "../../../src/server/team/store";
import { startTestDatabase, type TestDatabase } from "../../helpers/postgres";
import { TEAM_HOST_ADMIN_TOKEN } from "../../helpers/team-host";
import { call, startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { DIST } from "../helpers";

// The team host's secrets, over real HTTP in front of a real sandbox: an admin
// token too easy to guess or a secret file others can read stops the start, saying why; the
// service key an admin replaced is sealed with a key of its own (an admin token rotation keeps
// it), values sealed by earlier hosts are sealed anew, and a kept key that cannot be opened
// stops the start instead of falling back to the key file unseen. The admin page is never
// framed.

const TOKEN_A = "Vf3kQ9zL2mX8rT5wB7nC1yH4gJ6dS0aPeU8iO2qK9tRz";
const TOKEN_B = "m2N8bV4cX6zL1kJ9hG3fD5sA7pO0iU8yT2rE4wQ6eRtY";
const SEALING_1 = "s9D2fG7hJ4kL1zX8cV5bN3mQ6wE0rT2yU7iO9pA4sD1f";
const SEALING_2 = "Zq8Wx3Ec6Rv1Tb5Yn9Um2Ik7Ol4Pa0Sd8Fg3Hj6Kl1Mn";

/** A value sealed as hosts before sealing v2 did: a key derived from the admin token alone. */
function sealedV1(key: string, fileKey: string, adminToken: string): string {
  const iv = randomBytes(12);
  const sealing = Buffer.from(
    hkdfSync("sha256", adminToken, "mail-finder", "mail-finder team service key v1", 32)
  );
  const cipher = createCipheriv("aes-256-gcm", sealing, iv);
  const fileHash = createHash("sha256").update(fileKey, "utf8").digest("hex");
  const body = Buffer.concat([
    cipher.update(JSON.stringify({ key, fileHash }), "utf8"),
    cipher.final(),
  ]);
  return ["v1", iv, cipher.getAuthTag(), body].map((p) => p.toString("base64url")).join(".");
}

describe("the team host's secrets", () => {
  let sandbox: TestSandbox;
  let companies: TestAccount[];
  let directory: string;
  let db: string;
  /** PostgreSQL instead of the SQLite file `db`, when set. */
  let databaseUrl: string | null = null;
  let database: TestDatabase | undefined;
  let host: FastifyInstance | null = null;
  let url = "";
  let cases = 0;

  const file = (name: string, content: string, mode = 0o600): string => {
    const path = join(directory, name);
    writeFileSync(path, content + "\n", { mode });
    chmodSync(path, mode);
    return path;
  };

  async function start(
    options: {
      adminToken?: string;
      serviceKey?: string;
      sealingKey?: string | null;
      /** A file's mode other than 0600, by its name. */
      modes?: Record<string, number>;
    } = {}
  ): Promise<void> {
    await host?.close();
    host = null;
    const secret = (name: string, content: string) =>
      file(name, content, options.modes?.[name] ?? 0o600);
    const team = {
      serviceKeyFile: secret("service-key", options.serviceKey ?? companies[0]!.apiKey),
      adminTokenFile: secret("admin-token", options.adminToken ?? TOKEN_A),
      db,
      ...(databaseUrl ? { databaseUrl } : {}),
      entra: null,
      ...(options.sealingKey ? { sealingKeyFile: secret("sealing-key", options.sealingKey) } : {}),
    };
    host = await buildServer({ dist: DIST, upstream: sandbox.baseUrl, team });
    url = await host.listen({ port: 0, host: "127.0.0.1" });
  }

  const admin = (adminToken: string, method: string, path: string, body?: unknown) =>
    call(url, method, `/admin/api${path}`, body, { authorization: `Bearer ${adminToken}` });

  /** The sandbox account whose key the host relays with, asked by a member. */
  async function relayedAs(memberToken: string): Promise<string> {
    const account = await call(url, "GET", "/api/v5.1/account", undefined, {
      authorization: `Bearer ${memberToken}`,
    });
    expect(account.status).toBe(200);
    const found = companies.findIndex((company) => company.email === account.body.email);
    return ["A", "B", "C"][found] ?? "unknown";
  }

  async function addMember(adminToken = TOKEN_A): Promise<string> {
    const added = await admin(adminToken, "POST", "/members", {
      name: "Ann",
      email: `ann${++cases}@team.example`,
      monthly_budget: null,
    });
    expect(added.status).toBe(201);
    return added.body.token as string;
  }

  /** The team's store, as another process would open it. */
  async function withStore<T>(work: (store: TeamStore) => Promise<T>): Promise<T> {
    const store = databaseUrl ? new PgTeamStore(databaseUrl) : new SqliteTeamStore(db);
    try {
      await store.migrate();
      return await work(store);
    } finally {
      await store.close();
    }
  }

  const kept = () => withStore((store) => store.sealedServiceKey());

  /** An operator's statement on the team's database. */
  async function operatorSql(sql: string): Promise<void> {
    if (!databaseUrl) {
      const sqlite = new Database(db);
      sqlite.exec(sql);
      sqlite.close();
      return;
    }
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  }

  /** The start's refusal: its message, checked to name no secret. */
  async function refusal(options: Parameters<typeof start>[0]): Promise<string> {
    const error = await start(options).then(
      () => null,
      (caught: Error) => caught
    );
    expect(error).toBeInstanceOf(Error);
    const secrets = [
      TOKEN_A,
      TOKEN_B,
      SEALING_1,
      SEALING_2,
      ...companies.map((company) => company.apiKey),
      ...Object.values(options ?? {}).filter((value) => typeof value === "string"),
    ];
    for (const secret of secrets) expect(error!.message).not.toContain(secret);
    return error!.message;
  }

  beforeAll(async () => {
    sandbox = await startSandbox();
    companies = [
      await sandbox.account(100),
      await sandbox.account(100),
      await sandbox.account(100),
    ];
  });
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-team-secrets-"));
    db = join(directory, "team.db");
  });
  afterEach(async () => {
    await host?.close();
    host = null;
    rmSync(directory, { recursive: true, force: true });
  });
  afterAll(async () => {
    await sandbox?.close();
    await database?.drop();
  });

  describe("the admin token", () => {
    test.each([
      [
        "of 31 random characters",
        randomBytes(24).toString("base64url").slice(0, 31),
        /fewer than 32 characters/,
      ],
      ["of one character repeated", "a".repeat(48), /words, names, dates or patterns/],
      ["of two characters in turn", "ab".repeat(24), /words, names, dates or patterns/],
      ["of a word repeated", "admin".repeat(8), /words, names, dates or patterns/],
      [
        "of a run of characters",
        "abcdefghijklmnopqrstuvwxyz0123456789",
        /words, names, dates or patterns/,
      ],
      [
        "of a phrase said twice",
        "Admin-Token-2024!Admin-Token-2024!",
        /words, names, dates or patterns/,
      ],
      [
        "of 32 hex digits repeated",
        "0123456789abcdef".repeat(2),
        /words, names, dates or patterns/,
      ],
      ["of words, a year and signs", "MailFinderAdminToken2025!Secure#", /about 10\^27 guesses/],
      [
        "of words and digits, as these tests used",
        "admin-token-for-the-team-host-tests-0123456789",
        /words, names, dates or patterns/,
      ],
    ])("%s stops the start, naming the file and the rule", async (_case, token, why) => {
      const message = await refusal({ adminToken: token });
      expect(message).toContain(
        `The admin token in ${join(directory, "admin-token")} is too easy to guess`
      );
      expect(message).toMatch(why);
      expect(message).toMatch(/a random one of 36 characters or more.*openssl rand -base64 32/);
      expect(message).not.toContain(token);
    });

    test("the output of `openssl rand -base64 32` and `-hex 32`, and the tests' own, start the host", async () => {
      for (const token of [
        execFileSync("openssl", ["rand", "-base64", "32"], { encoding: "utf8" }).trim(),
        execFileSync("openssl", ["rand", "-hex", "32"], { encoding: "utf8" }).trim(),
        TOKEN_A,
        TOKEN_B,
        TEAM_HOST_ADMIN_TOKEN,
      ]) {
        await start({ adminToken: token });
        expect((await admin(token, "GET", "/team")).status).toBe(200);
      }
    });
  });

  describe("secret files", () => {
    test.each([
      ["admin token", "0644", "admin-token"],
      ["admin token", "0640", "admin-token"],
      ["service key", "0604", "service-key"],
      ["sealing key", "0660", "sealing-key"],
    ])(
      "the %s file of mode %s, readable by others, stops the start: its mode and chmod 600",
      async (what, mode, name) => {
        const path = join(directory, name);
        const message = await refusal({
          sealingKey: SEALING_1,
          modes: { [name]: parseInt(mode, 8) },
        });
        expect(message).toBe(
          `The ${what} file ${path} can be read by other users (mode ${mode}): ` +
            `make it readable by the host's user only: chmod 600 ${path}`
        );
      }
    );

    test("files readable by the host's user only start the host (0600, 0400)", async () => {
      await start({
        sealingKey: SEALING_1,
        modes: { "admin-token": 0o400, "service-key": 0o600, "sealing-key": 0o400 },
      });
      expect((await admin(TOKEN_A, "GET", "/team")).status).toBe(200);
    });

    test("a sealing key too easy to guess stops the start", async () => {
      const message = await refusal({ sealingKey: "sealing".repeat(6) });
      expect(message).toContain(
        `The sealing key in ${join(directory, "sealing-key")} is too easy to guess`
      );
    });
  });

  describe.each(["SQLite", "PostgreSQL"])("the service key, sealed, on %s", (backend) => {
    beforeEach(async () => {
      if (backend === "PostgreSQL") {
        database ??= await startTestDatabase();
        databaseUrl = await database.schemaUrl();
      }
    });
    afterEach(() => {
      databaseUrl = null;
    });

    test("an admin token rotation keeps the key an admin replaced", async () => {
      await start({ adminToken: TOKEN_A });
      const member = await addMember(TOKEN_A);
      expect(await relayedAs(member)).toBe("A");
      const replaced = await admin(TOKEN_A, "PUT", "/service-key", { key: companies[1]!.apiKey });
      expect(replaced.status).toBe(204);
      expect(await relayedAs(member)).toBe("B");

      await start({ adminToken: TOKEN_B });
      expect((await admin(TOKEN_A, "GET", "/team")).status).toBe(401);
      expect((await admin(TOKEN_B, "GET", "/team")).status).toBe(200);
      expect(await relayedAs(member)).toBe("B");
      const sealed = (await kept())!;
      expect(sealed).toMatch(/^v2\.store\./);
      for (const company of companies) expect(sealed).not.toContain(company.apiKey);
    });

    test("a value sealed by an earlier host opens with its admin token once, and is sealed anew", async () => {
      await withStore((store) =>
        store.setSealedServiceKey(sealedV1(companies[1]!.apiKey, companies[0]!.apiKey, TOKEN_A))
      );
      await start({ adminToken: TOKEN_A });
      const member = await addMember(TOKEN_A);
      expect(await relayedAs(member)).toBe("B");
      expect(await kept()).toMatch(/^v2\.store\./);
      await start({ adminToken: TOKEN_B });
      expect(await relayedAs(member)).toBe("B");
    });

    test("a value sealed by an earlier host with another admin token stops the start, saying what to do", async () => {
      const sealed = sealedV1(companies[1]!.apiKey, companies[0]!.apiKey, TOKEN_A);
      await withStore((store) => store.setSealedServiceKey(sealed));
      const message = await refusal({ adminToken: TOKEN_B });
      expect(message).toMatch(
        /cannot be opened, and this host does not fall back to the service key file silently.*another admin token.*admin token file it was sealed with/
      );
      expect(await kept()).toBe(sealed);
      // The operator's way out, as the message says.
      await operatorSql("UPDATE team SET sealed_service_key = NULL");
      await start({ adminToken: TOKEN_B });
      expect(await relayedAs(await addMember(TOKEN_B))).toBe("A");
    });

    test("with a sealing key file, the database alone opens nothing: another one, or none, stops the start", async () => {
      await start({ sealingKey: SEALING_1 });
      const member = await addMember();
      await admin(TOKEN_A, "PUT", "/service-key", { key: companies[1]!.apiKey });
      const sealed = (await kept())!;
      expect(sealed).toMatch(/^v2\.file\./);

      expect(await refusal({ sealingKey: null })).toMatch(
        /cannot be opened.*sealed with a sealing key file: start the host with that file \(--sealing-key-file\)/
      );
      expect(await refusal({ sealingKey: SEALING_2 })).toMatch(
        /cannot be opened.*The sealing key file is not the one it was sealed with, or the database's value was altered/
      );
      expect(await kept()).toBe(sealed);
      await start({ sealingKey: SEALING_1, adminToken: TOKEN_B });
      expect(await relayedAs(member)).toBe("B");
    });

    test.each([
      ["with a sealing key file", SEALING_1],
      ["with the store's salt", null],
    ])("an altered value sealed %s stops the start", async (_how, sealingKey) => {
      await start({ sealingKey });
      await admin(TOKEN_A, "PUT", "/service-key", { key: companies[1]!.apiKey });
      const parts = (await kept())!.split(".");
      parts[5] = Buffer.from("another key").toString("base64url");
      await withStore((store) => store.setSealedServiceKey(parts.join(".")));
      expect(await refusal({ sealingKey })).toMatch(/cannot be opened.*value .*was altered/);
    });

    test("a new service key file wins over the kept key (the operator's rotation), whatever sealed it", async () => {
      await start({ sealingKey: SEALING_1 });
      const member = await addMember();
      await admin(TOKEN_A, "PUT", "/service-key", { key: companies[1]!.apiKey });
      await start({ sealingKey: SEALING_2, serviceKey: companies[2]!.apiKey });
      expect(await relayedAs(member)).toBe("C");
      await start({ sealingKey: SEALING_2, serviceKey: companies[2]!.apiKey });
      expect(await relayedAs(member)).toBe("C");
    });

    test("a sealing key replaced as the admin guide says: the key in use written to the file, the sealed copy cleared", async () => {
      await start({ sealingKey: SEALING_1 });
      const member = await addMember();
      await admin(TOKEN_A, "PUT", "/service-key", { key: companies[1]!.apiKey });
      // 1. The key in use (an admin's replacement) to the file; 2. the sealed copy cleared.
      await operatorSql("UPDATE team SET sealed_service_key = NULL");
      // 3. Started with the new sealing key file: the file's key, sealed with it.
      await start({ sealingKey: SEALING_2, serviceKey: companies[1]!.apiKey });
      expect(await relayedAs(member)).toBe("B");
      expect(await kept()).toMatch(/^v2\.file\./);
      expect(await refusal({ sealingKey: SEALING_1, serviceKey: companies[1]!.apiKey })).toMatch(
        /The sealing key file is not the one it was sealed with/
      );
    });

    test("a sealing key file given later seals the kept key with it", async () => {
      await start();
      const member = await addMember();
      await admin(TOKEN_A, "PUT", "/service-key", { key: companies[1]!.apiKey });
      expect(await kept()).toMatch(/^v2\.store\./);
      await start({ sealingKey: SEALING_1 });
      expect(await relayedAs(member)).toBe("B");
      expect(await kept()).toMatch(/^v2\.file\./);
    });
  });

  describe("the admin page", () => {
    test("/admin, /admin.html and /admin/api cannot be framed; the pane can, by Office", async () => {
      await start();
      for (const [path, token] of [
        ["/admin", null],
        ["/admin.html", null],
        ["/admin/api/team", TOKEN_A],
        ["/admin/api/team", null],
      ] as const) {
        const response = await call(
          url,
          "GET",
          path,
          undefined,
          token ? { authorization: `Bearer ${token}` } : {}
        );
        expect([path, response.status < 500]).toEqual([path, true]);
        expect(response.headers.get("x-frame-options")).toBe("DENY");
        const policy = response.headers.get("content-security-policy") ?? "";
        expect(policy).toMatch(/frame-ancestors 'none'(;|$)/);
        expect(policy.match(/frame-ancestors/g)).toHaveLength(1);
      }
      const admin = await call(url, "GET", "/admin");
      expect(admin.status).toBe(200);
      expect(admin.headers.get("content-security-policy")).toMatch(/script-src 'self'/);
      const pane = await call(url, "GET", "/taskpane.html");
      expect(pane.status).toBe(200);
      expect(pane.headers.get("x-frame-options")).toBeNull();
      expect(pane.headers.get("content-security-policy")).toContain(
        `frame-ancestors ${OFFICE_FRAME_ANCESTORS.join(" ")}`
      );
    });
  });
});
