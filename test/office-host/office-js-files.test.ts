import crypto from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import path from "node:path";
import { OFFICE_JS_DIST, startOfficeHostServer, type OfficeHostServer } from "./server";

// The host page serves Microsoft's library as the CDN does, byte for byte: office.js, the
// Excel on the web file it loads, and the strings of each language, from the pinned package.

const PACKAGE = path.join(OFFICE_JS_DIST, "..", "package.json");
const FILES = [
  "office.js",
  "excel-web-16.00.js",
  "en-us/office_strings.js",
  "de-de/office_strings.js",
  "ja-jp/office_strings.js",
  "telemetry/oteljs_agave.js",
];

const sha256 = (data: Buffer): string => crypto.createHash("sha256").update(data).digest("hex");

function get(
  url: string
): Promise<{ status: number; body: Buffer; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: res.headers,
          })
        );
      })
      .on("error", reject);
  });
}

describe("office.js as the host page serves it", () => {
  let server: OfficeHostServer;
  beforeAll(async () => {
    server = await startOfficeHostServer();
  });
  afterAll(() => server.close());

  test("@microsoft/office-js is pinned to one version, the one installed", () => {
    const ours = JSON.parse(fs.readFileSync(path.join(__dirname, "../../package.json"), "utf8"));
    const pinned = ours.devDependencies["@microsoft/office-js"] as string;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(JSON.parse(fs.readFileSync(PACKAGE, "utf8")).version).toBe(pinned);
  });

  test.each(FILES)("%s: the package's bytes (SHA-256), as a CORS script", async (file) => {
    const served = await get(`${server.origin}/lib/1/hosted/${file}`);
    expect(served.status).toBe(200);
    expect(served.headers["access-control-allow-origin"]).toBe("*");
    expect(sha256(served.body)).toBe(sha256(fs.readFileSync(path.join(OFFICE_JS_DIST, file))));
  });

  test("nothing outside the package's dist/ is served", async () => {
    for (const attempt of [
      "/lib/1/hosted/../../../package.json",
      "/lib/1/hosted/%2e%2e/package.json",
      "/lib/1/hosted/..%2f..%2fpackage.json",
      "/lib/1/hosted/no-such-file.js",
    ])
      expect([attempt, (await get(`${server.origin}${attempt}`)).status]).toEqual([attempt, 404]);
  });
});
