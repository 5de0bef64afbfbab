/**
 * Custom function calls, as Excel on the web makes them: invocations and cancellations go to
 * the add-in's runtime as entries of a "richApiMessage" event (message category 1; type 1000
 * a call `[invocationId, functionId, parameterValues, address, flags]`, 1001 a cancellation
 * `{invocationId}`), and results come back in RichApi requests
 * (CustomFunctions.SetInvocationArrayResults: `[id, succeeded, value, errorCode?, outboundData?]`,
 * see CustomFunctionProxy in excel-web-16.00.debug.js).
 */

export interface FunctionMetadata {
  id: string;
  name: string;
  parameters?: Array<{ name: string; optional?: boolean; repeating?: boolean }>;
  options?: { cancelable?: boolean; stream?: boolean; requiresAddress?: boolean };
}

/**
 * What a cell holds for one result: a value, a rich value as office.js sent it (a formatted
 * number, an entity: `{ type, basicValue, … }`), a matrix (spills), or an error with its message.
 */
export type CellValue = string | number | boolean | null | RichValue;
export interface RichValue {
  type: string;
  basicValue?: unknown;
  [field: string]: unknown;
}
export interface CellError {
  error: string;
  message?: string;
}
export type CellOutcome = CellValue | CellError | Array<Array<CellValue | CellError>>;

export interface Invocation {
  id: number;
  functionId: string;
  address: string;
  /** Each result the function sent (a streaming function sends many), with its raw entry. */
  onResult(outcome: CellOutcome, entry?: unknown[]): void;
}

/** CustomFunctionProxy's error codes -> what the cell shows (README: sources and guesses). */
const FAILURE_ERRORS: Record<number, string> = {
  0: "#VALUE!", // a returned Error or NaN (guess: Excel shows #VALUE! for both)
  1: "#N/A",
  2: "#VALUE!", // a thrown error that is not CustomFunctions.Error (documented)
  3: "#VALUE!", // a rejected promise, same
  4: "#VALUE!", // a batch with the wrong number of results
  5: "#DIV/0!",
  6: "#NUM!", // also Infinity
  7: "#VALUE!",
  8: "#NULL!",
  9: "#NAME?", // function not found (guess)
  10: "#NAME?",
};

/** Messages are shown only for #VALUE! and #N/A (CustomFunctionError._getMessage). */
const ERRORS_WITH_MESSAGES = new Set(["#VALUE!", "#N/A"]);

function fromValue(value: unknown): CellValue | CellError | Array<Array<CellValue | CellError>> {
  if (Array.isArray(value))
    return value.map((row) =>
      Array.isArray(row) ? row.map((v) => single(v)) : [single(row)]
    ) as Array<Array<CellValue | CellError>>;
  return single(value);
}

function single(value: unknown): CellValue | CellError {
  if (value === undefined || value === null) return 0;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
    return value;
  if (typeof value === "object") {
    const object = value as Record<string, unknown>;
    if (object.valueType === "CustomFunctionError" || object.type === "Error") {
      const code = String(object.code ?? object.basicValue ?? "#VALUE!");
      const message =
        typeof object.message === "string" && object.message ? object.message : undefined;
      return message && ERRORS_WITH_MESSAGES.has(code) ? { error: code, message } : { error: code };
    }
    if (typeof object.type === "string") return object as RichValue;
  }
  return { error: "#VALUE!" };
}

/** One SetInvocationArrayResults entry as the cell shows it. */
export function outcomeOf(entry: unknown[]): CellOutcome {
  const [, succeeded, value, errorCode] = entry;
  if (succeeded === true) return fromValue(value);
  const error = FAILURE_ERRORS[Number(errorCode ?? 0)] ?? "#VALUE!";
  const message =
    typeof value === "string" && value && ERRORS_WITH_MESSAGES.has(error) ? value : undefined;
  // A returned NaN arrives as the text "NaN" with code 0; it has no message to show.
  if (value === "NaN" && Number(errorCode ?? 0) === 0) return { error };
  return message ? { error, message } : { error };
}

export interface FunctionChannel {
  /** Sends calls; false when the runtime has not registered for messages yet. */
  send(entries: unknown[][]): boolean;
}

/** Calls in one richApiMessage event at most (a guess: Excel's own batch size is not known). */
const CALLS_PER_EVENT = 1000;
const LOG_LIMIT = 10_000;

export class CustomFunctionCalls {
  private nextId = 1;
  private outgoing: Array<{ entry: unknown[]; invocation: Invocation }> = [];
  private flushScheduled = false;
  private readonly open = new Map<number, Invocation>();
  /** The last LOG_LIMIT invocations, cancellations and results, for tests. */
  private entries: Array<{ kind: "call" | "cancel" | "result"; id: number; detail: unknown }> = [];

  get log(): Array<{ kind: "call" | "cancel" | "result"; id: number; detail: unknown }> {
    return this.entries;
  }

  private record(kind: "call" | "cancel" | "result", id: number, detail: unknown): void {
    this.entries.push({ kind, id, detail });
    // A fill-down of 100,000 cells would keep 200,000 entries: only the latest are kept.
    if (this.entries.length > LOG_LIMIT * 2) this.entries = this.entries.slice(-LOG_LIMIT);
  }

  constructor(
    private readonly channel: FunctionChannel,
    private readonly metadata: Map<string, FunctionMetadata>
  ) {}

  function(id: string): FunctionMetadata | undefined {
    return this.metadata.get(id.toUpperCase());
  }

  /** Sends a batch of calls in one event; each resolves its cell through onResult. */
  call(
    calls: Array<{
      functionId: string;
      args: unknown[];
      address: string;
      onResult(outcome: CellOutcome, entry?: unknown[]): void;
    }>
  ): Invocation[] {
    const invocations: Invocation[] = [];
    const entries: unknown[][] = [];
    for (const call of calls) {
      const meta = this.function(call.functionId);
      const id = this.nextId++;
      const invocation: Invocation = {
        id,
        functionId: meta?.id ?? call.functionId,
        address: call.address,
        onResult: call.onResult,
      };
      // Flags: 1 cancelable, 2 streaming (CustomFunctionProxy._batchInvocationEntries).
      const flags = (meta?.options?.cancelable ? 1 : 0) | (meta?.options?.stream ? 2 : 0);
      this.open.set(id, invocation);
      invocations.push(invocation);
      this.record("call", id, {
        functionId: invocation.functionId,
        args: call.args,
        address: call.address,
      });
      entries.push([
        1,
        1000,
        "",
        JSON.stringify([id, invocation.functionId, call.args, call.address, flags]),
        String(id),
        false,
      ]);
    }
    for (let i = 0; i < entries.length; i++)
      this.outgoing.push({ entry: entries[i]!, invocation: invocations[i]! });
    if (entries.length && !this.flushScheduled) {
      this.flushScheduled = true;
      setTimeout(() => this.flush(), 0);
    }
    return invocations;
  }

  /**
   * Calls made in the same turn go out together, in events of at most CALLS_PER_EVENT entries
   * (Excel batches a recalculation's calls; the size is a guess, see README).
   */
  private flush(): void {
    this.flushScheduled = false;
    const outgoing = this.outgoing;
    this.outgoing = [];
    for (let i = 0; i < outgoing.length; i += CALLS_PER_EVENT) {
      const batch = outgoing.slice(i, i + CALLS_PER_EVENT);
      if (this.channel.send(batch.map((b) => b.entry))) continue;
      for (const { invocation } of batch) {
        this.open.delete(invocation.id);
        invocation.onResult({ error: "#BUSY!" });
      }
    }
  }

  cancel(invocation: Invocation): void {
    if (!this.open.delete(invocation.id)) return;
    // Not sent yet: it never leaves.
    const queued = this.outgoing.findIndex((o) => o.invocation === invocation);
    if (queued >= 0) {
      this.outgoing.splice(queued, 1);
      return;
    }
    this.record("cancel", invocation.id, invocation.address);
    this.channel.send([
      [1, 1001, "", JSON.stringify({ invocationId: invocation.id }), String(invocation.id), false],
    ]);
  }

  isOpen(invocation: Invocation): boolean {
    return this.open.has(invocation.id);
  }

  /** Results from SetInvocationArrayResults. */
  receive(results: unknown[][]): void {
    for (const entry of results) {
      const id = Number(entry[0]);
      const invocation = this.open.get(id);
      this.record("result", id, entry);
      if (!invocation) continue;
      const meta = this.function(invocation.functionId);
      if (!meta?.options?.stream) this.open.delete(id);
      invocation.onResult(outcomeOf(entry), entry);
    }
  }

  /** Cancels every open call (the runtime went away). */
  dropAll(): void {
    for (const invocation of this.open.values()) invocation.onResult({ error: "#CONNECT!" });
    this.open.clear();
  }
}
