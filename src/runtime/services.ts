import { EmailServiceClient, type ClientOptions } from "../client/client";
import { CreditsLedger } from "../client/credits";
import { ResultCache, cacheNamespace } from "../client/result-cache";
import { LookupScheduler } from "../client/scheduler";
import {
  IndexedDbStore,
  MemoryStore,
  OfficeRuntimeStore,
  type KeyValueStore,
  type OfficeRuntimeStorageLike,
} from "../client/storage";
import { SettingsStore, type Settings, type SettingsStorage } from "./settings";

/**
 * What one shared runtime holds once (DESIGN 1 and 3): settings, one client, one scheduler
 * and one cache, and the credits ledger. Functions and task pane reach it through
 * getServices(); it rebuilds the client when the key or base URL changes.
 */
export class Services {
  readonly credits = new CreditsLedger();
  private current: Promise<{ client: EmailServiceClient; scheduler: LookupScheduler }> | null =
    null;

  constructor(
    readonly settings: SettingsStore,
    private readonly cacheStore: KeyValueStore,
    private readonly clientOptions: Omit<
      Partial<ClientOptions>,
      "baseUrl" | "apiKey" | "credits"
    > = {}
  ) {
    settings.subscribe(() => {
      this.current = null;
    });
  }

  async client(): Promise<EmailServiceClient> {
    return (await this.build()).client;
  }

  async scheduler(): Promise<LookupScheduler> {
    return (await this.build()).scheduler;
  }

  private build(): Promise<{ client: EmailServiceClient; scheduler: LookupScheduler }> {
    this.current ??= (async () => {
      const settings = await this.settings.load();
      // The key is read at each request, so a key saved in the task pane applies at once.
      const client = new EmailServiceClient({
        baseUrl: settings.baseUrl,
        apiKey: () => this.settings.value.apiKey,
        credits: this.credits,
        ...this.clientOptions,
      });
      const cache = new ResultCache({
        store: this.cacheStore,
        namespace: await cacheNamespace(settings.baseUrl, settings.apiKey ?? ""),
      });
      return { client, scheduler: new LookupScheduler({ client, cache }) };
    })();
    const building = this.current;
    // A base URL that cannot be used is reported at each call, and retried after a change.
    building.catch(() => {
      if (this.current === building) this.current = null;
    });
    return building;
  }
}

declare const OfficeRuntime: { storage: OfficeRuntimeStorageLike & SettingsStorage } | undefined;

/** Defaults set at build time: the dev build points at the local sandbox through the relay. */
declare const __DEFAULT_SETTINGS__: Settings | undefined;

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
    const defaults: Settings =
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
