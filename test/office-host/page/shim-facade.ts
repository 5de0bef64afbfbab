/**
 * The old shim's test API (`window.__hostShim`, see test/browser/harness.ts HostShim) on the
 * Office host page, so that the browser suites drive Excel's side the same way whether the
 * add-in runs under the shim or under Microsoft's office.js. The workbook members (cells,
 * selection, sheets, tables, saved settings) are the model's own; the members that reach the
 * add-in go through the real protocol here: a function is called as Excel calls it, a ribbon
 * command as Excel invokes it, the pane shown or hidden as Excel does. What the host page
 * cannot observe from Excel's side throws and says so.
 */
import type { Calculator } from "./calculation";
import type { CellOutcome, CustomFunctionCalls } from "./custom-functions";

export interface RequestRecord {
  index: number;
  actions: number;
  payloadBytes: number;
  responseBytes: number;
  ok: boolean;
  error?: string;
}

export interface FacadeHost {
  calls: CustomFunctionCalls;
  calculator: Calculator;
  requests: RequestRecord[];
  syncs(): number;
  clearRequests(): void;
  failNextRequest(error: { code?: string; message?: string }): void;
  failNextSettingsSave(error: { message?: string }): void;
  setPayloadLimit(bytes: number): void;
  visibility(): "Taskpane" | "Hidden";
  setVisibility(mode: "Taskpane" | "Hidden"): Promise<void>;
  showAsTaskpaneCalls(): number;
  invokeCommand(id: string): Promise<void>;
  ready(): Promise<void>;
}

function unavailable(member: string, why: string): never {
  throw new Error(`__hostShim.${member} is not available on the Office host page: ${why}`);
}

/** The shim's form of a cell result: a value, a matrix, or { error, message?, unexpected? }. */
function shimResult(outcome: CellOutcome, entry: unknown[] | undefined): unknown {
  const code = entry && entry[1] === false ? Number(entry[3] ?? 0) : null;
  // 2 and 3: a thrown error or a rejection that is not CustomFunctions.Error (a bug).
  if (code === 2 || code === 3) {
    const message = typeof entry![2] === "string" && entry![2] ? entry![2] : undefined;
    return { error: "#VALUE!", ...(message ? { message } : {}), unexpected: true };
  }
  return outcome;
}

export function installShimFacade(target: Record<string, unknown>, host: FacadeHost): void {
  Object.assign(target, {
    invokeFunction(
      id: string,
      args: unknown[],
      options: { address?: string; timeoutMs?: number; preview?: boolean } = {}
    ): Promise<unknown> {
      if (options.preview)
        unavailable(
          "invokeFunction({ preview })",
          "office.js 1.1.110 gives a function no isInValuePreview to tell a preview"
        );
      const meta = host.calls.function(id);
      if (!meta) return Promise.reject(new Error(`no function with id ${id} in functions.json`));
      const declared = meta.parameters ?? [];
      const given = (args ?? []).map((a) => (a === undefined ? null : a));
      if (given.length > declared.length)
        return Promise.reject(
          new Error(
            `MAIL.${id.toUpperCase()} takes ${declared.length} arguments, not ${given.length}`
          )
        );
      const padded = given.concat(declared.slice(given.length).map(() => null));
      return new Promise((resolve, reject) => {
        let settled = false;
        host.calls.call([
          {
            functionId: meta.id,
            args: padded,
            address: options.address ?? "Sheet1!A1",
            onResult: (outcome, entry) => {
              if (settled) return;
              settled = true;
              resolve(shimResult(outcome, entry));
            },
          },
        ]);
        if (options.timeoutMs)
          setTimeout(() => {
            if (!settled) reject(new Error(`no result from ${id} within ${options.timeoutMs} ms`));
          }, options.timeoutMs);
      });
    },
    calculate(sheet: string, address: string): Promise<Record<string, CellOutcome>> {
      return host.calculator.calculateRange(sheet, address);
    },
    // Read as the grid shows it once the calls already made have answered: office.js holds a
    // function's result about 50 ms before it reaches Excel, so the pane can say "done" first.
    async calculatedResult(address: string): Promise<CellOutcome | undefined> {
      await host.calculator.calculated();
      return host.calculator.outcomes.get(address);
    },
    functionIds(): never {
      return unavailable(
        "functionIds",
        "Excel does not see which ids the runtime associated; call the functions instead"
      );
    },
    invokeAction: (id: string) => host.invokeCommand(id),
    visibility: () => host.visibility(),
    setVisibility: (mode: "Taskpane" | "Hidden") => host.setVisibility(mode),
    showAsTaskpaneCalls: () => host.showAsTaskpaneCalls(),
    requests: () => ({ syncs: host.syncs(), requests: host.requests.map((r) => ({ ...r })) }),
    clearRequests: () => host.clearRequests(),
    failNextSync: (error?: { code?: string; message?: string }) =>
      host.failNextRequest(error ?? {}),
    failNextSettingsSave: (error?: { message?: string }) => host.failNextSettingsSave(error ?? {}),
    configure(changes: Record<string, unknown>): void {
      for (const [name, value] of Object.entries(changes)) {
        if (name === "payloadLimitBytes" && typeof value === "number") host.setPayloadLimit(value);
        else unavailable(`configure({ ${name} })`, "set it in the page's config before it opens");
      }
    },
    storage: (): never =>
      unavailable(
        "storage",
        "OfficeRuntime.storage is the add-in frame's localStorage: read it with addin.storage(page)"
      ),
    naaRequests: (): never =>
      unavailable("naaRequests", "the host page does not implement nested app authentication"),
    withdrawConsent: (): never =>
      unavailable("withdrawConsent", "the host page does not implement nested app authentication"),
  });
}
