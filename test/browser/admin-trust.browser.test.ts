import { randomUUID } from "node:crypto";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { monthOf } from "../../src/server/team/store";
import { SHARED_CHROMIUM_ENV } from "../setup/chromium-server";
import { ADMIN_TOKEN, signIn, startAdminHost, type AdminHost } from "./admin-host";
import { axeViolations } from "./axe-scan";
import { waitForText } from "./flows-helpers";
import { CHROMIUM_PATH, browserTest, describeBrowser } from "./harness";
import { CHROMIUM_ARGS } from "./chromium";

// What the admin sees of the money that moves on the service's word (issue 42): the bounce
// reports, a claim the service did not pay back standing out, and the team's shared answers of a
// domain, purged one at a time or all at once, each purge in the admin actions. In Chromium, on
// the built admin page over the admin API and a SQLite store.

const month = monthOf(new Date());
const audit = { operation: "v5.1/find-email/person", status: 200 };

async function bought(host: AdminHost, memberId: string, email: string): Promise<void> {
  const reservation = { id: randomUUID(), memberId, month, amountMilli: 1_000 };
  await host.store.settle(reservation, 1_000, audit);
  await host.store.recordPurchase({
    memberId,
    email,
    month,
    amountMilli: 1_000,
    at: new Date().toISOString(),
  });
}

const answer = (key: string, status: string, email: string | null) => ({
  key,
  status: 200,
  body: JSON.stringify({ email_status: status, email, credits_charged: 1 }),
  storedAt: new Date().toISOString(),
});

describeBrowser("the admin page: bounce reports, claims and purges, in Chromium", () => {
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
    });
    context.setDefaultTimeout(10_000);
  });
  afterEach(async () => {
    await context?.close();
  });

  async function openSignedIn(): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${host.url}/admin`, { waitUntil: "load" });
    await signIn(page, ADMIN_TOKEN);
    await page.getByTestId("admin-member-add").waitFor();
    return page;
  }

  browserTest(
    "a claim the service did not pay back stands out; a domain's answers are purged one and all, audited",
    async () => {
      const ada = await host.store.addMember({
        name: "Ada Lovelace",
        email: "ada@example.com",
        monthlyBudgetMilli: null,
      });
      await bought(host, ada.id, "kept@acme.com");
      await bought(host, ada.id, "back@acme.com");
      const report = (email: string, returnedMilli: number) =>
        host.store.recordBounceReport({
          memberId: ada.id,
          email,
          at: new Date().toISOString(),
          returnedMilli,
          audit: { operation: "v5.1/report/bad-email", status: 200 },
        });
      await report("kept@acme.com", 0);
      await report("back@acme.com", 1_000);
      await host.store.putSharedAnswer(
        answer("v5.1:p\u001fdacme.com\u001ffada\u001flkept", "valid", "kept@acme.com")
      );
      await host.store.putSharedAnswer(answer("v5.1:v\u001feback@acme.com", "valid", null));
      await host.store.putSharedAnswer(
        answer("v5.1:p\u001fdother.com\u001ffbo\u001flsun", "valid", "bo@other.com")
      );

      const page = await openSignedIn();
      const summary = page.getByTestId("admin-claims-summary");
      expect(await summary.getAttribute("data-claims")).toBe("1");
      expect(await summary.textContent()).toMatch(
        /1 report\(s\).*claimed and not paid back.*1 credits/
      );
      const rows = page.getByTestId("admin-report-row");
      expect(await rows.count()).toBe(2);
      const claim = page.locator('[data-testid="admin-report-row"][data-email="kept@acme.com"]');
      expect(await claim.getAttribute("data-outcome")).toBe("claimed");
      expect(await claim.textContent()).toContain("Claimed, not returned");
      expect(await claim.getByTestId("admin-report-refunded").textContent()).toBe("0");
      const returned = page.locator('[data-testid="admin-report-row"][data-email="back@acme.com"]');
      expect(await returned.getByTestId("admin-report-refunded").textContent()).toBe("1");

      // A domain's answers: found, one purged, then the rest after the question.
      await page.getByTestId("admin-answers-domain").fill("https://www.ACME.com/");
      await page.getByTestId("admin-answers-find").click();
      await page.getByTestId("admin-answers-table").waitFor();
      expect(await page.getByTestId("admin-answers-count").getAttribute("data-count")).toBe("2");
      expect(await axeViolations(page)).toEqual([]);
      await page
        .locator('[data-testid="admin-answer-row"][data-email="kept@acme.com"]')
        .getByTestId("admin-answer-purge")
        .click();
      await waitForText(
        page,
        "admin-answers-notice",
        /^Purged: v5\.1 person, first name: ada, last name: kept\.$/
      );
      expect(await page.getByTestId("admin-answers-count").getAttribute("data-count")).toBe("1");
      expect(await host.store.sharedAnswerCount()).toBe(2);
      await page.getByTestId("admin-answers-purge-domain").click();
      await page.getByTestId("admin-answers-purge-confirm").click();
      await waitForText(page, "admin-answers-notice", /^Purged 1 answer\(s\) of acme\.com\.$/);
      // The question gone, and the page given back to assistive technology.
      await page.getByTestId("admin-answers-purge-confirm").waitFor({ state: "detached" });
      await page.waitForFunction(() => !document.querySelector("[aria-hidden=true] button"));
      expect(await host.store.sharedAnswerCount()).toBe(1);
      expect(await host.store.sharedAnswersOfDomain("other.com", 10)).toHaveLength(1);

      // Both purges are admin actions, said in words.
      const actions = page.getByTestId("admin-action-row");
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="admin-action-row"]').length >= 2
      );
      const texts = await actions.allTextContents();
      expect(texts[0]).toContain("Domain's shared answers purged");
      expect(texts[0]).toContain("domain: acme.com; answers: 1");
      expect(texts[1]).toContain("Shared answer purged");
      expect(texts[1]).toContain(
        "answer: v5.1 person: domain=acme.com, first_name=ada, last_name=kept"
      );
      expect(await axeViolations(page)).toEqual([]);
    },
    { timeoutMs: 60_000 }
  );

  browserTest("a domain that is not one is refused next to the field", async () => {
    const page = await openSignedIn();
    await page.getByTestId("admin-answers-domain").fill("not a domain");
    await page.getByTestId("admin-answers-find").click();
    await waitForText(page, "admin-error", /^domain must be a domain name/);
    expect(await page.getByTestId("admin-answers-table").count()).toBe(0);
  });
});
