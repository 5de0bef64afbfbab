import { Services, setServices } from "../../src/runtime/services";
import { MemorySettingsStorage, SettingsStore, type Settings } from "../../src/runtime/settings";
import { KeyValueAnswerStore } from "../../src/client/answer-store-key-value";
import { MemoryStore } from "../../src/client/key-value-store";
import { NO_FAULTS } from "../../src/sandbox/services/faults";
import { call, startSandbox, type TestAccount, type TestSandbox } from "./sandbox";

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

export { MemorySettingsStorage };

export interface RuntimeHarness {
  services: Services;
  /** Requests that went on the wire, by path. */
  sent: string[];
  settingsStorage: MemorySettingsStorage;
}

/** The spending settings of the harness. */
export type SpendingSettings = Partial<
  Pick<Settings, "spendingEnabled" | "confirmAbove" | "sessionBudget">
>;

/**
 * Installs the runtime's services: the given sandbox and key, fast retries, memory stores.
 * There is no task pane here to ask the spending question, so the harness never asks
 * (`confirmAbove: null`) unless `spending` says otherwise; the defaults of the add-in are
 * `{ spendingEnabled: true, confirmAbove: 25, sessionBudget: null }`.
 */
export function installServices(
  baseUrl: string,
  apiKey: string | null,
  options: { timeoutMs?: number; retries?: number; spending?: SpendingSettings } = {}
): RuntimeHarness {
  const sent: string[] = [];
  const settingsStorage = new MemorySettingsStorage();
  const settings = new SettingsStore(settingsStorage, {
    apiKey,
    baseUrl,
    webhookUrl: null,
    confirmAbove: null,
    ...options.spending,
  });
  const services = new Services(settings, new KeyValueAnswerStore(new MemoryStore()), {
    timeoutMs: options.timeoutMs ?? 5_000,
    allowShortTimeout: true,
    retry: { retries: options.retries ?? 3, baseDelayMs: 5, maxDelayMs: 20 },
    // The global fetch as it is at each request, so that a test may wrap it after installing.
    fetch: (input, init) => globalThis.fetch(input, init),
    onAttempt: (attempt) => sent.push(attempt.path),
  });
  setServices(services);
  return { services, sent, settingsStorage };
}

export interface CancelableInvocation {
  onCanceled?: () => void;
  /** Excel is previewing the formula's value while it is typed (CustomFunctionsRuntime 1.5). */
  isInValuePreview?: boolean;
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

/** Calls a function as Excel does to preview a formula's value while the user types it. */
export function invokeInPreview<T>(
  fn: (...args: never[]) => Promise<T>,
  ...args: unknown[]
): Promise<T> {
  const invocation: CancelableInvocation = { isInValuePreview: true };
  return (fn as (...a: unknown[]) => Promise<T>)(...args, invocation);
}

/**
 * What Excel shows for a cell whose function returned `promise` (Microsoft's documented
 * forms): the value it resolves with (a spilled matrix may hold CustomFunctions.Error elements),
 * or the CustomFunctions.Error it rejects with. Anything else is a bug, and fails the test rather
 * than becoming an error outcome: a rejection with another error (Excel would show a bare
 * #VALUE! with no message) or a CustomFunctions.Error returned as a single cell's value instead
 * of thrown.
 */
export async function outcome<T>(promise: Promise<T>): Promise<T | FakeCustomFunctionsError> {
  let value: T;
  try {
    value = await promise;
  } catch (error) {
    if (error instanceof FakeCustomFunctionsError) return error;
    throw new Error(
      "the cell's promise rejected with something other than a CustomFunctions.Error " +
        `(Excel would show a bare #VALUE!): ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`
    );
  }
  if (value instanceof FakeCustomFunctionsError) {
    throw new Error(
      `the cell returned its error (${value.code} "${value.message}") instead of rejecting with it`
    );
  }
  return value;
}

async function withinMs<T>(promise: Promise<T>, ms: number): Promise<T> {
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

/** The cell's outcome as Excel shows it (see `outcome`); fails if still pending after `ms`. */
export function settled<T>(
  promise: Promise<T>,
  ms = 15_000
): Promise<T | FakeCustomFunctionsError> {
  return withinMs(outcome(promise), ms);
}

/** The outcomes of many cells calculated together, in order; fails if any is still pending. */
export function settledAll<T>(
  promises: Promise<T>[],
  ms = 15_000
): Promise<(T | FakeCustomFunctionsError)[]> {
  return withinMs(Promise.all(promises.map((promise) => outcome(promise))), ms);
}

export const isExcelError = (value: unknown, code?: string): value is FakeCustomFunctionsError =>
  value instanceof FakeCustomFunctionsError && (code === undefined || value.code === code);

/** What a functions test against the sandbox works with; set by useFunctionsSandbox's hooks. */
export interface FunctionsSandbox {
  sandbox: TestSandbox;
  examples: Record<string, Record<string, any>>;
  /** A fresh account for each test… */
  account: TestAccount;
  /** …whose key the runtime's services use (a test may install others). */
  runtime: RuntimeHarness;
}

/**
 * One sandbox for the file; for each test a fresh account with `credits`, the runtime's services
 * installed with its key, and no faults.
 */
export function useFunctionsSandbox(credits = 100): FunctionsSandbox {
  const env = {} as FunctionsSandbox;
  beforeAll(async () => {
    env.sandbox = await startSandbox();
    env.examples = await env.sandbox.examples();
  });
  beforeEach(async () => {
    env.account = await env.sandbox.account(credits);
    env.runtime = installServices(env.sandbox.baseUrl, env.account.apiKey);
    await call(env.sandbox.baseUrl, "POST", "/sandbox/faults", NO_FAULTS);
  });
  afterAll(() => env.sandbox?.close());
  return env;
}
