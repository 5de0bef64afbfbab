import { EmailServiceClient, type ClientOptions } from "../client/client";
import { CreditsLedger } from "../client/credits";
import { ResultCache, cacheNamespace } from "../client/result-cache";
import { LookupScheduler, type SchedulerOptions } from "../client/scheduler";
import { SpendingGuard, type SpendingPolicy } from "../client/spending";
import {
  IndexedDbStore,
  MemoryStore,
  OfficeRuntimeStore,
  type KeyValueStore,
  type OfficeRuntimeStorageLike,
} from "../client/storage";
import type { Endpoint } from "../client/transport";
import {
  SettingsStore,
  type ConnectionSettings,
  type Settings,
  type SettingsStorage,
} from "./settings";
import { taskPaneHost, type TaskPaneHost } from "./task-pane-host";

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
}

const policyOf = (settings: Settings): SpendingPolicy => ({
  enabled: settings.spendingEnabled,
  confirmAbove: settings.confirmAbove,
  sessionBudget: settings.sessionBudget,
});

/**
 * What one shared runtime holds once (DESIGN 1 and 3): settings, one client, one scheduler,
 * the caches, the spending guard and the credits ledger. Settings apply at once: every
 * request reads the endpoint (base URL, key and its cache namespace) as it goes on the wire.
 */
export class Services {
  readonly credits = new CreditsLedger();
  readonly spending = new SpendingGuard();
  private readonly clientValue: EmailServiceClient;
  private readonly schedulerValue: LookupScheduler;
  private readonly caches = new Map<string, ResultCache>();
  private endpointValue: Endpoint | null = null;
  private loading: Promise<Endpoint> | null = null;
  private readonly host: TaskPaneHost;

  constructor(
    readonly settings: SettingsStore,
    private readonly cacheStore: KeyValueStore,
    clientOptions: ServicesClientOptions = {},
    private readonly options: ServicesOptions = {}
  ) {
    this.host = options.host ?? taskPaneHost();
    this.clientValue = new EmailServiceClient({
      ...clientOptions,
      endpoint: () => this.endpoint(),
      credits: this.credits,
    });
    this.schedulerValue = new LookupScheduler({
      client: this.clientValue,
      caches: {
        current: async () => {
          const cache = this.cacheFor((await this.endpoint()).id);
          await cache.ready;
          return cache;
        },
        of: (id) => this.cacheFor(id),
      },
      guard: this.spending,
      ask: () => this.host.askInTaskPane(() => this.schedulerValue.unanswerable()),
      ...options.scheduler,
    });
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
      const endpoint = await endpointOf(settings);
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

  private cacheFor(namespace: string): ResultCache {
    let cache = this.caches.get(namespace);
    if (!cache) {
      cache = new ResultCache({
        store: this.cacheStore,
        namespace,
        flushDelayMs: this.options.cacheFlushDelayMs,
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
    if (next.apiKey === previous.apiKey && next.baseUrl === previous.baseUrl) return;
    const endpoint = await endpointOf(next);
    // A change saved before the first load finished is the one in force.
    this.endpointValue = endpoint;
    this.schedulerValue.endpointChanged();
    // Another account: MAIL.CREDITS() and the pane show its balance, read now.
    this.credits.resetBalance();
    void this.clientValue.account().catch(() => undefined);
  }
}

async function endpointOf(settings: ConnectionSettings): Promise<Endpoint> {
  return {
    baseUrl: settings.baseUrl,
    apiKey: settings.apiKey,
    id: await cacheNamespace(settings.baseUrl, settings.apiKey ?? ""),
  };
}

declare const OfficeRuntime: { storage: OfficeRuntimeStorageLike & SettingsStorage } | undefined;

/** Defaults set at build time: the dev build points at the local sandbox through the relay. */
declare const __DEFAULT_SETTINGS__: ConnectionSettings | undefined;

function platformStorage(): { settings: SettingsStorage; cache: KeyValueStore } {
  if (typeof OfficeRuntime !== "undefined" && OfficeRuntime?.storage) {
    return {
      settings: OfficeRuntime.storage,
      cache: new OfficeRuntimeStore(OfficeRuntime.storage),
    };
  }
  const memory = new MemoryStore();
  const settings: SettingsStorage = {
    getItem: async (key) => globalThis.localStorage?.getItem(key) ?? null,
    setItem: async (key, value) => globalThis.localStorage?.setItem(key, value),
    removeItem: async (key) => globalThis.localStorage?.removeItem(key),
  };
  const cache = typeof indexedDB !== "undefined" ? new IndexedDbStore(indexedDB) : memory;
  return { settings, cache };
}

const GLOBAL_KEY = "__mailFinderServices";
type Holder = { [GLOBAL_KEY]?: Services };

/** The runtime's services, created on first use and shared by functions and task pane. */
export function getServices(): Services {
  const holder = globalThis as Holder;
  if (!holder[GLOBAL_KEY]) {
    const storage = platformStorage();
    const defaults: ConnectionSettings =
      typeof __DEFAULT_SETTINGS__ !== "undefined"
        ? __DEFAULT_SETTINGS__
        : { apiKey: null, baseUrl: "/api", webhookUrl: null };
    holder[GLOBAL_KEY] = new Services(new SettingsStore(storage.settings, defaults), storage.cache);
  }
  return holder[GLOBAL_KEY]!;
}

/** Replaces the runtime's services (tests, and the task pane's "use another store"). */
export function setServices(services: Services | undefined): void {
  (globalThis as Holder)[GLOBAL_KEY] = services;
}
