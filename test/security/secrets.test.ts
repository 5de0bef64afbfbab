import { Writable } from "node:stream";
import { EmailServiceClient } from "../../src/client/client";
import { ApiError } from "../../src/client/errors";
import {
  installCustomFunctionsGlobal,
  installServices,
  invoke,
  settled,
} from "../helpers/custom-functions";
import { call, startSandbox, type TestSandbox } from "../helpers/sandbox";

installCustomFunctionsGlobal();

const fns =
  require("../../src/functions/functions") as typeof import("../../src/functions/functions");

// The API key never lands in a log, an error message or a cell: every path that
// produces text is run with a distinctive key, and the text is searched for it.

describe("the API key stays secret", () => {
  let sandbox: TestSandbox;
  const log: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log.push(String(chunk));
      done();
    },
  });

  beforeAll(async () => {
    sandbox = await startSandbox({ logger: true, logStream: stream });
  });
  afterAll(() => sandbox.close());

  test("neither a valid nor a rejected key reaches the service's log, an error or a cell", async () => {
    const account = await sandbox.account(10);
    const examples = await sandbox.examples();
    const wrongKey = "sbx_WRONG-secret-key-4242424242";
    const texts: string[] = [];

    // Lookups, errors of every kind, jobs and downloads, with the right and a wrong key.
    for (const key of [account.apiKey, wrongKey]) {
      const client = new EmailServiceClient({
        baseUrl: sandbox.baseUrl,
        apiKey: key,
        retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 },
      });
      const attempts: Array<() => Promise<unknown>> = [
        () => client.account(),
        () => client.cellLookup("person", examples.person!.valid as never),
        () => client.cellLookup("person", { domain: "example.com" }),
        () => client.cellLookup("verify", { email: "not an email" }),
        () => client.bulk.get("blk_missing"),
        () => client.legacy.person({ domain: "example.com" }),
        () =>
          client.bulk.createJson({ data: [["email"], ["a@example.com"]], email_field_index: 0 }),
      ];
      for (const attempt of attempts) {
        try {
          texts.push(JSON.stringify(await attempt()));
        } catch (error) {
          expect(error).toBeInstanceOf(ApiError);
          texts.push((error as Error).message, String((error as Error).stack));
        }
      }
    }
    // The service saying something that contains the key (a misbehaving proxy, say) is redacted too.
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { down: true });
    const client = new EmailServiceClient({
      baseUrl: `${sandbox.baseUrl}`,
      apiKey: account.apiKey,
      retry: { retries: 0 },
    });
    try {
      await client.account();
    } catch (error) {
      texts.push((error as Error).message);
    }
    await call(sandbox.baseUrl, "POST", "/sandbox/faults", { down: false });

    // Cells, including the 401 path.
    for (const key of [account.apiKey, wrongKey]) {
      installServices(sandbox.baseUrl, key);
      const p = examples.person!.valid as Record<string, string>;
      const cell = await settled(
        invoke(fns.findEmail, p.first_name, p.last_name, p.domain, null, "email,email_status")
          .result
      );
      texts.push(JSON.stringify(cell), cell instanceof Error ? cell.message : "");
    }

    expect(log.length).toBeGreaterThan(10);
    const everything = [...log, ...texts].join("\n");
    expect(everything).toContain("/v5.1/find-email/person");
    for (const key of [account.apiKey, wrongKey]) {
      expect(everything).not.toContain(key);
      expect(everything).not.toContain(key.slice(4, 20));
    }
  });

  test("a client error message that would contain the key is redacted", async () => {
    const key = "sbx_KEY_IN_A_PROXY_PAGE_123456";
    const client = new EmailServiceClient({
      baseUrl: sandbox.baseUrl,
      apiKey: key,
      retry: { retries: 0 },
      fetch: (async () =>
        new Response(
          JSON.stringify({ error: "bad_gateway", message: `upstream refused Bearer ${key}` }),
          { status: 400 }
        )) as typeof fetch,
    });
    const error = (await client.account().then(
      () => null,
      (e: unknown) => e
    )) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe("upstream refused Bearer [redacted]");
  });
});
