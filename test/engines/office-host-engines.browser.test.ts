import { MAIL_FUNCTION_IDS } from "../helpers/function-ids";
import type { ShownValue } from "../office-host/page/main";
import { describeEngines } from "./engines";
import { engineTest, useEngine } from "./fixture";
import {
  associatedFunctions,
  calculatedCells,
  launchForHostPage,
  openOnHostPage,
  reopenWorkbook,
  useHostPageAddin,
  type HostPane,
} from "./host-page";
import type { PageDriver } from "./page-driver";
import { requestsTo, sandboxAnswerFor, saveKey, type PersonExamples } from "./steps";

// The function and pane basics under Microsoft's real office.js (@microsoft/office-js) in each
// engine: the Office host page (test/office-host) stands for Excel on the web and frames the
// built add-in cross-origin; the test types formulas on Excel's side (window.officeHost) and
// uses the pane in the add-in's frame. In Firefox ESR and WebKitGTK by default (ENGINES picks;
// Chromium runs the same through Playwright).
//
//     npm run build && npx jest test/engines/office-host-engines --runInBand
//     ENGINES=webkit npx jest test/engines/office-host-engines

type Examples = {
  person: PersonExamples;
  verify: Record<"valid" | "invalid", { email: string }>;
};

const LOOKUPS = "/v5.1/find-email/";
const VERIFICATIONS = "/v5.1/verify";

const served = useHostPageAddin();

/** Types formulas (or values) into Sheet1 on Excel's side; Excel calculates what they change. */
function typeInto(host: PageDriver, address: string, rows: unknown[][]): Promise<void> {
  return host.evaluate(
    ([at, values]) => window.officeHost.setFormulas("Sheet1", at, values as string[][]),
    [address, rows] as const
  );
}

/** What Sheet1 shows at an address once its calls are answered. */
const shown = (host: PageDriver, address: string): Promise<ShownValue[][]> =>
  calculatedCells(host, address);

/** The pane's key in force (the runtime's one Services object, src/runtime/services.ts). */
function keyInForce(pane: PageDriver): Promise<string | null> {
  return pane.evaluate(async () => {
    const holder = globalThis as unknown as {
      __mailFinderServices?: { endpoint(): Promise<{ apiKey: string | null }> };
    };
    return (await holder.__mailFinderServices?.endpoint())?.apiKey ?? null;
  });
}

describeEngines("the add-in under office.js on the Office host page", (engine) => {
  const addin = useEngine(engine, served, (chosen) => launchForHostPage(chosen));
  let examples: Examples;
  beforeAll(async () => {
    examples = (await served.sandbox.examples()) as unknown as Examples;
  });
  const sent = (prefix: string): number => requestsTo(served.server.relayLog, prefix);

  engineTest(
    addin,
    "the pane opens in the host page's frame: first run, I have a key, the seven functions associated, a key saved",
    async () => {
      const account = await addin.sandbox.account(10);
      const opened = await openOnHostPage(addin, served, { firstRun: true });
      // The frame runs Microsoft's office.js, told by the host page that it is Excel on the web.
      expect(
        await opened.pane.evaluate(() => ({
          script: document.querySelector('script[src$="/lib/1/hosted/office.js"]') !== null,
          host: Office.context.diagnostics.host,
          platform: Office.context.diagnostics.platform,
          framed: window.top !== window,
        }))
      ).toEqual({ script: true, host: "Excel", platform: "OfficeOnline", framed: true });
      await opened.pane.waitForTestId("first-run");
      await opened.pane.click("first-run-have-key");
      await opened.pane.waitFor(
        () => document.querySelector('[role="tablist"]') !== null,
        undefined,
        {
          what: "the tabs after first run",
        }
      );
      const ids = (await opened.pane.waitFor(
        async (count) => {
          const holder = globalThis as unknown as {
            CustomFunctions?: { _association?: { mappings?: object } };
          };
          const names = Object.keys(holder.CustomFunctions?._association?.mappings ?? {});
          return names.length === count ? names : null;
        },
        MAIL_FUNCTION_IDS.length,
        { what: "office.js to associate the seven functions" }
      )) as string[];
      expect([...ids].sort()).toEqual(MAIL_FUNCTION_IDS);
      await saveKey(opened.pane, account.apiKey);
      expect(await keyInForce(opened.pane)).toBe(account.apiKey);
    },
    60_000
  );

  engineTest(
    addin,
    "formulas typed in Excel answer from the sandbox, a bad input is #VALUE!, and the reopened workbook keeps the key and answers from kept answers",
    async () => {
      const account = await addin.sandbox.account(10);
      const other = await addin.sandbox.account(10);
      const { person, verify } = examples;
      const opened: HostPane = await openOnHostPage(addin, served);
      await saveKey(opened.pane, account.apiKey);

      const lookups = sent(LOOKUPS);
      const verifications = sent(VERIFICATIONS);
      await typeInto(opened.host, "A1", [[`=MAIL.VERIFYEMAIL("${verify.valid.email}")`]]);
      expect(await shown(opened.host, "A1")).toEqual([["valid"]]);
      expect(sent(VERIFICATIONS)).toBe(verifications + 1);

      const { valid } = person;
      await typeInto(opened.host, "A2", [[valid.first_name, valid.last_name, valid.domain]]);
      await typeInto(opened.host, "D2", [["=MAIL.FINDEMAIL(A2,B2,C2)"]]);
      const [email] = await sandboxAnswerFor(other, valid);
      expect(await shown(opened.host, "D2")).toEqual([[email]]);
      expect(sent(LOOKUPS)).toBe(lookups + 1);

      // An input the interface rejects: #VALUE! with its message, and nothing sent.
      const relayed = served.server.relayLog.length;
      await typeInto(opened.host, "A3", [['=MAIL.VERIFYEMAIL("not-an-email")']]);
      expect(await shown(opened.host, "A3")).toEqual([
        [{ error: "#VALUE!", message: "email is not a valid email address." }],
      ]);
      expect(served.server.relayLog.length).toBe(relayed);

      // Closed and opened again: a new frame and runtime with the same user's storage.
      const starts = await opened.host.evaluate(() => window.officeHost.runtimeStarts());
      expect(await reopenWorkbook(opened)).toBe("tabs");
      expect(await opened.host.evaluate(() => window.officeHost.runtimeStarts())).toBe(starts + 1);
      expect(await keyInForce(opened.pane)).toBe(account.apiKey);
      expect((await associatedFunctions(opened.pane)).sort()).toEqual(MAIL_FUNCTION_IDS);
      // Excel recalculates the workbook: the same answers, from the kept ones.
      await opened.host.evaluate(() => window.officeHost.calculate());
      expect(await shown(opened.host, "A1:A3")).toEqual([
        ["valid"],
        [valid.first_name],
        [{ error: "#VALUE!", message: "email is not a valid email address." }],
      ]);
      expect(await shown(opened.host, "D2")).toEqual([[email]]);
      expect(sent(LOOKUPS)).toBe(lookups + 1);
      expect(sent(VERIFICATIONS)).toBe(verifications + 1);
    },
    60_000
  );
});
