import type {
  AuthenticationResult,
  IPublicClientApplication,
  SilentRequest,
} from "@azure/msal-browser";
import { ApiError, SIGN_IN_REQUIRED } from "../client/errors";
import { t } from "../i18n/i18n";
import { officeSupports } from "./requirement-sets";

// Microsoft 365 sign-in on a team host: MSAL.js nested app authentication, where
// Office itself (the "host app") holds the user's account and hands the add-in tokens for the
// team host, asking the user only to consent. MSAL is loaded only where the host asks for it;
// tokens are kept in memory (Office keeps the account), never in storage, a cell or a log.

/** What the team host says MSAL needs (GET /team/config, `entra`). */
export interface MicrosoftSignInConfig {
  clientId: string;
  authority: string;
  scopes: string[];
}

/** Office's requirement set for nested app authentication. */
export const NESTED_APP_AUTH = { name: "NestedAppAuth", version: "1.1" } as const;

/** Why a sign-in did not happen, for the pane's message. */
export type SignInFailure = "unsupported" | "cancelled" | "not-configured" | "failed";

export class MicrosoftSignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    message: string
  ) {
    super(message);
    this.name = "MicrosoftSignInError";
  }
}

type Msal = typeof import("@azure/msal-browser");

export interface MicrosoftAccountOptions {
  /** The team host's MSAL settings; null: the host has no Microsoft Entra ID sign-in. */
  config: () => Promise<MicrosoftSignInConfig | null>;
  /** Whether Office offers nested app authentication (default: its requirement set). */
  supported?: () => boolean;
  load?: () => Promise<Msal>;
  now?: () => number;
}

/** A token is used until this long before it expires, then a new one is asked of Office. */
const RENEW_BEFORE_MS = 5 * 60_000;
/** After Office gave no token silently, requests fail at once this long, without asking again. */
const REFUSAL_HELD_MS = 30_000;

interface HeldToken {
  accessToken: string;
  account: string;
  expiresAt: number;
}

export function nestedAppAuthSupported(): boolean {
  return officeSupports(NESTED_APP_AUTH);
}

const loadMsal = (): Promise<Msal> => import(/* webpackChunkName: "msal" */ "@azure/msal-browser");

/**
 * The signed-in Microsoft 365 account's tokens for the team host: asked of Office silently for
 * every request (one at a time, reused until near expiry), interactively only when the user
 * signs in from the pane.
 */
export class MicrosoftAccount {
  private app: Promise<{ msal: Msal; client: IPublicClientApplication; scopes: string[] }> | null =
    null;
  private held: HeldToken | null = null;
  private pending: Promise<HeldToken> | null = null;
  private refusal: { error: ApiError; at: number } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: MicrosoftAccountOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether this Office can sign in with a Microsoft 365 account (nested app authentication). */
  get supported(): boolean {
    return (this.options.supported ?? nestedAppAuthSupported)();
  }

  /**
   * Signs in from the pane (a user's click): silently where Office can, else with Office's own
   * sign-in and consent. Resolves with the account's username; throws MicrosoftSignInError.
   */
  async signIn(): Promise<string> {
    const { msal, client, scopes } = await this.application();
    let result: AuthenticationResult;
    try {
      result = await client.acquireTokenSilent({ scopes } as SilentRequest);
    } catch (silent) {
      if (!(silent instanceof msal.InteractionRequiredAuthError) && !isNoAccount(silent))
        throw failure(silent);
      try {
        result = await client.acquireTokenPopup({ scopes });
      } catch (interactive) {
        throw failure(interactive);
      }
    }
    this.held = heldOf(result, this.now());
    this.refusal = null;
    return this.held.account;
  }

  /**
   * A token for the next request, without asking the user. Throws an ApiError the cells and
   * the pane show as a rejected sign-in when Office cannot give one silently.
   */
  async token(): Promise<string> {
    const held = this.held;
    if (held && held.expiresAt - RENEW_BEFORE_MS > this.now()) return held.accessToken;
    // A fill-down of thousands of cells: one question to Office, not one per cell.
    if (this.refusal && this.now() - this.refusal.at < REFUSAL_HELD_MS) throw this.refusal.error;
    this.pending ??= this.renew().finally(() => {
      this.pending = null;
    });
    return (await this.pending).accessToken;
  }

  /** Forgets the tokens held here (the settings forget the account). */
  async signOut(): Promise<void> {
    this.held = null;
    this.refusal = null;
    const app = this.app;
    if (!app) return;
    const { client } = await app.catch(() => ({ client: null }));
    await client?.clearCache().catch(() => undefined);
  }

  private async renew(): Promise<HeldToken> {
    let result: AuthenticationResult;
    try {
      const { client, scopes } = await this.application();
      result = await client.acquireTokenSilent({ scopes } as SilentRequest);
    } catch {
      // Whatever the reason (consent withdrawn, Office signed out, no network to Entra ID), the
      // user signs in again from the pane; nothing is retried behind their back.
      const error = new ApiError({
        kind: "unauthorized",
        status: null,
        code: SIGN_IN_REQUIRED,
        message: t("cells.microsoftSignIn"),
      });
      this.refusal = { error, at: this.now() };
      throw error;
    }
    this.held = heldOf(result, this.now());
    return this.held;
  }

  private application(): Promise<{
    msal: Msal;
    client: IPublicClientApplication;
    scopes: string[];
  }> {
    if (!this.app) {
      const app = (async () => {
        if (!this.supported)
          throw new MicrosoftSignInError("unsupported", t("settings.microsoftUnsupported"));
        const config = await this.options.config();
        if (!config)
          throw new MicrosoftSignInError("not-configured", t("settings.microsoftNotConfigured"));
        const msal = await (this.options.load ?? loadMsal)();
        const client = await msal.createNestablePublicClientApplication({
          auth: {
            clientId: config.clientId,
            authority: config.authority,
            // Excel on the web brokers with the standard flow, which comes back to the pane's
            // page: registered as an SPA redirect beside brk-multihub://<host> (README, Teams).
            redirectUri: paneUrl(),
          },
          // Office holds the account: MSAL's own copies of tokens stay in this runtime's memory.
          cache: { cacheLocation: msal.BrowserCacheLocation.MemoryStorage },
        });
        return { msal, client, scopes: config.scopes };
      })();
      this.app = app;
      // Not available now (no config yet, the chunk not loaded): tried again at the next call.
      app.catch(() => {
        if (this.app === app) this.app = null;
      });
    }
    return this.app;
  }
}

/** The task pane's page, beside the runtime's (the shared runtime is the pane's own page). */
function paneUrl(): string | undefined {
  return typeof location === "undefined" ? undefined : new URL("taskpane.html", location.href).href;
}

function heldOf(result: AuthenticationResult, now: number): HeldToken {
  return {
    accessToken: result.accessToken,
    account: result.account?.username ?? "",
    expiresAt: result.expiresOn ? result.expiresOn.getTime() : now,
  };
}

const errorCodeOf = (error: unknown): string =>
  typeof (error as { errorCode?: unknown })?.errorCode === "string"
    ? (error as { errorCode: string }).errorCode
    : "";

/** Nobody signed in yet: NAA's "no account found", or the standard flow's "no account". */
const isNoAccount = (error: unknown): boolean =>
  ["no_account_found", "no_account_error"].includes(errorCodeOf(error));

/** MSAL's or Office's refusal, in the pane's words (never with a token in it). */
function failure(error: unknown): MicrosoftSignInError {
  if (error instanceof MicrosoftSignInError) return error;
  if (errorCodeOf(error) === "user_canceled")
    return new MicrosoftSignInError("cancelled", t("settings.microsoftCancelled"));
  const reason = (error as { errorMessage?: unknown })?.errorMessage;
  const code = errorCodeOf(error);
  return new MicrosoftSignInError(
    "failed",
    t("settings.microsoftFailed", {
      reason: typeof reason === "string" && reason ? reason : code || String(error),
    })
  );
}
