import type { Page } from "playwright-core";
import { hostPageOf } from "../office-host/pane-page";
import { errorOf, isEmail, type Cell } from "../engines/steps";
import { TeamHostForTests, type TeamMember } from "../helpers/team-host";
import { setSpending, showTab, waitForText } from "./flows-helpers";
import { axeViolations } from "./axe-scan";
import { browserTest, describeBrowser, screenshot, useAddin } from "./harness";

// Team mode in the pane: the production build served from a team host's origin
// (the production host in team mode in front of the sandbox: test/helpers/team-host.ts). The
// pane finds the team host by itself, asks for a team token where the API key goes, shows who
// is signed in and what the budget leaves, counts the answers the team shared, says in the
// spending question what the budget leaves, and shows a budget refusal in the cell and as a
// notice, never retried.

const ann: TeamMember = {
  id: "m1",
  name: "Ann",
  email: "ann@example.com",
  token: "team_ann_browser_token_0123456789",
  monthlyBudget: 3,
};
const bob: TeamMember = {
  id: "m2",
  name: "Bob",
  email: "bob@example.com",
  token: "team_bob_browser_token_0123456789",
  monthlyBudget: null,
};

type Examples = Record<string, Record<string, Record<string, unknown>>>;

/** Starts a cell (it may wait for the spending question) without waiting for its result. */
async function startCell(page: Page, name: string, id: string, args: unknown[]): Promise<void> {
  await page.evaluate(
    ([key, fn, values]) => {
      (window as unknown as Record<string, unknown>)[key] = window.__hostShim.invokeFunction(
        fn,
        values,
        { timeoutMs: 20_000 }
      );
    },
    [name, id, args] as const
  );
}

const cellOf = (page: Page, name: string): Promise<Cell> =>
  hostPageOf(page).evaluate(
    (key) => (window as unknown as Record<string, Promise<Cell>>)[key]!,
    name
  );

async function cell(page: Page, id: string, args: unknown[]): Promise<Cell> {
  await startCell(page, id, id, args);
  return cellOf(page, id);
}

describeBrowser("team mode in Chromium: a team host's pane", () => {
  const teamHost = new TeamHostForTests({ name: "Sales", members: [ann, bob], teamBudget: 100 });
  const addin = useAddin({ routes: teamHost.handle, firstRun: true });
  beforeAll(async () => {
    await teamHost.start(addin.sandbox.baseUrl, (await addin.sandbox.account(100)).apiKey);
  });
  afterAll(() => teamHost.close());

  browserTest(
    "team token in Settings, who is signed in, shared answers, the budget in the question, a budget refusal",
    async () => {
      const examples = (await addin.sandbox.examples()) as Examples;
      const page = await addin.openTaskPane();

      // A member's first run: a team token from the admin, not a key of their own.
      await waitForText(page, "first-run-have-key", /^I have a team token$/);
      await waitForText(page, "team-member", /^Team Sales: enter the team token/);
      expect(await page.getByTestId("first-run-get-key").count()).toBe(0);
      await page.getByTestId("first-run-have-key").click();

      // The key field is the team token, with where to get one.
      await page.getByTestId("settings-api-key").waitFor();
      const tokenField = page
        .locator(".fui-Field")
        .filter({ has: page.getByTestId("settings-api-key") });
      await page.waitForFunction(() => document.body.textContent?.includes("Team token"));
      const fieldText = await tokenField.innerText();
      expect(fieldText).toContain("Team token");
      expect(fieldText).toContain("ask your admin");
      expect(fieldText).not.toContain("API key");

      await page.getByTestId("settings-api-key").fill(ann.token);
      await page.getByTestId("settings-save").click();
      await waitForText(
        page,
        "team-member",
        /^Signed in as Ann \(ann@example\.com\) · 3 of 3 credits left this month$/
      );

      // A cell's lookup: the budget shown follows once the lookups have settled.
      const person = examples.person!.valid!;
      expect(
        isEmail(await cell(page, "FINDEMAIL", [person.first_name, person.last_name, person.domain]))
      ).toBe(true);
      await waitForText(page, "team-member", /· 2 of 3 credits left this month$/);

      // A colleague bought a profile's answer: Ann's cell gets it from the team, free.
      const profile = examples.linkedin_url!.valid!;
      const bought = await fetch(`${addin.url}/api/v5.1/find-email/linkedin-url`, {
        method: "POST",
        headers: { authorization: `Bearer ${bob.token}`, "content-type": "application/json" },
        body: JSON.stringify(profile),
      });
      expect(bought.status).toBe(200);
      expect(isEmail(await cell(page, "LINKEDINEMAIL", [profile.linkedin_url]))).toBe(true);
      expect(teamHost.log.at(-1)).toMatchObject({ shared: true, upstream: false });
      await showTab(page, "lookups");
      await waitForText(page, "lookups-shared", /^1$/);
      await waitForText(page, "lookups-answered", /^2$/);

      // Asked before every lookup: the question says what the budget leaves.
      await setSpending(page, { threshold: "0" });
      const dm = examples.decision_maker!.valid!;
      const categories = (dm.decision_maker_category as string[]).join(",");
      await startCell(page, "dm", "DECISIONMAKER", [dm.domain, categories]);
      const question = page.getByTestId("spending-question");
      await question.waitFor();
      expect(await question.getAttribute("data-max-credits")).toBe("2");
      expect(await question.getAttribute("data-budget-left")).toBe("2");
      expect(await question.innerText()).toContain(
        "They may cost up to 2 credits; 2 left in your budget this month"
      );
      expect(await axeViolations(page)).toEqual([]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, "team-mode");
      await page.getByTestId("spending-run").click();
      expect(isEmail(await cellOf(page, "dm"))).toBe(true);
      await waitForText(page, "team-member", /· 0 of 3 credits left this month$/);

      // Over the budget: the host's message in the cell and in a notice; not sent again.
      await setSpending(page, { threshold: "" });
      const refusedBefore = teamHost.log.filter((r) => r.status === 402).length;
      const refused = await cell(page, "VERIFYEMAIL", [examples.verify!.valid!.email]);
      const message =
        "Your monthly budget of 3 credits is spent (3 of 3 used or reserved this month). Ask your admin for more.";
      expect(errorOf(refused)).toMatchObject({ error: "#N/A", message });
      await waitForText(page, "team-budget-notice", new RegExp(message.replace(/[().]/g, "\\$&")));
      await page.waitForTimeout(500);
      expect(teamHost.log.filter((r) => r.status === 402).length).toBe(refusedBefore + 1);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByTestId("team-budget-dismiss").click();
      await page.getByTestId("team-budget-notice").waitFor({ state: "detached" });

      // The token went only where the key goes: never into the workbook, a cell or the page's text.
      const workbook = JSON.stringify(await addin.workbook(page));
      expect(workbook).not.toContain(ann.token);
      expect(await page.evaluate(() => document.body.innerText)).not.toContain(ann.token);
      expect(
        teamHost.log.filter(
          (r) =>
            r.authorization !== `Bearer ${ann.token}` && r.authorization !== `Bearer ${bob.token}`
        )
      ).toEqual([]);
    },
    { timeoutMs: 60_000 }
  );
});
