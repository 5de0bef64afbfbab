import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import type { TeamStore } from "./store";

// The company's service key in team mode (DESIGN 6c): read from a file at start, relayed to the
// service by the host and never sent to a browser, logged or stored in clear. The store keeps it
// sealed (AES-256-GCM, a key derived from the admin token, which every instance has), so that
// an admin's replacement reaches every instance without a restart.

const INFO = "mail-finder team service key v1";

function sealingKey(adminToken: string): Buffer {
  return Buffer.from(hkdfSync("sha256", adminToken, "mail-finder", INFO, 32));
}

/** What is sealed: the key, and which file content it replaced or came from. */
interface Sealed {
  key: string;
  /** SHA-256 of the key file's content when this was sealed: a changed file wins. */
  fileHash: string;
}

export function seal(value: Sealed, adminToken: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(adminToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The sealed value, or null when it cannot be opened (another admin token, tampered). */
export function unseal(sealed: string, adminToken: string): Sealed | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv(
      "aes-256-gcm",
      sealingKey(adminToken),
      Buffer.from(iv, "base64url")
    );
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
    const value = JSON.parse(text) as Sealed;
    return typeof value.key === "string" && typeof value.fileHash === "string" ? value : null;
  } catch {
    return null;
  }
}

/** A secret file's content: trimmed, one line; throws a message naming the file, never its content. */
export function readSecretFile(file: string, what: string): string {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(
      `The ${what} file ${file} cannot be read: ${(error as NodeJS.ErrnoException).code ?? "error"}`
    );
  }
  const value = text.trim();
  if (value === "" || /\s/.test(value))
    throw new Error(`The ${what} file ${file} must hold one value on one line`);
  return value;
}

const hashOf = (text: string): string => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * The key the host relays with: the file's at first, an admin's replacement once made (kept
 * sealed in the store and read again by every instance every few seconds). A key file changed
 * since the last seal wins again (an operator's rotation).
 */
export class ServiceKeyHolder {
  private current: string;
  private readonly fileHash: string;
  private lastRead = 0;

  private constructor(
    private readonly store: TeamStore,
    private readonly adminToken: () => string,
    fileKey: string,
    private readonly refreshMs: number
  ) {
    this.current = fileKey;
    this.fileHash = hashOf(fileKey);
  }

  static async open(
    store: TeamStore,
    adminToken: () => string,
    fileKey: string,
    refreshMs = 5_000
  ): Promise<ServiceKeyHolder> {
    const holder = new ServiceKeyHolder(store, adminToken, fileKey, refreshMs);
    const stored = await holder.readStored();
    if (stored && stored.fileHash === holder.fileHash) holder.current = stored.key;
    else
      await store.setSealedServiceKey(
        seal({ key: fileKey, fileHash: holder.fileHash }, adminToken())
      );
    holder.lastRead = Date.now();
    return holder;
  }

  /** The key to relay with (read again from the store when the last read is older than refreshMs). */
  async key(): Promise<string> {
    if (Date.now() - this.lastRead >= this.refreshMs) {
      this.lastRead = Date.now();
      const stored = await this.readStored();
      if (stored && stored.fileHash === this.fileHash) this.current = stored.key;
    }
    return this.current;
  }

  /** An admin's new key: used at once here, within refreshMs by the other instances. */
  async replace(key: string): Promise<void> {
    await this.store.setSealedServiceKey(seal({ key, fileHash: this.fileHash }, this.adminToken()));
    this.current = key;
    this.lastRead = Date.now();
  }

  private async readStored(): Promise<Sealed | null> {
    const sealed = await this.store.sealedServiceKey();
    return sealed ? unseal(sealed, this.adminToken()) : null;
  }
}
