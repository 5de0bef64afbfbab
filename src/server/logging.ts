import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import { hostname } from "node:os";
import type { Writable } from "node:stream";
import type { FastifyRequest } from "fastify";
import type { LogLevel } from "./config/settings";

// The host's logs: one JSON object a line (fastify's pino), each line of a request
// carrying its id, which the answer carries too (`x-request-id`) and the service receives
// (relay.ts, request-context.ts). An incoming `x-request-id` is kept only from a proxy named by
// --trust-proxy: anyone else could make their requests look like another's. Never logged:
// headers (the key, tokens, cookies are in them), query strings, a secret part of a path.

export const REQUEST_ID_HEADER = "x-request-id";

/** An id a trusted proxy may give: a UUID, a trace id, nothing that could break a log line. */
const GIVEN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** Fields that would hold a secret if anything logged them: censored wherever they appear. */
const SECRET_FIELDS = [
  "authorization",
  "cookie",
  "set-cookie",
  "token",
  "apiKey",
  "api_key",
  "key",
  "serviceKey",
  "adminToken",
  "password",
  "secret",
];

const REDACTED_PATHS = [
  ...SECRET_FIELDS.map((field) => `["${field}"]`),
  ...SECRET_FIELDS.map((field) => `*["${field}"]`),
  ...SECRET_FIELDS.map((field) => `*.*["${field}"]`),
];

declare module "fastify" {
  interface FastifyContextConfig {
    /** The path holds a secret (a webhook's id): logs show the route's pattern instead. */
    secretPath?: boolean;
  }
}

/** What a request's log lines say of it: never its headers, its query string or a secret path. */
export function requestForLog(request: FastifyRequest): Record<string, unknown> {
  const secret = request.routeOptions.config?.secretPath === true;
  return {
    method: request.method,
    url: secret ? request.routeOptions.url : request.url.split("?")[0],
    http: request.raw.httpVersion,
    remoteAddress: request.ip,
  };
}

export interface LoggingOptions {
  level: LogLevel;
  /** Where lines go (default stdout). */
  stream?: Writable;
}

/** pino's options for fastify: JSON lines, levels by name, ISO times, secrets censored. */
export function loggerOptions(options: LoggingOptions): Record<string, unknown> {
  return {
    level: options.level,
    ...(options.stream ? { stream: options.stream } : {}),
    formatters: { level: (label: string) => ({ level: label }) },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    serializers: {
      req: requestForLog,
      // An error logged is its class and code: a message could quote what it failed on.
      err: (error: Error & { code?: unknown }) => ({
        type: error.name,
        ...(typeof error.code === "string" ? { code: error.code } : {}),
      }),
    },
  };
}

/** A list of the proxies' addresses and ranges, as node:net checks them. */
function trustedList(trustProxy: readonly string[]): BlockList | null {
  if (trustProxy.length === 0) return null;
  const list = new BlockList();
  for (const entry of trustProxy) {
    const [address, bits] = entry.split("/");
    const type = isIP(address!) === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

function isTrusted(list: BlockList, address: string | undefined): boolean {
  if (!address) return false;
  // An IPv4 client on a dual-stack socket: ::ffff:10.0.0.1 is 10.0.0.1.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return list.check(mapped[1]!, "ipv4") || list.check(address, "ipv6");
  return list.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/**
 * fastify's genReqId: the id a trusted proxy gave (from the socket's own peer, never from a
 * forwarded address), else a new UUID.
 */
export function requestIds(trustProxy: readonly string[]): (request: IncomingMessage) => string {
  const trusted = trustedList(trustProxy);
  return (request) => {
    const given = request.headers[REQUEST_ID_HEADER];
    if (
      trusted &&
      typeof given === "string" &&
      GIVEN_ID.test(given) &&
      isTrusted(trusted, request.socket?.remoteAddress)
    )
      return given;
    return randomUUID();
  };
}

/** A line in the logger's shape, for when there is no logger yet (a start that failed). */
export function writeLogLine(
  level: "fatal" | "error" | "warn" | "info",
  message: string,
  fields: Record<string, unknown> = {}
): void {
  process.stdout.write(
    JSON.stringify({
      level,
      time: new Date().toISOString(),
      pid: process.pid,
      hostname: hostname(),
      ...fields,
      msg: message,
    }) + "\n"
  );
}
