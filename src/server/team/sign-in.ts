import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { HostError } from "../errors";
import type { Member, TeamStore } from "./store";
import { bearerOf, isMemberToken, sameSecret, tokenHash } from "./tokens";

// Who is asking (DESIGN 6c): a member with a personal team token, or, where the organisation
// configured Microsoft Entra ID, a member signed in with their Microsoft 365 account (a token
// from nested app authentication, checked here: signature against the issuer's published
// keys, issuer, audience, expiry). The admin: the admin token, or Entra ID's admin group.

export interface EntraOptions {
  /** e.g. https://login.microsoftonline.com/<tenant id>/v2.0 */
  issuer: string;
  /** The add-in's application ID URI or client id, as the tokens carry it in `aud`. */
  audience: string;
  /** The add-in's client id (told to the pane for MSAL). */
  clientId: string;
  /** The issuer's keys (default: <issuer without /v2.0>/discovery/v2.0/keys). */
  jwksUrl?: string;
  /** An Entra ID group whose members are admins. */
  adminGroup?: string;
  /** What the pane asks a token for (default: `<audience>/.default`). */
  scope?: string;
}

/** What sign-in reads of a request. */
export interface SignedRequest {
  headers: { authorization?: string };
}

/** What MSAL.js in the pane needs to sign in: the authority and the scope of the host's tokens. */
export function msalSettingsOf(entra: EntraOptions): {
  client_id: string;
  authority: string;
  scopes: string[];
} {
  return {
    client_id: entra.clientId,
    authority: entra.issuer.replace(/\/v2\.0\/?$/, ""),
    scopes: [entra.scope ?? `${entra.audience.replace(/\/+$/, "")}/.default`],
  };
}

export function defaultJwksUrl(issuer: string): string {
  return issuer.replace(/\/v2\.0\/?$/, "") + "/discovery/v2.0/keys";
}

export const unauthorized = (message: string): HostError =>
  new HostError(401, "unauthorized", message);

/** A store call whose failure is the database's, said as such (503), never relayed unmetered. */
export async function fromStore<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HostError) throw error;
    throw new HostError(
      503,
      "team_database_unavailable",
      "The team's database cannot be reached: nothing was sent to the service. Try again shortly."
    );
  }
}

export class SignIn {
  private readonly keys: ReturnType<typeof createRemoteJWKSet> | null;

  constructor(
    private readonly store: TeamStore,
    private readonly adminToken: () => string,
    private readonly entra: EntraOptions | null
  ) {
    this.keys = entra
      ? createRemoteJWKSet(new URL(entra.jwksUrl ?? defaultJwksUrl(entra.issuer)))
      : null;
  }

  /** The member behind the request's bearer token; 401 without one that is valid now. */
  async member(request: SignedRequest): Promise<Member> {
    const token = bearerOf(request.headers.authorization);
    if (!token)
      throw unauthorized("Sign in with your team token (Settings) or your Microsoft 365 account.");
    if (isMemberToken(token)) {
      const member = await fromStore(() => this.store.memberByTokenHash(tokenHash(token)));
      if (!member)
        throw unauthorized(
          "This team token is not valid: it was revoked, or its member removed. Ask your admin for a new one."
        );
      return member;
    }
    if (this.keys && token.split(".").length === 3) {
      const claims = await this.verify(token);
      const email = emailOf(claims);
      const member = email ? await fromStore(() => this.store.memberByEmail(email)) : null;
      if (!member)
        throw unauthorized(
          `${email ?? "This account"} is not a member of this team. Ask your admin to add you.`
        );
      return member;
    }
    throw unauthorized(
      "This is not a team token. In team mode, use the token your admin gave you."
    );
  }

  /** Whether the request carries the admin token, or an Entra ID token of the admin group. */
  async isAdmin(request: SignedRequest): Promise<boolean> {
    const token = bearerOf(request.headers.authorization);
    if (!token) return false;
    if (sameSecret(token, this.adminToken())) return true;
    if (!this.keys || !this.entra?.adminGroup || token.split(".").length !== 3) return false;
    try {
      const claims = await this.verify(token);
      return Array.isArray(claims.groups) && claims.groups.includes(this.entra.adminGroup);
    } catch {
      return false;
    }
  }

  private async verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.keys!, {
        issuer: this.entra!.issuer,
        audience: this.entra!.audience,
        clockTolerance: 60,
      });
      return payload;
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      const why =
        code === "ERR_JWT_EXPIRED"
          ? "it has expired"
          : code === "ERR_JWKS_NO_MATCHING_KEY" || code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED"
            ? "its signature is not the issuer's"
            : code === "ERR_JWT_CLAIM_VALIDATION_FAILED"
              ? "it was not issued for this add-in"
              : "it cannot be checked";
      throw unauthorized(`Your Microsoft 365 sign-in was refused: ${why}. Sign in again.`);
    }
  }
}

function emailOf(claims: JWTPayload): string | null {
  for (const claim of ["preferred_username", "email", "upn"]) {
    const value = claims[claim];
    if (typeof value === "string" && value.includes("@")) return value.toLowerCase();
  }
  return null;
}
