import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { HostError } from "../errors";
import type { AdminActor, Member, TeamStore } from "./store";
import { bearerOf, isMemberToken, tokenHash } from "./tokens";

// Who is asking: a member with a personal team token, or, where the organisation
// configured Microsoft Entra ID, a member signed in with their Microsoft 365 account (an access
// token from nested app authentication, checked here: RS256 signature against the issuer's
// published keys, issuer, audience, expiry required, the API's scope, the account's oid and
// tid). The admin: the admin token, or Entra ID's admin group.
//
// An admin invites a member by email; their first sign-in binds the member to the account
// (tid + oid) whose token carried that email, and from then on only that account is the
// member: a renamed account still is, another account given the old address is not.

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
    if (this.keys && token.split(".").length === 3)
      return this.entraMember(await this.verify(token));
    throw unauthorized(
      "This is not a team token. In team mode, use the token your admin gave you."
    );
  }

  /** The admin behind the request's Entra ID token of the admin group, or null. */
  async entraAdmin(request: SignedRequest): Promise<AdminActor | null> {
    const token = bearerOf(request.headers.authorization);
    if (!token || !this.keys || !this.entra?.adminGroup || token.split(".").length !== 3)
      return null;
    let claims: EntraClaims;
    try {
      claims = await this.verify(token);
    } catch {
      return null;
    }
    if (!Array.isArray(claims.groups) || !claims.groups.includes(this.entra.adminGroup))
      return null;
    const name = typeof claims.name === "string" ? claims.name : emailOf(claims);
    return { kind: "entra", oid: claims.oid, name };
  }

  private async entraMember(claims: EntraClaims): Promise<Member> {
    const { tid, oid } = claims;
    const bound = await fromStore(() => this.store.memberByEntraId(tid, oid));
    if (bound) return bound;
    const email = emailOf(claims);
    const invited = email ? await fromStore(() => this.store.memberByEmail(email)) : null;
    if (!invited)
      throw unauthorized(
        `${email ?? "This account"} is not a member of this team. Ask your admin to add you.`
      );
    if (await fromStore(() => this.store.bindEntraId(invited.id, tid, oid))) return invited;
    // The same account's first sign-in twice at once: the other one bound it.
    const boundMeanwhile = await fromStore(() => this.store.memberByEntraId(tid, oid));
    if (boundMeanwhile) return boundMeanwhile;
    throw unauthorized(
      `The member with the address ${email} signs in with another Microsoft 365 account. Ask your admin to add this account.`
    );
  }

  private async verify(token: string): Promise<EntraClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys!, {
        issuer: this.entra!.issuer,
        audience: this.entra!.audience,
        algorithms: ["RS256"],
        requiredClaims: ["exp"],
        clockTolerance: 60,
      }));
    } catch (error) {
      throw refused(whyRefused(error as { code?: string; claim?: string }));
    }
    const scopes = typeof payload.scp === "string" ? payload.scp.split(" ").filter(Boolean) : [];
    if (scopes.length === 0)
      throw refused("it is not an access token for this add-in's API (an ID token has no scope)");
    const needed = scopeName(this.entra!);
    if (needed !== null && !scopes.includes(needed))
      throw refused(`it does not carry the scope ${needed} of this add-in's API`);
    if (
      typeof payload.oid !== "string" ||
      !payload.oid ||
      typeof payload.tid !== "string" ||
      !payload.tid
    )
      throw refused("it does not name the account (oid and tid)");
    return payload as EntraClaims;
  }
}

/** The claims of an Entra ID access token that passed verify(). */
interface EntraClaims extends JWTPayload {
  oid: string;
  tid: string;
  groups?: unknown;
  name?: unknown;
}

const refused = (why: string): HostError =>
  unauthorized(`Your Microsoft 365 sign-in was refused: ${why}. Sign in again.`);

function whyRefused({ code, claim }: { code?: string; claim?: string }): string {
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return "it has expired";
    case "ERR_JOSE_ALG_NOT_ALLOWED":
      return "it is not signed with RS256, as Entra ID signs its tokens";
    case "ERR_JWKS_NO_MATCHING_KEY":
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return "its signature is not the issuer's";
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      return claim === "exp" ? "it has no expiry" : "it was not issued for this add-in";
    default:
      return "it cannot be checked";
  }
}

/**
 * The scope name an access token must carry in `scp`: what follows the API's address in the
 * scope the host is configured with ("api://…/access_as_user" → "access_as_user"). ".default"
 * (the default) names no scope of its own: any scope of the API then does, none does not.
 */
export function scopeName(entra: EntraOptions): string | null {
  const scope = msalSettingsOf(entra).scopes[0]!;
  const name = scope.slice(scope.lastIndexOf("/") + 1);
  return name === "" || name === ".default" ? null : name;
}

function emailOf(claims: JWTPayload): string | null {
  for (const claim of ["preferred_username", "email", "upn"]) {
    const value = claims[claim];
    if (typeof value === "string" && value.includes("@")) return value.toLowerCase();
  }
  return null;
}
