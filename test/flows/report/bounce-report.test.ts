import { EmailServiceClient } from "../../../src/client/client";
import { ApiError } from "../../../src/client/errors";
import type { BadEmailReport } from "../../../src/api/types";
import { creditsReturned, sendBounceReports } from "../../../src/flows/report/bounce-report";
import type { BounceEntry } from "../../../src/lists/bounce-list";
import { startSandbox, type TestSandbox } from "../../helpers/sandbox";

// Many bad-email reports (docs/interface.md, Bad-email reports) a few at a time: the bound holds,
// Stop leaves the rest unsent and says how many, a refusal is listed with its reason and the others
// go on.

const entries = (n: number): BounceEntry[] =>
  Array.from({ length: n }, (_, i) => ({ email: `u${i}@example.com`, rows: [i] }));

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("sending bounce reports", () => {
  test("never more than the bound in flight; every report sent once, with the info and message", async () => {
    let inFlight = 0;
    let peak = 0;
    const sent: BadEmailReport[] = [];
    const progress: number[] = [];
    const list = entries(40);
    list[3]!.message = "550 user unknown";
    const result = await sendBounceReports({
      entries: list,
      additionalInfo: "Hard bounce",
      concurrency: 4,
      onProgress: (done) => progress.push(done),
      report: async (body) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await tick(3);
        inFlight--;
        sent.push(body);
      },
    });
    expect(peak).toBe(4);
    expect(sent).toHaveLength(40);
    expect(new Set(sent.map((b) => b.email)).size).toBe(40);
    expect(sent.find((b) => b.email === "u3@example.com")).toEqual({
      email: "u3@example.com",
      additional_info: "Hard bounce",
      bounce_message: "550 user unknown",
    });
    expect(sent.every((b) => b.additional_info === "Hard bounce")).toBe(true);
    expect(progress.at(-1)).toBe(40);
    expect(result).toMatchObject({ reported: 40, refused: 0, failed: 0, unsent: 0 });
  });

  test("Stop midway: reports on the wire finish, the rest stay unsent and are counted", async () => {
    const controller = new AbortController();
    let calls = 0;
    const result = await sendBounceReports({
      entries: entries(100),
      additionalInfo: "Hard bounce",
      concurrency: 5,
      signal: controller.signal,
      report: async () => {
        if (++calls === 20) controller.abort();
        await tick(2);
      },
    });
    expect(calls).toBe(20);
    expect(result.reported).toBe(20);
    expect(result.unsent).toBe(80);
    expect(result.outcomes.filter((o) => o.status === "unsent")).toHaveLength(80);
  });

  test("a refusal is listed with its reason; the others go on", async () => {
    const result = await sendBounceReports({
      entries: entries(10),
      additionalInfo: "Hard bounce",
      report: async (body) => {
        if (body.email === "u4@example.com")
          throw new ApiError({
            kind: "bad_request",
            status: 400,
            code: "invalid",
            message: "email is not valid",
          });
        if (body.email === "u7@example.com")
          throw new ApiError({
            kind: "network",
            status: null,
            code: "network",
            message: "Network failure.",
          });
      },
    });
    expect(result).toMatchObject({ reported: 8, refused: 1, failed: 1, unsent: 0 });
    expect(result.outcomes[4]).toEqual({ status: "refused", reason: "email is not valid" });
    expect(result.outcomes[7]).toEqual({ status: "failed", reason: "Network failure." });
  });

  test("credits returned are exact to a thousandth", () => {
    expect(creditsReturned(99.6, 100)).toBe(0.4);
    expect(creditsReturned(0.1 + 0.2, 1.3)).toBe(1);
  });
});

describe("against the sandbox: the ledger returns the credits of the charged addresses", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ latencyMs: 5 });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  test("bought addresses pay back, others do not, a refused report is listed", async () => {
    const examples = (await sandbox.examples()) as Record<string, Record<string, any>>;
    const account = await sandbox.account(50);
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: account.apiKey,
      retry: { retries: 1, baseDelayMs: 5, maxDelayMs: 10 },
    });
    const found = await client.cellLookup("person", examples.person!.valid);
    const verified = examples.verify!.valid.email as string;
    await client.cellLookup("verify", { email: verified });
    const before = (await client.account()).credits_left;
    const list: BounceEntry[] = [
      { email: found.email!.toLowerCase(), rows: [0] },
      { email: verified.toLowerCase(), rows: [1] },
      { email: "never-bought@example.com", rows: [2] },
      { email: "x".repeat(250) + "@example.com", rows: [3] },
    ];
    const result = await sendBounceReports({
      entries: list,
      additionalInfo: "Hard bounce",
      report: (body, signal) => client.reportBadEmail(body, signal),
    });
    const after = (await client.account()).credits_left;
    expect(result.reported).toBe(3);
    expect(result.outcomes[3]!.status).toBe("refused");
    expect(result.outcomes[3]!.reason).toBeTruthy();
    expect(result.outcomes[3]!.reason).not.toContain(account.apiKey);
    // The ledger gives back what it charged for those two (1 for the person, 0.2 or 1 for the
    // verification, unless it is the same address): at least one credit, and no more than spent.
    expect(creditsReturned(before, after)).toBeGreaterThanOrEqual(1);
    expect(after).toBeLessThanOrEqual(50);
  });
});
