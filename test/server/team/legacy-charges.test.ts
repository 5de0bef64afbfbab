import { monthOf } from "../../../src/server/team/store";
import {
  rawRequest,
  startRecordingProxy,
  type RecordingProxy,
} from "../../helpers/recording-proxy";
import { startSandbox, type TestAccount, type TestSandbox } from "../../helpers/sandbox";
import { startTeamOverSandbox, type TeamOverSandbox } from "../../helpers/team-over-sandbox";

// A legacy lookup counts as bought only once the service charged it (issue 42 item 3): v5.0
// charges a found person once per query ever, so the host must know which queries were charged,
// not merely answered. Here the service first answers a person "unknown" (free, kept for the team
// a day), then, asked again once that answer is stale, finds them and charges its one credit.

describe("team mode: legacy lookups charged once, counted once", () => {
  let sandbox: TestSandbox;
  let company: TestAccount;
  let recorder: RecordingProxy;
  let host: TeamOverSandbox;
  let time = Date.now();

  beforeAll(async () => {
    sandbox = await startSandbox();
    company = await sandbox.account(100);
    recorder = await startRecordingProxy(sandbox.baseUrl);
    host = await startTeamOverSandbox({
      upstream: recorder.url,
      serviceKey: company.apiKey,
      build: { now: () => new Date(time) },
    });
    expect((await host.admin("PUT", "/team", { freshness_days: 1 })).status).toBe(200);
  });

  afterAll(async () => {
    await host?.close();
    await recorder?.close();
    await sandbox?.close();
  });

  test("an answer kept but not charged is not a purchase: the first charge is counted, the repeats not", async () => {
    const member = await host.addMember("Legacy", 10);
    const person = (await sandbox.examples()).legacy_person!.valid as Record<string, string>;
    const ask = () =>
      rawRequest(host.url, "POST", "/api/v5.0/search/person.json", {
        headers: { authorization: `Bearer ${member.token}`, "content-type": "application/json" },
        body: JSON.stringify(person),
      });
    // The month the charge falls in (the clock moves four days: it may cross a month's end).
    const month = monthOf(new Date(time + 2 * 86_400_000));
    const spent = async () => (await host.store.memberMonth(member.id, month)).spentMilli;
    const ledger = async () => Math.round((await company.credits()) * 1000);

    // The service's first answer: found, not verified (free).
    recorder.answer = (seen) =>
      seen.url === "/v5.0/search/person.json"
        ? {
            status: 200,
            body: JSON.stringify({
              success: true,
              input: JSON.parse(seen.body),
              results: { email: "someone@example.com", validation: "unknown", alternatives: [] },
            }),
          }
        : null;
    const first = await ask();
    expect(JSON.parse(first!.text)).toMatchObject({ results: { validation: "unknown" } });
    recorder.answer = () => null;
    expect(await spent()).toBe(0);

    // Two days on, the kept answer is stale: the service finds them and charges its credit.
    time += 2 * 86_400_000;
    const before = await ledger();
    const second = await ask();
    expect(JSON.parse(second!.text)).toMatchObject({ results: { validation: "valid" } });
    expect(before - (await ledger())).toBe(1_000);
    expect(await spent()).toBe(1_000);

    // Once more, stale again: the service never charges a query twice, nor does the host.
    time += 2 * 86_400_000;
    const third = await ask();
    expect(third!.headers["x-mail-finder-answer"]).toBeUndefined();
    expect(before - (await ledger())).toBe(1_000);
    expect(await spent()).toBe(1_000);
  });
});
