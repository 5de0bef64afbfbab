/**
 * The Office host page: stands for Excel on the web around the add-in. It frames the add-in's
 * page cross-origin with the parameters office.js reads, answers office.js's messages (see
 * xdm.ts), executes its RichApi requests against the workbook model (rich-api.ts), calls the
 * add-in's custom functions (calculation.ts) and exposes `window.officeHost` to drive it.
 *
 * Configuration: `window.__officeHostConfig` (set before this script runs), else the page's
 * query (`?addin=<url>&locale=en-US&seed=1&visibility=Hidden`).
 */
import { appContext, DEFAULT_REQUIREMENT_SETS, hostInfo } from "./app-context";
import { Calculator, type CalculationModel } from "./calculation";
import {
  CustomFunctionCalls,
  type CellError,
  type CellOutcome,
  type FunctionMetadata,
} from "./custom-functions";
import {
  RichApiHost,
  type RichApiRequestBody,
  type RichApiResponseBody,
  type Usage,
} from "./rich-api";
import { createServices } from "./services";
import { shim } from "./shim-model";
import { XdmHost } from "./xdm";
import { TraceRecorder } from "./traces";
import { installShimFacade, type RequestRecord } from "./shim-facade";

export interface OfficeHostConfig {
  /** The add-in's page (its shared runtime: taskpane.html). */
  addin: string;
  /** Office's display language (Office.context.displayLanguage). */
  locale?: string;
  /** Office.context.contentLanguage (default: locale). */
  contentLanguage?: string;
  /** The custom functions' metadata (default: functions.json beside the add-in's page). */
  functionsMetadata?: string;
  /** The formulas' namespace (the manifest's, "MAIL"). */
  namespace?: string;
  /** Seeds the order in which calls of one calculation are sent (default 1). */
  seed?: number;
  /** The pane opens with the workbook ("Taskpane") or the runtime starts hidden ("Hidden"). */
  visibility?: "Taskpane" | "Hidden";
  requirementSets?: Record<string, number>;
  /** Bytes of a RichApi request (and response) above which Excel refuses it. */
  payloadLimitBytes?: number;
}

export interface ShownError {
  error: string;
  message?: string;
}
export type ShownValue = string | number | boolean | ShownError;

export interface OfficeHost {
  /** Resolves when the add-in's runtime has started and can take custom function calls. */
  ready(): Promise<void>;
  /** How many times a runtime started in the add-in's frame (a reload starts another). */
  runtimeStarts(): number;
  setValues(sheet: string, address: string, values: unknown[][]): Promise<void>;
  setFormulas(sheet: string, address: string, formulas: string[][]): Promise<void>;
  getValues(sheet: string, address: string): Promise<ShownValue[][]>;
  /** Application.calculate(Full): every MAIL formula; resolves with each cell's outcome. */
  calculate(): Promise<Record<string, CellOutcome>>;
  /**
   * Resolves when every calculation started so far has answered and its results are in the
   * workbook (getValues meanwhile shows what Excel shows: #BUSY! for a call still open).
   */
  calculated(): Promise<void>;
  openTaskPane(): Promise<void>;
  closeTaskPane(): Promise<void>;
  /** Closes the workbook and opens it again: a new add-in frame, the same saved workbook. */
  reopenWorkbook(): Promise<void>;
  /** The document's saved settings. */
  settings(): Record<string, unknown>;
  /** Members of Excel's API the add-in used, with counts ("Range.Values"). */
  usage(): Record<string, number>;
  /** The calculation passes so far: cells in the order their calls went out. */
  calculationOrder(): string[][];
  /** Custom function calls, cancellations and results, in order. */
  functionLog(): Array<{ kind: string; id: number; detail: unknown }>;
  /** Calls office.js made that the page does not answer (each answered with an error). */
  unhandled(): string[];
  /** Recorded RichApi requests and responses (see traces.ts). */
  traces: TraceRecorder;
  /** Executes one RichApi request body as if office.js had sent it (trace replay). */
  execute(body: RichApiRequestBody): Promise<RichApiResponseBody>;
  /** The workbook model's own test API (the old shim's): cells, tables, selection. */
  model(): Record<string, unknown>;
  frame(): HTMLIFrameElement | null;
}

declare global {
  interface Window {
    __officeHostConfig?: OfficeHostConfig;
    officeHost: OfficeHost;
  }
}

/** Excel on the web's limit for a request and a response (5 MB, see README). */
const PAYLOAD_LIMIT = 5_000_000;
/** OSF error codes office.js turns into RequestPayloadSizeLimitExceeded / Response… . */
const OOE_REQUEST_TOO_LARGE = 5103;
const OOE_RESPONSE_TOO_LARGE = 5104;

function readConfig(): OfficeHostConfig {
  if (window.__officeHostConfig) return window.__officeHostConfig;
  const query = new URL(location.href).searchParams;
  const addin = query.get("addin");
  if (!addin) throw new Error("office host: no add-in (?addin=<url of its page>)");
  return {
    addin,
    locale: query.get("locale") ?? undefined,
    contentLanguage: query.get("contentLanguage") ?? undefined,
    functionsMetadata: query.get("functionsMetadata") ?? undefined,
    namespace: query.get("namespace") ?? undefined,
    seed: query.has("seed") ? Number(query.get("seed")) : undefined,
    visibility: query.get("visibility") === "Hidden" ? "Hidden" : "Taskpane",
  };
}

async function loadMetadata(url: string): Promise<Map<string, FunctionMetadata>> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`office host: ${url} answered ${response.status}`);
  const json = (await response.json()) as { functions?: FunctionMetadata[] };
  return new Map((json.functions ?? []).map((f) => [f.id.toUpperCase(), f]));
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Tells the page's server each member of Excel's API this page answers, the first time it
 * does (POST /usage): the server gathers them from every page of a run for the checked-in list
 * (test/office-host/api-list.ts). Only new names are sent, at once, so that a page closed
 * right after a request loses none.
 */
function reportUsage(usage: Usage): void {
  const reported = new Set<string>();
  const set = usage.set.bind(usage);
  usage.set = (member, count) => {
    if (!reported.has(member)) {
      reported.add(member);
      void fetch("/usage", {
        method: "POST",
        body: JSON.stringify([member]),
        keepalive: true,
      }).catch(() => undefined);
    }
    return set(member, count);
  };
}

async function start(): Promise<void> {
  const config = readConfig();
  const addinUrl = new URL(config.addin, location.href);
  const locale = config.locale ?? "en-US";
  const namespace = config.namespace ?? "MAIL";
  let limit = config.payloadLimitBytes ?? PAYLOAD_LIMIT;
  const model = shim().__hostShim as unknown as CalculationModel & {
    ready: Promise<void>;
    config: Record<string, unknown>;
    setCells(sheet: string, topLeft: string, values: unknown[][]): Promise<void>;
    workbook(): { settings: Record<string, unknown> };
  };
  await model.ready;
  const office = (
    window as unknown as {
      Office: {
        context: {
          document: {
            settings: {
              set(k: string, v: unknown): void;
              remove(k: string): void;
              get(k: string): unknown;
              saveAsync(cb: (r: { status: string }) => void): void;
            };
          };
        };
        addin: {
          setStartupBehavior(b: string): Promise<void>;
          getStartupBehavior(): Promise<string>;
        };
      };
    }
  ).Office;

  const container = document.getElementById("taskpane")!;
  const grid = document.getElementById("grid")!;
  let frame: HTMLIFrameElement | null = null;
  let visibility: "Visible" | "Background" =
    config.visibility === "Hidden" ? "Background" : "Visible";
  const usage: Usage = new Map();
  reportUsage(usage);
  let showAsTaskpaneCalls = 0;
  const requests: RequestRecord[] = [];
  let syncs = 0;
  const requestFaults: Array<{ code?: string; message?: string }> = [];
  const settingsFaults: Array<{ message?: string }> = [];
  const commands = new Map<string, () => void>();
  const traces = new TraceRecorder();
  const xdm = new XdmHost(() => frame?.contentWindow ?? null, addinUrl.origin);
  const metadataUrl = config.functionsMetadata ?? new URL("functions.json", addinUrl).href;
  const metadata = await loadMetadata(`/functions-metadata?url=${encodeURIComponent(metadataUrl)}`);

  // The runtime is ready once it told Excel it takes custom function calls; a restarted
  // frame (reloaded, or a reopened workbook) is not, until it says so again.
  let runtimeReady = false;
  let runtimeStarts = 0;
  let readyWaiters: Array<() => void> = [];
  const readyPromise = () =>
    runtimeReady ? Promise.resolve() : new Promise<void>((resolve) => readyWaiters.push(resolve));
  const readyResolve = () => {
    runtimeReady = true;
    const waiters = readyWaiters;
    readyWaiters = [];
    waiters.forEach((resolve) => resolve());
  };
  const calls = new CustomFunctionCalls(
    { send: (entries) => xdm.fire("richApiMessage", { ArrayData: entries }) },
    metadata
  );
  const calculator = new Calculator({ calls, model, namespace, seed: config.seed ?? 1 });

  const showPane = () => {
    container.hidden = visibility !== "Visible";
  };
  const fireVisibility = () => {
    xdm.fire("richApiMessage", {
      ArrayData: [
        [
          65536,
          65539,
          "",
          JSON.stringify({ visibility: visibility === "Visible" ? "Visible" : "Hidden" }),
          "",
          false,
        ],
      ],
    });
  };

  const richApi = new RichApiHost({
    usage,
    services: createServices({
      startupBehavior: () => office.addin.getStartupBehavior(),
      setStartupBehavior: (behavior) => void office.addin.setStartupBehavior(behavior),
      runtimeState: () => visibility,
      setRuntimeState: (state) => {
        if (state === "Visible") showAsTaskpaneCalls++;
        if (state === visibility) return;
        visibility = state;
        showPane();
        setTimeout(fireVisibility, 0);
      },
      invocationResults: (results) => calls.receive(results),
      customFunctionsReady: () => readyResolve(),
    }),
  });

  // Writes made by a request (the model reports each cell) are recalculated after it.
  let written = new Set<string>();
  const config_ = model.config;
  config_.onCellWritten = (sheet: string, address: string) => {
    written.add(`${sheet}!${address}`);
  };
  config_.calculateRange = (sheet: string, address: string) =>
    void calculator.calculateRange(sheet, address);
  config_.onApplicationCalculate = (type: string) => {
    if (type === "Full" || type === "FullRebuild") void calculator.calculateRange(null, null);
  };
  config_.payloadLimitBytes = Infinity;
  config_.responseLimitBytes = Infinity;
  const recalculateWrites = () => {
    const changed = written;
    written = new Set();
    calculator.afterWrites(changed);
  };

  xdm.onCall("ContextActivationManager_getAppContextAsync", (appId) => {
    // A runtime starts: what an earlier one of this frame had (its event registrations, kept
    // references, open calls) went with it.
    if (runtimeStarts++ > 0) forgetRuntime();
    return appContext({
      appId: String(appId),
      displayLanguage: locale,
      contentLanguage: config.contentLanguage ?? locale,
      requirementSets: config.requirementSets ?? DEFAULT_REQUIREMENT_SETS,
      settings: model.workbook().settings,
      addinName: "Mail Finder",
    });
  });
  const notifications: unknown[] = [];
  xdm.onCall("ContextActivationManager_notifyHost", (data) => {
    notifications.push(data);
    // office.js moves the focus inside the pane itself and hands it to Excel at either end
    // (OSF.AgaveHostAction TabExit 13, TabExitShift 14): Excel's grid takes it.
    const action = Array.isArray(data) ? data[1] : undefined;
    if (action === 13 || action === 14) grid.focus();
    return null;
  });
  // From Excel's grid, Tab and Shift+Tab go back into the pane (TabIn 11, TabInShift 12).
  grid.addEventListener("keydown", (event) => {
    if (event.key !== "Tab" || visibility !== "Visible") return;
    event.preventDefault();
    frame?.focus();
    xdm.notify("Office_notifyAgave", [event.shiftKey ? 12 : 11]);
  });
  xdm.onCall("executeMethod", async (data) => {
    const call = data as {
      DdaMethod?: { DispatchId?: number };
      ArrayData?: unknown[];
      DdaSettingsMethod?: unknown;
      [key: string]: unknown;
    };
    const dispatchId = call.DdaMethod?.DispatchId;
    if (dispatchId === 93) return richApiCall(String(call.ArrayData?.[4] ?? ""));
    // Document settings: saveAsync sends [[name, JSON text], ...] as DdaSettingsMethod.Properties
    // (OSF.DDA.WAC.SettingsTranslator.write); refreshAsync reads { Settings: [{ Name, Value }] }.
    if (dispatchId === 76)
      return saveSettings(
        Object.fromEntries(
          ((call.DdaSettingsMethod as { Properties?: Array<[string, string]> } | undefined)
            ?.Properties ?? []) as Array<[string, string]>
        )
      );
    if (dispatchId === 75)
      return {
        Version: 1,
        Error: 0,
        Properties: {
          Settings: Object.entries(model.workbook().settings).map(([Name, value]) => ({
            Name,
            Value: JSON.stringify(value),
          })),
        },
      };
    if (dispatchId === 94) {
      // AppCommandInvocationCompleted: [id, status, data] (OSF.DDA.Marshaling.AppCommand).
      const id = String((call as Record<string, unknown>)["0"] ?? call.Id ?? "");
      commands.get(id)?.();
      commands.delete(id);
      return { Version: 1, Error: 0 };
    }
    xdm.unhandled.push(`executeMethod ${dispatchId}`);
    // OSF's ooeNotSupported: the page does not implement this method.
    return { Version: 1, Error: 5009 };
  });

  async function richApiCall(text: string): Promise<Record<string, unknown>> {
    syncs++;
    const record: RequestRecord = {
      index: requests.length,
      actions: 0,
      payloadBytes: utf8Length(text),
      responseBytes: 0,
      ok: true,
    };
    requests.push(record);
    const body = JSON.parse(text) as RichApiRequestBody;
    if (record.payloadBytes > limit) {
      record.ok = false;
      record.error = "RequestPayloadSizeLimitExceeded";
      // Traced as office.js sees it (RichApiMessageUtility.buildResponseOnError of 5103).
      traces.record(body, { Error: { Code: record.error, Message: "", HttpStatusCode: 400 } });
      return { Version: 1, Error: OOE_REQUEST_TOO_LARGE };
    }
    record.actions = body.Actions?.length ?? 0;
    const fault = requestFaults.shift();
    let response: RichApiResponseBody;
    if (fault) {
      response = {
        Error: {
          Code: fault.code ?? "GeneralException",
          Message: fault.message ?? "An internal error has occurred.",
          HttpStatusCode: 500,
        },
      };
    } else {
      written = new Set();
      response = await richApi.execute(body);
      setTimeout(recalculateWrites, 0);
    }
    const responseText = JSON.stringify(response);
    record.responseBytes = utf8Length(responseText);
    if (response.Error) {
      record.ok = false;
      record.error = response.Error.Code;
      // In the test's diagnostics: what Excel's side refused, and where.
      console.warn(
        `office host: request ${record.index} failed: ${response.Error.Code} at ${response.Error.Location ?? "?"}: ${response.Error.Message}`
      );
    }
    if (record.responseBytes > limit) {
      record.ok = false;
      record.error = "ResponsePayloadSizeLimitExceeded";
      traces.record(body, { Error: { Code: record.error, Message: "", HttpStatusCode: 400 } });
      return { Version: 1, Error: OOE_RESPONSE_TOO_LARGE };
    }
    traces.record(body, response);
    return { Version: 1, Error: 0, Data: [200, [], responseText] };
  }

  async function saveSettings(
    serialized: Record<string, string>
  ): Promise<Record<string, unknown>> {
    if (settingsFaults.shift()) return { Version: 1, Error: 5010 };
    const settings = office.context.document.settings;
    for (const name of Object.keys(model.workbook().settings))
      if (!(name in serialized)) settings.remove(name);
    for (const [name, text] of Object.entries(serialized)) settings.set(name, JSON.parse(text));
    await new Promise<void>((resolve, reject) =>
      settings.saveAsync((result) =>
        result.status === "succeeded" ? resolve() : reject(new Error("settings not saved"))
      )
    );
    return { Version: 1, Error: 0 };
  }

  let commandCount = 0;
  /** A ribbon command (ExecuteFunction), as Excel invokes it: resolves when it completes. */
  const invokeCommand = (callbackName: string) =>
    new Promise<void>((resolve, reject) => {
      const id = `command-${++commandCount}`;
      commands.set(id, resolve);
      const eventObject = JSON.stringify({ source: { id: callbackName } });
      if (!xdm.fire("appCommandInvoked", [id, callbackName, eventObject]))
        reject(new Error("the add-in has not registered for ribbon commands"));
    });

  function forgetRuntime(): void {
    xdm.reset();
    richApi.reset();
    calls.dropAll();
    runtimeReady = false;
  }

  const openFrame = () => {
    forgetRuntime();
    frame?.remove();
    frame = document.createElement("iframe");
    frame.title = "Mail Finder";
    frame.name = "addin";
    const conversation = `conversation-${Date.now().toString(36)}`;
    const xdmInfo = [
      conversation,
      "mail-finder-addin",
      encodeURIComponent(location.href.split("#")[0]!),
    ].join("|");
    const url = new URL(addinUrl.href);
    url.searchParams.set("_host_Info", hostInfo(locale));
    url.hash = `&_xdm_Info=${xdmInfo}`;
    frame.src = url.href;
    container.appendChild(frame);
    showPane();
  };
  openFrame();

  const shownValues = async (sheet: string, address: string): Promise<ShownValue[][]> => {
    await calculator.settled();
    const rows: ShownValue[][] = [];
    const match = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/i.exec(address);
    if (!match) throw new Error(`officeHost.getValues: not an address: ${address}`);
    const col = (letters: string) =>
      [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    const name = (index: number) => {
      let out = "";
      for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
        out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
      return out;
    };
    const c0 = col(match[1]!),
      r0 = Number(match[2]) - 1;
    const c1 = match[3] ? col(match[3]) : c0,
      r1 = match[4] ? Number(match[4]) - 1 : r0;
    for (let r = r0; r <= r1; r++) {
      const row: ShownValue[] = [];
      for (let c = c0; c <= c1; c++) {
        const at = name(c) + (r + 1);
        const value = model.valueAt(sheet, at);
        if (value === undefined) throw new Error(`officeHost.getValues: no sheet ${sheet}`);
        const outcome = calculator.outcomes.get(`${sheet}!${at}`);
        if (
          typeof value === "string" &&
          value.startsWith("#") &&
          outcome &&
          typeof outcome === "object" &&
          !Array.isArray(outcome)
        )
          row.push({ ...(outcome as CellError) });
        else if (typeof value === "string" && /^#[A-Z/0!?]+[!?A]?$/.test(value))
          row.push({ error: value });
        else row.push(value as ShownValue);
      }
      rows.push(row);
    }
    return rows;
  };

  installShimFacade(model as unknown as Record<string, unknown>, {
    calls,
    calculator,
    requests,
    syncs: () => syncs,
    clearRequests: () => {
      requests.length = 0;
      syncs = 0;
    },
    failNextRequest: (error) => requestFaults.push(error),
    failNextSettingsSave: (error) => settingsFaults.push(error),
    setPayloadLimit: (bytes) => (limit = bytes),
    visibility: () => (visibility === "Visible" ? "Taskpane" : "Hidden"),
    setVisibility: (mode) =>
      mode === "Taskpane" ? window.officeHost.openTaskPane() : window.officeHost.closeTaskPane(),
    showAsTaskpaneCalls: () => showAsTaskpaneCalls,
    invokeCommand,
    ready: readyPromise,
  });

  window.officeHost = {
    ready: readyPromise,
    runtimeStarts: () => runtimeStarts,
    setValues: async (sheet, address, values) => {
      written = new Set();
      await model.setCells(sheet, address.split(":")[0]!, values);
      recalculateWrites();
    },
    setFormulas: async (sheet, address, formulas) => {
      written = new Set();
      await model.setCells(sheet, address.split(":")[0]!, formulas);
      recalculateWrites();
    },
    getValues: shownValues,
    calculate: () => calculator.calculateRange(null, null),
    calculated: () => calculator.calculated(),
    openTaskPane: async () => {
      visibility = "Visible";
      showPane();
      fireVisibility();
    },
    closeTaskPane: async () => {
      visibility = "Background";
      showPane();
      fireVisibility();
    },
    reopenWorkbook: async () => {
      await calculator.settled();
      openFrame();
    },
    settings: () => model.workbook().settings,
    usage: () => Object.fromEntries([...usage].sort(([a], [b]) => a.localeCompare(b))),
    calculationOrder: () => calculator.passes.map((pass) => [...pass]),
    functionLog: () => calls.log.map((entry) => ({ ...entry })),
    unhandled: () => [...xdm.unhandled],
    traces,
    execute: async (body) => {
      written = new Set();
      const response = await richApi.execute(body);
      setTimeout(recalculateWrites, 0);
      return response;
    },
    model: () => shim().__hostShim as unknown as Record<string, unknown>,
    frame: () => frame,
  };
  document.documentElement.dataset.officeHost = "ready";
}

start().catch((error: unknown) => {
  console.error("office host: could not start", error);
  document.documentElement.dataset.officeHost = "failed";
  document.body.append(String(error));
});
