import { ENTRA_TOKEN_PATH, TestEntra } from "../helpers/entra";
import { TeamHostForTests, type TeamMember } from "../helpers/team-host";
import { describeEngines } from "./engines";
import { engineTest, useEngine, useServedAddin } from "./fixture";
import { PageDriver } from "./page-driver";
import { calculate, isEmail, showTab, type PersonExamples } from "./steps";

// Team mode in Firefox ESR and WebKitGTK, as in Chromium's suites: the pane served
// from a team host's origin (the real host in team mode, with Microsoft Entra ID, in front of
// the sandbox), a member signing in with a team token and another with a Microsoft 365 account
// (MSAL.js against the host shim's nested app authentication bridge), a colleague's answer
// shared, and the admin page adding a member.

const ann: TeamMember = {
  id: "",
  token: "",
  name: "Ann",
  email: "ann@contoso.example",
  monthlyBudget: 5,
};
const bob: TeamMember = {
  id: "",
  token: "",
  name: "Bob",
  email: "bob@contoso.example",
  monthlyBudget: null,
};
const carol: TeamMember = {
  id: "",
  token: "",
  name: "Carol",
  email: "carol@contoso.example",
  monthlyBudget: null,
};

type Examples = {
  person: PersonExamples;
  linkedin_url: { valid: { linkedin_url: string } };
  verify: { valid: { email: string } };
};

const entra = new TestEntra([{ email: carol.email, name: "Carol" }]);
const teamHost = new TeamHostForTests({
  name: "Sales",
  members: [ann, bob, carol],
  entra: () => entra.options,
});
// Every user's Office is signed in as Carol: Ann signs in with her team token instead.
const served = useServedAddin(async (sandbox) => {
  await entra.start();
  await teamHost.start(sandbox.baseUrl, (await sandbox.account(100)).apiKey);
  return {
    routes: (req, res) => entra.handle(req, res) || teamHost.handle(req, res),
    shim: { nestedAppAuth: { tokenUrl: ENTRA_TOKEN_PATH, user: carol.email } },
  };
});
afterAll(async () => {
  await teamHost.close();
  await entra.close();
});

describeEngines("team mode", (engine) => {
  const addin = useEngine(engine, served);

  engineTest(
    addin,
    "a team token, a shared answer, a Microsoft 365 sign-in, and the admin page",
    async () => {
      const examples = (await addin.sandbox.examples()) as unknown as Examples;

      // Ann: her team token where the key goes.
      const page = await addin.openTaskPane();
      await showTab(page, "settings");
      await page.waitFor(() => document.body.textContent?.includes("Team token"), undefined, {
        what: "the key field as the team token",
      });
      await page.fill("settings-api-key", ann.token);
      await page.click("settings-save");
      // (The other engine's run may have spent a credit of Ann's already.)
      await page.waitForText(
        "team-member",
        /^Signed in as Ann \(ann@contoso\.example\) · [45] of 5/
      );
      const person = examples.person.valid;
      expect(
        isEmail(
          await calculate(page, "FINDEMAIL", [person.first_name, person.last_name, person.domain])
        )
      ).toBe(true);

      // Bob bought a profile's answer: Ann's cell gets it from the team, free.
      const profile = examples.linkedin_url.valid;
      const bought = await fetch(
        `${await served.server.newOrigin()}/api/v5.1/find-email/linkedin-url`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${bob.token}`, "content-type": "application/json" },
          body: JSON.stringify(profile),
        }
      );
      expect(bought.status).toBe(200);
      expect(isEmail(await calculate(page, "LINKEDINEMAIL", [profile.linkedin_url]))).toBe(true);
      expect(teamHost.log.at(-1)).toMatchObject({ shared: true, upstream: false });
      await showTab(page, "lookups");
      await page.waitForText("lookups-shared", /^[12]$/);

      // Carol: her Microsoft 365 account, through Office (consent once), on every request.
      const second = await addin.openTaskPane();
      await showTab(second, "settings");
      await second.click("microsoft-sign-in");
      await second.waitForText("microsoft-account", /as carol@contoso\.example\.$/);
      await second.waitForText("team-member", /^Signed in as Carol \(carol@contoso\.example\)/);
      expect(await calculate(second, "VERIFYEMAIL", [examples.verify.valid.email])).toMatch(
        /^(valid|risky|invalid)$/
      );
      expect(teamHost.log.at(-1)!.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const methods = await second.evaluate(() =>
        window.__hostShim.naaRequests().map((r) => r.method)
      );
      expect(methods).toEqual(["GetInitContext", "GetToken", "GetTokenPopup"]);

      // The admin page of the host: signed in with the admin token, a member added.
      const admin = new PageDriver(addin.browser.engine, await addin.browser.newPage());
      try {
        await admin.goto(`${teamHost.origin}/admin`);
        await admin.fill("admin-token", teamHost.adminToken);
        await admin.click("admin-sign-in");
        await admin.waitFor(
          () => document.querySelectorAll('[data-testid="admin-member-row"]').length >= 3,
          undefined,
          { what: "the members" }
        );
        const dan = `dan.${engine.name}@contoso.example`;
        await admin.fill("admin-member-name", "Dan");
        await admin.fill("admin-member-email", dan);
        await admin.fill("admin-member-budget", "7");
        await admin.click("admin-member-add");
        const token = await admin.waitFor(
          () =>
            (document.querySelector('[data-testid="admin-new-token"]') as HTMLInputElement | null)
              ?.value || null,
          undefined,
          { what: "the new member's token" }
        );
        expect(token).toMatch(/^mft_/);
        const me = await fetch(`${teamHost.origin}/team/me`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(await me.json()).toMatchObject({
          member: { name: "Dan", email: dan },
          monthly_budget: 7,
        });
      } finally {
        await admin.close();
      }
    },
    90_000
  );
});
