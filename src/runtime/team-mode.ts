import { isSameOriginPath } from "../client/base-url";
import { ApiError, errorFromResponse, isBudgetExceeded } from "../client/errors";
import { Listeners } from "../client/listeners";
import type { MicrosoftSignInConfig } from "./microsoft-account";
import type { Settings, SettingsStore } from "./settings";

// Team mode: the production host holds the company's key and relays for members,
// each signed in with a personal team token kept where the API key goes (`settings.apiKey`).
// The pane asks the host it was served from, once, whether it is a team host, and then who is
// signed in and what is left of the month's budget.

/** The host's answer on whether it runs in team mode (at its root, not under /api). */
export const TEAM_CONFIG_PATH = "/team/config";
/** The signed-in member and the budgets, for the member's token. */
export const TEAM_ME_PATH = "/team/me";

/** What a team host says of itself. */
export interface TeamConfig {
  name: string;
  /** Microsoft 365 sign-in (MSAL.js nested app authentication); null: team tokens only. */
  entra: MicrosoftSignInConfig | null;
}

/** GET /team/me: the member, the team, and what is left this month (credits). */
export interface TeamStanding {
  member: { id: string; name: string; email: string };
  team: { name: string; monthly_budget: number | null; spent_this_month: number };
  monthly_budget: number | null;
  spent_this_month: number;
  /** The least of what the member's and the team's budgets leave; null when neither has one. */
  budget_left: number | null;
}

export interface TeamView {
  /** The team host's answer; null: not a team host, not asked yet, or not in use (Try mode). */
  team: TeamConfig | null;
  /** The member signed in with the saved token; null without a token or until read. */
  standing: TeamStanding | null;
  /** The host refused the saved token (unknown or revoked). */
  tokenRejected: boolean;
  /** How the user signs in: a Microsoft 365 account (its username), else the saved token. */
  microsoftAccount: string | null;
  /** Why the host or Office refused the Microsoft 365 sign-in, in their words; null: it did not. */
  microsoftRefusal: string | null;
  /** The host's last budget refusal (402 `budget_exceeded`), until dismissed or signed out. */
  budgetRefusal: string | null;
}

const NO_TEAM: TeamView = {
  team: null,
  standing: null,
  tokenRejected: false,
  microsoftAccount: null,
  microsoftRefusal: null,
  budgetRefusal: null,
};

/** How long the host has to answer these small reads. */
const READ_TIMEOUT_MS = 15_000;

/** Only a base URL on the pane's own origin (the host's relay, "/api") is a team host's. */
export const isHostRelay = (baseUrl: string): boolean => isSameOriginPath(baseUrl);

/** Whether the team view applies to these settings: the host's relay, Try mode off. */
const onHostRelay = (settings: Pick<Settings, "baseUrl" | "tryMode">): boolean =>
  !settings.tryMode && isHostRelay(settings.baseUrl);

const isNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);
const isBudget = (value: unknown): value is number | null => value === null || isNumber(value);
const isText = (value: unknown): value is string => typeof value === "string";

function teamConfigOf(body: unknown): TeamConfig | null {
  const config = body as { team?: unknown; name?: unknown; entra?: unknown } | null;
  if (config?.team !== true) return null;
  return { name: isText(config.name) ? config.name : "", entra: entraOf(config.entra) };
}

function entraOf(body: unknown): MicrosoftSignInConfig | null {
  const entra = body as { client_id?: unknown; authority?: unknown; scopes?: unknown } | null;
  if (!entra || !isText(entra.client_id) || !isText(entra.authority)) return null;
  if (!Array.isArray(entra.scopes) || !entra.scopes.every(isText) || entra.scopes.length === 0)
    return null;
  return { clientId: entra.client_id, authority: entra.authority, scopes: entra.scopes };
}

function standingOf(body: unknown): TeamStanding | null {
  const standing = body as Partial<Record<keyof TeamStanding, unknown>> | null;
  const member = standing?.member as Record<string, unknown> | undefined;
  const team = standing?.team as Record<string, unknown> | undefined;
  if (!standing || !member || !team) return null;
  if (![member.id, member.name, member.email, team.name].every(isText)) return null;
  if (!isBudget(team.monthly_budget) || !isNumber(team.spent_this_month)) return null;
  if (!isBudget(standing.monthly_budget) || !isNumber(standing.spent_this_month)) return null;
  if (!isBudget(standing.budget_left)) return null;
  return standing as TeamStanding;
}

/** The budget that leaves the least this month, with what it leaves (null: no budget). */
export function bindingBudget(
  standing: TeamStanding
): { left: number; monthlyBudget: number } | null {
  const budgets = [
    [standing.monthly_budget, standing.spent_this_month],
    [standing.team.monthly_budget, standing.team.spent_this_month],
  ]
    .filter((pair): pair is [number, number] => pair[0] !== null)
    .map(([monthlyBudget, spent]) => ({ monthlyBudget, left: Math.max(0, monthlyBudget - spent) }))
    .sort((a, b) => a.left - b.left);
  const binding = budgets[0];
  if (!binding) return null;
  // The host's own figure wins: it counts what is reserved for requests under way too.
  return { monthlyBudget: binding.monthlyBudget, left: standing.budget_left ?? binding.left };
}

export interface TeamSessionOptions {
  /** How the pane reaches its host (relative paths: the page's origin). */
  fetch?: typeof fetch;
  /**
   * The bearer credential of these settings: the Microsoft 365 account's token where the user
   * signed in with one (default: the saved team token).
   */
  credential?: (settings: Settings) => Promise<string | null>;
  /** The shortest time between two reads of the standing after lookups (default 3 s). */
  standingIntervalMs?: number;
}

/** What the standing follows: the cells' lookups, read again once they are all done. */
export interface LookupProgress {
  subscribe(listener: () => void): () => void;
  /** Lookups not settled yet. */
  readonly backlog: number;
  readonly counts: { answered: number };
}

/**
 * The team host's view for the pane: whether the host is a team host (asked once; a host that
 * cannot be reached is asked again at the next refresh), the member signed in with the saved
 * token and the budget left, and the last budget refusal. Never logs or shows the token.
 */
export class TeamSession {
  private current: TeamView = NO_TEAM;
  /** The connection the view is of: another one (a new token) starts without its refusal. */
  private connection: string | null = null;
  private detection: Promise<TeamConfig | null> | null = null;
  /** Counts refreshes: an answer to an older one is dropped. */
  private generation = 0;
  private lastStandingAt = 0;
  private standingTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly changes = new Listeners();
  private readonly fetchImpl: typeof fetch;
  private readonly standingIntervalMs: number;
  private readonly credential: (settings: Settings) => Promise<string | null>;

  constructor(
    private readonly settings: SettingsStore,
    options: TeamSessionOptions = {}
  ) {
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
    this.standingIntervalMs = options.standingIntervalMs ?? 3_000;
    this.credential = options.credential ?? (async (settings) => settings.apiKey);
  }

  get view(): TeamView {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    return this.changes.add(listener);
  }

  /**
   * Reads again whether the host is a team host (kept once known) and, with a token saved, the
   * member's standing. Called when the pane opens and when the connection settings change.
   */
  async refresh(): Promise<void> {
    const generation = ++this.generation;
    // Settings that cannot be read now are read again at the next refresh.
    const settings = await this.settings.load().catch(() => null);
    if (!settings) return;
    const connection = JSON.stringify([
      settings.baseUrl,
      settings.tryMode,
      settings.apiKey,
      settings.microsoftAccount,
    ]);
    if (this.connection !== null && connection !== this.connection)
      this.update({
        standing: null,
        tokenRejected: false,
        microsoftRefusal: null,
        budgetRefusal: null,
      });
    this.connection = connection;
    const team = onHostRelay(settings) ? await this.detect() : null;
    if (generation !== this.generation) return;
    if (!team) {
      this.update({ ...NO_TEAM, budgetRefusal: this.current.budgetRefusal });
      return;
    }
    if (this.current.team !== team || this.current.microsoftAccount !== settings.microsoftAccount)
      // Kept even where the host no longer offers Microsoft 365 sign-in: the pane offers sign-out.
      this.update({ team, microsoftAccount: settings.microsoftAccount });
    await this.readStanding(settings, generation);
  }

  /** The team host's Microsoft 365 sign-in settings, once it has said (null: it has none). */
  async microsoftSignIn(): Promise<MicrosoftSignInConfig | null> {
    const settings = await this.settings.load();
    if (!onHostRelay(settings)) return null;
    return (await this.detect())?.entra ?? null;
  }

  /** The standing read again soon: at most once per interval, however many lookups settle. */
  refreshStandingSoon(): void {
    if (!this.current.team || this.standingTimer) return;
    const wait = Math.max(0, this.lastStandingAt + this.standingIntervalMs - Date.now());
    this.standingTimer = setTimeout(() => {
      this.standingTimer = null;
      void this.refresh();
    }, wait);
  }

  /** Reads the standing again each time the lookups of a recalculation are all done. */
  followLookups(lookups: LookupProgress): () => void {
    let answered = lookups.counts.answered;
    // Called at every change of a fill-down's lookups: cheap checks first.
    return lookups.subscribe(() => {
      if (!this.current.team || lookups.backlog > 0) return;
      const now = lookups.counts.answered;
      if (now === answered) return;
      answered = now;
      this.refreshStandingSoon();
    });
  }

  /** A request failed: a budget refusal is kept for the pane's notice (nothing retries it). */
  noteFailure(error: ApiError): void {
    if (!isBudgetExceeded(error)) return;
    this.update({ budgetRefusal: error.message });
    this.refreshStandingSoon();
  }

  dismissBudgetRefusal(): void {
    if (this.current.budgetRefusal !== null) this.update({ budgetRefusal: null });
  }

  private detect(): Promise<TeamConfig | null> {
    if (!this.detection) {
      const detection = this.readConfig();
      this.detection = detection;
      // Unreachable: not known, asked again at the next refresh.
      detection.catch(() => {
        if (this.detection === detection) this.detection = null;
      });
    }
    return this.detection.catch(() => null);
  }

  /** The host's answer: a team, or null (404 or any other answer: not a team host). */
  private async readConfig(): Promise<TeamConfig | null> {
    const response = await this.fetchImpl(TEAM_CONFIG_PATH, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    if (response.status >= 500) throw errorFromResponse(response.status, await response.text());
    if (!response.ok) return null;
    return teamConfigOf(await response.json().catch(() => null));
  }

  private async readStanding(settings: Settings, generation: number): Promise<void> {
    const microsoft = this.current.microsoftAccount !== null;
    let token: string | null;
    try {
      token = await this.credential(settings);
    } catch (error) {
      // Office gave no token for the account silently: the user signs in again.
      if (generation === this.generation)
        this.update({ standing: null, microsoftRefusal: (error as Error).message });
      return;
    }
    if (generation !== this.generation) return;
    if (!token) {
      this.update({ standing: null, tokenRejected: false, microsoftRefusal: null });
      return;
    }
    this.lastStandingAt = Date.now();
    let standing: TeamStanding | null;
    try {
      const response = await this.fetchImpl(TEAM_ME_PATH, {
        headers: { accept: "application/json", authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      if (generation !== this.generation) return;
      if (response.status === 401) {
        // The host says why an account is refused (not a member); a token is simply not valid.
        const refusal = microsoft ? await refusalOf(response) : null;
        this.update({
          standing: null,
          tokenRejected: !microsoft,
          microsoftRefusal: refusal,
        });
        return;
      }
      standing = response.ok ? standingOf(await response.json().catch(() => null)) : null;
    } catch {
      // Unreachable for now: what was shown stays until the next read.
      return;
    }
    if (generation !== this.generation || !standing) return;
    this.update({ standing, tokenRejected: false, microsoftRefusal: null });
  }

  private update(change: Partial<TeamView>): void {
    this.current = { ...this.current, ...change };
    this.changes.emit();
  }
}

/** The host's 401 message (the interface's error body), or its status. */
async function refusalOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return isText(body?.message) && body.message ? body.message : `HTTP ${response.status}`;
}
