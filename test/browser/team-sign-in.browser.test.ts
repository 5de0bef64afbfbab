import type { Page } from "playwright-core";
import { errorOf, isEmail, type Cell } from "../engines/steps";
import { ENTRA_TOKEN_PATH, TestEntra } from "../helpers/entra";
import { TeamHostForTests, type TeamMember } from "../helpers/team-host";
import { axeViolations } from "./axe-scan";
import { showTab, waitForText } from "./flows-helpers";
import { browserTest, describeBrowser, useAddin } from "./harness";

// Microsoft 365 sign-in on a team host (issue 26 item 1): the real team host with
// Microsoft Entra ID configured (its tokens checked with jose against a published JWKS), the
// pane's MSAL.js with nested app authentication, and Office's bridge played by the host shim,
// which gets the signed-in account's tokens from a stand-in for Entra ID (test/helpers/entra).

const ann: TeamMember = {
  id: "",
  token: "",
  name: "Ann",
  email: "ann@contoso.example",
  monthlyBudget: 5,
};

type Examples = Record<string, Record<string, Record<string, unknown>>>;

async function cell(page: Page, id: string, args: unknown[]): Promise<Cell> {
  return page.evaluate(
    ([fn, values]) => window.__hostShim.invokeFunction(fn, values, { timeoutMs: 20_000 }),
    [id, args] as const
  ) as Promise<Cell>;
}

const isJwt = (authorization: string | null): boolean =>
  /^Bearer [\w-]+\.[\w-]+\.[\w-]+$/.test(authorization ?? "");

describeBrowser("team mode in Chromium: signing in with a Microsoft 365 account", () => {
  const entra = new TestEntra([{ email: ann.email, name: "Ann" }]);
  const teamHost = new TeamHostForTests({
    name: "Sales",
    members: [ann],
    entra: () => entra.options,
  });
  // Under the shim: sign-in goes through Office's nested app authentication bridge, which the
  // Office host page does not implement.
  const addin = useAddin({
    host: "shim",
    routes: (req, res) => entra.handle(req, res) || teamHost.handle(req, res),
    firstRun: true,
  });
  const office = (user: string | null, cancel = false) => ({
    shim: { nestedAppAuth: { tokenUrl: ENTRA_TOKEN_PATH, user, cancel } },
  });
  beforeAll(async () => {
    await entra.start();
    await teamHost.start(addin.sandbox.baseUrl, (await addin.sandbox.account(100)).apiKey);
  });
  afterAll(async () => {
    await teamHost.close();
    await entra.close();
  });

  browserTest(
    "consent once in Office's window, then every request carries the account's token, after reopening too",
    async () => {
      const examples = (await addin.sandbox.examples()) as Examples;
      const context = await addin.newContext();
      const page = await addin.openTaskPane({ context, ...office(ann.email) });

      // First run on a team host with Entra ID: Microsoft 365 first, a team token the other way.
      await waitForText(page, "team-member", /^Team Sales: sign in with your Microsoft 365/);
      await page.getByTestId("microsoft-sign-in").click();
      await waitForText(page, "team-member", /^Signed in as Ann \(ann@contoso\.example\) · 5 of 5/);
      await page.getByTestId("tab-bulk").waitFor();
      // Office was asked silently first; without consent yet, it showed its own window.
      const methods = async () =>
        (await page.evaluate(() => window.__hostShim.naaRequests())).map((r) => r.method);
      expect(await methods()).toEqual(["GetInitContext", "GetToken", "GetTokenPopup"]);
      expect((await page.evaluate(() => window.__hostShim.naaRequests()))[2]!.scope).toBe(
        `${entra.audience}/.default`
      );

      // Cells: the account's token on every request; Office asked once for twenty lookups.
      const person = examples.person!.valid!;
      const before = teamHost.log.length;
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          cell(page, "FINDEMAIL", [person.first_name, person.last_name, person.domain])
        )
      );
      expect(answers.every(isEmail)).toBe(true);
      const sent = teamHost.log.slice(before);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((r) => isJwt(r.authorization))).toBe(true);
      expect(sent.every((r) => r.status === 200)).toBe(true);
      expect(await methods()).toEqual(["GetInitContext", "GetToken", "GetTokenPopup"]);
      await waitForText(page, "team-member", /· 4 of 5 credits left this month$/);

      // Settings: who is signed in, with sign-out; the token is in no storage, cell or text.
      await showTab(page, "settings");
      await waitForText(page, "microsoft-account", /as ann@contoso\.example\.$/);
      expect(await axeViolations(page)).toEqual([]);
      const token = sent[0]!.authorization!.slice("Bearer ".length);
      const stored = await page.evaluate(() =>
        JSON.stringify([
          window.__hostShim.storage(),
          { ...localStorage },
          { ...sessionStorage },
          document.body.innerText,
        ])
      );
      expect(stored).toContain("ann@contoso.example");
      expect(stored).not.toContain(token);
      expect(JSON.stringify(await addin.workbook(page))).not.toContain(token);

      // Reopened: signed in without a window (Office remembers the consent); answers kept.
      await page.close();
      const again = await addin.openTaskPane({ context, ...office(ann.email) });
      await waitForText(again, "team-member", /^Signed in as Ann \(ann@contoso\.example\)/);
      const reopened = (await again.evaluate(() => window.__hostShim.naaRequests())).map(
        (r) => r.method
      );
      expect(reopened).not.toContain("GetTokenPopup");
      expect(reopened).toContain("GetToken");
      const sentBefore = teamHost.log.length;
      expect(
        isEmail(
          await cell(again, "FINDEMAIL", [person.first_name, person.last_name, person.domain])
        )
      ).toBe(true);
      expect(teamHost.log.length).toBe(sentBefore);
    },
    { timeoutMs: 60_000 }
  );

  browserTest(
    "an account the team does not have, consent withdrawn, a closed sign-in window, sign-out",
    async () => {
      const examples = (await addin.sandbox.examples()) as Examples;
      const verify = examples.verify!.valid!.email as string;
      const context = await addin.newContext();

      // Office signed in with an account that is not a member: the host's reason, everywhere.
      const eve = await addin.openTaskPane({ context, ...office("eve@fabrikam.example") });
      await eve.getByTestId("microsoft-sign-in").click();
      const notMember = /eve@fabrikam\.example is not a member of this team\. Ask your admin/;
      await waitForText(eve, "team-member", notMember);
      const refused = errorOf(await cell(eve, "VERIFYEMAIL", [verify]));
      expect(refused?.error).toBe("#VALUE!");
      expect(refused?.message).toMatch(notMember);
      expect(teamHost.log.at(-1)).toMatchObject({ status: 401, upstream: false });
      await eve.close();

      // Ann, in a new profile: Office's window closed without signing in changes nothing.
      const annContext = await addin.newContext();
      const cancelled = await addin.openTaskPane({
        context: annContext,
        ...office(ann.email, true),
      });
      await cancelled.getByTestId("microsoft-sign-in").click();
      await waitForText(cancelled, "error-message", /^Sign-in was cancelled\.$/);
      expect(await cancelled.getByTestId("first-run").count()).toBe(1);
      expect(
        JSON.stringify(await cancelled.evaluate(() => window.__hostShim.storage()))
      ).not.toContain("microsoftAccount");
      await cancelled.close();

      // Signed in, then the consent withdrawn (by an admin, say): cells say to sign in again,
      // and nothing goes to the host without a token.
      const page = await addin.openTaskPane({ context: annContext, ...office(ann.email) });
      await page.getByTestId("microsoft-sign-in").click();
      await waitForText(page, "team-member", /^Signed in as Ann/);
      await page.evaluate(
        (clientId) => window.__hostShim.withdrawConsent(clientId),
        entra.clientId
      );
      await page.close();
      const withdrawn = await addin.openTaskPane({ context: annContext, ...office(ann.email) });
      await waitForText(withdrawn, "team-member", /^Team Sales: Microsoft 365 sign-in needed/);
      const sentBefore = teamHost.log.length;
      const signInAgain = errorOf(await cell(withdrawn, "VERIFYEMAIL", [verify]));
      expect(signInAgain).toMatchObject({
        error: "#VALUE!",
        message: "Microsoft 365 sign-in needed: sign in again in the task pane (Settings).",
      });
      expect(teamHost.log.length).toBe(sentBefore);

      // Signed in again from Settings; then signed out: the team token field is what is left.
      await showTab(withdrawn, "settings");
      await withdrawn.getByTestId("microsoft-sign-in").click();
      await waitForText(withdrawn, "microsoft-account", /as ann@contoso\.example\.$/);
      await waitForText(withdrawn, "team-member", /^Signed in as Ann/);
      expect(await cell(withdrawn, "VERIFYEMAIL", [verify])).toMatch(/^(valid|risky|invalid)$/);
      expect(isJwt(teamHost.log.at(-1)!.authorization)).toBe(true);
      await withdrawn.getByTestId("microsoft-sign-out").click();
      await withdrawn.getByTestId("microsoft-sign-in").waitFor();
      await waitForText(withdrawn, "team-member", /^Team Sales: sign in with your Microsoft 365/);
      expect(errorOf(await cell(withdrawn, "VERIFYEMAIL", [`x${verify}`]))?.error).toBe("#VALUE!");
      expect(
        JSON.stringify(await withdrawn.evaluate(() => window.__hostShim.storage()))
      ).not.toContain("ann@contoso.example");
    },
    { timeoutMs: 60_000 }
  );

  browserTest(
    "an Office without nested app authentication: team tokens only, said so",
    async () => {
      const page = await addin.openTaskPane();
      await waitForText(page, "team-member", /^Team Sales: enter the team token/);
      await page.getByTestId("microsoft-unsupported").waitFor();
      await page.getByTestId("first-run-have-key").click();
      await page.getByTestId("settings-api-key").fill(ann.token);
      await page.getByTestId("settings-save").click();
      await waitForText(page, "team-member", /^Signed in as Ann \(ann@contoso\.example\)/);
      expect(await page.evaluate(() => "nestedAppAuthBridge" in window)).toBe(false);
    }
  );
});
