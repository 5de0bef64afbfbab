import { randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type KeyLike } from "jose";
import type { EntraOptions } from "../../src/server/team/sign-in";

// A stand-in for Microsoft Entra ID in tests of Microsoft 365 sign-in: a tenant
// whose signing key is published at a real JWKS endpoint (what the team host checks tokens
// against), and that issues its users' access and ID tokens as Entra ID does for nested app
// authentication. `handle` answers the host shim's bridge (POST /__entra/token) on the pane's
// origin, standing for what Office gets from Entra ID for the signed-in account.

export const ENTRA_TOKEN_PATH = "/__entra/token";

export interface EntraUser {
  email: string;
  name: string;
}

/** What the bridge hands MSAL: the token response and the account (MSAL's NAA shapes). */
export interface IssuedToken {
  token: {
    access_token: string;
    id_token: string;
    expires_in: number;
    scope: string;
    token_type: "Bearer";
  };
  account: {
    homeAccountId: string;
    environment: string;
    tenantId: string;
    username: string;
    localAccountId: string;
    name: string;
  };
}

export class TestEntra {
  readonly tenantId = "72f988bf-86f1-41af-91ab-2d7cd011db47";
  readonly clientId = "4f5c3d2e-1b0a-4c9d-8e7f-6a5b4c3d2e1f";
  readonly audience = `api://mail-finder.example.com/${this.clientId}`;
  readonly issuer = `https://login.microsoftonline.com/${this.tenantId}/v2.0`;
  /** Access tokens issued, in order (their `preferred_username` and scope). */
  readonly issued: Array<{ user: string; scope: string }> = [];
  /** Lifetime of the tokens issued from now on (Entra ID's default is about an hour). */
  lifetimeSeconds = 3600;
  private key: KeyLike | null = null;
  private server: http.Server | null = null;
  private jwks = "";
  private readonly oids = new Map<string, string>();

  constructor(private readonly users: EntraUser[]) {}

  async start(): Promise<void> {
    const { privateKey, publicKey } = await generateKeyPair("RS256");
    this.key = privateKey;
    const published = {
      ...(await exportJWK(publicKey)),
      kid: "test-key",
      alg: "RS256",
      use: "sig",
    };
    this.server = http.createServer((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ keys: [published] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.jwks = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/discovery/v2.0/keys`;
  }

  /** The team host's options for this tenant. */
  get options(): EntraOptions {
    return {
      issuer: this.issuer,
      audience: this.audience,
      clientId: this.clientId,
      jwksUrl: this.jwks,
    };
  }

  async close(): Promise<void> {
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(null)));
  }

  /** The tokens of `email` (a user of the tenant, or any address: an account of another team). */
  async tokenFor(email: string, scope: string): Promise<IssuedToken> {
    const username = email.toLowerCase();
    const user = this.users.find((u) => u.email.toLowerCase() === username);
    const name = user?.name ?? username;
    let oid = this.oids.get(username);
    if (!oid) this.oids.set(username, (oid = randomUUID()));
    const claims = { tid: this.tenantId, oid, sub: oid, name, preferred_username: username };
    const sign = (payload: Record<string, unknown>, audience: string) =>
      new SignJWT(payload)
        .setProtectedHeader({ alg: "RS256", kid: "test-key", typ: "JWT" })
        .setIssuer(this.issuer)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${this.lifetimeSeconds}s`)
        .sign(this.key!);
    this.issued.push({ user: username, scope });
    return {
      token: {
        access_token: await sign({ ...claims, scp: "access_as_user" }, this.audience),
        id_token: await sign(claims, this.clientId),
        expires_in: this.lifetimeSeconds,
        scope,
        token_type: "Bearer",
      },
      account: {
        homeAccountId: `${oid}.${this.tenantId}`,
        environment: "login.microsoftonline.com",
        tenantId: this.tenantId,
        username,
        localAccountId: oid,
        name,
      },
    };
  }

  /** The host shim's bridge asks here for the signed-in account's tokens; false: not ours. */
  readonly handle = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (new URL(req.url ?? "/", "http://host").pathname !== ENTRA_TOKEN_PATH) return false;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const { user, clientId, scope } = JSON.parse(Buffer.concat(chunks).toString() || "{}") as {
        user?: string;
        clientId?: string;
        scope?: string;
      };
      // Entra ID issues tokens only to the registered app, for a scope of its API.
      if (!user || clientId !== this.clientId || !scope?.startsWith(this.audience)) {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "invalid_request" }));
        return;
      }
      void this.tokenFor(user, scope).then((issued) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(issued));
      });
    });
    return true;
  };
}
