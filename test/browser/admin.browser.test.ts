import { randomUUID } from "node:crypto";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from "playwright-core";
import type { SqliteTeamStore } from "../../src/server/team/sqlite-store";
import { monthOf } from "../../src/server/team/store";
import { tokenHash } from "../../src/server/team/tokens";
import { SHARED_CHROMIUM_ENV } from "../setup/chromium-server";
import { axeViolations } from "./axe-scan";
import { recordConsole, waitForText } from "./flows-helpers";
import { ADMIN_TOKEN, SERVICE_KEY, signIn, startAdminHost, type AdminHost } from "./admin-host";
import { CHROMIUM_PATH, browserTest, describeBrowser } from "./harness";
import { CHROMIUM_ARGS } from "./chromium";

// The admin page of team mode in Chromium: the built page (dist/admin.html, `npm
// run build` first) served at /admin under the host's security headers (src/server/site.ts),
// talking to the admin API (src/server/team/admin-api.ts) over a SQLite store. An admin signs
// in, adds members (each token shown once), sets budgets, removes a member, sets the team's
// budget, reads the spend and its chart, replaces the service key, downloads the usage and
// reads the admin actions.

/** What a member spent, as the relay's settle records it. */
async function spend(store: SqliteTeamStore, memberId: string, month: string, credits: number) {
  const amountMilli = Math.round(credits * 1000);
  await store.settle({ id: randomUUID(), memberId, month, amountMilli }, amountMilli, {
    operation: "find-email/person",
    status: 200,
  });
}

function previousMonth(): string {
  const now = new Date();
  return monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
}

/** Clicks, and waits for the admin API's answer to the request the click makes. */
async function clickForAnswer(
  page: Page,
  control: Locator,
  method: string,
  path: RegExp
): Promise<number> {
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) =>
        response.request().method() === method && path.test(new URL(response.url()).pathname)
    ),
    control.click(),
  ]);
  return answer.status();
}

function memberRow(page: Page, memberId: string): Locator {
  return page.locator(`[data-testid="admin-member-row"][data-member-id="${memberId}"]`);
}

async function addMember(
  page: Page,
  member: { name: string; email: string; budget: string }
): Promise<string> {
  await page.getByTestId("admin-member-name").fill(member.name);
  await page.getByTestId("admin-member-email").fill(member.email);
  await page.getByTestId("admin-member-budget").fill(member.budget);
  const shown = page.getByTestId("admin-new-token");
  // A token still shown from the member added before is not this member's.
  const before = (await shown.count()) > 0 ? await shown.inputValue() : "";
  const status = await clickForAnswer(
    page,
    page.getByTestId("admin-member-add"),
    "POST",
    /^\/admin\/api\/members$/
  );
  expect(status).toBe(201);
  await page.waitForFunction((previous) => {
    const field = document.querySelector<HTMLInputElement>('[data-testid="admin-new-token"]');
    return field !== null && field.value !== "" && field.value !== previous;
  }, before);
  return shown.inputValue();
}

describeBrowser("the admin page of team mode, in Chromium", () => {
  let host: AdminHost;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    host = await startAdminHost();
    const shared = process.env[SHARED_CHROMIUM_ENV];
    browser = shared
      ? await chromium.connect(shared)
      : await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await host?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: "en-US",
      timezoneId: "UTC",
      acceptDownloads: true,
    });
    context.setDefaultTimeout(10_000);
    // Every Content-Security-Policy violation, as the page sees it.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener("securitypolicyviolation", (event) =>
        seen.push(`${event.effectiveDirective} ${event.blockedURI}`)
      );
    });
  });
  afterEach(async () => {
    await context?.close();
  });

  async function openAdmin(): Promise<{ page: Page; consoleLines: string[] }> {
    const consoleLines = recordConsole(context);
    const page = await context.newPage();
    const answer = await page.goto(`${host.url}/admin`, { waitUntil: "load" });
    expect(answer?.status()).toBe(200);
    const headers = await answer!.allHeaders();
    expect(headers["content-type"]).toMatch(/^text\/html/);
    expect(headers["content-security-policy"]).toMatch(/script-src 'self'/);
    await page.getByTestId("admin-token").waitFor();
    return { page, consoleLines };
  }

  async function expectNoCspViolation(page: Page, consoleLines: string[]): Promise<void> {
    expect(
      await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations
      )
    ).toEqual([]);
    expect(consoleLines.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual(
      []
    );
    expect(consoleLines.filter((line) => line.startsWith("[pageerror]"))).toEqual([]);
  }

  browserTest("a wrong admin token is refused next to the field, and not kept", async () => {
    const { page, consoleLines } = await openAdmin();
    await signIn(page, "not-the-admin-token");
    await waitForText(page, "admin-error", /^This is not the admin token\.$/);
    expect(await page.getByTestId("admin-member-add").count()).toBe(0);
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).not.toContain(
      "not-the-admin-token"
    );
    // An empty field is said before anything is sent.
    await signIn(page, "");
    await waitForText(page, "admin-error", /^Enter the admin token/);
    expect(await axeViolations(page)).toEqual([]);
    await expectNoCspViolation(page, consoleLines);
  });

  browserTest(
    "members, budgets, the team, the spend and its chart, the service key, the usage CSV",
    async () => {
      const { page, consoleLines } = await openAdmin();
      await signIn(page, ADMIN_TOKEN);
      await page.getByTestId("admin-member-add").waitFor();
      // The token is kept in this tab's sessionStorage, nowhere else.
      expect(await page.evaluate(() => Object.values(sessionStorage))).toEqual([ADMIN_TOKEN]);
      expect(await page.evaluate(() => localStorage.length)).toBe(0);
      expect(await context.cookies()).toEqual([]);

      // Two members; each token is shown once, and is the one the host knows by its hash.
      const adaToken = await addMember(page, {
        name: "Ada Lovelace",
        email: "ada@example.com",
        budget: "50",
      });
      expect(adaToken).toMatch(/^mft_[A-Za-z0-9_-]{43}$/);
      const ada = (await host.store.memberByEmail("ada@example.com"))!;
      expect((await host.store.memberByTokenHash(tokenHash(adaToken)))?.id).toBe(ada.id);
      expect(ada.monthlyBudgetMilli).toBe(50_000);
      const bobToken = await addMember(page, {
        name: "Bob Ross",
        email: "bob@example.com",
        budget: "",
      });
      expect(bobToken).not.toBe(adaToken);
      await page.getByTestId("admin-new-token-dismiss").click();
      await page.getByTestId("admin-new-token").waitFor({ state: "detached" });
      const html = await page.content();
      expect(html).not.toContain(adaToken);
      expect(html).not.toContain(bobToken);
      const bob = (await host.store.memberByEmail("bob@example.com"))!;
      expect(bob.monthlyBudgetMilli).toBeNull();
      await memberRow(page, bob.id).waitFor();
      expect(await page.getByTestId("admin-member-row").count()).toBe(2);

      // A bad email: the host's word next to the form, nothing added.
      await page.getByTestId("admin-member-name").fill("Eve");
      await page.getByTestId("admin-member-email").fill("eve-at-example");
      await page.getByTestId("admin-member-add").click();
      await waitForText(page, "admin-error", /^email must be an email address/);
      expect(await host.store.members()).toHaveLength(2);

      // Bob's budget set in his row.
      await memberRow(page, bob.id).getByTestId("admin-member-row-budget").fill("25.5");
      const saveBudget = memberRow(page, bob.id).getByTestId("admin-member-budget-save");
      expect(await clickForAnswer(page, saveBudget, "PATCH", /\/members\//)).toBe(200);
      expect((await host.store.member(bob.id))?.monthlyBudgetMilli).toBe(25_500);

      // Ada removed, after the question; her token stops at once.
      await memberRow(page, ada.id).getByTestId("admin-member-remove").click();
      await page.getByTestId("admin-member-remove-confirm").click();
      await memberRow(page, ada.id).waitFor({ state: "detached" });
      expect(await page.getByTestId("admin-member-row").count()).toBe(1);
      expect(await host.store.member(ada.id)).toBeNull();
      expect(await host.store.memberByTokenHash(tokenHash(adaToken))).toBeNull();

      // A new token for Bob (shown once), then his first one revoked: it stops, the new one works.
      const [bobFirstToken] = await host.store.tokens(bob.id);
      await memberRow(page, bob.id).getByTestId("admin-member-token-issue").click();
      const bobNewToken = await page.getByTestId("admin-new-token").inputValue();
      await page.waitForFunction(
        (id) =>
          document.querySelectorAll(
            `[data-testid="admin-member-row"][data-member-id="${id}"] [data-testid="admin-member-token"]`
          ).length === 2,
        bob.id
      );
      expect(bobNewToken).not.toBe(bobToken);
      const firstTokenRow = memberRow(page, bob.id).locator(
        `[data-testid="admin-member-token"][data-token-id="${bobFirstToken!.id}"]`
      );
      const revoke = firstTokenRow.getByTestId("admin-member-token-revoke");
      expect(await clickForAnswer(page, revoke, "DELETE", /\/tokens\//)).toBe(204);
      await firstTokenRow.waitFor({ state: "detached" });
      expect(await host.store.memberByTokenHash(tokenHash(bobToken))).toBeNull();
      expect((await host.store.memberByTokenHash(tokenHash(bobNewToken)))?.id).toBe(bob.id);
      await page.getByTestId("admin-new-token-dismiss").click();

      // The team's budget and freshness; a freshness out of bounds is refused next to it.
      await page.getByTestId("admin-team-budget").fill("1000");
      await page.getByTestId("admin-team-freshness").fill("0");
      await page.getByTestId("admin-team-save").click();
      const teamError = page.getByTestId("admin-team").getByTestId("admin-error");
      await teamError.waitFor();
      expect(await teamError.textContent()).toMatch(
        /^freshness_days must be a whole number of days from 1 to 3650/
      );
      expect((await host.store.team()).monthlyBudgetMilli).toBeNull();
      await page.getByTestId("admin-team-freshness").fill("30");
      const saveTeam = page.getByTestId("admin-team-save");
      expect(await clickForAnswer(page, saveTeam, "PUT", /\/admin\/api\/team$/)).toBe(200);
      expect(await host.store.team()).toMatchObject({
        monthlyBudgetMilli: 1_000_000,
        freshnessDays: 30,
      });
      await teamError.waitFor({ state: "detached" });

      // Spend this month and last: the table and the chart after a reload (still signed in).
      const month = monthOf(new Date());
      await spend(host.store, bob.id, month, 3.2);
      await spend(host.store, bob.id, previousMonth(), 7);
      await page.reload({ waitUntil: "load" });
      const bobUsage = page.locator(`[data-testid="admin-usage-row"][data-member-id="${bob.id}"]`);
      await bobUsage.waitFor();
      expect(await bobUsage.getByTestId("admin-usage-credits").textContent()).toBe("3.2");
      expect(await page.getByTestId("admin-team-spent").textContent()).toBe("3.2");
      expect(await memberRow(page, bob.id).getByTestId("admin-member-spent").textContent()).toBe(
        "3.2"
      );
      const chart = page.getByTestId("admin-chart");
      expect(await chart.getAttribute("role")).toBe("img");
      expect(await chart.getAttribute("data-months")).toBe("12");
      const bars = await page.$$eval('[data-testid="admin-chart-bar"]', (nodes) =>
        nodes.map((node) => [node.getAttribute("data-month"), node.getAttribute("data-credits")])
      );
      expect(bars).toHaveLength(12);
      expect(bars.slice(-2)).toEqual([
        [previousMonth(), "7"],
        [month, "3.2"],
      ]);
      // Bob's stack in this month's bar, with its tooltip.
      expect(
        await page
          .locator(`[data-testid="admin-chart-bar"][data-month="${month}"] rect title`)
          .textContent()
      ).toMatch(/^Bob Ross, .*: 3\.2 credits$/);
      // The same figures as text.
      const lastRow = page.locator(`[data-testid="admin-chart-row"][data-month="${month}"]`);
      expect(await lastRow.locator("td").allTextContents()).toEqual([
        expect.stringMatching(/\d{4}$/),
        "3.2",
        "3.2",
      ]);
      const chartLabel = await chart.evaluate((svg) =>
        (svg.getAttribute("aria-labelledby") ?? "")
          .split(" ")
          .map((id) => document.getElementById(id)?.textContent)
          .join(" ")
      );
      expect(chartLabel).toMatch(/^Spend per month Credits spent per month from .* the most in/);

      // Every section as shown now passes WCAG 2.2 AA's automated checks.
      expect(await axeViolations(page)).toEqual([]);

      // The service key replaced; the field is emptied, the key never shown back.
      await page.getByTestId("admin-service-key").fill(SERVICE_KEY);
      await page.getByTestId("admin-service-key-save").click();
      await page.getByTestId("admin-service-key-saved").waitFor();
      expect(host.replacedKeys).toEqual([SERVICE_KEY]);
      expect(await page.getByTestId("admin-service-key").inputValue()).toBe("");
      expect(await page.content()).not.toContain(SERVICE_KEY);

      // This month's usage as a CSV file, fetched with the admin token.
      const downloading = page.waitForEvent("download");
      await page.getByTestId("admin-usage-csv").click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`usage-${month}.csv`);
      const chunks: Buffer[] = [];
      for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
      const csv = Buffer.concat(chunks)
        .toString("utf8")
        .replace(/^\uFEFF/, "");
      expect(csv.split("\r\n").filter(Boolean)).toEqual([
        "member_id,name,email,credits,requests",
        `${bob.id},Bob Ross,bob@example.com,3.2,1`,
      ]);

      // The admin actions, newest first: who, what, and what changed; never a token or the key.
      await page.reload({ waitUntil: "load" });
      await page.getByTestId("admin-action-row").first().waitFor();
      const actions = await page.$$eval('[data-testid="admin-action-row"]', (rows) =>
        rows.map((row) => [
          row.getAttribute("data-action"),
          ...Array.from(row.querySelectorAll("td"))
            .slice(1)
            .map((cell) => cell.textContent),
        ])
      );
      const [adaFirstToken] = await host.store.tokens(ada.id);
      const [, bobSecondToken] = await host.store.tokens(bob.id);
      const byAdmin = (action: string, what: string, member: string, details: string) => [
        action,
        "Admin token",
        what,
        member,
        details,
      ];
      expect(actions).toEqual([
        byAdmin("service_key_replaced", "Service key replaced", "", ""),
        byAdmin(
          "team_updated",
          "Team settings changed",
          "",
          "monthly budget: No limit → 1,000 credits; freshness: 90 days → 30 days"
        ),
        byAdmin("token_revoked", "Token revoked", "Bob Ross", `token ${bobFirstToken!.id}`),
        byAdmin("token_issued", "Token issued", "Bob Ross", `token ${bobSecondToken!.id}`),
        byAdmin(
          "member_removed",
          "Member removed",
          "Ada Lovelace",
          "name: Ada Lovelace; email: ada@example.com"
        ),
        byAdmin(
          "member_updated",
          "Member changed",
          "Bob Ross",
          "monthly budget: No limit → 25.5 credits"
        ),
        byAdmin(
          "member_added",
          "Member added",
          "Bob Ross",
          `name: Bob Ross; email: bob@example.com; monthly budget: No limit; token ${bobFirstToken!.id}`
        ),
        byAdmin(
          "member_added",
          "Member added",
          "Ada Lovelace",
          `name: Ada Lovelace; email: ada@example.com; monthly budget: 50 credits; token ${adaFirstToken!.id}`
        ),
      ]);
      expect(await page.content()).not.toContain(SERVICE_KEY);
      expect(await axeViolations(page)).toEqual([]);

      // Signed out: the token is forgotten.
      await page.getByTestId("admin-sign-out").click();
      await page.getByTestId("admin-token").waitFor();
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      await expectNoCspViolation(page, consoleLines);
    },
    { timeoutMs: 60_000 }
  );

  browserTest("a token replaced on the host sends the page back to sign-in", async () => {
    const { page } = await openAdmin();
    // Signed in earlier with a token the host no longer has.
    await page.evaluate(() => sessionStorage.setItem("mailFinder.admin.token", "an-old-token"));
    await page.reload({ waitUntil: "load" });
    await waitForText(page, "admin-error", /^This is not the admin token\.$/);
    await page.getByTestId("admin-token").waitFor();
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
  });
});
