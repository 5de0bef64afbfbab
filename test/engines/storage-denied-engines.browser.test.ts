import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  HOST_PAGE_ORIGIN,
  OFFICE_JS_URL,
  PARTITIONING_OFF_ARGS,
  officeHostArgs,
} from "../browser/chromium";
import { selfSignedCertificate } from "../helpers/self-signed";
import { startOfficeProxy, type OfficeProxy } from "../office-host/office-proxy";
import type { ShownValue } from "../office-host/page/main";
import { startOfficeHostServer, type OfficeHostServer } from "../office-host/server";
import type { Engine } from "./engines";
import { describeEngines } from "./engines";
import { engineTest, useEngine, useServedAddin } from "./fixture";
import { launchFirefox } from "./firefox-engine";
import {
  ADDIN_FRAME,
  addinScheme,
  calculatedCells,
  launchChromiumForHostPage,
  loadHostPage,
  waitForPane,
} from "./host-page";
import { PageDriver, type EngineBrowser, type EngineName } from "./page-driver";
import {
  listRows,
  peopleOf,
  requestsTo,
  sandboxAnswerFor,
  saveKey,
  setSpending,
  waitForSpendingQuestion,
  type PersonExamples,
} from "./steps";
import { launchWebKit } from "./webkit-engine";

// Cells that answer where the browser denies the add-in's frame its storage (docs/user-guide.md, issue 42
// item 5), under Microsoft's office.js on the Office host page at Excel on the web's own host
// name (the add-in's frame is a cross-site frame, as on the web), in each engine with the
// setting that denies it (test/office-host/README.md, "Storage denied"):
// - Firefox ESR: third-party cookies blocked (network.cookie.cookieBehavior 1, Settings >
//   Privacy & Security > Custom > Cookies: "All cross-site cookies"): the frame's localStorage,
//   IndexedDB and BroadcastChannel throw SecurityError;
// - WebKitGTK: its cookie policy (never, no-third-party) and ITP give a cross-site frame a
//   transient storage instead of refusing it (measured); local storage turned off
//   (WebKitSettings enable-html5-local-storage, MiniBrowser's --enable-html5-local-storage=false)
//   refuses every document its localStorage (null), and office.js's storage rejects;
// - Chromium (ENGINES=chromium): partitioning off in a fresh context, as in
//   test/browser/storage-denied.browser.test.ts.
//
//     npm run build && npx jest test/engines/storage-denied-engines

const PEOPLE = 6;
const LOOKUPS = "/v5.1/find-email/person";
const NOT_KEPT =
  "Answers will not survive closing this workbook: this browser denies Mail Finder its storage.";

/** How each engine is set to deny the frame its storage, and what the frame then finds. */
const DENIED: Record<EngineName, { setting: string; localStorage: string }> = {
  firefox: { setting: "third-party cookies blocked", localStorage: "SecurityError" },
  webkit: { setting: "local storage turned off", localStorage: "null" },
  chromium: {
    setting: "third-party storage blocked, not partitioned",
    localStorage: "SecurityError",
  },
};

/** Firefox's standard category with third-party cookies rejected (cookieBehavior 1). */
const FIREFOX_THIRD_PARTY_COOKIES_BLOCKED = {
  "network.cookie.cookieBehavior": 1,
  "browser.contentblocking.features.standard":
    "-tp,tpPrivate,cookieBehavior1,cookieBehaviorPBM1,-cryptoTP,-fp",
};

let officeHost: OfficeHostServer | null = null;
let proxy: OfficeProxy | null = null;
let tlsDirectory: string | null = null;

const served = useServedAddin(async () => {
  tlsDirectory = fs.mkdtempSync(path.join(os.tmpdir(), "storage-denied-tls-"));
  const certificate = selfSignedCertificate(tlsDirectory);
  officeHost = await startOfficeHostServer({ certificate });
  proxy = await startOfficeProxy(officeHost.port);
  // taskpane.html loads office.js from its CDN's name, which reaches the host page server.
  return { officeJs: OFFICE_JS_URL, certificate };
});
afterAll(async () => {
  proxy?.close();
  await officeHost?.close();
  if (tlsDirectory) fs.rmSync(tlsDirectory, { recursive: true, force: true });
});

/** The engine's browser, reaching Excel on the web's names, with the frame's storage denied. */
function launchDenied(engine: Engine): Promise<EngineBrowser> {
  const common = { acceptInsecureCerts: true, proxy: `127.0.0.1:${proxy!.port}` };
  if (engine.name === "firefox")
    return launchFirefox({ ...common, firefoxPrefs: FIREFOX_THIRD_PARTY_COOKIES_BLOCKED });
  if (engine.name === "webkit")
    return launchWebKit({ ...common, webkitArgs: ["--enable-html5-local-storage=false"] });
  return launchChromiumForHostPage({
    acceptInsecureCerts: true,
    args: [...officeHostArgs(officeHost!.port), ...PARTITIONING_OFF_ARGS],
  });
}

/** What the add-in's frame gets of its localStorage: its items' count, "null", or the error. */
function frameLocalStorage(pane: PageDriver): Promise<string> {
  return pane.evaluate(() => {
    try {
      const storage = window.localStorage;
      return storage === null ? "null" : String(storage.length);
    } catch (error) {
      return (error as Error).name;
    }
  }, undefined);
}

/** Types people into A:C from `row` on, then fills FINDEMAIL down column D beside them. */
async function fillDown(host: PageDriver, row: number, people: string[][]): Promise<void> {
  const end = row + people.length - 1;
  const formulas = people.map((_, i) => [`=MAIL.FINDEMAIL(A${row + i},B${row + i},C${row + i})`]);
  await host.evaluate(([at, rows]) => window.officeHost.setValues("Sheet1", at, rows), [
    `A${row}:C${end}`,
    people,
  ] as const);
  await host.evaluate(([at, rows]) => window.officeHost.setFormulas("Sheet1", at, rows), [
    `D${row}:D${end}`,
    formulas,
  ] as const);
}

const column = (cells: ShownValue[][]): ShownValue[] => cells.map((row) => row[0]!);

describeEngines("cells that answer where the browser denies storage", (engine) => {
  const addin = useEngine(engine, served, launchDenied);
  /** People with an email, and the email the sandbox answers for each. */
  let people: Array<{ row: string[]; email: string }> = [];
  beforeAll(async () => {
    const examples = (await served.sandbox.examples()).person as unknown as PersonExamples;
    const other = await served.sandbox.account(1000);
    for (const person of peopleOf(examples, 0, 40)) {
      const [email, status] = await sandboxAnswerFor(other, person);
      if (status === "valid" || status === "risky")
        people.push({ row: listRows([person])[0]!, email });
      if (people.length === PEOPLE + 1) break;
    }
  });
  const lookups = (): number => requestsTo(served.server.relayLog, LOOKUPS);

  engineTest(
    addin,
    `${DENIED[engine.name].setting}: the pane says why nothing is kept, a key typed answers a fill-down with each person's email, a recalculation sends nothing, the spending question says answers will not survive`,
    async () => {
      const account = await served.sandbox.account(100);
      const origin = await served.server.newOrigin(addinScheme(engine.name));
      const url = new URL("/", HOST_PAGE_ORIGIN);
      url.searchParams.set("addin", `${origin}/taskpane.html`);
      url.searchParams.set("locale", "en-US");
      const page = await addin.browser.newPage();
      const host = new PageDriver(engine.name, page);
      const pane = new PageDriver(engine.name, page.frame!(ADDIN_FRAME));
      addin.track(pane, host);
      await loadHostPage(host, url.href, 45_000);

      // The browser denies the frame its storage (else this test tests nothing); the pane says so.
      expect(await frameLocalStorage(pane)).toBe(DENIED[engine.name].localStorage);
      expect(await waitForPane(pane, true)).toBe("first-run");
      const explanation = await pane.waitForText("storage-denied", /Nothing is kept/);
      expect(explanation).toContain(
        "allow third-party cookies and site data for 127.0.0.1 in this browser"
      );
      await pane.click("first-run-have-key");
      await saveKey(pane, account.apiKey);

      const rows = people.slice(0, PEOPLE);
      const before = lookups();
      await fillDown(
        host,
        2,
        rows.map((p) => p.row)
      );
      expect(column(await calculatedCells(host, `D2:D${PEOPLE + 1}`))).toEqual(
        rows.map((p) => p.email)
      );
      expect(lookups()).toBe(before + PEOPLE);

      // Excel recalculates: every answer again from the session's memory, nothing sent.
      await host.evaluate(() => window.officeHost.calculate().then(() => undefined), undefined);
      expect(column(await calculatedCells(host, `D2:D${PEOPLE + 1}`))).toEqual(
        rows.map((p) => p.email)
      );
      expect(lookups()).toBe(before + PEOPLE);

      // The spending question (asked for any lookup here) says the answers will not be kept.
      await setSpending(pane, { threshold: "0" });
      const last = people[PEOPLE]!;
      await fillDown(host, PEOPLE + 2, [last.row]);
      await waitForSpendingQuestion(pane, 1);
      expect(await pane.text("spending-question")).toContain(NOT_KEPT);
      await pane.click("spending-run");
      expect(column(await calculatedCells(host, `D${PEOPLE + 2}`))).toEqual([last.email]);
      expect(lookups()).toBe(before + PEOPLE + 1);

      // Neither the pane nor a cell shows the browser's words or an unexpected error.
      const shown = JSON.stringify(await calculatedCells(host, `D2:D${PEOPLE + 2}`));
      const paneText = await pane.evaluate(() => document.body.innerText, undefined);
      for (const text of [shown, paneText])
        expect(text).not.toMatch(
          /Unexpected error|insecure|Access is denied|null is not an object/
        );
    },
    120_000
  );
});
