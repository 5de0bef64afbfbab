import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { SignJWT, exportJWK, generateKeyPair, type KeyLike } from "jose";
import { buildServer } from "../../../src/server/app";
import { msalSettingsOf } from "../../../src/server/team/sign-in";
import { call, startSandbox, type TestSandbox } from "../../helpers/sandbox";
import { DIST } from "../helpers";

// Microsoft Entra ID sign-in in team mode (DESIGN 6c): the host checks each token's signature
// against the issuer's published keys (a real JWKS endpoint here, with keys made for the test),
// its issuer, audience and expiry, and finds the member by the account's email.

const ADMIN = "admin-token-for-the-entra-tests-0123456789abcdef";
const AUDIENCE = "api://mail-finder.example.com/11111111-2222-3333-4444-555555555555";

describe("team mode with Microsoft Entra ID", () => {
  let sandbox: TestSandbox;
  let directory: string;
  let jwks: http.Server;
  let issuer: string;
  let key: KeyLike;
  let otherKey: KeyLike;
  let host: FastifyInstance;
  let url: string;

  const token = (
    claims: Record<string, unknown>,
    options: {
      signWith?: KeyLike;
      issuer?: string;
      audience?: string;
      expiresIn?: string | number;
    } = {}
  ) =>
    new SignJWT(claims)
      .setProtectedHeader({
        alg: "RS256",
        kid: options.signWith === otherKey ? "other" : "test-key",
      })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? "10m")
      .sign(options.signWith ?? key);

  beforeAll(async () => {
    ({ privateKey: key } = await generateKeyPair("RS256"));
    ({ privateKey: otherKey } = await generateKeyPair("RS256"));
    const published = {
      ...(await exportJWK(await publicOf(key))),
      kid: "test-key",
      alg: "RS256",
      use: "sig",
    };
    jwks = http.createServer((request, response) => {
      response.writeHead(request.url === "/tenant/discovery/v2.0/keys" ? 200 : 404, {
        "content-type": "application/json",
      });
      response.end(JSON.stringify({ keys: [published] }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, "127.0.0.1", resolve));
    issuer = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/tenant/v2.0`;
    sandbox = await startSandbox();
    const company = await sandbox.account(100);
    directory = mkdtempSync(join(tmpdir(), "mf-entra-"));
    writeFileSync(join(directory, "service-key"), company.apiKey);
    writeFileSync(join(directory, "admin-token"), ADMIN);
    host = await buildServer({
      dist: DIST,
      upstream: sandbox.baseUrl,
      team: {
        serviceKeyFile: join(directory, "service-key"),
        adminTokenFile: join(directory, "admin-token"),
        db: join(directory, "team.db"),
        entra: {
          issuer,
          audience: AUDIENCE,
          clientId: "11111111-2222-3333-4444-555555555555",
          adminGroup: "team-admins-group-id",
        },
      },
    });
    url = await host.listen({ port: 0, host: "127.0.0.1" });
    const added = await call(
      url,
      "POST",
      "/admin/api/members",
      { name: "Ann", email: "Ann@Contoso.example", monthly_budget: 5 },
      { authorization: `Bearer ${ADMIN}` }
    );
    expect(added.status).toBe(201);
  });

  afterAll(async () => {
    await host?.close();
    await sandbox?.close();
    await new Promise((resolve) => jwks?.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  test("the pane learns how to sign in: MSAL's client id, authority and scope", async () => {
    const config = await call(url, "GET", "/team/config");
    expect(config.body.entra).toEqual({
      client_id: "11111111-2222-3333-4444-555555555555",
      authority: issuer.replace(/\/v2\.0$/, ""),
      scopes: [`${AUDIENCE}/.default`],
    });
    expect(
      msalSettingsOf({ issuer, audience: AUDIENCE, clientId: "c", scope: "api://x/access_as_user" })
        .scopes
    ).toEqual(["api://x/access_as_user"]);
  });

  test("a member's Microsoft 365 token signs them in (their email, any case)", async () => {
    const me = await call(url, "GET", "/team/me", undefined, {
      authorization: `Bearer ${await token({ preferred_username: "ann@contoso.example" })}`,
    });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      member: { name: "Ann" },
      monthly_budget: 5,
      spent_this_month: 0,
    });
    const account = await call(url, "GET", "/api/v5.1/account", undefined, {
      authorization: `Bearer ${await token({ email: "ANN@contoso.example" })}`,
    });
    expect(account.status).toBe(200);
  });

  test("an account of the Entra ID admin group is an admin; a member's account is not", async () => {
    const admin = await token({
      preferred_username: "boss@contoso.example",
      groups: ["team-admins-group-id"],
    });
    const members = await call(url, "GET", "/admin/api/members", undefined, {
      authorization: `Bearer ${admin}`,
    });
    expect(members.status).toBe(200);
    expect((members.body as Array<{ name: string }>).map((m) => m.name)).toContain("Ann");
    const member = await token({
      preferred_username: "ann@contoso.example",
      groups: ["someone-else"],
    });
    const refused = await call(url, "GET", "/admin/api/members", undefined, {
      authorization: `Bearer ${member}`,
    });
    expect(refused.status).toBe(401);
    const forged = await token(
      { preferred_username: "boss@contoso.example", groups: ["team-admins-group-id"] },
      { signWith: otherKey }
    );
    expect(
      (
        await call(url, "GET", "/admin/api/members", undefined, {
          authorization: `Bearer ${forged}`,
        })
      ).status
    ).toBe(401);
  });

  test.each([
    [
      "expired",
      () =>
        token(
          { preferred_username: "ann@contoso.example" },
          { expiresIn: Math.floor(Date.now() / 1000) - 3600 }
        ),
      /expired/,
    ],
    [
      "signed with a key the issuer did not publish",
      () => token({ preferred_username: "ann@contoso.example" }, { signWith: otherKey }),
      /signature|cannot be checked/,
    ],
    [
      "for another audience",
      () =>
        token({ preferred_username: "ann@contoso.example" }, { audience: "api://someone-else" }),
      /not issued for this add-in/,
    ],
    [
      "from another issuer",
      () =>
        token(
          { preferred_username: "ann@contoso.example" },
          { issuer: "https://login.microsoftonline.com/other/v2.0" }
        ),
      /not issued for this add-in/,
    ],
    [
      "of someone who is not a member",
      () => token({ preferred_username: "eve@contoso.example" }),
      /not a member of this team/,
    ],
  ])("a token %s is refused with 401 and nothing is relayed", async (_case, make, message) => {
    const refused = await call(url, "GET", "/api/v5.1/account", undefined, {
      authorization: `Bearer ${await make()}`,
    });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("unauthorized");
    expect(refused.body.message).toMatch(message);
  });
});

async function publicOf(privateKey: KeyLike): Promise<KeyLike> {
  const { createPublicKey } = await import("node:crypto");
  return createPublicKey(
    privateKey as unknown as import("node:crypto").KeyObject
  ) as unknown as KeyLike;
}
