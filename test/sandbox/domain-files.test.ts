import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Papa from "papaparse";
import {
  ManualClock,
  eventually,
  startSandbox,
  type TestAccount,
  type TestSandbox,
} from "../helpers/sandbox";

// Per-domain email files (docs/interface.md, Domain email files): price, order, null -> queued ->
// ready, CSV download, 402 and the readiness webhook.

interface Received {
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A loopback receiver of webhook POSTs. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  close: () => Promise<void>;
}> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    let data = "";
    request.on("data", (chunk) => (data += chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: JSON.parse(data) });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/domain`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const info = (account: TestAccount, domain: string) =>
  account.request("GET", `/v5.1/domain/${domain}/email`);
const order = (account: TestAccount, domain: string, headers?: Record<string, string>) =>
  account.request("POST", `/v5.1/domain/${domain}/email/order`, undefined, headers);
const download = (account: TestAccount, domain: string) =>
  account.request("GET", `/v5.1/domain/${domain}/email/download`);

describe("domain email files, step by step (manual clock)", () => {
  let sandbox: TestSandbox;
  let domain: string;
  let noEmails: string;
  const clock = new ManualClock();
  const READY_MS = 100;

  beforeAll(async () => {
    sandbox = await startSandbox({ clock, domainReadyMs: READY_MS });
    const examples = await sandbox.examples();
    domain = examples.domain_file!.domain as string;
    noEmails = (examples.company!.not_found as { domain: string }).domain;
  });
  afterAll(() => sandbox.close());

  test("info: credits_required, domain, email_count, status null before any order", async () => {
    const account = await sandbox.account(10);
    const response = await info(account, domain);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      "credits_required",
      "domain",
      "email_count",
      "status",
    ]);
    expect(response.body.domain).toBe(domain);
    expect(response.body.status).toBeNull();
    expect(Number.isInteger(response.body.email_count)).toBe(true);
    expect(response.body.email_count).toBeGreaterThan(0);
    expect(typeof response.body.credits_required).toBe("number");
    expect(response.body.credits_required).toBeGreaterThan(0);
    // Asking is free.
    expect(await account.credits()).toBe(10);
    // The same domain in another case or as a URL is the same file.
    const upper = await info(account, domain.toUpperCase());
    expect(upper.status).toBe(200);
    expect(upper.body).toEqual(response.body);
  });

  test("order charges credits_required once; queued, then ready; download only when ready", async () => {
    const price = (await info(await sandbox.account(0), domain)).body.credits_required as number;
    const account = await sandbox.account(price + 5);

    const before = await download(account, domain);
    expect(before.status).toBe(404);
    expect(Object.keys(before.body).sort()).toEqual(["error", "message"]);

    const ordered = await order(account, domain);
    expect(ordered.status).toBe(200);
    expect(ordered.body).toEqual({ input: { domain } });
    expect(await account.credits()).toBe(5);

    const queued = await info(account, domain);
    expect(queued.body.status).toBe("queued");
    const early = await download(account, domain);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe("bad_request");

    // Ordering again charges nothing and changes nothing.
    const again = await order(account, domain);
    expect(again.status).toBe(200);
    expect(await account.credits()).toBe(5);
    expect((await info(account, domain)).body.status).toBe("queued");

    clock.advance(READY_MS);
    const ready = await info(account, domain);
    expect(ready.body.status).toBe("ready");
    expect(ready.body.email_count).toBe(queued.body.email_count);

    const file = await download(account, domain);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^text\/csv/);
    const parsed = Papa.parse<Record<string, string>>(file.text.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toContain("email");
    expect(parsed.data).toHaveLength(ready.body.email_count);
    const emails = parsed.data.map((row) => row.email!);
    expect(new Set(emails).size).toBe(emails.length);
    for (const email of emails) expect(email.endsWith(`@${domain}`)).toBe(true);

    // Still free after it is ready; downloading again is free too.
    expect((await order(account, domain)).status).toBe(200);
    expect((await download(account, domain)).status).toBe(200);
    expect(await account.credits()).toBe(5);
  });

  test("orders belong to the account: another account has not ordered", async () => {
    const account = await sandbox.account(0);
    expect((await info(account, domain)).body.status).toBeNull();
    expect((await download(account, domain)).status).toBe(404);
  });

  test("402 when short: nothing charged, status stays null", async () => {
    const price = (await info(await sandbox.account(0), domain)).body.credits_required as number;
    const account = await sandbox.account(price - 1);
    const response = await order(account, domain);
    expect(response.status).toBe(402);
    expect(response.body.error).toBe("upgrade_needed");
    expect(typeof response.body.message).toBe("string");
    expect(await account.credits()).toBe(price - 1);
    expect((await info(account, domain)).body.status).toBeNull();
    expect((await download(account, domain)).status).toBe(404);
  });

  test("a domain with no emails: info says 0, order is a 400", async () => {
    const account = await sandbox.account(10);
    const response = await info(account, noEmails);
    expect(response.status).toBe(200);
    expect(response.body.email_count).toBe(0);
    const ordered = await order(account, noEmails);
    expect(ordered.status).toBe(400);
    expect(ordered.body.error).toBe("bad_request");
    expect(await account.credits()).toBe(10);
    expect((await info(account, noEmails)).body.status).toBeNull();
  });

  test("an invalid domain is a 400 on info, order and download", async () => {
    const account = await sandbox.account(10);
    for (const bad of ["not_a_domain", "localhost", "a..b.com", "-bad-.com"]) {
      for (const response of [
        await info(account, bad),
        await order(account, bad),
        await download(account, bad),
      ]) {
        expect([bad, response.status]).toEqual([bad, 400]);
        expect(response.body.error).toBe("bad_request");
      }
    }
    expect(await account.credits()).toBe(10);
  });

  test("a malformed x-webhook-url on order is a 400 and nothing is ordered", async () => {
    const account = await sandbox.account(100);
    const response = await order(account, domain, { "x-webhook-url": "not a url" });
    expect(response.status).toBe(400);
    expect(response.body.error).toBe("bad_request");
    expect(await account.credits()).toBe(100);
    expect((await info(account, domain)).body.status).toBeNull();
  });
});

describe("domain email files in real time, with the readiness webhook", () => {
  let sandbox: TestSandbox;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let domain: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startSandbox({ domainReadyMs: 100, webhooks: { retryDelaysMs: [50, 50, 50] } });
    domain = (await sandbox.examples()).domain_file!.domain as string;
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  test("the file becomes ready on its own and a POST announces it", async () => {
    const price = (await info(await sandbox.account(0), domain)).body.credits_required as number;
    const account = await sandbox.account(price);
    const ordered = await order(account, domain, { "x-webhook-url": receiver.url });
    expect(ordered.status).toBe(200);
    expect(ordered.body).toEqual({ input: { domain } });
    expect(await account.credits()).toBe(0);

    const ready = await eventually(
      async () => {
        const response = await info(account, domain);
        return response.body.status === "ready" ? response.body : undefined;
      },
      5_000,
      "the domain file to be ready"
    );
    const delivered = await eventually(
      async () => receiver.received[0],
      5_000,
      "the readiness webhook"
    );
    expect(typeof delivered.headers["x-webhook-event"]).toBe("string");
    expect(delivered.headers["content-type"]).toMatch(/^application\/json/);
    expect(delivered.body).toMatchObject({
      domain,
      status: "ready",
      email_count: ready.email_count,
    });
    expect((await download(account, domain)).status).toBe(200);
    // One announcement only.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
  });
});
