import { createPublicKey, randomUUID, type KeyObject } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { SignJWT, UnsecuredJWT, exportJWK, generateKeyPair, type KeyLike } from "jose";
import { buildServer } from "../../../src/server/app";
import { msalSettingsOf, type EntraOptions } from "../../../src/server/team/sign-in";
import { call, startSandbox, type TestSandbox } from "../../helpers/sandbox";
import { DIST } from "../helpers";

// Microsoft Entra ID sign-in in team mode: the host checks each token's RS256
// signature against the issuer's published keys (a real JWKS endpoint here, with keys made for
// the test), its issuer, audience, expiry (required) and the API's scope, and finds the member
// by the account (tid + oid) bound at their first sign-in, by the email they were invited with.

const ADMIN = "dGBrdAxAYoFew+BeSCwJTw6O9z28y8Tg5Jo5pYa0wzY=";
const CLIENT_ID = "11111111-2222-3333-4444-555555555555";
const AUDIENCE = `api://mail-finder.example.com/${CLIENT_ID}`;
const SCOPE = `${AUDIENCE}/access_as_user`;
const TENANT = "72f988bf-86f1-41af-91ab-2d7cd011db47";
const ANN = randomUUID();

describe("team mode with Microsoft Entra ID", () => {
  let sandbox: TestSandbox;
  let directory: string;
  let jwks: http.Server;
  let issuer: string;
  let key: KeyLike;
  let otherKey: KeyLike;
  let host: FastifyInstance;
  let url: string;

  /** An access token of the tenant for the API (scp, tid and oid), with `claims` over it. */
  const token = (
    claims: Record<string, unknown>,
    options: {
      signWith?: KeyLike;
      issuer?: string;
      audience?: string;
      expiresIn?: string | number | null;
    } = {}
  ) => {
    const jwt = new SignJWT({ scp: "access_as_user", tid: TENANT, oid: randomUUID(), ...claims })
      .setProtectedHeader({
        alg: "RS256",
        kid: options.signWith === otherKey ? "other" : "test-key",
      })
      .setIssuer(options.issuer ?? issuer)
      .setAudience(options.audience ?? AUDIENCE)
      .setIssuedAt();
    if (options.expiresIn !== null) jwt.setExpirationTime(options.expiresIn ?? "10m");
    return jwt.sign(options.signWith ?? key);
  };

  /** The same claims signed another way than Entra ID signs (alg: HS256 or none). */
  const forged = (alg: "HS256" | "none", secret?: Uint8Array) => {
    const claims = {
      preferred_username: "ann@contoso.example",
      scp: "access_as_user",
      tid: TENANT,
      oid: ANN,
    };
    if (alg === "none")
      return new UnsecuredJWT(claims)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setExpirationTime("10m")
        .encode();
    return new SignJWT(claims)
      .setProtectedHeader({ alg, kid: "test-key" })
      .setIssuer(issuer)
      .setAudience(AUDIENCE)
      .setExpirationTime("10m")
      .sign(secret!);
  };

  const asAccount = async (jwt: string | Promise<string>, method = "GET", path = "/team/me") =>
    call(url, method, path, undefined, { authorization: `Bearer ${await jwt}` });
  const admin = (method: string, path: string, body?: unknown) =>
    call(url, method, `/admin/api${path}`, body, { authorization: `Bearer ${ADMIN}` });

  beforeAll(async () => {
    ({ privateKey: key } = await generateKeyPair("RS256"));
    ({ privateKey: otherKey } = await generateKeyPair("RS256"));
    const published = {
      ...(await exportJWK(publicOf(key))),
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
    writeFileSync(join(directory, "service-key"), company.apiKey, { mode: 0o600 });
    writeFileSync(join(directory, "admin-token"), ADMIN, { mode: 0o600 });
    const entra: EntraOptions = {
      issuer,
      audience: AUDIENCE,
      clientId: CLIENT_ID,
      adminGroup: "team-admins-group-id",
      scope: SCOPE,
    };
    host = await buildServer({
      dist: DIST,
      upstream: sandbox.baseUrl,
      team: {
        serviceKeyFile: join(directory, "service-key"),
        adminTokenFile: join(directory, "admin-token"),
        db: join(directory, "team.db"),
        entra,
      },
    });
    url = await host.listen({ port: 0, host: "127.0.0.1" });
    const added = await admin("POST", "/members", {
      name: "Ann",
      email: "Ann@Contoso.example",
      monthly_budget: 5,
    });
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
      client_id: CLIENT_ID,
      authority: issuer.replace(/\/v2\.0$/, ""),
      scopes: [SCOPE],
    });
    expect(msalSettingsOf({ issuer, audience: AUDIENCE, clientId: "c" }).scopes).toEqual([
      `${AUDIENCE}/.default`,
    ]);
  });

  test("a member's Microsoft 365 token signs them in (their email, any case), then their account", async () => {
    const me = await asAccount(token({ preferred_username: "ann@contoso.example", oid: ANN }));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      member: { name: "Ann" },
      monthly_budget: 5,
      spent_this_month: 0,
    });
    const account = await asAccount(
      token({ email: "ANN@contoso.example", oid: ANN }),
      "GET",
      "/api/v5.1/account"
    );
    expect(account.status).toBe(200);
  });

  test("a renamed account is still the member; another account given the old address is not", async () => {
    const added = await admin("POST", "/members", {
      name: "Rae",
      email: "rae@contoso.example",
      monthly_budget: null,
    });
    expect(added.status).toBe(201);
    const rae = randomUUID();
    const first = await asAccount(token({ preferred_username: "rae@contoso.example", oid: rae }));
    expect([first.status, first.body.member?.name]).toEqual([200, "Rae"]);
    // Renamed: the email claim changed, the account (tid + oid) did not.
    const renamed = await asAccount(
      token({ preferred_username: "rae.lee@contoso.example", oid: rae })
    );
    expect([renamed.status, renamed.body.member?.id]).toEqual([200, added.body.id]);
    // Someone else now holds the old address: not Rae, whatever the email says.
    const other = await asAccount(token({ preferred_username: "rae@contoso.example" }));
    expect(other.status).toBe(401);
    expect(other.body).toEqual({
      error: "unauthorized",
      message: expect.stringMatching(/another Microsoft 365 account/),
    });
    // The same object id in another tenant is another account.
    const elsewhere = await asAccount(
      token({ preferred_username: "rae@contoso.example", oid: rae, tid: randomUUID() })
    );
    expect(elsewhere.status).toBe(401);
  });

  test("an account of the Entra ID admin group is an admin, audited as itself; a member's account is not", async () => {
    const boss = randomUUID();
    const adminToken = await token({
      preferred_username: "boss@contoso.example",
      name: "Boss Person",
      oid: boss,
      groups: ["team-admins-group-id"],
    });
    const members = await asAccount(adminToken, "GET", "/admin/api/members");
    expect(members.status).toBe(200);
    expect((members.body as Array<{ name: string }>).map((m) => m.name)).toContain("Ann");
    const changed = await call(
      url,
      "PUT",
      "/admin/api/team",
      { name: "Contoso sales" },
      { authorization: `Bearer ${adminToken}` }
    );
    expect(changed.status).toBe(200);
    const audit = await admin("GET", "/admin-audit?limit=1");
    expect(audit.body).toEqual([
      expect.objectContaining({
        actor: { kind: "entra", oid: boss, name: "Boss Person" },
        action: "team_updated",
        changes: { name: { from: "", to: "Contoso sales" } },
      }),
    ]);

    const member = token({
      preferred_username: "ann@contoso.example",
      oid: ANN,
      groups: ["someone-else"],
    });
    expect((await asAccount(member, "GET", "/admin/api/members")).status).toBe(401);
    for (const refused of [
      token(
        { preferred_username: "boss@contoso.example", groups: ["team-admins-group-id"] },
        { signWith: otherKey }
      ),
      // An ID token of the admin: no scope.
      token({ scp: undefined, groups: ["team-admins-group-id"], oid: boss }),
    ])
      expect((await asAccount(refused, "GET", "/admin/api/members")).status).toBe(401);
  });

  test.each([
    [
      "expired",
      () =>
        token(
          { preferred_username: "ann@contoso.example", oid: ANN },
          { expiresIn: Math.floor(Date.now() / 1000) - 3600 }
        ),
      /expired/,
    ],
    [
      "without an expiry",
      () => token({ preferred_username: "ann@contoso.example", oid: ANN }, { expiresIn: null }),
      /has no expiry/,
    ],
    [
      "signed with a key the issuer did not publish",
      () => token({ preferred_username: "ann@contoso.example", oid: ANN }, { signWith: otherKey }),
      /signature|cannot be checked/,
    ],
    [
      "signed HS256 with the issuer's public key as the secret",
      () =>
        forged(
          "HS256",
          new Uint8Array(publicOf(key).export({ type: "spki", format: "pem" }) as unknown as Buffer)
        ),
      /not signed with RS256/,
    ],
    [
      "signed HS256 with a secret of its own",
      () => forged("HS256", new TextEncoder().encode("a-shared-secret-of-32-characters!")),
      /not signed with RS256/,
    ],
    ["not signed (alg: none)", () => forged("none"), /not signed with RS256/],
    [
      "that is an ID token (no scope)",
      () => token({ preferred_username: "ann@contoso.example", oid: ANN, scp: undefined }),
      /not an access token/,
    ],
    [
      "for another scope of the API",
      () => token({ preferred_username: "ann@contoso.example", oid: ANN, scp: "User.Read" }),
      /scope access_as_user/,
    ],
    [
      "without the account's object id",
      () => token({ preferred_username: "ann@contoso.example", oid: undefined }),
      /oid and tid/,
    ],
    [
      "without the account's tenant",
      () => token({ preferred_username: "ann@contoso.example", oid: ANN, tid: undefined }),
      /oid and tid/,
    ],
    [
      "for another audience",
      () =>
        token(
          { preferred_username: "ann@contoso.example", oid: ANN },
          { audience: "api://someone-else" }
        ),
      /not issued for this add-in/,
    ],
    [
      "from another issuer",
      () =>
        token(
          { preferred_username: "ann@contoso.example", oid: ANN },
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
    const refused = await asAccount(make(), "GET", "/api/v5.1/account");
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe("unauthorized");
    expect(refused.body.message).toMatch(message);
  });
});

function publicOf(privateKey: KeyLike): KeyObject {
  return createPublicKey(privateKey as unknown as KeyObject);
}
