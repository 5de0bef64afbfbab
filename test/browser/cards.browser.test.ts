import type { Page } from "playwright-core";
import { showTab, useKey, waitForText } from "./flows-helpers";
import {
  browserTest,
  describeBrowser,
  screenshot,
  useAddin,
  type Addin,
  type HostShimConfig,
} from "./harness";

// Previews and cards in Chromium through the host shim: a formula value preview sends nothing;
// answers as cards (Settings switch `settings-cards`) where the host reports CustomFunctionsRuntime
// 1.4, kept per user across a restart of the runtime; plain values where it does not.

type Person = Record<string, string>;

describeBrowser("task pane in Chromium: formula preview and answers as cards", () => {
  const addin = useAddin();
  const lookups = (on: Addin = addin) =>
    on.relayLog.filter((r) => r.path === "/v5.1/find-email/person").length;

  const findEmail = (page: Page, p: Person, domain: string, preview = false) =>
    page.evaluate(
      ([person, company, inPreview]) =>
        window.__hostShim.invokeFunction(
          "FINDEMAIL",
          [person.first_name, person.last_name, company],
          { timeoutMs: 10_000, preview: inPreview }
        ),
      [p, domain, preview] as const
    );

  // Under the shim: Excel previews a formula's value while it is typed (CustomFunctionsRuntime
  // 1.5, invocation.isInValuePreview), which office.js 1.1.110 does not pass to a function, so
  // only the stand-in can make a preview call.
  const shimAddin = useAddin({ host: "shim" });

  async function open(
    shim?: HostShimConfig,
    on: Addin = addin
  ): Promise<{ page: Page; person: Person }> {
    const account = await on.sandbox.account(20);
    const person = (await on.sandbox.examples()).person!.valid as Person;
    const page = await on.openTaskPane(shim ? { shim } : {});
    await useKey(page, account.apiKey);
    return { page, person };
  }

  browserTest(
    "the switch: cards at once, kept for the user after a restart; an example card in Settings",
    async () => {
      const { page, person } = await open();
      await showTab(page, "settings");
      const toggle = page.getByTestId("settings-cards");
      expect(await toggle.isChecked()).toBe(false);
      expect(await toggle.isDisabled()).toBe(false);
      const plain = (await findEmail(page, person, person.domain!)) as string[][];
      expect(typeof plain[0]![0]).toBe("string");

      await toggle.check();
      await waitForText(page, "settings-cards-saved", /Cards on/);
      const [[card]] = (await findEmail(page, person, person.domain!)) as Array<
        Array<{ type: string; text: string; properties: Record<string, { basicValue: unknown }> }>
      >;
      expect(card).toMatchObject({ type: "Entity", text: plain[0]![0] });
      expect(card!.properties.email_status!.basicValue).toBe("valid");
      expect((await addin.storage(page))["settings.answersAsCards"]).toBe("true");
      await page.getByTestId("settings-card-preview").waitFor();
      expect(await page.getByTestId("settings-card-preview").textContent()).toContain(
        "Ada Lovelace"
      );
      await page.evaluate(() =>
        document
          .querySelector('[data-testid="settings-cards-heading"]')
          ?.scrollIntoView({ block: "start" })
      );
      await screenshot(page, "answers-as-cards");

      // The runtime restarts (the workbook reopened): still on, for this user.
      await addin.reload(page);
      const [[again]] = (await findEmail(page, person, person.domain!)) as Array<
        Array<{ type: string }>
      >;
      expect(again!.type).toBe("Entity");
      await showTab(page, "settings");
      expect(await page.getByTestId("settings-cards").isChecked()).toBe(true);
      await page.getByTestId("settings-cards").uncheck();
      await waitForText(page, "settings-cards-saved", /Cards off/);
      expect(typeof ((await findEmail(page, person, person.domain!)) as string[][])[0]![0]).toBe(
        "string"
      );
    }
  );

  browserTest(
    "a host without CustomFunctionsRuntime 1.4: the switch says so; plain values",
    async () => {
      const { page, person } = await open({
        requirementSets: {
          ExcelApi: "1.17",
          SharedRuntime: "1.1",
          CustomFunctionsRuntime: "1.3",
          RibbonApi: "1.1",
        },
      });
      await showTab(page, "settings");
      expect(await page.getByTestId("settings-cards").isDisabled()).toBe(true);
      await waitForText(
        page,
        "settings-cards-note",
        /cannot show cards.*CustomFunctionsRuntime 1\.4/
      );
      expect(await page.getByTestId("settings-card-preview").count()).toBe(0);
      const shown = (await findEmail(page, person, person.domain!)) as string[][];
      expect(typeof shown[0]![0]).toBe("string");
    }
  );
  browserTest("typing a formula: previews send nothing; Enter sends one lookup", async () => {
    const { page, person } = await open(undefined, shimAddin);
    const before = lookups(shimAddin);
    const domain = person.domain!;
    for (const partial of [domain.slice(0, -2), domain.slice(0, -1), domain])
      expect(await findEmail(page, person, partial, true)).toEqual({
        error: "#N/A",
        message: "Preview: press Enter to look up.",
      });
    expect(lookups(shimAddin)).toBe(before);
    const entered = await findEmail(page, person, domain);
    expect(JSON.stringify(entered)).toContain(`@${domain}`);
    expect(lookups(shimAddin)).toBe(before + 1);
    // Previewed again (the formula edited back), the kept answer: nothing sent.
    expect(await findEmail(page, person, domain, true)).toEqual(entered);
    expect(lookups(shimAddin)).toBe(before + 1);
  });
});
