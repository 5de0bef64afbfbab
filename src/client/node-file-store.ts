import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import type { KeyValueStore } from "./key-value-store";

/**
 * A JSON file (Node: tests, benchmarks, scripts). Writes go to a temporary file that is
 * renamed over the old one, so a crash never leaves half a file.
 */
export class NodeFileStore implements KeyValueStore {
  private data: Map<string, string> | null = null;
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  async entries(prefix: string): Promise<Array<[string, string]>> {
    const data = await this.load();
    return [...data].filter(([key]) => key.startsWith(prefix));
  }

  async getMany(keys: string[]): Promise<Array<string | null>> {
    const data = await this.load();
    return keys.map((key) => data.get(key) ?? null);
  }

  async setMany(entries: Array<[string, string]>): Promise<void> {
    const data = await this.load();
    for (const [key, value] of entries) data.set(key, value);
    await this.save();
  }

  async removeMany(keys: string[]): Promise<void> {
    const data = await this.load();
    for (const key of keys) data.delete(key);
    await this.save();
  }

  private async load(): Promise<Map<string, string>> {
    if (this.data) return this.data;
    try {
      const parsed = JSON.parse(await readFile(this.file, "utf8")) as Record<string, string>;
      this.data = new Map(Object.entries(parsed));
    } catch {
      this.data = new Map();
    }
    return this.data;
  }

  private save(): Promise<void> {
    const snapshot = JSON.stringify(Object.fromEntries(this.data ?? []));
    this.writing = this.writing.then(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      const temporary = `${this.file}.${process.pid}.tmp`;
      await writeFile(temporary, snapshot);
      await rename(temporary, this.file);
    });
    return this.writing;
  }
}
