import {
  installCustomFunctionsGlobal,
  invoke,
  isExcelError,
  settled,
  useFunctionsSandbox,
} from "../helpers/custom-functions";

// Bounces pay back: a cell that would show an address reported bounced shows #N/A
// "Bounced (reported on <day>)", from its kept answer, and no recalculation buys it again.

installCustomFunctionsGlobal();
const fns =
  require("../../src/functions/functions") as typeof import("../../src/functions/functions");

describe("cells of bounced addresses", () => {
  test("the help pages quote the message cells show", () => {
    const { t } = require("../../src/i18n/i18n") as typeof import("../../src/i18n/i18n");
    const { EN } = require("../../src/i18n/catalogs/help/en-US") as {
      EN: { messages: Record<string, string> };
    };
    expect(t("cells.bounced", { date: "2026-11-25" })).toBe(EN.messages.bounced);
  });

  const env = useFunctionsSandbox();
  const lookupsSent = (): string[] => env.runtime.sent.filter((path) => path !== "/v5.1/account");
  const day = (ms: number): string => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  };

  test("FINDEMAIL and VERIFYEMAIL of a reported address: #N/A with the day, nothing sent", async () => {
    const p = env.examples.person!.valid as Record<string, string>;
    const args = [p.first_name, p.last_name, p.domain, null, null];
    const found = (await settled(invoke(fns.findEmail, ...args).result)) as string[][];
    const email = found[0]![0]!;
    const other = env.examples.verify!.invalid as { email: string };
    expect(await settled(invoke(fns.verifyEmail, other.email).result)).toBe("invalid");
    expect(lookupsSent()).toHaveLength(2);

    const reportedAt = Date.now();
    const cache = await (await env.runtime.services.scheduler()).currentCache();
    await cache.markBounced([email.toUpperCase()], reportedAt);
    const message = `Bounced (reported on ${day(reportedAt)}).`;

    const again = await settled(invoke(fns.findEmail, ...args).result);
    expect(isExcelError(again, "#N/A") && again.message).toBe(message);
    const fields = await settled(invoke(fns.findEmail, ...args.slice(0, 4), "email_status").result);
    expect(isExcelError(fields, "#N/A") && fields.message).toBe(message);
    // Never verified through the add-in, reported all the same: not verified (bought) now.
    const verified = await settled(invoke(fns.verifyEmail, ` ${email} `).result);
    expect(isExcelError(verified, "#N/A") && verified.message).toBe(message);
    expect(lookupsSent()).toHaveLength(2);
    // Other addresses are as they were.
    expect(await settled(invoke(fns.verifyEmail, other.email).result)).toBe("invalid");
    expect(lookupsSent()).toHaveLength(2);
  });
});
