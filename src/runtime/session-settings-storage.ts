import { isStorageDenied, type StorageDenial } from "../client/storage-denial";
import { MemorySettingsStorage, type SettingsStorage } from "./settings";

/**
 * The user's storage for settings, or, once the browser denies it (docs/user-guide.md), memory for the
 * rest of the session: the key typed in the pane is used until the workbook closes and written
 * nowhere else. Any other failure is the caller's, as before.
 */
export class SessionFallbackStorage implements SettingsStorage {
  private memory: MemorySettingsStorage | null = null;

  constructor(
    private readonly storage: SettingsStorage,
    private readonly denial: StorageDenial
  ) {}

  getItem(key: string): Promise<string | null> {
    return this.run((storage) => storage.getItem(key));
  }

  setItem(key: string, value: string): Promise<void> {
    return this.run((storage) => storage.setItem(key, value));
  }

  removeItem(key: string): Promise<void> {
    return this.run((storage) => storage.removeItem(key));
  }

  private async run<T>(operation: (storage: SettingsStorage) => Promise<T>): Promise<T> {
    if (!this.memory) {
      try {
        return await operation(this.storage);
      } catch (error) {
        if (!isStorageDenied(error)) throw error;
        this.memory ??= new MemorySettingsStorage();
        this.denial.note();
      }
    }
    return operation(this.memory);
  }
}
