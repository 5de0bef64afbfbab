import { newSalt, openV1, parseSealed, Sealer, sha256Hex } from "./sealing";
import type { TeamStore } from "./store";

// The company's service key in team mode: read from a file at start, relayed to the
// service by the host and never sent to a browser, logged or stored in clear. The store keeps it
// sealed (sealing.ts), so that an admin's replacement reaches every instance without a restart.

/** What the host reads at start to know the key. */
export interface ServiceKeySources {
  /** The service key file's content. */
  fileKey: string;
  /** The sealing key file's secret, when the operator gives one (sealing.ts). */
  sealingSecret: string | null;
  /** Opens values sealed by hosts before the sealing of v2, once. */
  adminToken: string;
}

const CANNOT_OPEN =
  "The service key kept in the team database cannot be opened, and this host does not fall " +
  "back to the service key file silently.";

/**
 * The key the host relays with: the file's at first, an admin's replacement once made (kept
 * sealed in the store and read again by every instance every few seconds). A key file changed
 * since the last seal wins again (an operator's rotation). A kept key that cannot be opened
 * stops the start with the reason: relaying with the file's key would undo an admin's
 * replacement unseen.
 */
export class ServiceKeyHolder {
  private current: string;
  private lastRead = 0;

  private constructor(
    private readonly store: TeamStore,
    private readonly sealer: Sealer,
    private readonly fileTag: string,
    private readonly sources: ServiceKeySources,
    private readonly refreshMs: number
  ) {
    this.current = sources.fileKey;
  }

  static async open(
    store: TeamStore,
    sources: ServiceKeySources,
    refreshMs = 5_000
  ): Promise<ServiceKeyHolder> {
    const sealer = new Sealer(await store.sealingSalt(newSalt()), sources.sealingSecret);
    const holder = new ServiceKeyHolder(
      store,
      sealer,
      sealer.fileTag(sources.fileKey),
      sources,
      refreshMs
    );
    const kept = await holder.keptAtStart();
    // Sealed again whenever it was not sealed as this host seals (v1, without the sealing key
    // file now given) or the key file's key wins: the store then holds what every start finds.
    if (kept.reseal) await store.setSealedServiceKey(sealer.seal(kept.key, holder.fileTag));
    holder.current = kept.key;
    holder.lastRead = Date.now();
    return holder;
  }

  /** The key to relay with (read again from the store when the last read is older than refreshMs). */
  async key(): Promise<string> {
    if (Date.now() - this.lastRead >= this.refreshMs) {
      this.lastRead = Date.now();
      const stored = await this.store.sealedServiceKey();
      const opened = stored ? this.openedNow(stored) : null;
      if (opened !== null) this.current = opened;
    }
    return this.current;
  }

  /**
   * Whether the key kept in the store opens here now (/readyz): null when it does, else why not
   * (never the key). Throws when the store cannot be read.
   */
  async unusableReason(): Promise<string | null> {
    const stored = await this.store.sealedServiceKey();
    if (!stored) return "No service key is kept in the team database.";
    if (this.openedNow(stored) === null)
      return "The service key kept in the team database cannot be opened by this host: it was sealed by a host with another sealing key file or service key file, or altered.";
    return null;
  }

  /** An admin's new key: used at once here, within refreshMs by the other instances. */
  async replace(key: string): Promise<void> {
    await this.store.setSealedServiceKey(this.sealer.seal(key, this.fileTag));
    this.current = key;
    this.lastRead = Date.now();
  }

  private async keptAtStart(): Promise<{ key: string; reseal: boolean }> {
    const { fileKey, adminToken } = this.sources;
    const stored = await this.store.sealedServiceKey();
    if (!stored) return { key: fileKey, reseal: true };
    const sealed = parseSealed(stored);
    if (sealed === null)
      throw new Error(`${CANNOT_OPEN} It is not a sealed value this host knows.`);
    if (sealed === "v1") {
      const opened = openV1(stored, adminToken);
      if (!opened)
        throw new Error(
          `${CANNOT_OPEN} It was sealed by an earlier host with another admin token: start once ` +
            "with the admin token file it was sealed with (it is then sealed anew, with a key of " +
            "its own, and the admin token can change), or, to start over from the service key " +
            "file's key, clear it in the database (UPDATE team SET sealed_service_key = NULL)."
        );
      // v1 cannot tell a new key file before opening: the file wins only if it changed.
      return { key: opened.fileHash === sha256Hex(fileKey) ? opened.key : fileKey, reseal: true };
    }
    if (sealed.fileTag !== this.fileTag) return { key: fileKey, reseal: true };
    if (sealed.mode === "file" && this.sealer.mode === "store")
      throw new Error(
        `${CANNOT_OPEN} It was sealed with a sealing key file: start the host with that file ` +
          "(--sealing-key-file), or put a new key in the service key file."
      );
    const key = this.sealer.open(sealed);
    if (key === null)
      throw new Error(
        sealed.mode === "file"
          ? `${CANNOT_OPEN} The sealing key file is not the one it was sealed with, or the ` +
              "database's value was altered: start with the sealing key file it was sealed " +
              "with, or put a new key in the service key file."
          : `${CANNOT_OPEN} The database's value (or its sealing salt) was altered: put a new ` +
              "key in the service key file."
      );
    return { key, reseal: sealed.mode !== this.sealer.mode };
  }

  /** What another instance sealed, if it was sealed for this key file and opens here. */
  private openedNow(stored: string): string | null {
    const sealed = parseSealed(stored);
    if (sealed === "v1") {
      // An instance of an earlier host, still running beside this one.
      const opened = openV1(stored, this.sources.adminToken);
      return opened && opened.fileHash === sha256Hex(this.sources.fileKey) ? opened.key : null;
    }
    if (sealed === null || sealed.fileTag !== this.fileTag) return null;
    return this.sealer.open(sealed);
  }
}
