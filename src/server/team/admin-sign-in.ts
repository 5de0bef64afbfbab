import type { FastifyInstance, FastifyRequest } from "fastify";
import { HostError } from "../errors";
import { SignInThrottle, type ThrottleOptions } from "./sign-in-throttle";
import type { AdminActor } from "./store";
import { bearerOf, sameSecret } from "./tokens";

// The admin API's sign-in, before every route: the admin token compared in constant time (a
// member token is not one), then an Entra ID admin. Only failures meet the throttle, so that
// nobody's wrong guesses lock the real admin out (sign-in-throttle.ts says what it still
// guarantees, and why). Answers carry members' details: never cached, never framed
// (clickjacking).

export const ADMIN_TOKEN: AdminActor = { kind: "admin_token", oid: null, name: null };

export interface AdminSignInOptions {
  /** The admin token as it is now (read on each request: it can be replaced). */
  adminToken: () => string;
  /** Another way in besides the admin token: an Entra ID token of the admin group (its account). */
  entraAdmin?: (request: { headers: { authorization?: string } }) => Promise<AdminActor | null>;
  /** Failed sign-ins allowed per client address and window (sign-in-throttle.ts). */
  throttle?: Partial<ThrottleOptions>;
}

/** Registers the sign-in; answers who signed a request in. */
export function adminSignIn(
  app: FastifyInstance,
  options: AdminSignInOptions
): (request: FastifyRequest) => AdminActor {
  const throttle = new SignInThrottle(options.throttle);
  const actors = new WeakMap<FastifyRequest, AdminActor>();
  app.addHook("onRequest", async (request, reply) => {
    void reply.headers({
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
      "x-frame-options": "DENY",
    });
    const given = bearerOf(request.headers.authorization);
    const expected = options.adminToken();
    const actor =
      given === null
        ? null
        : expected !== "" && sameSecret(given, expected)
          ? ADMIN_TOKEN
          : ((await options.entraAdmin?.(request)) ?? null);
    if (!actor) {
      const wait = throttle.waitFor(request.ip);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        void reply.header("retry-after", String(seconds));
        throw new HostError(
          429,
          "rate_limited",
          `Too many failed admin sign-ins from this address: for ${Math.ceil(seconds / 60)} more minute(s), nothing but a valid admin sign-in is answered from it.`
        );
      }
      if (given !== null) throttle.failed(request.ip);
      void reply.header("www-authenticate", 'Bearer realm="admin"');
      throw new HostError(
        401,
        "unauthorized",
        given === null
          ? "The admin API needs the admin token: Authorization: Bearer <admin token>."
          : "This is not the admin token."
      );
    }
    actors.set(request, actor);
  });
  return (request) => actors.get(request) ?? ADMIN_TOKEN;
}
