import {
  installCustomFunctionsGlobal,
  installServices,
  useFunctionsSandbox,
  invoke,
  invokeInPreview,
  isExcelError,
  settled,
} from "../helpers/custom-functions";
import { SETTING_KEYS, SettingsStore } from "../../src/runtime/settings";
import type { AnswerCard } from "../../src/functions/answer-cards";
import {
  DECISION_MAKER_FIELDS,
  PERSON_FIELDS,
  PROFILE_FIELDS,
} from "../../src/functions/answer-fields";

// A formula value preview never spends (kept answers only, else "#N/A Preview: press
// Enter to look up", nothing sent or held); answers as cards (Excel entities) where the host
// supports CustomFunctionsRuntime 1.4 and the user turned them on.

installCustomFunctionsGlobal();
const fns =
  require("../../src/functions/functions") as typeof import("../../src/functions/functions");

/** The host's requirement sets, as Office.context.requirements answers them. */
function hostWith(sets: Record<string, string>): void {
  (globalThis as Record<string, unknown>).Office = {
    context: {
      requirements: {
        isSetSupported: (name: string, version: string) =>
          sets[name] !== undefined && Number(sets[name]) >= Number(version),
      },
    },
  };
}

/** A compile-time check: the card is an Excel.EntityCellValue of @types/office-js. */
const asExcelEntity = (card: AnswerCard): Excel.EntityCellValue => card;

describe("formula value preview and answers as cards", () => {
  const env = useFunctionsSandbox();
  beforeEach(() => hostWith({ CustomFunctionsRuntime: "1.5" }));
  afterEach(() => {
    delete (globalThis as Record<string, unknown>).Office;
  });

  const lookupsSent = (): string[] => env.runtime.sent.filter((path) => path !== "/v5.1/account");
  const person = () => env.examples.person!.valid as Record<string, string>;
  const findEmail = (args: unknown[]) => settled(invoke(fns.findEmail, ...args).result);
  const previewFindEmail = (args: unknown[]) => settled(invokeInPreview(fns.findEmail, ...args));

  describe("a formula value preview never spends", () => {
    test("without a kept answer: #N/A 'Preview: press Enter to look up', nothing sent or held", async () => {
      const p = person();
      // What typing the company passes through on the way: each would be a lookup.
      for (const partial of [p.domain!.slice(0, -2), p.domain!.slice(0, -1), p.domain]) {
        const shown = await previewFindEmail([p.first_name, p.last_name, partial, null, null]);
        expect(isExcelError(shown, "#N/A") && shown.message).toBe(
          "Preview: press Enter to look up."
        );
      }
      expect(lookupsSent()).toEqual([]);
      expect(env.runtime.services.lookups.counts).toMatchObject({ waiting: 0, inFlight: 0 });
      expect(await env.account.credits()).toBe(100);
    });

    test("the same formula entered sends one request; previewed again, the kept answer, nothing sent", async () => {
      const p = person();
      const args = [p.first_name, p.last_name, p.domain, null, null];
      const entered = await findEmail(args);
      expect(entered).toEqual([[expect.stringContaining(`@${p.domain}`)]]);
      expect(lookupsSent()).toEqual(["/v5.1/find-email/person"]);
      expect(await previewFindEmail(args)).toEqual(entered);
      expect(
        await previewFindEmail([p.first_name, p.last_name, p.domain, null, "email_status"])
      ).toEqual([["valid"]]);
      expect(lookupsSent()).toHaveLength(1);
      expect(await env.account.credits()).toBe(99);
    });

    test("every function: nothing sent in a preview; bad input is still #VALUE! at once", async () => {
      const cells: Array<Promise<unknown>> = [
        invokeInPreview(fns.verifyEmail, env.examples.verify!.valid.email),
        invokeInPreview(
          fns.decisionMaker,
          env.examples.decision_maker!.valid.domain,
          [["ceo"]],
          null
        ),
        invokeInPreview(fns.companyEmails, env.examples.company!.valid.domain, null),
        invokeInPreview(fns.linkedinEmail, env.examples.linkedin_url!.valid.linkedin_url, null),
        invokeInPreview(fns.employees, env.examples.legacy_employees!.valid.domain, "Sales", null),
      ];
      for (const shown of await Promise.all(cells.map((cell) => settled(cell))))
        expect(isExcelError(shown, "#N/A") && shown.message).toBe(
          "Preview: press Enter to look up."
        );
      const bad = await settled(invokeInPreview(fns.verifyEmail, "not an email"));
      expect(isExcelError(bad, "#VALUE!")).toBe(true);
      // CREDITS: no env.account request in a preview.
      const results: unknown[] = [];
      fns.credits({
        isInValuePreview: true,
        setResult: (value: unknown) => results.push(value),
      } as unknown as CustomFunctions.StreamingInvocation<number>);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(env.runtime.sent).toEqual([]);
      expect(isExcelError(results[0], "#N/A")).toBe(true);
    });

    test("a preview never asks the spending question nor joins it", async () => {
      env.runtime = installServices(env.sandbox.baseUrl, env.account.apiKey, {
        spending: { confirmAbove: 0 },
      });
      const p = person();
      const shown = await previewFindEmail([p.first_name, p.last_name, p.domain, null, null]);
      expect(isExcelError(shown, "#N/A")).toBe(true);
      expect(env.runtime.services.spending.question).toBeNull();
      expect(lookupsSent()).toEqual([]);
    });
  });

  describe("answers as cards", () => {
    const cardsOn = () => env.runtime.services.settings.save({ answersAsCards: true });

    /** The entity's property values, untyped, for comparison with the answer. */
    const plain = (card: AnswerCard): Record<string, unknown> =>
      Object.fromEntries(
        Object.entries(card.properties).map(([name, value]) => [
          name,
          value.type === "Empty" ? null : value.basicValue,
        ])
      );

    async function answerOf(path: string, body: object): Promise<Record<string, unknown>> {
      const reply = await env.account.request("POST", path, body);
      return reply.body as Record<string, unknown>;
    }

    test("off by default: the email, as today", async () => {
      const p = person();
      expect(await findEmail([p.first_name, p.last_name, p.domain, null, null])).toEqual([
        [expect.stringContaining("@")],
      ]);
    });

    test("FINDEMAIL: an entity whose text is the email and whose properties are the answer's fields, typed", async () => {
      await cardsOn();
      const p = person();
      const shown = (await findEmail([p.first_name, p.last_name, p.domain, null, null])) as [
        [AnswerCard],
      ];
      const card = asExcelEntity(shown[0][0]) as AnswerCard;
      const answer = await answerOf("/v5.1/find-email/person", {
        first_name: p.first_name,
        last_name: p.last_name,
        domain: p.domain,
      });
      expect(card.type).toBe("Entity");
      expect(card.text).toBe(answer.email);
      expect(Object.keys(card.properties)).toEqual([...PERSON_FIELDS]);
      // credits_charged is per request: the check's repeat of the search was free.
      for (const field of PERSON_FIELDS.filter(
        (f) => f !== "credits_charged" && f !== "checked_on"
      ))
        expect(plain(card)[field]).toEqual(answer[field] === undefined ? null : answer[field]);
      // The day it was bought, today, as a date (Excel's day number, formatted).
      const today = new Date();
      expect(card.properties.checked_on).toEqual({
        type: "FormattedNumber",
        basicValue:
          Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) / 86_400_000 + 25_569,
        numberFormat: "yyyy-mm-dd",
      });
      expect(card.properties.email_status).toEqual({ type: "String", basicValue: "valid" });
      expect(card.properties.credits_charged).toEqual({ type: "Double", basicValue: 1 });
      expect(card.layouts.card.title).toEqual({ property: "person_full_name" });
      // The title under the name where the answer has one.
      expect(card.layouts.card.subTitle).toEqual(
        answer.person_job_title ? { property: "person_job_title" } : undefined
      );
      expect(card.layouts.card.sections[0]!.properties).toEqual([
        "email",
        "email_status",
        "person_job_title",
        "person_company_name",
      ]);
      // Every property the card names exists.
      for (const section of card.layouts.card.sections)
        for (const name of section.properties) expect(card.properties[name]).toBeDefined();
    });

    test("LINKEDINEMAIL and DECISIONMAKER: entities of their own answers", async () => {
      await cardsOn();
      const url = env.examples.linkedin_url!.valid.linkedin_url as string;
      const [[profile]] = (await settled(invoke(fns.linkedinEmail, url, null).result)) as [
        [AnswerCard],
      ];
      const profileAnswer = await answerOf("/v5.1/find-email/linkedin-url", { linkedin_url: url });
      expect(asExcelEntity(profile).text).toBe(profileAnswer.email);
      expect(Object.keys(profile.properties)).toEqual([...PROFILE_FIELDS]);
      expect(plain(profile).person_full_name).toBe(profileAnswer.person_full_name);

      const { domain } = env.examples.decision_maker!.valid;
      const [[boss]] = (await settled(
        invoke(fns.decisionMaker, domain, [["ceo"]], null).result
      )) as [[AnswerCard]];
      const bossAnswer = await answerOf("/v5.1/find-email/decision-maker", {
        domain,
        decision_maker_category: ["ceo"],
      });
      expect(asExcelEntity(boss).text).toBe(bossAnswer.email);
      expect(Object.keys(boss.properties)).toEqual([...DECISION_MAKER_FIELDS]);
      expect(boss.properties.decision_maker_category).toEqual({
        type: "String",
        basicValue: "ceo",
      });
      expect(plain(boss).person_linkedin_url).toBe(bossAnswer.person_linkedin_url ?? null);
    });

    test("not found stays #N/A; fields given still spill plain values", async () => {
      await cardsOn();
      const nf = env.examples.person!.not_found;
      const notFound = await findEmail([nf.first_name, nf.last_name, nf.domain, null, null]);
      expect(isExcelError(notFound, "#N/A")).toBe(true);
      const p = person();
      expect(
        await findEmail([p.first_name, p.last_name, p.domain, null, "email,email_status"])
      ).toEqual([[expect.stringContaining("@"), "valid"]]);
    });

    test("a host without CustomFunctionsRuntime 1.4: plain values with the switch on", async () => {
      hostWith({ CustomFunctionsRuntime: "1.3" });
      await cardsOn();
      const p = person();
      expect(await findEmail([p.first_name, p.last_name, p.domain, null, null])).toEqual([
        [expect.stringContaining("@")],
      ]);
      delete (globalThis as Record<string, unknown>).Office;
      expect(await findEmail([p.first_name, p.last_name, p.domain, null, null])).toEqual([
        [expect.stringContaining("@")],
      ]);
    });

    test("the switch applies at once and is kept per user", async () => {
      const p = person();
      const args = [p.first_name, p.last_name, p.domain, null, null];
      expect(typeof ((await findEmail(args)) as unknown[][])[0]![0]).toBe("string");
      await cardsOn();
      expect(((await findEmail(args)) as AnswerCard[][])[0]![0]!.type).toBe("Entity");
      expect(await env.runtime.settingsStorage.getItem(SETTING_KEYS.answersAsCards)).toBe("true");
      // The same user, next session.
      const next = new SettingsStore(env.runtime.settingsStorage, {
        apiKey: null,
        baseUrl: env.sandbox.baseUrl,
        webhookUrl: null,
      });
      expect((await next.load()).answersAsCards).toBe(true);
      await env.runtime.services.settings.save({ answersAsCards: false });
      expect(typeof ((await findEmail(args)) as unknown[][])[0]![0]).toBe("string");
      expect(await env.runtime.settingsStorage.getItem(SETTING_KEYS.answersAsCards)).toBe("false");
      // Only the first lookup was sent: the rest came from kept answers.
      expect(lookupsSent()).toHaveLength(1);
    });
  });
});
