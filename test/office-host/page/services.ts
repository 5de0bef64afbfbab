/**
 * The RichApi "service" objects office.js creates by type name (ObjectPathType 2) rather than
 * reaching from the workbook: the shared runtime's state (Office.addin), the add-in's internal
 * service, and the custom functions' channel for results. Each is the host page's own small
 * state; a method a service does not have is ApiNotFound (see rich-api.ts).
 */

export interface Service {
  readonly type: string;
  readonly methods: Record<string, (args: unknown[]) => unknown>;
  navigate?(name: string, args: unknown[]): Service | undefined;
}

/** What the services change or read in the host page. */
export interface ServiceHost {
  /** Office.addin.getStartupBehavior / setStartupBehavior: "Load" or "None", kept in the workbook. */
  startupBehavior(): Promise<string>;
  setStartupBehavior(behavior: "Load" | "None"): void;
  /** The pane's state: "Visible" (a task pane) or "Background" (hidden, still running). */
  runtimeState(): "Visible" | "Background";
  setRuntimeState(state: "Visible" | "Background"): void;
  /** SetInvocationArrayResults' entries: [id, succeeded, value, errorCode?, outboundData?]. */
  invocationResults(results: unknown[][]): void;
  /** The functions' container told the host it is ready for calls. */
  customFunctionsReady(): void;
}

const STATES = new Set(["Inactive", "Background", "Visible"]);

function argumentError(message: string): Error & { code: string } {
  return Object.assign(new Error(message), { code: "InvalidArgument" });
}

export function createServices(host: ServiceHost): Record<string, () => Service> {
  return {
    "Microsoft.AppRuntime.AppRuntimePersistenceService": () => ({
      type: "AppRuntimePersistenceService",
      methods: {
        // office.js: "Inactive" means StartupBehavior.none; anything else, load.
        GetAppRuntimeStartState: async () => startStateOf(await host.startupBehavior()),
        SetAppRuntimeStartState: ([state]) => {
          if (typeof state !== "string" || !STATES.has(state))
            throw argumentError("The argument is invalid or missing or has an incorrect format.");
          host.setStartupBehavior(state === "Inactive" ? "None" : "Load");
          return null;
        },
      },
    }),
    "Microsoft.AppRuntime.AppRuntimeService": () => ({
      type: "AppRuntimeService",
      methods: {
        GetAppRuntimeState: () => host.runtimeState(),
        SetAppRuntimeState: ([state]) => {
          if (state !== "Visible" && state !== "Background")
            throw argumentError("The argument is invalid or missing or has an incorrect format.");
          host.setRuntimeState(state);
          return null;
        },
      },
    }),
    "Microsoft.InternalService.AddinInternalService": () => ({
      type: "AddinInternalService",
      methods: { NotifyActionHandlerReady: () => null },
    }),
    "Microsoft.ExcelServices.CustomFunctions": () => ({
      type: "CustomFunctions",
      methods: {
        SetInvocationArrayResults: ([results]) => {
          if (!Array.isArray(results)) throw argumentError("results must be an array");
          host.invocationResults(results as unknown[][]);
          return null;
        },
        // Before CustomFunctions 1.7, office.js sends results as objects.
        SetInvocationResults: ([results]) => {
          if (!Array.isArray(results)) throw argumentError("results must be an array");
          host.invocationResults(
            (results as Array<Record<string, unknown>>).map((r) => [
              r.id,
              !r.failed,
              r.value,
              ...(r.failed ? [r.errorCode ?? 0] : []),
            ])
          );
          return null;
        },
        _GetEnabledFeatures: () => [],
        _SetOsfControlContainerReadyForCustomFunctions: () => {
          host.customFunctionsReady();
          return null;
        },
      },
    }),
  };
}

/** AppRuntimeState of a saved startup behaviour (office.js reads "Inactive" as none). */
function startStateOf(behavior: string): string {
  return behavior.toLowerCase() === "load" ? "Background" : "Inactive";
}
