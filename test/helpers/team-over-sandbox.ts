import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { createServer, type AddressInfo } from "node:net";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer, type BuildServerOptions } from "../../src/server/app";
import type { TeamServerOptions } from "../../src/server/options";
import { openTeamStore } from "../../src/server/team/open-store";
import type { TeamStore } from "../../src/server/team/store";
import { DIST } from "../server/helpers";
import { call, type TestResponse } from "./sandbox";

// The production host in team mode for the suites that try it as its members would (issue 34):
// its secret files written as an operator must (mode 0600, a strong admin token), listening on
// loopback in front of `upstream`, a store of its own opened beside it to read its figures,
// and its admin API at hand.

export interface TeamOverSandbox {
  app: FastifyInstance;
  url: string;
  /** The host's store, opened a second time (a second instance's view). */
  store: TeamStore;
  /** The admin token the host was started with. */
  adminToken: string;
  admin(method: string, path: string, body?: unknown): Promise<TestResponse>;
  /** A new member with this monthly budget (credits): their id and token. */
  addMember(name: string, budget: number | null): Promise<{ id: string; token: string }>;
  close(): Promise<void>;
}

export interface TeamOverSandboxOptions {
  upstream: string;
  /** The company's key, written to the host's service key file. */
  serviceKey: string;
  /** PostgreSQL (a test database's URL); SQLite in a temporary folder otherwise. */
  databaseUrl?: string;
  /** The port to listen on (default: a free one). */
  port?: number;
  /**
   * Lookups sent with x-webhook-url are answered through the host's own webhook: the host's
   * public URL is its loopback address, and members' URLs on loopback are accepted.
   */
  publicWebhooks?: boolean;
  team?: Partial<TeamServerOptions>;
  build?: Partial<BuildServerOptions>;
}

export async function startTeamOverSandbox(
  options: TeamOverSandboxOptions
): Promise<TeamOverSandbox> {
  const adminToken = randomBytes(32).toString("base64url");
  const directory = mkdtempSync(join(tmpdir(), "mf-team-over-sandbox-"));
  writeFileSync(join(directory, "service-key"), options.serviceKey, { mode: 0o600 });
  writeFileSync(join(directory, "admin-token"), adminToken, { mode: 0o600 });
  const file = join(directory, "team.db");
  const port = options.port ?? (options.publicWebhooks ? await freePort() : 0);
  const app = await buildServer({
    dist: DIST,
    upstream: options.upstream,
    team: {
      serviceKeyFile: join(directory, "service-key"),
      adminTokenFile: join(directory, "admin-token"),
      db: file,
      ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
      entra: null,
      ...options.team,
    },
    ...(options.publicWebhooks ? { publicUrl: new URL(`http://127.0.0.1:${port}/`) } : {}),
    teamTimings: { pollMs: 10 },
    ...(options.publicWebhooks ? { allowPrivateWebhookTargets: true } : {}),
    ...options.build,
  });
  const url = await app.listen({ port, host: "127.0.0.1" });
  const store = await openTeamStore(
    options.databaseUrl ? { databaseUrl: options.databaseUrl } : { file }
  );
  const admin = (method: string, path: string, body?: unknown) =>
    call(url, method, `/admin/api${path}`, body, { authorization: `Bearer ${adminToken}` });
  let members = 0;
  return {
    app,
    url,
    store,
    adminToken,
    admin,
    async addMember(name, budget) {
      members++;
      const added = await admin("POST", "/members", {
        name,
        email: `${name.toLowerCase().replace(/\W+/g, "-")}.${members}@team.example`,
        monthly_budget: budget,
      });
      if (added.status !== 201) throw new Error(`member: ${added.status} ${added.text}`);
      return { id: added.body.id as string, token: added.body.token as string };
    },
    async close() {
      await app.close();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A port free on loopback now (the host's public URL must be known before it listens). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", () => done()));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}
