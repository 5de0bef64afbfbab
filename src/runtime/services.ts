import { cardsSupported } from "./cards-support";
import { openAnswerStore, type OpenedAnswerStore } from "../client/open-answer-store";
import { DAY_MS, type AnswerStore } from "../client/answer-store-contract";
import { EmailServiceClient, type ClientOptions } from "../client/client";
import { CreditsLedger } from "../client/credits";
import { AnswerCache, cacheNamespace, type CachePeers } from "../client/answer-cache";
import { LookupScheduler, type SchedulerOptions } from "../client/scheduler";
import { SpendingGuard, type SpendingPolicy } from "../client/spending";
import {
  MemoryStore,
  OfficeRuntimeStore,
  type OfficeRuntimeStorageLike,
} from "../client/key-value-store";
import { StorageDenial } from "../client/storage-denial";
import type { Endpoint } from "../client/transport";
import {
  SettingsStore,
  type ConnectionSettings,
  type Settings,
  type SettingsStorage,
} from "./settings";
import { MicrosoftAccount, type MicrosoftAccountOptions } from "./microsoft-account";
import { taskPaneHost, type TaskPaneHost } from "./task-pane-host";
import { KeptAnswersCheck } from "./kept-answers-check";
import { openWorkbookShelves, type WorkbookShelves } from "./answer-shelves";
import { TeamSession, type TeamSessionOptions } from "./team-mode";
import { connectionOf, type Connection } from "./try-mode";
import { SessionFallbackStorage } from "./session-settings-storage";

export type ServicesClientOptions = Omit<
  Partial<ClientOptions>,
  "baseUrl" | "apiKey" | "credits" | "endpoint"
>;

export interface ServicesOptions {
  /** Shows the task pane for the spending question (default: Office.addin, when there is one). */
  host?: TaskPaneHost;
  scheduler?: Pick<SchedulerOptions, "quietMs" | "storeWaitMs">;
  /** Cache writes are batched this long (default 20 ms). */
  cacheFlushDelayMs?: number;
  /** Answers each cache holds in memory (default 10,000). */
  cacheMemoryEntries?: number;
  /** The other runtimes over the same answers (default: none). */
  cachePeers?: CachePeers;
  /** Team mode's reads of the host (default: the client's fetch). */
  team?: Omit<TeamSessionOptions, "fetch" | "credential">;
  /** Microsoft 365 sign-in on a team host (default: Office's nested app authentication). */
  microsoft?: Omit<MicrosoftAccountOptions, "config">;
  /** The open workbook's shelves of kept answers (default: its document settings, if any). */
  workbookShelves?: () => WorkbookShelves | null;
  /** Where the settings' storage notes a denial (default: one of the services' own). */
  storageDenial?: StorageDenial;
}

/** Where kept answers live: a store, or the opening of one (IndexedDB, else the fallback). */
export type AnswerSource = AnswerStore | (() => Promise<OpenedAnswerStore>);

const policyOf = (settings: Settings): SpendingPolicy => ({
  enabled: settings.spendingEnabled,
  confirmAbove: settings.confirmAbove,
  sessionBudget: settings.sessionBudget,
});

/**
 * What one shared runtime holds once: settings, one client, one scheduler,
 * the caches, the spending guard and the credits ledger. Settings apply at once: every
 * request reads the endpoint (base URL, key and its cache namespace) as it goes on the wire.
 */
export class Services {
  readonly credits = new CreditsLedger();
  readonly spending = new SpendingGuard();
  /** Team mode: the host's team, the member signed in, their budget. */
  readonly team: TeamSession;
  /** A team member's Microsoft 365 account, where the team host signs in with Entra ID. */
  readonly microsoft: MicrosoftAccount;
  /** The browser denies the add-in its storage (docs/user-guide.md): nothing outlives the session. */
  readonly storageDenial: StorageDenial;
  private readonly clientValue: EmailServiceClient;
  private readonly schedulerValue: LookupScheduler;
  private readonly caches = new Map<string, AnswerCache>();
  private endpointValue: Endpoint | null = null;
  private loading: Promise<Endpoint> | null = null;
  private readonly host: TaskPaneHost;
  private storage: Promise<OpenedAnswerStore> | null = null;
  private readonly keptAnswers: KeptAnswersCheck;

  constructor(
    readonly settings: SettingsStore,
    private readonly answerSource: AnswerSource,
    clientOptions: ServicesClientOptions = {},
    private readonly options: ServicesOptions = {}
  ) {
    this.host = options.host ?? taskPaneHost();
    this.storageDenial = options.storageDenial ?? new StorageDenial();
    this.keptAnswers = new KeptAnswersCheck({
      guard: this.spending,
      workbook: options.workbookShelves ?? openWorkbookShelves,
      demo: () => settings.value.tryMode,
      onError: (error) => console.warn("Mail Finder: kept answers", storeErrorText(error)),
    });
    this.team = new TeamSession(settings, {
      ...options.team,
      fetch: clientOptions.fetch,
      credential: async (next) => {
        const endpoint = await this.endpointOf(next);
        return endpoint.credential ? endpoint.credential.token() : endpoint.apiKey;
      },
    });
    this.microsoft = new MicrosoftAccount({
      ...options.microsoft,
      config: () => this.team.microsoftSignIn(),
    });
    this.clientValue = new EmailServiceClient({
      ...clientOptions,
      endpoint: () => this.endpoint(),
      credits: this.credits,
      onFailure: (error) => {
        clientOptions.onFailure?.(error);
        this.team.noteFailure(error);
      },
    });
    this.schedulerValue = new LookupScheduler({
      client: this.clientValue,
      caches: {
        current: async () => {
          const { id } = await this.endpoint();
          this.keptAnswers.follow(id);
          return this.cacheFor(id);
        },
        of: (id) => this.cacheFor(id),
      },
      guard: this.spending,
      ask: () => this.host.askInTaskPane(() => this.schedulerValue.unanswerable()),
      maxAgeMs: () => {
        const days = this.settings.value.maxAgeDays;
        return days === null ? null : days * DAY_MS;
      },
      ...options.scheduler,
    });
    this.team.followLookups(this.schedulerValue);
    settings.subscribe((next, previous) => this.apply(next, previous));
    this.host.onLeave(() => void this.flush());
  }

  async client(): Promise<EmailServiceClient> {
    await this.endpoint();
    return this.clientValue;
  }

  async scheduler(): Promise<LookupScheduler> {
    await this.endpoint();
    return this.schedulerValue;
  }

  /**
   * Whether person, profile and decision-maker answers are shown as cards: the user's setting
   * (applied at once: read at each cell) where this Excel has entity values.
   */
  answersAsCards(): boolean {
    return this.settings.value.answersAsCards && cardsSupported();
  }

  /** The scheduler, for views that follow its counts (it exists from the start). */
  get lookups(): LookupScheduler {
    return this.schedulerValue;
  }

  /** The task pane's view of the question: it registers while it can show it. */
  presentQuestions(): () => void {
    return this.host.present();
  }

  /** The base URL, key and cache namespace in force. */
  async endpoint(): Promise<Endpoint> {
    if (this.endpointValue) return this.endpointValue;
    this.loading ??= (async () => {
      const settings = await this.settings.load();
      this.applyLimits(settings);
      const endpoint = await this.endpointOf(settings);
      this.endpointValue ??= endpoint;
      return this.endpointValue;
    })();
    const loading = this.loading;
    // Storage that failed to load is read again at the next call.
    loading.catch(() => {
      if (this.loading === loading) this.loading = null;
    });
    return loading;
  }

  /** Writes every kept answer that is not written yet (the runtime may be going away). */
  async flush(): Promise<void> {
    await Promise.all([...this.caches.values()].map((cache) => cache.flush()));
  }

  /**
   * Where kept answers live, opened at first use (not at start-up): IndexedDB, or the
   * fallback and why.
   */
  answerStorage(): Promise<OpenedAnswerStore> {
    if (!this.storage) {
      const source = this.answerSource;
      const opening =
        typeof source === "function"
          ? source()
          : Promise.resolve({ store: source, fallbackReason: null, carried: 0, denied: false });
      this.storage = opening;
      // Answers kept in memory only: the pane says why (docs/user-guide.md).
      void opening.then(
        ({ denied }) => {
          if (denied) this.storageDenial.note();
        },
        () => undefined
      );
      // A store that failed to open is opened again at the next use.
      opening.catch(() => {
        if (this.storage === opening) this.storage = null;
      });
    }
    return this.storage;
  }

  private cacheFor(namespace: string): AnswerCache {
    let cache = this.caches.get(namespace);
    if (!cache) {
      cache = new AnswerCache({
        // The workbook's kept answers are checked before the first read resolves (the guard
        // decides after the reads).
        store: this.answerStorage().then(async ({ store }) => {
          await this.keptAnswers.check(store, namespace);
          return store;
        }),
        namespace,
        flushDelayMs: this.options.cacheFlushDelayMs,
        memoryEntries: this.options.cacheMemoryEntries,
        peers: this.options.cachePeers,
        onStoreError: (error) => console.warn("Mail Finder: kept answers", storeErrorText(error)),
        onKept: () => this.keptAnswers.used(namespace),
      });
      this.caches.set(namespace, cache);
    }
    return cache;
  }

  /** What the Lookups view shows of the connection: its protocol and the adaptive limit. */
  get connection(): { protocol: string | null; limit: number; ceiling: number; inUse: number } {
    const transport = this.clientValue.transport;
    return {
      protocol: transport.protocol,
      limit: transport.limiter.limit,
      ceiling: transport.limiter.ceiling,
      inUse: transport.limiter.inUse,
    };
  }

  /** The spending policy and the requests-at-once setting. */
  private applyLimits(settings: Settings): void {
    this.spending.setPolicy(policyOf(settings));
    this.clientValue.transport.setConcurrencyCeiling(settings.maxConcurrency);
  }

  private async apply(next: Settings, previous: Settings): Promise<void> {
    this.applyLimits(next);
    const before = connectionOf(previous);
    const after = connectionOf(next);
    if (
      after.apiKey === before.apiKey &&
      after.baseUrl === before.baseUrl &&
      after.microsoftAccount === before.microsoftAccount
    )
      return;
    if (before.microsoftAccount !== null && after.microsoftAccount !== before.microsoftAccount)
      await this.microsoft.signOut();
    void this.team.refresh();
    const endpoint = await this.endpointOf(next);
    // A change saved before the first load finished is the one in force.
    this.endpointValue = endpoint;
    this.schedulerValue.endpointChanged();
    // Another account: MAIL.CREDITS() and the pane show its balance, read now.
    this.credits.resetBalance();
    void this.clientValue.account().catch(() => undefined);
    // Try mode left: its answers are examples, kept for no one.
    if (previous.tryMode && !next.tryMode) await this.forget(before);
  }

  /** Removes every kept answer of a service and key. */
  private async forget(connection: Connection): Promise<void> {
    const namespace = await cacheNamespace(connection.baseUrl, connection.apiKey ?? "");
    await this.cacheFor(namespace).clear();
  }

  /**
   * The endpoint of these settings. Signed in with a Microsoft 365 account, requests carry
   * its token, asked of Office at each attempt, to the team host's origin only (the page's),
   * and the answers are kept for the account.
   */
  private async endpointOf(settings: Settings): Promise<Endpoint> {
    const { baseUrl, apiKey, microsoftAccount } = connectionOf(settings);
    if (microsoftAccount === null)
      return { baseUrl, apiKey, id: await cacheNamespace(baseUrl, apiKey ?? "") };
    return {
      baseUrl,
      apiKey: null,
      id: await cacheNamespace(baseUrl, `microsoft:${microsoftAccount}`),
      credential: { token: () => this.microsoft.token(), origin: pageOrigin() },
    };
  }
}

declare const OfficeRuntime: { storage: OfficeRuntimeStorageLike & SettingsStorage } | undefined;

/** Defaults set at build time: the dev build points at the local sandbox through the relay. */
declare const __DEFAULT_SETTINGS__: ConnectionSettings | undefined;

/** The origin of the page the runtime runs in (the task pane's); null without one (Node). */
function pageOrigin(): string | null {
  const origin = (globalThis as { location?: Location }).location?.origin;
  return origin && origin !== "null" ? origin : null;
}

/** A store error as one line (a DOMException's name says what happened). */
function storeErrorText(error: unknown): string {
  if (error && typeof error === "object") {
    const { name, message } = error as { name?: unknown; message?: unknown };
    return `${String(name ?? "Error")}: ${String(message ?? "")}`;
  }
  return String(error);
}

function platformStorage(denial: StorageDenial): {
  settings: SettingsStorage;
  answers: AnswerSource;
} {
  const runtimeStorage =
    typeof OfficeRuntime !== "undefined" && OfficeRuntime?.storage ? OfficeRuntime.storage : null;
  const settings = new SessionFallbackStorage(
    runtimeStorage ?? {
      getItem: async (key) => globalThis.localStorage?.getItem(key) ?? null,
      setItem: async (key, value) => globalThis.localStorage?.setItem(key, value),
      removeItem: async (key) => globalThis.localStorage?.removeItem(key),
    },
    denial
  );
  const answers = (): Promise<OpenedAnswerStore> =>
    openAnswerStore({
      indexedDB: typeof indexedDB !== "undefined" ? indexedDB : null,
      kv: runtimeStorage ? new OfficeRuntimeStore(runtimeStorage) : new MemoryStore(),
      kvKind: runtimeStorage ? "runtime-storage" : "memory",
      onError: (error) => console.warn("Mail Finder: earlier answers", storeErrorText(error)),
    });
  return { settings, answers };
}

/** The other runtimes of this user (open workbooks), told when kept answers are cleared. */
function broadcastPeers(): CachePeers | undefined {
  if (typeof BroadcastChannel !== "function") return undefined;
  let channel: BroadcastChannel;
  try {
    channel = new BroadcastChannel("mail-finder-answers");
  } catch {
    // A browser that denies the frame its storage may refuse the channel too: no peers.
    return undefined;
  }
  // In Node (the runtime's tests) an open channel keeps the process alive; a browser's channel
  // has no unref.
  (channel as BroadcastChannel & { unref?: () => void }).unref?.();
  return {
    announceCleared: (namespace) => channel.postMessage({ cleared: namespace }),
    onCleared: (listener) =>
      channel.addEventListener("message", (event: MessageEvent<{ cleared?: unknown }>) => {
        if (typeof event.data?.cleared === "string") listener(event.data.cleared);
      }),
    announceBounced: (namespace, marks) => channel.postMessage({ bounced: namespace, marks }),
    onBounced: (listener) =>
      channel.addEventListener(
        "message",
        (event: MessageEvent<{ bounced?: unknown; marks?: unknown }>) => {
          const { bounced, marks } = event.data ?? {};
          if (typeof bounced === "string" && Array.isArray(marks))
            listener(bounced, marks as Array<[string, number]>);
        }
      ),
  };
}

const GLOBAL_KEY = "__mailFinderServices";
type Holder = { [GLOBAL_KEY]?: Services };

/** The runtime's services, created on first use and shared by functions and task pane. */
export function getServices(): Services {
  const holder = globalThis as Holder;
  if (!holder[GLOBAL_KEY]) {
    const storageDenial = new StorageDenial();
    const storage = platformStorage(storageDenial);
    const defaults: ConnectionSettings =
      typeof __DEFAULT_SETTINGS__ !== "undefined"
        ? __DEFAULT_SETTINGS__
        : { apiKey: null, baseUrl: "/api", webhookUrl: null };
    holder[GLOBAL_KEY] = new Services(
      new SettingsStore(storage.settings, defaults),
      storage.answers,
      {},
      { cachePeers: broadcastPeers(), storageDenial }
    );
  }
  return holder[GLOBAL_KEY]!;
}

/** Replaces the runtime's services (tests, and the task pane's "use another store"). */
export function setServices(services: Services | undefined): void {
  (globalThis as Holder)[GLOBAL_KEY] = services;
}
