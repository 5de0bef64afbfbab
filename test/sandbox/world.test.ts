import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Directory, type Person } from "../../src/sandbox/directory/directory";
import { ManualClock, call, startSandbox, type TestSandbox } from "../helpers/sandbox";

// A sandbox whose world changes (issue 25): its clock moved forward (the 30-day free
// repeat follows it) and a share of its people changed, deterministically, kept across a
// restart. Over real HTTP.

const DAY_MS = 24 * 60 * 60 * 1000;
const COMPANIES = 200;

/** People whose answers a change can alter: at verifying companies, not blacklisted. */
function changeablePeople(): Person[] {
  return new Directory({ companies: COMPANIES }).companies
    .filter((c) => c.mailServer === "verifying")
    .flatMap((c) => c.people.filter((p) => !p.blacklisted));
}

const personBody = (p: Person) => ({
  domain: p.company.domain,
  first_name: p.firstName,
  last_name: p.lastName,
});

interface Answers {
  find: Array<{ email_status: string; email: string | null }>;
  verifyOld: string[];
}

async function answersOf(sandbox: TestSandbox, people: Person[]): Promise<Answers> {
  const account = await sandbox.account(10_000);
  const find = [];
  const verifyOld = [];
  for (const p of people) {
    const found = await account.request("POST", "/v5.1/find-email/person", personBody(p));
    expect(found.status).toBe(200);
    find.push({ email_status: found.body.email_status, email: found.body.email });
    const verified = await account.request("POST", "/v5.1/verify-email", { email: p.email });
    expect(verified.status).toBe(200);
    verifyOld.push(verified.body.email_status);
  }
  return { find, verifyOld };
}

describe("the sandbox's clock", () => {
  let sandbox: TestSandbox;
  const clock = new ManualClock();
  beforeAll(async () => {
    sandbox = await startSandbox({ clock, companies: COMPANIES });
  });
  afterAll(() => sandbox.close());

  test("moves forward, and the 30-day free repeat follows it", async () => {
    const before = await call(sandbox.baseUrl, "GET", "/sandbox/clock");
    expect(before.body.now).toBe(new Date(clock.now()).toISOString());
    const account = await sandbox.account(100);
    const body = personBody(changeablePeople()[0]!);
    const first = await account.request("POST", "/v5.1/find-email/person", body);
    expect(first.body.credits_charged).toBe(1);
    const repeat = await account.request("POST", "/v5.1/find-email/person", body);
    expect(repeat.body.credits_charged).toBe(0);

    const moved = await call(sandbox.baseUrl, "POST", "/sandbox/clock", { advance_days: 31 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now)).toBe(clock.now() + 31 * DAY_MS);
    const later = await account.request("POST", "/v5.1/find-email/person", body);
    expect(later.body.credits_charged).toBe(1);
    const account2 = await account.request("GET", "/v5.1/account");
    expect(account2.body.credits_left).toBe(98);
  });

  test.each([
    [{ advance_days: -1 }],
    [{ advance_days: "3" }],
    [{}],
    [{ advance_days: 1, extra: true }],
  ])("refuses %j with the interface's error body and moves nothing", async (body) => {
    const now = (await call(sandbox.baseUrl, "GET", "/sandbox/clock")).body.now;
    const response = await call(sandbox.baseUrl, "POST", "/sandbox/clock", body);
    expect(response.status).toBe(400);
    expect(typeof response.body.error).toBe("string");
    expect(typeof response.body.message).toBe("string");
    expect((await call(sandbox.baseUrl, "GET", "/sandbox/clock")).body.now).toBe(now);
  });
});

describe("the sandbox's world changes", () => {
  const people = changeablePeople().slice(0, 120);
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(join(tmpdir(), "mf-world-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  test("a share of the people change in the three ways, the same with the same seed, kept across a restart", async () => {
    const db = join(directory, "world.db");
    const first = await startSandbox({ db, companies: COMPANIES });
    let changedAnswers: Answers;
    let before: Answers;
    try {
      before = await answersOf(first, people);
      expect(before.find.every((a) => a.email_status === "valid")).toBe(true);
      expect(before.verifyOld.every((s) => s === "valid")).toBe(true);

      const response = await call(first.baseUrl, "POST", "/sandbox/world/changes", {
        share: 0.3,
        seed: 7,
      });
      expect(response.status).toBe(200);
      const counts = response.body;
      expect(counts.changed).toBe(counts.left + counts.mailbox_closed + counts.new_address);
      const everyone = changeablePeople().length;
      expect(counts.changed / everyone).toBeGreaterThan(0.2);
      expect(counts.changed / everyone).toBeLessThan(0.4);
      for (const kind of ["left", "mailbox_closed", "new_address"])
        expect(counts[kind]).toBeGreaterThan(0);

      changedAnswers = await answersOf(first, people);
    } finally {
      await first.close();
    }

    // Each changed person shows one of the three changes; the others are as they were.
    let gone = 0;
    let moved = 0;
    people.forEach((p, i) => {
      const now = changedAnswers.find[i]!;
      if (changedAnswers.verifyOld[i] === "valid") {
        expect(now).toEqual(before.find[i]);
        return;
      }
      expect(changedAnswers.verifyOld[i]).toBe("invalid");
      if (now.email_status === "not_found") gone++;
      else {
        expect(now.email_status).toBe("valid");
        expect(now.email).not.toBe(p.email);
        expect(now.email!.endsWith(`@${p.company.domain}`)).toBe(true);
        moved++;
      }
    });
    expect(gone).toBeGreaterThan(0);
    expect(moved).toBeGreaterThan(0);

    // The same world after a restart (replayed from the database)...
    const restarted = await startSandbox({ db, companies: COMPANIES });
    try {
      expect(await answersOf(restarted, people)).toEqual(changedAnswers);
    } finally {
      await restarted.close();
    }
    // ...and in another sandbox given the same change.
    const other = await startSandbox({ companies: COMPANIES });
    try {
      await call(other.baseUrl, "POST", "/sandbox/world/changes", { share: 0.3, seed: 7 });
      expect(await answersOf(other, people)).toEqual(changedAnswers);
    } finally {
      await other.close();
    }
  });

  test("a changed person's new address verifies, and the examples skip changed people", async () => {
    const sandbox = await startSandbox({ companies: COMPANIES });
    try {
      await call(sandbox.baseUrl, "POST", "/sandbox/world/changes", { share: 1, seed: 3 });
      const account = await sandbox.account(1000);
      const examples = (await sandbox.examples()) as Record<string, Record<string, object>>;
      const valid = await account.request(
        "POST",
        "/v5.1/find-email/person",
        examples.person!.valid
      );
      // Every changeable person changed: the example is one of the new addresses or elsewhere.
      expect(valid.body.email_status).toBe("valid");
      const verified = await account.request("POST", "/v5.1/verify-email", {
        email: valid.body.email,
      });
      expect(verified.body.email_status).toBe("valid");
    } finally {
      await sandbox.close();
    }
  });

  test.each([
    [{ share: 0 }],
    [{ share: 1.5 }],
    [{ share: "0.3" }],
    [{}],
    [{ share: 0.2, seed: -1 }],
  ])("refuses %j with the interface's error body and changes nobody", async (body) => {
    const sandbox = await startSandbox({ companies: COMPANIES });
    try {
      const response = await call(sandbox.baseUrl, "POST", "/sandbox/world/changes", body);
      expect(response.status).toBe(400);
      expect(typeof response.body.error).toBe("string");
      expect(typeof response.body.message).toBe("string");
      const after = await answersOf(sandbox, people.slice(0, 10));
      expect(after.verifyOld.every((s) => s === "valid")).toBe(true);
    } finally {
      await sandbox.close();
    }
  });
});
