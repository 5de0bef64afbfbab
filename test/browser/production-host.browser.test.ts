import {
  jobRows,
  recordConsole,
  showTab,
  useKey,
  waitForJobStatus,
  waitForNewSheet,
  waitForText,
} from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// The production build served by the production host (src/server, `npm run serve`) over
// HTTPS with HTTP/2, relaying /api to the sandbox: the pane loads under
// its security headers, speaks HTTP/2 to the relay (so the client may pass six connections),
// and the seven functions and a bulk job work through it.

type Examples = Record<string, Record<string, Record<string, unknown>>>;

describeBrowser("the production host in Chromium, over HTTP/2", () => {
  const addin = useAddin({ productionHost: true });

  browserTest("the seven functions and a bulk job through the relay, over h2", async () => {
    expect(addin.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const examples = (await addin.sandbox.examples()) as Examples;
    const account = await addin.sandbox.account(100);
    const context = await addin.newContext();
    const consoleLines = recordConsole(context);
    // Every Content-Security-Policy violation of the page, as the browser reports it.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`)
      );
    });
    const pageAnswer = context.waitForEvent(
      "response",
      (r) => new URL(r.url()).pathname === "/taskpane.html"
    );
    const page = await addin.openTaskPane({ context });
    // The pane runs under the host's headers: its CSP, framable by Office, no X-Frame-Options.
    const pageHeaders = await (await pageAnswer).allHeaders();
    expect(pageHeaders["content-security-policy"]).toMatch(
      /frame-ancestors 'self' https:\/\/\*\.officeapps\.live\.com/
    );
    expect(pageHeaders["content-security-policy"]).toContain("connect-src 'self' https:");
    expect(pageHeaders["x-frame-options"]).toBeUndefined();
    await useKey(page, account.apiKey);

    const cell = (id: string, args: unknown[]): Promise<unknown> =>
      page.evaluate(
        ([fn, values]) => window.__hostShim.invokeFunction(fn, values, { timeoutMs: 15_000 }),
        [id, args] as const
      );
    const person = examples.person!.valid!;
    const dm = examples.decision_maker!.valid!;
    const outcomes = {
      FINDEMAIL: await cell("FINDEMAIL", [person.first_name, person.last_name, person.domain]),
      VERIFYEMAIL: await cell("VERIFYEMAIL", [examples.verify!.valid!.email]),
      DECISIONMAKER: await cell("DECISIONMAKER", [
        dm.domain,
        (dm.decision_maker_category as string[]).join(","),
      ]),
      COMPANYEMAILS: await cell("COMPANYEMAILS", [examples.company!.valid!.domain]),
      LINKEDINEMAIL: await cell("LINKEDINEMAIL", [examples.linkedin_url!.valid!.linkedin_url]),
      EMPLOYEES: await cell("EMPLOYEES", [
        examples.legacy_employees!.valid!.domain,
        examples.legacy_employees!.valid!.preferred_title,
      ]),
    };
    expect(outcomes.FINDEMAIL).toEqual([[expect.stringContaining(`@${person.domain}`)]]);
    expect(outcomes.VERIFYEMAIL).toBe("valid");
    expect(outcomes.DECISIONMAKER).toEqual([[expect.stringContaining("@")]]);
    expect((outcomes.COMPANYEMAILS as string[][]).length).toBeGreaterThan(0);
    expect(outcomes.LINKEDINEMAIL).toEqual([[expect.stringContaining("@")]]);
    expect((outcomes.EMPLOYEES as string[][])[0]).toHaveLength(4);
    const left = await account.credits();
    expect(await cell("CREDITS", [])).toBe(left);

    // Every /api request, and the pane's own files, went over HTTP/2, as the client itself
    // learnt it (Resource Timing).
    const timings = await page.evaluate(() =>
      [
        ...performance.getEntriesByType("navigation"),
        ...performance.getEntriesByType("resource"),
      ].map((e) => ({
        url: e.name,
        protocol: (e as PerformanceResourceTiming).nextHopProtocol,
        initiator: (e as PerformanceResourceTiming).initiatorType,
      }))
    );
    // The pane's chunks were fetched by the head's inline script (link preload, allowed by its
    // hash in script-src), while office.js downloaded, not after taskpane.js had run.
    expect(pageHeaders["content-security-policy"]).toMatch(
      /script-src [^;]*'sha256-[A-Za-z0-9+/]+=*'/
    );
    const chunks = timings.filter((t) =>
      /\/(taskpane-ui|workbook-jobs)\.[0-9a-f]{8}\.js$/.test(t.url)
    );
    expect(chunks.map((t) => t.initiator)).toEqual(["link", "link"]);
    const relayed = timings.filter((t) => t.url.includes("/api/"));
    expect(relayed.length).toBeGreaterThan(5);
    expect(new Set(relayed.map((t) => t.protocol))).toEqual(new Set(["h2"]));
    const ownFiles = timings.filter(
      (t) => t.url.startsWith(addin.url) && /\.(html|js)$/.test(t.url.split(/[?#]/)[0]!)
    );
    expect(ownFiles.map((t) => t.url.split(/[?#]/)[0])).toEqual(
      expect.arrayContaining([`${addin.url}/taskpane.html`, `${addin.url}/functions.js`])
    );
    expect(new Set(ownFiles.map((t) => t.protocol))).toEqual(new Set(["h2"]));
    await showTab(page, "lookups");
    await waitForText(
      page,
      "lookups-connection",
      /^Connection: H2 · \d+ requests? at once now \(up to 64\)$/
    );

    // A bulk job from the selection, to completion and into a new sheet.
    await page.evaluate(
      (p) =>
        window.__hostShim.setCells("Leads", "A1", [
          ["First name", "Last name", "Company website"],
          [p.first_name, p.last_name, p.domain],
          ["Alan", "Turing", "turing-machines.example"],
        ]),
      person
    );
    await page.evaluate(() => window.__hostShim.setSelection("Leads", "A1:C3"));
    await showTab(page, "bulk");
    await page.getByTestId("bulk-from-selection").click();
    await page.getByTestId("bulk-map-first_name").waitFor();
    await page.getByTestId("bulk-submit").click();
    await page.getByTestId("job-row").waitFor();
    const [row] = await jobRows(page);
    await waitForJobStatus(page, row!.id, "completed");
    const known = (await addin.workbook(page)).sheets.map((s) => s.name);
    await page.getByTestId("job-preview").click();
    const sheet = await waitForNewSheet(addin, page, known);
    expect(sheet.values.length).toBe(3);
    expect(
      addin.relayLog.some((r) => r.path.startsWith("/v5.1/bulk/json") && r.status === 200)
    ).toBe(true);

    // The security headers let the pane run: no CSP violation, no page error.
    expect(
      await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations
      )
    ).toEqual([]);
    expect(consoleLines.filter((l) => /Content Security Policy|Refused to/i.test(l))).toEqual([]);
  });
});
