import fs from "node:fs";
import path from "node:path";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Frame,
  type Page,
} from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH, HOST_PAGE_ORIGIN } from "../browser/chromium";
import { close, serve } from "../helpers/pane-origin";
import { SHARED_CHROMIUM_ENV, SHARED_OFFICE_HOST_ENV } from "../setup/chromium-server";
import { openHostPage } from "./host-browser";
import type { RichApiResponseBody } from "./page/rich-api";
import {
  compareResponses,
  describeDifferences,
  mapReferences,
  replayTrace,
  type TraceDifference,
} from "./replay";
import { startOfficeHostServer, type OfficeHostServer } from "./server";
import {
  fixtureText,
  parseTraceLog,
  readTraceFixture,
  readTraceLog,
  type TraceEntry,
  type TraceFixture,
} from "./trace-log";

// Traces (item 8): office.js's own log of its RichApi traffic (CoreUtility._logEnabled), read
// into request/response pairs, checked in as fixtures and replayed against a fresh host page.
// A fixture is recorded once (OFFICE_HOST_RECORD_TRACES=1) and checked in; a run never writes
// one (README-cli-traces.md).

const TRACES = path.join(__dirname, "traces");
const FIXTURE = path.join(TRACES, "write-read-range.json");
const RECORD = process.env.OFFICE_HOST_RECORD_TRACES === "1";
const OFFICE_JS_VERSION = (
  JSON.parse(
    fs.readFileSync(
      path.join(__dirname, "../../node_modules/@microsoft/office-js/package.json"),
      "utf8"
    )
  ) as { version: string }
).version;

/**
 * A tiny add-in: Microsoft's office.js from its CDN address (answered from the package), its
 * log turned on as soon as it has loaded, and a scenario the test starts in its frame.
 */
const ADDIN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Trace add-in</title>
<script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script>
</head>
<body>
<script>
  Office.onReady(function () {
    OfficeExtension.CoreUtility._logEnabled = true;
    window.addinReady = true;
  });
  window.scenario = async function () {
    var written = await Excel.run(async function (context) {
      var sheet = context.workbook.worksheets.getItem("Sheet1");
      sheet.getRange("A1:B2").values = [[1, "two"], [true, 4.5]];
      var range = sheet.getRange("A1:B2");
      range.load("values,address,rowCount,columnCount");
      await context.sync();
      var first = { values: range.values, address: range.address };
      // A second sync on the same range: office.js names it by its kept reference now.
      range.values = [[2, "three"], [false, 0.25]];
      range.load("values");
      await context.sync();
      return { first: first, values: range.values };
    });
    var missing = await Excel.run(async function (context) {
      var other = context.workbook.worksheets.getItem("No such sheet");
      other.load("name");
      await context.sync();
      return "found";
    }).catch(function (error) {
      return error.code;
    });
    return { written: written, missing: missing };
  };
</script>
</body>
</html>
`;

interface Opened {
  context: BrowserContext;
  page: Page;
  pane: Frame;
  /** Every console message of the page and its frames, in order. */
  console: string[];
}

let browser: Browser;
let ownBrowser = false;
let hostServer: OfficeHostServer | null = null;
let origin: string;
let addin: string;
let addinServer: import("node:http").Server;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  const served = await serve((req, res) => {
    const { pathname } = new URL(req.url ?? "/", "http://addin");
    if (pathname === "/addin/taskpane.html")
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ADDIN_PAGE);
    else if (pathname === "/addin/functions.json")
      res.writeHead(200, { "content-type": "application/json" }).end('{"functions": []}');
    else res.writeHead(404).end();
  });
  addinServer = served.server;
  addin = `${served.origin}/addin/taskpane.html`;
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) browser = await chromium.connect(shared);
  else {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS, "--ignore-certificate-errors"],
    });
    ownBrowser = true;
  }
  // The run's browser maps Excel on the web's name and office.js's CDN to the run's host page
  // server; otherwise this file serves its own page (on 127.0.0.1, the add-in's host name).
  if (shared && process.env[SHARED_OFFICE_HOST_ENV]) origin = HOST_PAGE_ORIGIN;
  else {
    hostServer = await startOfficeHostServer();
    origin = hostServer.origin;
  }
});

afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

afterAll(async () => {
  if (ownBrowser) await browser?.close();
  else await browser?.close().catch(() => undefined);
  await hostServer?.close();
  if (addinServer) await close(addinServer);
});

/** A fresh host page (a new browser context) with the tiny add-in started in its frame. */
async function openPage(): Promise<Opened> {
  const context = await browser.newContext({ ignoreHTTPSErrors: true });
  contexts.push(context);
  const page = await context.newPage();
  const messages: string[] = [];
  page.on("console", (message) => messages.push(message.text()));
  const host = await openHostPage(page, {
    origin,
    config: { addin },
    routeCdn: origin !== HOST_PAGE_ORIGIN,
  });
  const pane = host.pane();
  await pane.waitForFunction(() => (window as { addinReady?: boolean }).addinReady === true);
  return { context, page, pane, console: messages };
}

/** Waits until the log from `from` on holds `count` answered requests and none unanswered. */
async function logged(opened: Opened, from: number, count: number): Promise<TraceEntry[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { entries, problems } = readTraceLog(opened.console.slice(from));
    if (entries.length >= count && !problems.length) return entries;
    if (Date.now() > deadline)
      throw new Error(
        `office.js logged ${entries.length} of ${count} requests; ${problems.join("; ")}\n${opened.console.slice(from).join("\n")}`
      );
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function expectNoDifferences(differences: TraceDifference[]): void {
  if (differences.length)
    throw new Error(`the replay differs:\n${describeDifferences(differences)}`);
}

describe("a trace recorded from office.js's log", () => {
  test("is what the page itself recorded, request by request; it becomes the fixture", async () => {
    const opened = await openPage();
    const mark = opened.console.length;
    await opened.page.evaluate(() => window.officeHost.traces.start());
    const outcome = await opened.pane.evaluate(() =>
      (window as unknown as { scenario(): Promise<unknown> }).scenario()
    );
    expect(outcome).toEqual({
      written: {
        first: {
          values: [
            [1, "two"],
            [true, 4.5],
          ],
          address: "Sheet1!A1:B2",
        },
        values: [
          [2, "three"],
          [false, 0.25],
        ],
      },
      missing: "ItemNotFound",
    });
    // The last request (the release of kept references) may still be on its way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const recorded = await opened.page.evaluate(() => window.officeHost.traces.stop());
    expect(recorded.length).toBeGreaterThanOrEqual(3);
    const fromLog = await logged(opened, mark, recorded.length);
    expect(fromLog).toEqual(recorded);
    // The requests of office.js's start (before the scenario) are in the log too.
    const whole = parseTraceLog(opened.console);
    expect(whole.length).toBeGreaterThan(recorded.length);
    expect(whole.slice(-recorded.length)).toEqual(recorded);

    if (RECORD) {
      const fixture: TraceFixture = {
        description:
          "Excel.run writes Sheet1!A1:B2 and reads it back (values, address, sizes), then writes " +
          "and reads it again in a second sync (the range by its kept reference); then a sheet " +
          "that is not there (ItemNotFound). With office.js's own requests at its start.",
        source: `office.js ${OFFICE_JS_VERSION} (@microsoft/office-js) on the Office host page, traces.browser.test.ts`,
        entries: whole,
      };
      fs.mkdirSync(TRACES, { recursive: true });
      fs.writeFileSync(FIXTURE, fixtureText(fixture));
    }
  });
});

describe("replaying a fixture on a fresh host page", () => {
  // Every fixture of traces/ (one from a real Excel can be dropped there), this file's first.
  const fixtures = [
    ...new Set([
      path.basename(FIXTURE),
      ...(fs.existsSync(TRACES) ? fs.readdirSync(TRACES) : []).filter((name) =>
        name.endsWith(".json")
      ),
    ]),
  ];

  test.each(fixtures)("%s: the page answers every request as recorded", async (name) => {
    if (!fs.existsSync(path.join(TRACES, name)))
      throw new Error(
        `${name} is missing: record it with OFFICE_HOST_RECORD_TRACES=1 npx jest ` +
          "test/office-host/traces.browser.test.ts and check it in (a run never writes it)"
      );
    const fixture = readTraceFixture(path.join(TRACES, name));
    expect(fixture.entries.length).toBeGreaterThan(0);
    const opened = await openPage();
    for (const cells of fixture.before ?? [])
      await opened.page.evaluate(
        (c) => window.officeHost.setValues(c.sheet, c.address, c.values),
        cells
      );
    expectNoDifferences(
      await replayTrace(opened.page, fixture.entries, { ignoreValuesOf: fixture.ignoreValuesOf })
    );
    if (name !== path.basename(FIXTURE)) return;
    expect(
      await opened.page.evaluate(() => window.officeHost.getValues("Sheet1", "A1:B2"))
    ).toEqual([
      [2, "three"],
      [false, 0.25],
    ]);
    // Again on the same page: its handles are now other than the recorded ones ("Range:3" for
    // "Range:1"), and the requests that release them are given the page's.
    expectNoDifferences(await replayTrace(opened.page, fixture.entries));
  });

  test("a tampered fixture (a value read, an error's code) gives those differences only", async () => {
    const fixture = readTraceFixture(FIXTURE);
    const entries = JSON.parse(JSON.stringify(fixture.entries)) as TraceEntry[];
    const read = entries.findIndex((entry) =>
      (entry.response.Results ?? []).some((result) => {
        const value = result.Value as { Values?: unknown[][] } | null;
        return Array.isArray(value?.Values);
      })
    );
    expect(read).toBeGreaterThanOrEqual(0);
    const result = entries[read]!.response.Results!.find((r) =>
      Array.isArray((r.Value as { Values?: unknown } | null)?.Values)
    )!;
    (result.Value as { Values: unknown[][] }).Values[0]![1] = "tampered";
    const failed = entries.findIndex((entry) => entry.response.Error);
    expect(failed).toBeGreaterThan(read);
    entries[failed]!.response.Error!.Code = "AccessDenied";

    const opened = await openPage();
    const differences = await replayTrace(opened.page, entries);
    expect(differences).toEqual([
      {
        entry: read,
        path: `Results[ActionId=${result.ActionId}].Value.Values[0][1]`,
        expected: "tampered",
        actual: "two",
      },
      { entry: failed, path: "Error.Code", expected: "AccessDenied", actual: "ItemNotFound" },
    ]);
  });
});

// ------------------------------------------------------------------ the log and the comparison

const REQUEST = {
  Actions: [
    { Id: 2, ActionType: 1, Name: "", ObjectPathId: 1 },
    { Id: 3, ActionType: 2, Name: "", ObjectPathId: 1, QueryInfo: { Select: ["values"] } },
  ],
  ObjectPaths: { "1": { Id: 1, ObjectPathType: 1, Name: "" } },
};
const OTHER_REQUEST = {
  Actions: [{ Id: 7, ActionType: 1, Name: "", ObjectPathId: 5 }],
  ObjectPaths: { "5": { Id: 5, ObjectPathType: 1, Name: "" } },
};
const BODY = {
  Results: [
    { ActionId: 2, Value: {} },
    { ActionId: 3, Value: { Values: [[1]] } },
  ],
};
const OTHER_BODY = { Results: [{ ActionId: 7, Value: {} }] };
const asLogged = (body: unknown) =>
  JSON.stringify({ value: { data: [200, [], JSON.stringify(body)] }, status: "succeeded" });

describe("readTraceLog", () => {
  test("console messages as Playwright gives them", () => {
    expect(
      parseTraceLog([
        "something else",
        "Request:",
        JSON.stringify(REQUEST),
        "Response:",
        asLogged(BODY),
      ])
    ).toEqual([{ request: REQUEST, response: BODY }]);
  });

  test("a console saved from Chrome's developer tools: locations and timestamps before the lines", () => {
    const text = [
      "excel-web-16.00.js:26 Request:",
      `excel-web-16.00.js:26 ${JSON.stringify(REQUEST)}`,
      "05:28:29.123 VM12:1 unrelated",
      "05:28:29.130 https://appsforoffice.microsoft.com/lib/1/hosted/excel-web-16.00.js:26:301 Response:",
      `05:28:29.131 https://appsforoffice.microsoft.com/lib/1/hosted/excel-web-16.00.js:26:301 ${asLogged(BODY)}`,
    ].join("\r\n");
    expect(parseTraceLog(text)).toEqual([{ request: REQUEST, response: BODY }]);
  });

  test("Firefox's copy: locations after the lines", () => {
    const text = [
      "Request: excel-web-16.00.js:26:13",
      `${JSON.stringify(REQUEST)} excel-web-16.00.js:26:13`,
      "Response: excel-web-16.00.js:26:13",
      "",
      `${asLogged(BODY)} excel-web-16.00.js:26:13`,
    ].join("\n");
    expect(parseTraceLog(text)).toEqual([{ request: REQUEST, response: BODY }]);
  });

  test("another message logged between a marker and its JSON (seen in CI: the page's own error line) is passed over", () => {
    expect(
      parseTraceLog([
        "Request:",
        JSON.stringify(REQUEST),
        "Response:",
        "office host: request 5 failed: ItemNotFound at WorksheetCollection.getItem: The requested resource doesn't exist.",
        asLogged(BODY),
      ])
    ).toEqual([{ request: REQUEST, response: BODY }]);
    expect(readTraceLog(["Request:", "Response:", asLogged(BODY)]).problems).toEqual([
      expect.stringMatching(/^line 2: the request is not JSON/),
      "line 3: a response with no request before it",
    ]);
  });

  test("requests in flight together: each response to the request with its action ids", () => {
    expect(
      parseTraceLog([
        "Request:",
        JSON.stringify(REQUEST),
        "Request:",
        JSON.stringify(OTHER_REQUEST),
        "Response:",
        asLogged(OTHER_BODY),
        "Response:",
        asLogged(BODY),
      ])
    ).toEqual([
      { request: REQUEST, response: BODY },
      { request: OTHER_REQUEST, response: OTHER_BODY },
    ]);
  });

  test("a failed call (OSF's error) becomes office.js's error body; other executors' shapes", () => {
    expect(
      parseTraceLog([
        "Request:",
        JSON.stringify(REQUEST),
        "Response:",
        JSON.stringify({
          status: "failed",
          error: { name: "x", message: "too large", code: 5103 },
        }),
        "Request:",
        JSON.stringify(OTHER_REQUEST),
        "Response:",
        JSON.stringify({
          Data: [
            200,
            [],
            [JSON.stringify(OTHER_BODY).slice(0, 5), JSON.stringify(OTHER_BODY).slice(5)],
          ],
        }),
      ])
    ).toEqual([
      {
        request: REQUEST,
        response: {
          Error: {
            Code: "RequestPayloadSizeLimitExceeded",
            Message: "too large",
            HttpStatusCode: 400,
          },
        },
      },
      { request: OTHER_REQUEST, response: OTHER_BODY },
    ]);
  });

  test("what cannot be read or paired is said, line by line", () => {
    const log = readTraceLog([
      "Response:",
      asLogged(BODY),
      "Request:",
      "{not json}",
      "Request:",
      JSON.stringify({ something: 1 }),
      "Request:",
      JSON.stringify(REQUEST),
    ]);
    expect(log.entries).toEqual([]);
    expect(log.problems).toEqual([
      "line 2: a response with no request before it",
      expect.stringMatching(/^line 4: the request is not JSON \(.+\)$/),
      "line 6: not a RichApi request body (Actions, ObjectPaths)",
      "line 8: a request never answered",
    ]);
    expect(() => parseTraceLog(["Request:", JSON.stringify(REQUEST)])).toThrow(/never answered/);
  });
});

describe("compareResponses", () => {
  test("_ReferenceId values and TraceIds are not compared; handles are mapped for later requests", () => {
    const references = new Map<string, string>();
    const expected: RichApiResponseBody = {
      Results: [{ ActionId: 8, Value: { _ReferenceId: "{excel-handle}" } }],
      TraceIds: [4],
    };
    const actual: RichApiResponseBody = {
      Results: [{ ActionId: 8, Value: { _ReferenceId: "Range:3" } }],
    };
    expect(compareResponses(expected, actual, {}, references)).toEqual([]);
    expect(references.get("{excel-handle}")).toBe("Range:3");
    const later = mapReferences(
      {
        Actions: [
          {
            Id: 2,
            ActionType: 3,
            Name: "_RemoveReference",
            ObjectPathId: 1,
            ArgumentInfo: { Arguments: ["{excel-handle}"] },
          },
        ],
        ObjectPaths: { "1": { Id: 1, ObjectPathType: 6, Name: "{excel-handle}" } },
      },
      references
    );
    expect(later.ObjectPaths["1"]!.Name).toBe("Range:3");
    expect(later.Actions[0]!.ArgumentInfo!.Arguments).toEqual(["Range:3"]);
    // A handle where none was recorded is a difference.
    expect(compareResponses({ Results: [{ ActionId: 8, Value: {} }] }, actual)).toEqual([
      { path: "Results[ActionId=8].Value._ReferenceId", expected: undefined, actual: "Range:3" },
    ]);
  });

  test("results by ActionId: missing, added and changed; an error by its code", () => {
    expect(
      compareResponses(
        {
          Results: [
            { ActionId: 1, Value: { A: [1, 2] } },
            { ActionId: 2, Value: null },
          ],
        },
        {
          Results: [
            { ActionId: 1, Value: { A: [1, "2"], _Id: "x" } },
            { ActionId: 3, Value: null },
          ],
        }
      )
    ).toEqual([
      { path: "Results[ActionId=1].Value.A[1]", expected: 2, actual: "2" },
      { path: "Results[ActionId=1].Value._Id", expected: undefined, actual: "x" },
      { path: "Results[ActionId=2]", expected: { Value: null }, actual: undefined },
      { path: "Results[ActionId=3]", expected: undefined, actual: { Value: null } },
    ]);
    const error = (Code: string, Message: string) => ({ Error: { Code, Message } });
    expect(
      compareResponses(error("ItemNotFound", "Excel's words"), error("ItemNotFound", "ours"))
    ).toEqual([]);
    expect(
      compareResponses(error("ItemNotFound", "Excel's words"), error("ItemNotFound", "ours"), {
        compareErrorMessages: true,
      })
    ).toEqual([{ path: "Error.Message", expected: "Excel's words", actual: "ours" }]);
    expect(compareResponses(error("ItemNotFound", "m"), BODY)).toEqual([
      { path: "Error", expected: { Code: "ItemNotFound", Message: "m" }, actual: undefined },
    ]);
    expect(
      compareResponses(
        { Results: [{ ActionId: 1, Value: { _Id: "a", Name: "S" } }] },
        { Results: [{ ActionId: 1, Value: { _Id: "b", Name: "S" } }] },
        { ignoreValuesOf: ["_Id"] }
      )
    ).toEqual([]);
  });
});
