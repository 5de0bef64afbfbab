import { Services, setServices } from "../../src/runtime/services";
import { SettingsStore, type SettingsStorage } from "../../src/runtime/settings";
import { MemoryStore } from "../../src/client/storage";

// A stand-in for Excel's custom functions runtime: the CustomFunctions global (Error,
// ErrorCode, associate), invocation objects, and the shared runtime's services pointed at
// a sandbox. Only Excel is faked; the client and the sandbox are real.

export class FakeCustomFunctionsError extends Error {
  constructor(
    readonly code: string,
    message?: string
  ) {
    super(message ?? "");
    this.name = "CustomFunctions.Error";
  }
}

export const ERROR_CODES = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

const associated = new Map<string, (...args: unknown[]) => unknown>();

export function installCustomFunctionsGlobal(): Map<string, (...args: unknown[]) => unknown> {
  (globalThis as Record<string, unknown>).CustomFunctions = {
    Error: FakeCustomFunctionsError,
    ErrorCode: ERROR_CODES,
    associate: (id: string, fn: (...args: unknown[]) => unknown) => associated.set(id, fn),
  };
  return associated;
}

export class MemorySettingsStorage implements SettingsStorage {
  readonly items = new Map<string, string>();
  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }
  async setItem(key: string, value: string): Promise<void> {
    this.items.set(key, value);
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
}

export interface RuntimeHarness {
  services: Services;
  /** Requests that went on the wire, by path. */
  sent: string[];
  settingsStorage: MemorySettingsStorage;
}

/** Installs the runtime's services: the given sandbox and key, fast retries, memory stores. */
export function installServices(
  baseUrl: string,
  apiKey: string | null,
  options: { timeoutMs?: number; retries?: number } = {}
): RuntimeHarness {
  const sent: string[] = [];
  const settingsStorage = new MemorySettingsStorage();
  const settings = new SettingsStore(settingsStorage, { apiKey, baseUrl, webhookUrl: null });
  const services = new Services(settings, new MemoryStore(), {
    timeoutMs: options.timeoutMs ?? 5_000,
    allowShortTimeout: true,
    retry: { retries: options.retries ?? 3, baseDelayMs: 5, maxDelayMs: 20 },
    onAttempt: (attempt) => sent.push(attempt.path),
  });
  setServices(services);
  return { services, sent, settingsStorage };
}

export interface CancelableInvocation {
  onCanceled?: () => void;
}

/** Calls a cancelable function as Excel does: its arguments, then an invocation object. */
export function invoke<T>(
  fn: (...args: never[]) => Promise<T>,
  ...args: unknown[]
): { result: Promise<T>; invocation: CancelableInvocation } {
  const invocation: CancelableInvocation = {};
  const result = (fn as (...a: unknown[]) => Promise<T>)(...args, invocation);
  return { result, invocation };
}

/** The value or error a cell ends with; fails if the call is still pending after `ms`. */
export async function settled<T>(promise: Promise<T>, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the cell was still pending after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const isExcelError = (value: unknown, code?: string): value is FakeCustomFunctionsError =>
  value instanceof FakeCustomFunctionsError && (code === undefined || value.code === code);
