import type { FastifyInstance } from "fastify";
import { buildApp, type SandboxOptions } from "../../src/sandbox/app";
import type { Clock } from "../../src/sandbox/services/clock";

/** A sandbox listening on a free loopback port, talked to over real HTTP. */
export interface TestSandbox {
  app: FastifyInstance;
  baseUrl: string;
  /** A fresh account with the given credits (default 100). */
  account(credits?: number): Promise<TestAccount>;
  examples(): Promise<Record<string, Record<string, unknown>>>;
  close(): Promise<void>;
}

export interface TestAccount {
  apiKey: string;
  email: string;
  /** fetch against the sandbox with this account's Authorization header. */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>
  ): Promise<TestResponse>;
  credits(): Promise<number>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  body: any;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const app = await buildApp({ db: ":memory:", ...options });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = address;
  const account = async (credits = 100): Promise<TestAccount> => {
    const created = await call(baseUrl, "POST", "/sandbox/accounts", { credits });
    if (created.status !== 200) throw new Error(`account creation failed: ${created.text}`);
    const apiKey: string = created.body.api_key;
    const request = (
      method: string,
      path: string,
      body?: unknown,
      headers: Record<string, string> = {}
    ) => call(baseUrl, method, path, body, { authorization: `Bearer ${apiKey}`, ...headers });
    return {
      apiKey,
      email: created.body.email,
      request,
      credits: async () => (await request("GET", "/v5.1/account")).body.credits_left,
    };
  };
  return {
    app,
    baseUrl,
    account,
    examples: async () => (await call(baseUrl, "GET", "/sandbox/examples")).body,
    close: () => app.close(),
  };
}

/** One HTTP request; a string body is sent as is (for malformed JSON tests), anything else as JSON. */
export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {}
): Promise<TestResponse> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body =
      typeof body === "string" || body instanceof FormData
        ? (body as string)
        : JSON.stringify(body);
    if (
      !(body instanceof FormData) &&
      !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")
    ) {
      (init.headers as Record<string, string>)["content-type"] = "application/json";
    }
  }
  const response = await fetch(baseUrl + path, init);
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** A clock the test moves by hand (to cross the 30-day free-repeat window). */
export class ManualClock implements Clock {
  constructor(private time = Date.parse("2026-11-01T00:00:00Z")) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/** Polls until `check` returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  what = "condition"
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
