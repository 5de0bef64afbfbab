import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eventually, startSandbox, type TestSandbox } from "../helpers/sandbox";

// docs/interface.md, Webhooks: with `x-webhook-url` the answer is the input echo and the full
// result is POSTed to the URL; delivery is retried when the receiver fails; nothing is charged
// twice.

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, Body>>;

interface Received {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  text: string;
  body: Body;
}

interface Receiver {
  url(path: string): string;
  received: Received[];
  /** Status to answer for each request to `path`, in order; 200 once the list runs out. */
  failFirst(path: string, statuses: number[]): void;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  const server: Server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => (text += chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      let body: Body = {};
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      received.push({ path, method: request.method ?? "", headers: request.headers, text, body });
      const status = plans.get(path)?.shift() ?? 200;
      response
        .writeHead(status, { "content-type": "text/plain" })
        .end(status === 200 ? "ok" : "fail");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    failFirst: (path, statuses) => plans.set(path, [...statuses]),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const PATHS: Record<string, string> = {
  person: "/v5.1/find-email/person",
  company: "/v5.1/find-email/company",
  decision_maker: "/v5.1/find-email/decision-maker",
  linkedin_url: "/v5.1/find-email/linkedin-url",
  verify: "/v5.1/verify-email",
};
const PRICE: Record<string, number> = {
  person: 1,
  company: 1,
  decision_maker: 2,
  linkedin_url: 1,
  verify: 0.2,
};

describe("webhooks", () => {
  let sandbox: TestSandbox;
  let receiver: Receiver;
  let examples: Examples;

  beforeAll(async () => {
    receiver = await startReceiver();
    sandbox = await startSandbox({ webhooks: { retryDelaysMs: [50, 50, 50] } });
    examples = (await sandbox.examples()) as Examples;
  });
  afterAll(async () => {
    await sandbox.close();
    await receiver.close();
  });

  const arrivals = (path: string): Received[] => receiver.received.filter((r) => r.path === path);
  const waitFor = (path: string, count: number): Promise<Received[]> =>
    eventually(
      async () => (arrivals(path).length >= count ? arrivals(path) : undefined),
      5_000,
      `${count} POSTs to ${path}`
    );

  test.each(Object.keys(PATHS))(
    "%s: answers {input}, POSTs the full result, charges once",
    async (operation) => {
      const body = examples[operation]!.valid!;
      // The synchronous answer, from another account, is what the webhook must carry.
      const reference = await (await sandbox.account(10)).request("POST", PATHS[operation]!, body);
      expect(reference.status).toBe(200);

      const account = await sandbox.account(10);
      const hook = `/hooks/${operation}`;
      const response = await account.request("POST", PATHS[operation]!, body, {
        "x-webhook-url": receiver.url(hook),
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ input: body });

      const [delivered] = await waitFor(hook, 1);
      expect(delivered!.method).toBe("POST");
      expect(delivered!.headers["content-type"]).toMatch(/^application\/json/);
      expect(typeof delivered!.headers["x-webhook-event"]).toBe("string");
      expect(String(delivered!.headers["x-webhook-event"]).length).toBeGreaterThan(0);
      expect(delivered!.body).toEqual(reference.body);
      expect(delivered!.body.credits_charged).toBe(PRICE[operation]);
      expect(await account.credits()).toBe(Math.round((10 - PRICE[operation]!) * 1000) / 1000);
    }
  );

  test("each operation announces itself with its own x-webhook-event", async () => {
    const events = Object.keys(PATHS).map(
      (operation) => arrivals(`/hooks/${operation}`)[0]?.headers["x-webhook-event"]
    );
    expect(events.every((e) => typeof e === "string")).toBe(true);
    expect(new Set(events).size).toBe(events.length);
  });

  test("a not-found result is delivered too, free", async () => {
    const account = await sandbox.account(10);
    const hook = "/hooks/not-found";
    const body = examples.person!.not_found!;
    const response = await account.request("POST", PATHS.person!, body, {
      "x-webhook-url": receiver.url(hook),
    });
    expect(response.body).toEqual({ input: body });
    const [delivered] = await waitFor(hook, 1);
    expect(delivered!.body).toMatchObject({
      input: body,
      email_status: "not_found",
      email: null,
      credits_charged: 0,
    });
    expect(await account.credits()).toBe(10);
  });

  test("a receiver that answers 500 first gets the same result again; charged once", async () => {
    const account = await sandbox.account(10);
    const hook = "/hooks/retry";
    receiver.failFirst(hook, [500]);
    const body = examples.decision_maker!.valid!;
    const response = await account.request("POST", PATHS.decision_maker!, body, {
      "x-webhook-url": receiver.url(hook),
    });
    expect(response.body).toEqual({ input: body });
    const deliveries = await waitFor(hook, 2);
    expect(deliveries[1]!.text).toBe(deliveries[0]!.text);
    expect(deliveries[1]!.body.credits_charged).toBe(2);
    expect(deliveries[1]!.headers["x-webhook-event"]).toBe(
      deliveries[0]!.headers["x-webhook-event"]
    );
    // A 2xx ends the retries.
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(arrivals(hook)).toHaveLength(2);
    expect(await account.credits()).toBe(8);
  });

  test("retries stop after the configured attempts", async () => {
    const account = await sandbox.account(10);
    const hook = "/hooks/always-failing";
    receiver.failFirst(hook, [500, 503, 500, 500, 500, 500]);
    await account.request("POST", PATHS.verify!, examples.verify!.valid!, {
      "x-webhook-url": receiver.url(hook),
    });
    // One attempt plus one retry per configured delay.
    await waitFor(hook, 4);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrivals(hook)).toHaveLength(4);
    expect(await account.credits()).toBe(9.8);
  });

  test("a repeat with a webhook is delivered and free", async () => {
    const account = await sandbox.account(10);
    const body = examples.linkedin_url!.valid!;
    await account.request("POST", PATHS.linkedin_url!, body);
    const hook = "/hooks/repeat";
    await account.request("POST", PATHS.linkedin_url!, body, {
      "x-webhook-url": receiver.url(hook),
    });
    const [delivered] = await waitFor(hook, 1);
    expect(delivered!.body.email_status).toBe("valid");
    expect(delivered!.body.credits_charged).toBe(0);
    expect(await account.credits()).toBe(9);
  });

  test("402 is answered at once and nothing is POSTed", async () => {
    const account = await sandbox.account(0);
    const hook = "/hooks/broke";
    const response = await account.request("POST", PATHS.person!, examples.person!.valid!, {
      "x-webhook-url": receiver.url(hook),
    });
    expect(response.status).toBe(402);
    expect(response.body.error).toBe("upgrade_needed");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(arrivals(hook)).toHaveLength(0);
  });

  test("bad input is answered at once with 400 and nothing is POSTed", async () => {
    const account = await sandbox.account(10);
    const hook = "/hooks/bad";
    const response = await account.request(
      "POST",
      PATHS.verify!,
      { email: "nope" },
      { "x-webhook-url": receiver.url(hook) }
    );
    expect(response.status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(arrivals(hook)).toHaveLength(0);
    expect(await account.credits()).toBe(10);
  });
});
