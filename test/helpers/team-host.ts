import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { buildServer } from "../../src/server/app";
import type { EntraOptions } from "../../src/server/team/sign-in";
import { DIST } from "../server/helpers";
import { call } from "./sandbox";

// The production host in team mode (src/server/team) for the add-in's tests: the
// real host, in front of a real sandbox, its members added through its admin API. `handle`
// passes a test server's /team/* and /api/* requests to it (the pane's page and the host then
// share an origin, as in production) and notes what it answered.

export interface TeamMember {
  /** Set by start(): the id and token the host's admin API gave. */
  id: string;
  token: string;
  name: string;
  email: string;
  monthlyBudget: number | null;
}

export interface TeamHostForTestsOptions {
  name: string;
  members: TeamMember[];
  teamBudget?: number | null;
  /** Microsoft Entra ID sign-in (test/helpers/entra.ts); read at start(). */
  entra?: () => EntraOptions;
}

/** A request the host answered under /api, as the pane's origin passed it on. */
export interface TeamHostRecord {
  path: string;
  /** The Authorization header the pane sent. */
  authorization: string | null;
  status: number;
  /** Answered from the team's shared answers (nothing sent to the service). */
  shared: boolean;
  /** Bought from the service with the company's key (a 200 that was not shared). */
  upstream: boolean;
}

/** The host's admin token: random, as the host requires (`openssl rand -base64 32`). */
export const TEAM_HOST_ADMIN_TOKEN = "iU5G4ttKqHCwuGgyjrSGtHfH+6232w1LggtfdYD8rBw=";
const ADMIN = TEAM_HOST_ADMIN_TOKEN;

export class TeamHostForTests {
  readonly log: TeamHostRecord[] = [];
  private app: FastifyInstance | null = null;
  private url = "";
  private directory = "";

  constructor(private readonly options: TeamHostForTestsOptions) {}

  /** The host's own origin (its admin page is at /admin), once started. */
  get origin(): string {
    return this.url;
  }

  /** The admin token the host was started with. */
  get adminToken(): string {
    return ADMIN;
  }

  /** Starts the host relaying to `serviceUrl` with the company's `key`; adds the members. */
  async start(serviceUrl = "http://127.0.0.1:9", key = "company-key-unused"): Promise<void> {
    this.directory = mkdtempSync(join(tmpdir(), "mf-team-pane-"));
    writeFileSync(join(this.directory, "service-key"), key, { mode: 0o600 });
    writeFileSync(join(this.directory, "admin-token"), ADMIN, { mode: 0o600 });
    this.app = await buildServer({
      dist: DIST,
      upstream: serviceUrl,
      team: {
        serviceKeyFile: join(this.directory, "service-key"),
        adminTokenFile: join(this.directory, "admin-token"),
        db: join(this.directory, "team.db"),
        entra: this.options.entra?.() ?? null,
      },
    });
    this.url = await this.app.listen({ port: 0, host: "127.0.0.1" });
    await this.admin("PUT", "/team", {
      name: this.options.name,
      monthly_budget: this.options.teamBudget ?? null,
    });
    for (const member of this.options.members) {
      const added = await this.admin("POST", "/members", {
        name: member.name,
        email: member.email,
        monthly_budget: member.monthlyBudget,
      });
      member.id = added.id as string;
      member.token = added.token as string;
    }
  }

  async close(): Promise<void> {
    await this.app?.close();
    if (this.directory) rmSync(this.directory, { recursive: true, force: true });
  }

  /** Passes /team/* and /api/* on to the host; false for anything else (the caller serves it). */
  readonly handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    const path = new URL(req.url ?? "/", "http://host").pathname;
    if (!path.startsWith("/team/") && !path.startsWith("/api/")) return false;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers: Record<string, string> = {};
      for (const name of ["authorization", "content-type", "accept", "x-webhook-url"])
        if (typeof req.headers[name] === "string") headers[name] = req.headers[name];
      const body = Buffer.concat(chunks);
      void fetch(this.url + req.url, {
        method: req.method,
        headers,
        ...(body.length > 0 ? { body } : {}),
      })
        .then(async (answer) => {
          const shared = answer.headers.get("x-mail-finder-answer") === "shared";
          if (path.startsWith("/api/"))
            this.log.push({
              path: path.slice("/api".length),
              authorization: req.headers.authorization ?? null,
              status: answer.status,
              shared,
              upstream: answer.status === 200 && !shared,
            });
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (
              !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(
                name
              )
            )
              out[name] = value;
          });
          res.writeHead(answer.status, out);
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch((error: Error) => {
          res.writeHead(502, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: "bad_gateway", message: error.message }));
        });
    });
    return true;
  };

  private async admin(
    method: string,
    path: string,
    body: unknown
  ): Promise<Record<string, unknown>> {
    const answer = await call(this.url, method, `/admin/api${path}`, body, {
      authorization: `Bearer ${ADMIN}`,
    });
    if (answer.status >= 300)
      throw new Error(`admin ${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body as Record<string, unknown>;
  }
}
