import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from "node:crypto";

// How the service key is kept in the team's database: sealed with AES-256-GCM,
// never in clear.
//
// v2: sealed with a key of its own, derived (HKDF-SHA256) from a random salt that the store
// keeps (made by the first host that starts) and, if the operator gives one, the secret of a
// sealing key file. Not from the admin token: rotating the admin token must keep a key that an
// admin replaced. The salt alone gives every instance the same key with nothing to configure,
// but then whoever reads the database can open the key; with a sealing key file a stolen copy
// of the database opens nothing. A sealed value says which of the two sealed it ("store" or
// "file") and carries, in clear but authenticated, a keyed hash of the service key file it came
// from or replaced: a host can then tell an operator's new key file (which wins) from a value
// it cannot open (it refuses to start, see service-key.ts).
//
// v1 (hosts before): sealed with a key derived from the admin token alone, the key file's
// SHA-256 inside; opened once with the admin token and sealed again as v2.

export type SealMode = "store" | "file";

export interface SealedV2 {
  version: "v2";
  mode: SealMode;
  /** HMAC-SHA256 (keyed with the salt) of the service key file's content when sealed. */
  fileTag: string;
  iv: string;
  tag: string;
  body: string;
}

const INFO = "mail-finder team service key v2";
const V1_INFO = "mail-finder team service key v1";

/** A new salt for the store (32 random bytes, base64url). */
export function newSalt(): string {
  return randomBytes(32).toString("base64url");
}

/** A v2 value's parts, "v1" for a value of the scheme before, or null for anything else. */
export function parseSealed(sealed: string): SealedV2 | "v1" | null {
  const parts = sealed.split(".");
  if (parts[0] === "v1" && parts.length === 4) return "v1";
  const [version, mode, fileTag, iv, tag, body] = parts;
  if (
    parts.length !== 6 ||
    version !== "v2" ||
    (mode !== "store" && mode !== "file") ||
    !fileTag ||
    !iv ||
    !tag ||
    body === undefined
  )
    return null;
  return { version, mode, fileTag, iv, tag, body };
}

const header = (mode: SealMode, fileTag: string): string => `v2.${mode}.${fileTag}`;

/** Seals and opens v2 values with the store's salt and the sealing key file's secret, if any. */
export class Sealer {
  private readonly salt: Buffer;

  constructor(
    salt: string,
    private readonly fileSecret: string | null
  ) {
    this.salt = Buffer.from(salt, "base64url");
  }

  /** How this host seals: with the sealing key file when it was given one. */
  get mode(): SealMode {
    return this.fileSecret === null ? "store" : "file";
  }

  fileTag(fileKey: string): string {
    return createHmac("sha256", this.salt).update(fileKey, "utf8").digest("base64url");
  }

  seal(key: string, fileTag: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.keyFor(this.mode)!, iv);
    cipher.setAAD(Buffer.from(header(this.mode, fileTag), "utf8"));
    const body = Buffer.concat([cipher.update(key, "utf8"), cipher.final()]);
    return [
      header(this.mode, fileTag),
      iv.toString("base64url"),
      cipher.getAuthTag().toString("base64url"),
      body.toString("base64url"),
    ].join(".");
  }

  /** The key, or null when it cannot be opened here (another sealing key, altered). */
  open(sealed: SealedV2): string | null {
    const key = this.keyFor(sealed.mode);
    if (!key) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64url"));
      decipher.setAAD(Buffer.from(header(sealed.mode, sealed.fileTag), "utf8"));
      decipher.setAuthTag(Buffer.from(sealed.tag, "base64url"));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed.body, "base64url")),
        decipher.final(),
      ]).toString("utf8");
    } catch {
      return null;
    }
  }

  private keyFor(mode: SealMode): Buffer | null {
    if (mode === "file" && this.fileSecret === null) return null;
    const material = mode === "file" ? Buffer.from(this.fileSecret!, "utf8") : this.salt;
    return Buffer.from(hkdfSync("sha256", material, this.salt, `${INFO} ${mode}`, 32));
  }
}

/** What a v1 value holds: the key, and the SHA-256 (hex) of the key file's content then. */
export interface OpenedV1 {
  key: string;
  fileHash: string;
}

export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** A v1 value opened with the admin token, or null when it cannot be (another admin token). */
export function openV1(sealed: string, adminToken: string): OpenedV1 | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || body === undefined) return null;
  try {
    const key = Buffer.from(hkdfSync("sha256", adminToken, "mail-finder", V1_INFO, 32));
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    const text = Buffer.concat([
      decipher.update(Buffer.from(body, "base64url")),
      decipher.final(),
    ]).toString("utf8");
    const value = JSON.parse(text) as Partial<OpenedV1>;
    return typeof value.key === "string" && typeof value.fileHash === "string"
      ? { key: value.key, fileHash: value.fileHash }
      : null;
  } catch {
    return null;
  }
}
