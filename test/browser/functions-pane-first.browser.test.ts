import type { Page } from "playwright-core";
import { NO_FAULTS } from "../../src/sandbox/services/faults";
import { eventually } from "../helpers/sandbox";
import { setFaults, useKey } from "./flows-helpers";
import { browserTest, describeBrowser, requestsOf, useAddin } from "./harness";

// Cell outcomes when the task pane was opened FIRST, in the production build: the
// pane's UI chunk and the functions share one copy of the runtime, client and error modules.
// With two copies, whichever created the shared services
// first won and the other's `instanceof ApiError` failed: a 401 showed #N/A "Unexpected
// error: ..." instead of #VALUE!. Every cell is calculated through the host shim as Excel
// would: a rejected CustomFunctions.Error is the cell's error; any other rejection would show
// a bare #VALUE! (the shim marks it `unexpected`).

const HEALTHY: Record<string, unknown> = { ...NO_FAULTS };

/** What the shim resolves a cell with: a value, a spill, or an error (see host-shim.js cellResult). */
type Outcome = unknown;
interface CellError {
  error: string;
  message?: string;
  unexpected?: boolean;
}

const errorOf = (cell: Outcome): CellError =>
  cell && typeof cell === "object" && !Array.isArray(cell) && "error" in cell
    ? (cell as CellError)
    : { error: `no error: ${JSON.stringify(cell)}` };

/** One cell calculated by the shim; `timeoutMs` bounds the shim's wait. */
function calculate(page: Page, id: string, args: unknown[], timeoutMs = 15_000): Promise<Outcome> {
  return page.evaluate(
    ([fn, values, ms]) => window.__hostShim.invokeFunction(fn, values, { timeoutMs: ms }),
    [id, args, timeoutMs] as const
  );
}

/**
 * Waits until the runtime's one Services object (globalThis.__mailFinderServices, the holder
 * of src/runtime/services.ts) has `apiKey` in force for the next request.
 */
async function keyInForce(page: Page, apiKey: string): Promise<void> {
  // page.evaluate awaits the page's promise (waitForFunction would take it for a truthy value).
  await eventually(
    async () =>
      (await page.evaluate(async (key) => {
        const holder = globalThis as unknown as {
          __mailFinderServices?: { endpoint(): Promise<{ apiKey: string | null }> };
        };
        return (await holder.__mailFinderServices?.endpoint())?.apiKey === key;
      }, apiKey)) || undefined,
    10_000,
    "the saved key to be in force"
  );
}

/** Sets a key and tests the connection (flows-helpers' useKey), then waits until it is in force. */
async function useAccount(page: Page, apiKey: string): Promise<void> {
  await useKey(page, apiKey);
  await keyInForce(page, apiKey);
}

/** Saves a key in Settings without testing it (a rejected key cannot pass the connection test). */
async function saveKey(page: Page, apiKey: string): Promise<void> {
  await page.getByTestId("settings-api-key").fill(apiKey);
  await page.getByTestId("settings-save").click();
  await keyInForce(page, apiKey);
}

describeBrowser("worksheet functions in Chromium, with the task pane opened first", () => {
  const addin = useAddin();

  afterEach(async () => {
    await setFaults(addin, HEALTHY);
  });

  browserTest(
    "every cell outcome shows its code and message; none is an unexpected error",
    async () => {
      const account = await addin.sandbox.account(20);
      const broke = await addin.sandbox.account(0);
      const examples = (await addin.sandbox.examples()) as Record<
        string,
        Record<string, Record<string, string>>
      >;
      const person = examples.person!;

      // The pane first: its UI (and the modules it imports) loaded and mounted before any cell.
      const page = await addin.openTaskPane();
      await page.locator("[data-testid=tab-settings]").waitFor();
      expect(requestsOf(page).some((r) => /\/taskpane-ui\.[0-9a-f]+\.js$/.test(r.url))).toBe(true);
      await useAccount(page, account.apiKey);

      const findEmail = (p: Record<string, string>, timeoutMs?: number) =>
        calculate(page, "FINDEMAIL", [p.first_name, p.last_name, p.domain], timeoutMs);
      const lookups = () =>
        addin.relayLog.filter((r) => r.path === "/v5.1/find-email/person").length;
      const outcomes: Record<string, Outcome> = {};

      // Success: the email, as a 1x1 spill.
      outcomes.success = await findEmail(person.valid!);
      expect(outcomes.success).toEqual([[expect.stringContaining(`@${person.valid!.domain}`)]]);

      // An argument the interface would reject: #VALUE! naming it, and no request.
      const before = lookups();
      outcomes.argument = await calculate(page, "FINDEMAIL", [
        null,
        "Doe",
        "example.com",
        null,
        null,
      ]);
      expect(errorOf(outcomes.argument)).toEqual({
        error: "#VALUE!",
        message: "name is required.",
      });
      outcomes.email = await calculate(page, "VERIFYEMAIL", ["not-an-email"]);
      expect(errorOf(outcomes.email)).toEqual({
        error: "#VALUE!",
        message: "email is not a valid email address.",
      });
      expect(lookups()).toBe(before);

      // not_found and blacklisted (bodies from GET /sandbox/examples): #N/A saying which.
      outcomes.notFound = await findEmail(person.not_found!);
      expect(errorOf(outcomes.notFound)).toEqual({ error: "#N/A", message: "No email found." });
      outcomes.blacklisted = await findEmail(person.blacklisted!);
      expect(errorOf(outcomes.blacklisted)).toEqual({
        error: "#N/A",
        message: "Removed from the database at the owner's request (blacklisted).",
      });

      // 402: an account with no credits left.
      await useAccount(page, broke.apiKey);
      outcomes.outOfCredits = await findEmail(person.valid!);
      expect(errorOf(outcomes.outOfCredits)).toEqual({ error: "#N/A", message: "Out of credits." });

      // 401: a key the service rejects, saved in Settings (used by the very next cell).
      await saveKey(page, "rejected-key-0123456789abcdef");
      outcomes.unauthorized = await findEmail(person.valid!);
      expect(errorOf(outcomes.unauthorized)).toEqual({
        error: "#VALUE!",
        message: "API key missing or rejected: set it in the task pane.",
      });

      // 503 on every attempt: #N/A after the production build's retries (9 attempts with
      // backoff and jitter: 8 to 32 s of waiting in all), saying the service is busy.
      await useAccount(page, account.apiKey);
      await setFaults(addin, { rate503: 1 });
      const started = lookups();
      outcomes.busy = await findEmail(person.risky!, 60_000);
      expect(errorOf(outcomes.busy)).toEqual({
        error: "#N/A",
        message: "The service is busy (503) after 9 attempts; recalculate to try again.",
      });
      expect(lookups() - started).toBe(9);
      await setFaults(addin, HEALTHY);

      // And the service answers again: the same cell recalculated is the email.
      outcomes.recalculated = await findEmail(person.risky!);
      expect(outcomes.recalculated).toEqual([[expect.stringContaining("@")]]);

      // No outcome was an unexpected error (a bare #VALUE!, or a class check that failed
      // across two copies of the error module).
      expect(Object.keys(outcomes)).toHaveLength(9);
      expect(JSON.stringify(outcomes)).not.toMatch(/Unexpected error/);
      const unexpected = Object.entries(outcomes).filter(([, cell]) => errorOf(cell).unexpected);
      expect(unexpected).toEqual([]);
      expect(await account.credits()).toBe(19);
    },
    { timeoutMs: 120_000 }
  );
});
