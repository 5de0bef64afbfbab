import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_DEMO_API_KEY } from "../../src/sandbox/app";
import {
  ManualClock,
  call,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";

// Charging rules of v5.1 (docs/interface.md, Credits and Errors): prices, free outcomes, free
// repeats within 30 days, 402 when the balance is short, and a ledger that survives a restart.

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

const DAY_MS = 24 * 60 * 60 * 1000;
const PATHS: Record<string, string> = {
  person: "/v5.1/find-email/person",
  company: "/v5.1/find-email/company",
  decision_maker: "/v5.1/find-email/decision-maker",
  linkedin_url: "/v5.1/find-email/linkedin-url",
  verify: "/v5.1/verify-email",
};
/**
 * docs/interface.md, Credits: one credit per valid email, two for a decision maker; a verification
 * 0.2.
 */
const PRICE: Record<string, number> = {
  person: 1,
  company: 1,
  decision_maker: 2,
  linkedin_url: 1,
  verify: 0.2,
};

/** Balance arithmetic in thousandths, as a client would do it to avoid float drift. */
const minus = (a: number, b: number): number => Math.round(a * 1000 - b * 1000) / 1000;

describe("v5.1 charging rules", () => {
  let sandbox: TestSandbox;
  let examples: Examples;
  const clock = new ManualClock();

  beforeAll(async () => {
    sandbox = await startSandbox({ clock });
    examples = (await sandbox.examples()) as Examples;
  });
  afterAll(() => sandbox.close());

  test("the account answers credits_left and the account's email", async () => {
    const created = await call(sandbox.baseUrl, "POST", "/sandbox/accounts", {
      credits: 12.5,
      email: "ledger@example.test",
    });
    expect(created.status).toBe(200);
    const response = await call(sandbox.baseUrl, "GET", "/v5.1/account", undefined, {
      authorization: `Bearer ${created.body.api_key}`,
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ credits_left: 12.5, email: "ledger@example.test" });
  });

  test.each(Object.keys(PATHS))(
    "%s: valid is charged its price once; every other outcome is free",
    async (operation) => {
      const account = await sandbox.account(20);
      let balance = 20;
      for (const [outcome, body] of Object.entries(examples[operation]!)) {
        const response = await account.request("POST", PATHS[operation]!, body);
        expect(response.status).toBe(200);
        expect(response.body.email_status).toBe(outcome);
        const expected = outcome === "valid" ? PRICE[operation]! : 0;
        expect([outcome, response.body.credits_charged]).toEqual([outcome, expected]);
        balance = minus(balance, expected);
        expect([outcome, await account.credits()]).toEqual([outcome, balance]);
      }
      expect(balance).toBe(minus(20, PRICE[operation]!));
    }
  );

  test("a verification costs 0.2 and five of them one credit, exactly", async () => {
    const account = await sandbox.account(1);
    const valid = examples.verify!.valid!.email as string;
    const first = await account.request("POST", PATHS.verify!, { email: valid });
    expect(first.body.credits_charged).toBe(0.2);
    expect(await account.credits()).toBe(0.8);
    // Four other valid addresses: the people found by the person and linkedin examples.
    const others = new Set<string>();
    for (const op of ["person", "linkedin_url", "decision_maker"]) {
      const found = await (
        await sandbox.account(10)
      ).request("POST", PATHS[op]!, examples[op]!.valid!);
      others.add(found.body.email);
    }
    others.delete(valid);
    const domain = examples.company!.valid!.domain as string;
    const companyEmails = (
      await (await sandbox.account(10)).request("POST", PATHS.company!, { domain })
    ).body.emails as string[];
    for (const email of companyEmails) others.add(email);
    others.delete(valid);
    const four = [...others].slice(0, 4);
    expect(four).toHaveLength(4);
    for (const email of four) {
      const response = await account.request("POST", PATHS.verify!, { email });
      expect(response.body.email_status).toBe("valid");
      expect(response.body.credits_charged).toBe(0.2);
    }
    expect(await account.credits()).toBe(0);
  });

  describe("a repeat of the same search within 30 days is free", () => {
    const variantsOf = (operation: string, body: Body): Body[] => {
      const upper = (v: unknown) => String(v).toUpperCase();
      switch (operation) {
        case "person":
          return [
            { ...body, domain: `https://www.${upper(body.domain)}/about?x=1` },
            {
              ...body,
              domain: `  ${body.domain}  `,
              first_name: upper(body.first_name),
              last_name: ` ${String(body.last_name).toLowerCase()} `,
            },
            { domain: body.domain, full_name: `${body.first_name}  ${body.last_name}` },
          ];
        case "company":
          return [
            { domain: `https://www.${upper(body.domain)}/x` },
            { domain: `http://${body.domain}/` },
            { domain: ` ${upper(body.domain)} ` },
          ];
        case "decision_maker":
          return [
            { ...body, domain: `https://www.${upper(body.domain)}/x` },
            { ...body, domain: `${body.domain}.` },
          ];
        case "linkedin_url": {
          const url = String(body.linkedin_url);
          return [
            { linkedin_url: `${url}/` },
            { linkedin_url: `${upper(url)}?trk=share` },
            { linkedin_url: url.replace("https://www.", "http://") },
          ];
        }
        default:
          return [{ email: upper(body.email) }, { email: ` ${body.email} ` }];
      }
    };

    test.each(Object.keys(PATHS))(
      "%s: same search, other case, whitespace or URL form",
      async (operation) => {
        const account = await sandbox.account(10);
        const body = examples[operation]!.valid!;
        const first = await account.request("POST", PATHS[operation]!, body);
        expect(first.body.credits_charged).toBe(PRICE[operation]);
        const balance = await account.credits();
        expect(balance).toBe(minus(10, PRICE[operation]!));
        for (const variant of [body, ...variantsOf(operation, body)]) {
          const again = await account.request("POST", PATHS[operation]!, variant);
          expect([variant, again.status]).toEqual([variant, 200]);
          expect(again.body.email_status).toBe("valid");
          expect([variant, again.body.credits_charged]).toEqual([variant, 0]);
          expect(again.body.input).toEqual(variant);
        }
        expect(await account.credits()).toBe(balance);
      }
    );

    test("another search is charged; another account pays for its own first search", async () => {
      const account = await sandbox.account(10);
      await account.request("POST", PATHS.person!, examples.person!.valid!);
      const other = await account.request(
        "POST",
        PATHS.linkedin_url!,
        examples.linkedin_url!.valid!
      );
      expect(other.body.credits_charged).toBe(1);
      const second = await sandbox.account(10);
      const same = await second.request("POST", PATHS.person!, examples.person!.valid!);
      expect(same.body.credits_charged).toBe(1);
      expect(await account.credits()).toBe(8);
      expect(await second.credits()).toBe(9);
    });

    test("free on day 29, charged again after 31 days", async () => {
      const account = await sandbox.account(10);
      const body = examples.decision_maker!.valid!;
      expect(
        (await account.request("POST", PATHS.decision_maker!, body)).body.credits_charged
      ).toBe(2);
      clock.advance(29 * DAY_MS);
      expect(
        (await account.request("POST", PATHS.decision_maker!, body)).body.credits_charged
      ).toBe(0);
      expect(await account.credits()).toBe(8);
      clock.advance(2 * DAY_MS); // 31 days after the charge
      const late = await account.request("POST", PATHS.decision_maker!, body);
      expect(late.body.credits_charged).toBe(2);
      expect(await account.credits()).toBe(6);
      // ... and the new charge opens a new window.
      clock.advance(DAY_MS);
      expect(
        (await account.request("POST", PATHS.decision_maker!, body)).body.credits_charged
      ).toBe(0);
      expect(await account.credits()).toBe(6);
    });

    test.each(Object.keys(PATHS))("%s: charged again after 31 days", async (operation) => {
      const account = await sandbox.account(10);
      const body = examples[operation]!.valid!;
      expect((await account.request("POST", PATHS[operation]!, body)).body.credits_charged).toBe(
        PRICE[operation]
      );
      clock.advance(31 * DAY_MS);
      expect((await account.request("POST", PATHS[operation]!, body)).body.credits_charged).toBe(
        PRICE[operation]
      );
      expect(await account.credits()).toBe(minus(10, 2 * PRICE[operation]!));
    });
  });

  describe("402 upgrade_needed when the balance is short", () => {
    test.each(Object.keys(PATHS))(
      "%s: short by a little -> 402, nothing charged",
      async (operation) => {
        const short = minus(PRICE[operation]!, 0.1);
        const account = await sandbox.account(short);
        const response = await account.request(
          "POST",
          PATHS[operation]!,
          examples[operation]!.valid!
        );
        expect(response.status).toBe(402);
        expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
        expect(response.body.error).toBe("upgrade_needed");
        expect(typeof response.body.message).toBe("string");
        expect(await account.credits()).toBe(short);
        // With exactly the price it goes through and leaves zero.
        const exact = await sandbox.account(PRICE[operation]!);
        const paid = await exact.request("POST", PATHS[operation]!, examples[operation]!.valid!);
        expect(paid.status).toBe(200);
        expect(await exact.credits()).toBe(0);
      }
    );

    test("free outcomes still answer 200 at zero balance", async () => {
      const account = await sandbox.account(0);
      for (const operation of Object.keys(PATHS)) {
        for (const [outcome, body] of Object.entries(examples[operation]!)) {
          if (outcome === "valid") continue;
          const response = await account.request("POST", PATHS[operation]!, body);
          expect([operation, outcome, response.status]).toEqual([operation, outcome, 200]);
          expect(response.body.email_status).toBe(outcome);
          expect(response.body.credits_charged).toBe(0);
        }
      }
      expect(await account.credits()).toBe(0);
    });

    test("a free repeat answers 200 at zero balance; a new search then 402", async () => {
      const account = await sandbox.account(1);
      const first = await account.request("POST", PATHS.person!, examples.person!.valid!);
      expect(first.body.credits_charged).toBe(1);
      expect(await account.credits()).toBe(0);
      const repeat = await account.request("POST", PATHS.person!, examples.person!.valid!);
      expect(repeat.status).toBe(200);
      expect(repeat.body.credits_charged).toBe(0);
      expect(repeat.body.email).toBe(first.body.email);
      const fresh = await account.request(
        "POST",
        PATHS.linkedin_url!,
        examples.linkedin_url!.valid!
      );
      expect(fresh.status).toBe(402);
      expect(fresh.body.error).toBe("upgrade_needed");
      expect(await account.credits()).toBe(0);
    });

    test("a search refused with 402 is not remembered: it is charged once credits are there", async () => {
      const account = await sandbox.account(1);
      const refused = await account.request(
        "POST",
        PATHS.decision_maker!,
        examples.decision_maker!.valid!
      );
      expect(refused.status).toBe(402);
      sandbox.app.sandbox.ledger.grant(
        sandbox.app.sandbox.ledger.findByApiKey(account.apiKey)!.id,
        1
      );
      const paid = await account.request(
        "POST",
        PATHS.decision_maker!,
        examples.decision_maker!.valid!
      );
      expect(paid.status).toBe(200);
      expect(paid.body.credits_charged).toBe(2);
      expect(await account.credits()).toBe(0);
    });
  });
});

describe("the ledger persists across restarts (file database)", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "sandbox-ledger-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("balances, accounts, keys and the repeat window survive a restart", async () => {
    const file = join(dir, "sandbox.db");
    const demo = { authorization: `Bearer ${DEFAULT_DEMO_API_KEY}` };

    const first = await startSandbox({ db: file });
    let account: TestAccount;
    let examples: Examples;
    let demoBefore: number;
    try {
      examples = (await first.examples()) as Examples;
      demoBefore = (await call(first.baseUrl, "GET", "/v5.1/account", undefined, demo)).body
        .credits_left;
      expect(typeof demoBefore).toBe("number");
      const charged = await call(
        first.baseUrl,
        "POST",
        PATHS.person!,
        examples.person!.valid!,
        demo
      );
      expect(charged.body.credits_charged).toBe(1);
      account = await first.account(10);
      expect(
        (await account.request("POST", PATHS.decision_maker!, examples.decision_maker!.valid!)).body
          .credits_charged
      ).toBe(2);
    } finally {
      await first.close();
    }

    const second = await startSandbox({ db: file });
    try {
      const demoAfter = await call(second.baseUrl, "GET", "/v5.1/account", undefined, demo);
      expect(demoAfter.status).toBe(200);
      expect(demoAfter.body.credits_left).toBe(demoBefore - 1);
      const mine = await call(second.baseUrl, "GET", "/v5.1/account", undefined, {
        authorization: `Bearer ${account.apiKey}`,
      });
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({ credits_left: 8, email: account.email });
      // The history survives too: the same search is still a free repeat.
      const repeat = await call(
        second.baseUrl,
        "POST",
        PATHS.decision_maker!,
        examples.decision_maker!.valid!,
        {
          authorization: `Bearer ${account.apiKey}`,
        }
      );
      expect(repeat.status).toBe(200);
      expect(repeat.body.credits_charged).toBe(0);
    } finally {
      await second.close();
    }
  });
});
