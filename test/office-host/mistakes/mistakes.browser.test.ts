/**
 * The suite of mistakes: deliberately wrong snippets run through Microsoft's REAL office.js
 * (@microsoft/office-js) in a snippet add-in framed by the Office host page (test/office-host),
 * each expected to fail as Excel fails, with the source of that expectation beside it:
 * a page of learn.microsoft.com, the line of office.js that decides it
 * (node_modules/@microsoft/office-js/dist/excel-web-16.00.debug.js, version in package-lock), or
 * "guess" when nothing documents it. The same snippets run under the old shim
 * (test/browser/host-shim.js served in place of office.js) to fill the README's table.
 *
 * The snippet add-in (snippets.html, snippets.js, functions.json beside this file) is served by
 * a node:http server on 127.0.0.1; the host page passes it `_host_Info` flags 3 (a shared runtime
 * with custom functions). Snippets run inside its frame with office.js's own Excel, Office and
 * OfficeRuntime; the functions are entered in cells through `window.officeHost`.
 */
/* eslint-disable office-addins/call-sync-before-read, office-addins/call-sync-after-load, office-addins/load-object-before-read, office-addins/no-navigational-load -- these snippets are the mistakes the rules catch */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type JSHandle,
  type Page,
} from "playwright-core";
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  HOST_PAGE_ORIGIN,
  HOST_SHIM_PATH,
  OFFICE_JS_URL,
  officeHostArgs,
} from "../../browser/chromium";
import { SHARED_CHROMIUM_ENV, SHARED_OFFICE_HOST_ENV } from "../../setup/chromium-server";
import { openHostPage, type HostPage } from "../host-browser";
import { startOfficeHostServer, type OfficeHostServer } from "../server";
import type { ShownValue } from "../page/main";

const SNIPPET_FILES: Record<string, string> = {
  "/snippets.html": "text/html; charset=utf-8",
  "/snippets.js": "application/javascript; charset=utf-8",
  "/functions.json": "application/json; charset=utf-8",
};

/** What a snippet did: its value, or the error it threw (as office.js's Error carries it). */
interface Outcome {
  ok: boolean;
  value?: unknown;
  name?: string;
  code?: string;
  message?: string;
  location?: string;
}

/** What the snippet add-in's functions saw (snippets.js). */
interface SnippetLog {
  ready: boolean;
  started: string[];
  canceled: string[];
}

type Snippet = () => Promise<unknown>;

// ------------------------------------------------------------------------------ the snippets

/** 1. A property read without load(). */
const readBeforeLoad: Snippet = () =>
  Excel.run(async (context) => {
    const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1");
    await context.sync();
    return range.values;
  });

/** 2. A property read after load() but before sync(). */
const readBeforeSync: Snippet = () =>
  Excel.run(async (context) => {
    const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1");
    range.load("values");
    const values = range.values;
    await context.sync();
    return values;
  });

/** 3. A ClientResult's value read before sync(). */
const resultBeforeSync: Snippet = () =>
  Excel.run(async (context) => {
    const count = context.workbook.worksheets.getCount();
    const value = count.value;
    await context.sync();
    return value;
  });

/** 4. An object of a finished Excel.run (not tracked) written and synced afterwards. */
const untrackedAfterRun: Snippet = async () => {
  let kept: Excel.Range | null = null;
  await Excel.run(async (context) => {
    kept = context.workbook.worksheets.getActiveWorksheet().getRange("A1");
    kept.load("address");
    await context.sync();
  });
  const range = kept as unknown as Excel.Range;
  range.values = [[1]];
  await range.context.sync();
  return "written";
};

/** 5. load() of a property Range does not have. */
const loadUnknownProperty: Snippet = () =>
  Excel.run(async (context) => {
    const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1");
    range.load("valuez");
    await context.sync();
    return "loaded";
  });

/** 6. One sync writing more than 5 MB (5,000 x 10 cells of 120 characters: about 6.2 MB). */
const writeOver5MB: Snippet = () =>
  Excel.run(async (context) => {
    const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1:J5000");
    const text = "x".repeat(120);
    range.values = Array.from({ length: 5000 }, () => Array.from({ length: 10 }, () => text));
    await context.sync();
    return "written";
  });

/** 7. One read of more than 5,000,000 cells (A1:E1048576: 5,242,880 cells). */
const readOver5MillionCells: Snippet = () =>
  Excel.run(async (context) => {
    const range = context.workbook.worksheets.getActiveWorksheet().getRange("A1:E1048576");
    range.load("values");
    await context.sync();
    return range.values === null ? null : range.values.length;
  });

/** 8. setStartupBehavior with a value that is not an Office.StartupBehavior. */
const badStartupBehavior: Snippet = async () => {
  await Office.addin.setStartupBehavior("Always" as Office.StartupBehavior);
  return `stored: ${await Office.addin.getStartupBehavior()}`;
};

/** 13. OfficeRuntime.storage.setItems beyond the storage's quota (3 x 3,000,000 characters). */
const storageOverQuota: Snippet = async () => {
  const big = "x".repeat(3_000_000);
  try {
    await OfficeRuntime.storage.setItems({ quota1: big, quota2: big, quota3: big });
    return "stored";
  } finally {
    await OfficeRuntime.storage.removeItems(["quota1", "quota2", "quota3"]);
  }
};

/** Runs a snippet in a frame (or page) with that frame's Excel, Office and OfficeRuntime. */
async function run(target: Frame | Page, snippet: Snippet): Promise<Outcome> {
  // The snippet's source, evaluated as an expression in the frame: a handle to the function.
  const fn = (await target.evaluateHandle(`(${snippet.toString()})`)) as JSHandle<Snippet>;
  try {
    return await target.evaluate(async (call): Promise<Outcome> => {
      try {
        const value = await call();
        return { ok: true, value: JSON.parse(JSON.stringify(value ?? null)) as unknown };
      } catch (error) {
        const e = error as {
          name?: string;
          code?: string;
          message?: string;
          debugInfo?: { errorLocation?: string };
        };
        return {
          ok: false,
          name: e?.name,
          code: e?.code,
          message: e?.message,
          location: e?.debugInfo?.errorLocation,
        };
      }
    }, fn);
  } finally {
    await fn.dispose();
  }
}

// --------------------------------------------------------------------- expected (and sources)

/** office.js's resource strings (en-us/office_strings.js, L_<code>), as Excel's messages. */
const MESSAGES = {
  PropertyNotLoaded: (name: string) =>
    `The property '${name}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
  ValueNotLoaded:
    'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
  InvalidObjectPath: (path: string) =>
    `The object path '${path}' isn't working for what you're trying to do. If you're using the object across multiple "context.sync" calls and outside the sequential execution of a ".run" batch, please use the "context.trackedObjects.add()" and "context.trackedObjects.remove()" methods to manage the object's lifetime.`,
  RequestPayloadSizeLimitExceeded:
    'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
};

/** de-de/office_strings.js, L_PropertyNotLoaded. */
const GERMAN_PROPERTY_NOT_LOADED = (name: string) =>
  `Die Eigenschaft "${name}" ist nicht verfügbar. Rufen Sie vor dem Lesen des Werts der Eigenschaft die load-Methode für das enthaltende Objekt auf, und rufen Sie "context.sync()" für den zugeordneten Anforderungskontext auf.`;

/** The old shim's own error when a function's result is NaN or Infinity (putFormulaResult). */
const SHIM_GRID_REFUSES =
  "setFormulaResult: values must be a non-empty matrix of text, numbers, booleans";

// ------------------------------------------------------------------------------ the servers

interface AddinServer {
  /** The snippet add-in's page. */
  url: string;
  close(): Promise<void>;
}

async function serveSnippetAddin(): Promise<AddinServer> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? "/", "http://addin").pathname;
    const type = SNIPPET_FILES[pathname];
    if (!type) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    res
      .writeHead(200, { "content-type": type, "cache-control": "no-store" })
      .end(fs.readFileSync(path.join(__dirname, pathname.slice(1))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/snippets.html`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Chromium {
  browser: Browser;
  close(): Promise<void>;
}

/** The run's shared Chromium (its host page server mapped), else one of our own. */
async function startChromium(): Promise<Chromium> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared && process.env[SHARED_OFFICE_HOST_ENV]) {
    const browser = await chromium.connect(shared);
    return { browser, close: () => browser.close() };
  }
  const hostServer: OfficeHostServer = await startOfficeHostServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...officeHostArgs(hostServer.port)],
    headless: true,
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await hostServer.close();
    },
  };
}

const describeChromium = fs.existsSync(CHROMIUM_PATH) || process.env.CI ? describe : describe.skip;

// -------------------------------------------------------------------------------- the tests

describeChromium("mistakes, as Excel on the web refuses them", () => {
  let chromiumRun: Chromium;
  let addin: AddinServer;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [chromiumRun, addin] = await Promise.all([startChromium(), serveSnippetAddin()]);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await chromiumRun?.close();
    await addin?.close();
  });

  async function newPage(): Promise<Page> {
    const context = await chromiumRun.browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.stack ?? error.message));
    return page;
  }

  /** The host page around the snippet add-in, its runtime started. */
  async function openHost(locale?: string): Promise<HostPage> {
    const page = await newPage();
    const host = await openHostPage(page, {
      origin: HOST_PAGE_ORIGIN,
      config: { addin: addin.url, ...(locale ? { locale } : {}) },
    });
    await host.pane().waitForFunction(() => {
      const seen = (window as unknown as { __snippets?: SnippetLog }).__snippets;
      return seen?.ready === true;
    });
    return host;
  }

  describe("on the host page, with Microsoft's office.js", () => {
    let host: HostPage;

    beforeAll(async () => {
      host = await openHost();
    }, 30_000);

    afterAll(async () => {
      // Every call office.js made was answered, and no page threw.
      expect(await host.page.evaluate(() => window.officeHost.unhandled())).toEqual([]);
      expect(pageErrors).toEqual([]);
    });

    test("1. reading a property before load(): PropertyNotLoaded", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model#load
      // ("you must explicitly load the properties ... and then call context.sync()"); the code
      // and text: Utility.throwIfNotLoaded, excel-web-16.00.debug.js:18274 (client side).
      expect(await run(host.pane(), readBeforeLoad)).toEqual({
        ok: false,
        name: "RichApi.Error",
        code: "PropertyNotLoaded",
        message: MESSAGES.PropertyNotLoaded("values"),
        location: "Range.values",
      });
    });

    test("2. reading a loaded property before sync(): PropertyNotLoaded", async () => {
      // Same page and line: load() only queues the read, the value arrives with sync().
      expect(await run(host.pane(), readBeforeSync)).toMatchObject({
        ok: false,
        code: "PropertyNotLoaded",
        message: MESSAGES.PropertyNotLoaded("values"),
      });
    });

    test("3. reading a ClientResult before sync(): ValueNotLoaded", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/develop/application-specific-api-model#clientresult
      // (a ClientResult's value is there after context.sync()); ClientResult.value,
      // excel-web-16.00.debug.js:14881 (client side).
      expect(await run(host.pane(), resultBeforeSync)).toMatchObject({
        ok: false,
        code: "ValueNotLoaded",
        message: MESSAGES.ValueNotLoaded,
      });
    });

    test("4. an untracked object used after its Excel.run: InvalidObjectPath", async () => {
      // https://learn.microsoft.com/javascript/api/excel#excel-excel-run-function(1) ("When the
      // promise is resolved, any tracked objects that were automatically allocated during
      // execution will be released"); their paths are marked invalid at the end of the run
      // (excel-web-16.00.debug.js:16870) and a new action on one is refused before any request
      // (ClientRequestBase.addReferencedObjectPath, :14655).
      const outcome = await run(host.pane(), untrackedAfterRun);
      expect(outcome).toMatchObject({
        ok: false,
        name: "RichApi.Error",
        code: "InvalidObjectPath",
      });
      // The range was loaded, so office.js kept a reference to it: its path is that reference.
      expect(outcome.location).toBe("_reference()");
      expect(outcome.message).toBe(MESSAGES.InvalidObjectPath("_reference()"));
    });

    test("5. load() of an unknown property: InvalidArgument at sync()", async () => {
      // guess: office.js does not check the names (it sends Select ["valuez"],
      // ClientRequestContextBase._parseQueryOption, excel-web-16.00.debug.js:14452); Excel refuses
      // the query at sync(). Nothing documents the code; InvalidArgument is Excel.ErrorCodes'
      // nearest (https://learn.microsoft.com/javascript/api/excel/excel.errorcodes).
      expect(await run(host.pane(), loadUnknownProperty)).toMatchObject({
        ok: false,
        name: "RichApi.Error",
        code: "InvalidArgument",
      });
    });

    test("6. a write over 5 MB: RequestPayloadSizeLimitExceeded", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins
      // ("Excel on the web has a payload size limit for requests and responses of 5MB.
      // RichAPI.Error will be thrown"); the page refuses with OSF error 5103, which office.js
      // turns into this code (RichApiMessageUtility.buildResponseOnError, :13477) and message
      // (L_RequestPayloadSizeLimitExceededMessage, :1949).
      const outcome = await run(host.pane(), writeOver5MB);
      expect(outcome).toMatchObject({
        ok: false,
        name: "RichApi.Error",
        code: "RequestPayloadSizeLimitExceeded",
        message: MESSAGES.RequestPayloadSizeLimitExceeded,
      });
      // Nothing was written.
      expect(
        await host.page.evaluate(() => window.officeHost.getValues("Sheet1", "J5000"))
      ).toEqual([[""]]);
    });

    test("7. a read over 5,000,000 cells: ResponsePayloadSizeLimitExceeded", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/excel/performance#payload-size-limit-best-practices
      // ("a range is limited to five million cells for get operations"; "the API doesn't always
      // throw an error. In some cases, Range.values returns null"): the workbook model refuses
      // (host-shim.js maxCellsPerGet); the code is a guess among the two documented outcomes.
      expect(await run(host.pane(), readOver5MillionCells)).toMatchObject({
        ok: false,
        name: "RichApi.Error",
        code: "ResponsePayloadSizeLimitExceeded",
      });
    });

    test("8. setStartupBehavior with a bad value: InvalidArgument, nothing stored", async () => {
      // https://learn.microsoft.com/javascript/api/office/office.addin#office-office-addin-setstartupbehavior-member(1)
      // (behavior: Office.StartupBehavior, "Load" or "None"); office.js refuses anything else
      // before any request: Office.addin.setStartupBehavior, excel-web-16.00.debug.js:25661.
      expect(await run(host.pane(), badStartupBehavior)).toEqual({
        ok: false,
        name: "RichApi.Error",
        code: "InvalidArgument",
        message: null,
        location: null,
      });
      // The workbook keeps its startup behaviour (a new workbook's: None).
      expect(await run(host.pane(), () => Office.addin.getStartupBehavior())).toEqual({
        ok: true,
        value: "None",
      });
    });

    /** Enters a formula on the host page and returns what the cell shows, and what office.js sent. */
    async function calculate(address: string, formula: string) {
      return host.page.evaluate(
        async ([at, text]) => {
          const before = window.officeHost.functionLog().length;
          await window.officeHost.setFormulas("Sheet1", at, [[text]]);
          const deadline = Date.now() + 10_000;
          let result: unknown[] | undefined;
          while (!result && Date.now() < deadline) {
            await new Promise((resolve) => setTimeout(resolve, 20));
            const entry = window.officeHost
              .functionLog()
              .slice(before)
              .find((e) => e.kind === "result");
            result = entry?.detail as unknown[] | undefined;
          }
          await window.officeHost.calculated();
          const [[shown]] = (await window.officeHost.getValues("Sheet1", at)) as ShownValue[][];
          return { shown, sent: result ? result.slice(1, 4) : null };
        },
        [address, formula] as const
      );
    }

    test("9. a function returning NaN: an error in the cell, never a number", async () => {
      // office.js sends NaN as a failure without an error code ([id, false, "NaN", 0]:
      // CustomFunctionProxy._setResultWithOutboundData, excel-web-16.00.debug.js:62807 and
      // _convertCustomFunctionInvocationResultToArray). Which error Excel shows for code 0 is not
      // documented: guess #VALUE! ("By default, Excel returns #VALUE! for unhandled errors",
      // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors).
      expect(await calculate("B1", "=MAIL.RETURNNAN()")).toEqual({
        shown: { error: "#VALUE!" },
        sent: [false, "NaN", 0],
      });
    });

    test("10. a function returning Infinity: #NUM!", async () => {
      // office.js sends Infinity as a failure with code 6 (excel-web-16.00.debug.js:62808), the
      // code of CustomFunctions.ErrorCode.invalidNumber (:62848), which is #NUM!
      // (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors).
      expect(await calculate("B2", "=MAIL.RETURNINFINITY()")).toEqual({
        shown: { error: "#NUM!" },
        sent: [false, "Infinity", 6],
      });
    });

    test("11. a function throwing a plain Error: #VALUE!, its message dropped", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors#use-trycatch-blocks
      // ("By default, Excel returns #VALUE! for unhandled errors or exceptions"); office.js keeps
      // the message only of a CustomFunctions.Error (_setErrorWithOutboundData,
      // excel-web-16.00.debug.js:62819) and sends code 2 for anything else thrown (:62773).
      expect(await calculate("B3", "=MAIL.THROWPLAIN()")).toEqual({
        shown: { error: "#VALUE!" },
        sent: [false, "", 2],
      });
    });

    test("12. a cancelable call whose cell is overwritten: onCanceled runs", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-web-reqs#cancel-a-function
      // ("Excel automatically cancels the execution of a function ... when the user edits or
      // deletes a cell that references the function"); office.js calls onCanceled on the
      // cancellation message (CustomFunctionProxy._handleCancellationEntries, :62643).
      const pane = host.pane();
      await host.page.evaluate(() =>
        window.officeHost.setFormulas("Sheet1", "C1", [["=MAIL.NEVER()"]])
      );
      await pane.waitForFunction(() =>
        (window as unknown as { __snippets: SnippetLog }).__snippets.started.includes("Sheet1!C1")
      );
      await host.page.evaluate(() => window.officeHost.setValues("Sheet1", "C1", [["typed over"]]));
      await pane.waitForFunction(
        () =>
          (window as unknown as { __snippets: SnippetLog }).__snippets.canceled.includes(
            "Sheet1!C1"
          ),
        undefined,
        { timeout: 5_000 }
      );
      const log = await host.page.evaluate(() => window.officeHost.functionLog());
      expect(log.filter((entry) => entry.kind === "cancel").map((entry) => entry.detail)).toEqual([
        "Sheet1!C1",
      ]);
    });

    test("13. storage over quota: Error('Unknown error.')", async () => {
      // https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-runtime#store-and-access-data
      // (10 MB per domain); in a browser office.js keeps OfficeRuntime.storage in localStorage
      // and turns any failure of setItems into this one error (performMultiAction,
      // excel-web-16.00.debug.js:63334).
      expect(await run(host.pane(), storageOverQuota)).toEqual({
        ok: false,
        name: "Error",
        message: "Unknown error.",
      });
    });
  });

  describe("on the host page of a German Office (locale de-DE)", () => {
    test("14. office.js's client-side errors speak German", async () => {
      // office.js loads de-de/office_strings.js for the host's locale and takes each error's
      // text from it (CoreUtility._getResourceString reads Strings.OfficeOM["L_" + code],
      // excel-web-16.00.debug.js:13684); the code stays English.
      const host = await openHost("de-DE");
      expect(await run(host.pane(), readBeforeLoad)).toMatchObject({
        ok: false,
        code: "PropertyNotLoaded",
        message: GERMAN_PROPERTY_NOT_LOADED("values"),
      });
      await host.page.context().close();
    }, 30_000);
  });

  describe("under the old shim (test/browser/host-shim.js in place of office.js)", () => {
    /** The snippet add-in as a top-level page with the old shim, as test/browser/harness.ts does. */
    async function openOldShim(config: Record<string, unknown> = {}): Promise<Page> {
      const page = await newPage();
      await page.addInitScript((c) => {
        (window as unknown as { __hostShimConfig: unknown }).__hostShimConfig = c;
      }, config);
      await page.route(OFFICE_JS_URL, (route) =>
        route.fulfill({
          status: 200,
          contentType: "application/javascript; charset=utf-8",
          body: fs.readFileSync(HOST_SHIM_PATH),
        })
      );
      await page.goto(addin.url, { waitUntil: "load" });
      await page.waitForFunction(
        () => (window as unknown as { __snippets?: SnippetLog }).__snippets?.ready === true
      );
      return page;
    }

    /** A function's result as the old shim calculates the formula of one cell. */
    function shimCalculate(page: Page, id: string): Promise<unknown> {
      return page.evaluate(async (name) => {
        const shim = (
          window as unknown as {
            __hostShim: {
              setCells(s: string, a: string, v: unknown[][]): Promise<void>;
              calculate(s: string, a: string): Promise<Record<string, unknown>>;
            };
          }
        ).__hostShim;
        await shim.setCells("Sheet1", "B1", [[`=MAIL.${name}()`]]);
        const results = await shim.calculate("Sheet1", "B1").catch((error: Error) => ({
          B1: `calculation failed: ${error.message}`,
        }));
        return JSON.parse(
          JSON.stringify(results.B1, (_k, v: unknown) =>
            typeof v === "number" && !Number.isFinite(v) ? String(v) : v
          )
        ) as unknown;
      }, id);
    }

    test("the same mistakes: what the old shim gives (the README's column)", async () => {
      const page = await openOldShim();
      const outcomes = {
        readBeforeLoad: await run(page, readBeforeLoad),
        readBeforeSync: await run(page, readBeforeSync),
        resultBeforeSync: await run(page, resultBeforeSync),
        untrackedAfterRun: await run(page, untrackedAfterRun),
        loadUnknownProperty: await run(page, loadUnknownProperty),
        writeOver5MB: await run(page, writeOver5MB),
        readOver5MillionCells: await run(page, readOver5MillionCells),
        badStartupBehavior: await run(page, badStartupBehavior),
        storageOverQuota: await run(page, storageOverQuota),
      };
      const functions = {
        RETURNNAN: await shimCalculate(page, "RETURNNAN"),
        RETURNINFINITY: await shimCalculate(page, "RETURNINFINITY"),
        THROWPLAIN: await shimCalculate(page, "THROWPLAIN"),
      };
      // The cancelable call: the shim never cancels (nothing calls onCanceled).
      await page.evaluate(() => {
        const shim = (
          window as unknown as {
            __hostShim: {
              setCells(s: string, a: string, v: unknown[][]): Promise<void>;
              calculate(s: string, a: string): Promise<unknown>;
            };
          }
        ).__hostShim;
        void shim.setCells("Sheet1", "C1", [["=MAIL.NEVER()"]]).then(() => {
          void shim.calculate("Sheet1", "C1");
        });
      });
      await page.waitForFunction(
        () => (window as unknown as { __snippets: SnippetLog }).__snippets.started.length > 0
      );
      await page.evaluate(() =>
        (
          window as unknown as {
            __hostShim: { setCells(s: string, a: string, v: unknown[][]): Promise<void> };
          }
        ).__hostShim.setCells("Sheet1", "C1", [["typed over"]])
      );
      await page.waitForTimeout(300);
      const canceled = await page.evaluate(
        () => (window as unknown as { __snippets: SnippetLog }).__snippets.canceled
      );
      const german = await run(await openOldShim({ displayLanguage: "de-DE" }), readBeforeLoad);

      const brief = (outcome: Outcome) =>
        outcome.ok
          ? { ok: true, value: outcome.value }
          : { code: outcome.code, message: outcome.message };
      const recorded = {
        ...Object.fromEntries(Object.entries(outcomes).map(([k, v]) => [k, brief(v)])),
        functions,
        canceled,
        german: brief(german),
      };
      // The README's "old shim" column, as measured.
      expect(recorded).toEqual({
        readBeforeLoad: {
          code: "PropertyNotLoaded",
          message: MESSAGES.PropertyNotLoaded("values"),
        },
        readBeforeSync: {
          code: "PropertyNotLoaded",
          message: MESSAGES.PropertyNotLoaded("values"),
        },
        resultBeforeSync: { code: "ValueNotLoaded", message: MESSAGES.ValueNotLoaded },
        untrackedAfterRun: {
          code: "InvalidObjectPath",
          message: expect.stringContaining("isn't working for what you're trying to do"),
        },
        loadUnknownProperty: {
          code: "InvalidArgument",
          message: "The property 'valuez' does not exist on Range.",
        },
        writeOver5MB: {
          code: "RequestPayloadSizeLimitExceeded",
          message: MESSAGES.RequestPayloadSizeLimitExceeded,
        },
        readOver5MillionCells: {
          code: "ResponsePayloadSizeLimitExceeded",
          message: expect.stringContaining("The response payload size has exceeded the limit."),
        },
        badStartupBehavior: { ok: true, value: "stored: Always" },
        // Was { code: "QuotaExceeded", message: "OfficeRuntime.storage: the 10 MB limit would be
        // exceeded." } until the shim took office.js's behaviour (README).
        storageOverQuota: { code: undefined, message: "Unknown error." },
        functions: {
          // The shim's own calculation fails: its grid takes no NaN or Infinity.
          RETURNNAN: `calculation failed: ${SHIM_GRID_REFUSES}`,
          RETURNINFINITY: `calculation failed: ${SHIM_GRID_REFUSES}`,
          THROWPLAIN: { error: "#VALUE!", message: "boom", unexpected: true },
        },
        canceled: [],
        german: { code: "PropertyNotLoaded", message: MESSAGES.PropertyNotLoaded("values") },
      });
    }, 45_000);
  });
});
