import path from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import type { Page } from "playwright-core";
import { errorHandler, notFoundHandler } from "../../src/server/errors";
import { site } from "../../src/server/site";
import { adminApi } from "../../src/server/team/admin-api";
import { ADMIN_AJV } from "../../src/server/team/admin-schemas";
import { SqliteTeamStore } from "../../src/server/team/sqlite-store";
import { checkDist } from "./harness";

// The admin page's host for the browser suites: the built page (dist/admin.html, `npm run build`
// first) served at /admin under the host's security headers (src/server/site.ts), talking to the
// admin API (src/server/team/admin-api.ts) over a SQLite store of its own.

const DIST = path.resolve(__dirname, "../../dist");
export const ADMIN_TOKEN = "admin-browser-token-6b1f0e";
export const SERVICE_KEY = "svc_live_browser_test_key";

export interface AdminHost {
  url: string;
  store: SqliteTeamStore;
  replacedKeys: string[];
  close(): Promise<void>;
}

/** The built add-in and the admin API on one origin, as the team host serves them. */
export async function startAdminHost(): Promise<AdminHost> {
  checkDist();
  const store = new SqliteTeamStore(":memory:");
  await store.migrate();
  const replacedKeys: string[] = [];
  const app: FastifyInstance = Fastify({ ajv: ADMIN_AJV });
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  await app.register(adminApi, {
    prefix: "/admin/api",
    store,
    adminToken: () => ADMIN_TOKEN,
    replaceServiceKey: async (key) => {
      replacedKeys.push(key);
    },
  });
  await app.register(site, { dist: DIST, tls: false });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  return {
    url,
    store,
    replacedKeys,
    close: async () => {
      await app.close();
      await store.close();
    },
  };
}

export async function signIn(page: Page, token: string): Promise<void> {
  await page.getByTestId("admin-token").fill(token);
  await page.getByTestId("admin-sign-in").click();
}
