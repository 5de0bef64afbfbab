import http from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { unzipSync } from "fflate";
import { PUBLIC_URL_PLACEHOLDER } from "../../src/manifest/origins";
import { buildServer } from "../../src/server/app";
import { parseServerArgs } from "../../src/server/options";
import {
  localizationSchemaErrors,
  unifiedSchemaErrors,
  xmlTextSchemaErrors,
} from "../helpers/manifest-schemas";
import { parseExposition } from "../helpers/prometheus-text";
import { DIST, serve, startHostProcess, type Running } from "./helpers";

// One build serves any address: the host renders the manifests, the app package and
// every file of the build that names the add-in's address for its --public-url, at start; a host
// without one says so. Needs `npm run build` (a production build: its files name the placeholder).

const PUBLIC_URL = "https://addin.contoso.test/";
/** Another address, with a path, as behind a reverse proxy. */
const OTHER_URL = "https://intranet.fabrikam.test/mail-finder/";
/** The old build's default, which a deployment once sent users to without saying so. */
const OLD_DEFAULT = "mail-finder.example.com";
const LANGUAGES = ["de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"];
const FUNCTION_IDS = ["FINDEMAIL", "VERIFYEMAIL", "DECISIONMAKER", "COMPANYEMAILS"];

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (compressed when content-encoding says so). */
  raw: Buffer;
  /** The body decoded. */
  body: Buffer;
}

/** A GET (or HEAD) with exactly these headers; fetch would decode and hide the encoding. */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const body =
          encoding === "br"
            ? brotliDecompressSync(raw)
            : encoding === "gzip"
              ? gunzipSync(raw)
              : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
      });
    });
    request.on("error", reject);
    request.end();
  });
}

/** Every http(s) URL in a text, Microsoft's schemas and namespaces left out. */
function urlsIn(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^"\s<>]+/g)]
    .map((m) => m[0])
    .filter(
      (u) => !/schemas\.microsoft\.com|www\.w3\.org|developer\.microsoft\.com\/json-schemas/.test(u)
    );
}

/** dist/'s text files as the host serves them ("/help/index.html"), its .br and .gz copies aside. */
function servedTextFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.(?:js|html|json|css|xml|txt)$/.test(entry.name) ? [full] : [];
    });
  return walk(DIST).map((file) => `/${relative(DIST, file).split(sep).join("/")}`);
}

const builtForProduction = (() => {
  try {
    return readFileSync(join(DIST, "functions.json"), "utf8").includes(PUBLIC_URL_PLACEHOLDER);
  } catch {
    return false;
  }
})();

describe("the host renders the add-in for its --public-url", () => {
  if (!builtForProduction) {
    test("dist/ is a production build", () => {
      throw new Error("Run `npm run build` first: dist/functions.json names no placeholder.");
    });
    return;
  }
  let host: Running;
  let other: Running;
  let bare: Running;
  beforeAll(async () => {
    [host, other, bare] = await Promise.all([
      serve({
        dist: DIST,
        upstream: "http://127.0.0.1:9",
        publicUrl: new URL(PUBLIC_URL),
        metrics: true,
      }),
      serve({ dist: DIST, upstream: "http://127.0.0.1:9", publicUrl: new URL(OTHER_URL) }),
      serve({ dist: DIST, upstream: "http://127.0.0.1:9" }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([host, other, bare].filter(Boolean).map((h) => h.app.close()));
  });

  test("/manifest.xml: valid against the XSDs, every URL on the public URL", async () => {
    const answer = await get(`${host.url}/manifest.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(answer.headers["cache-control"]).toBe("no-cache");
    const text = answer.body.toString("utf8");
    expect(xmlTextSchemaErrors(text)).toBe("");
    const urls = urlsIn(text);
    expect(urls.length).toBeGreaterThan(10);
    for (const url of urls) expect(url.startsWith(PUBLIC_URL) ? "ok" : url).toBe("ok");
    expect(urls).toContain(`${PUBLIC_URL}taskpane.html`);
    expect(urls).toContain(`${PUBLIC_URL}functions.de-DE.json`);
  });

  test("/manifest.json: valid against the v1.30 schema, every URL on the public URL", async () => {
    const answer = await get(`${host.url}/manifest.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const manifest = JSON.parse(answer.body.toString("utf8"));
    expect(unifiedSchemaErrors(manifest)).toEqual([]);
    expect(manifest.extensions[0].runtimes[0].code.page).toBe(`${PUBLIC_URL}taskpane.html`);
    for (const url of urlsIn(answer.body.toString("utf8")))
      expect(url.startsWith(PUBLIC_URL) ? "ok" : url).toBe("ok");
  });

  test("/mail-finder.zip: the manifest, the build's icons and the language files, each valid", async () => {
    const answer = await get(`${host.url}/mail-finder.zip`, { "accept-encoding": "br, gzip" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toBe("application/zip");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers["content-disposition"]).toBe('attachment; filename="mail-finder.zip"');
    const entries = unzipSync(new Uint8Array(answer.body));
    expect(Object.keys(entries).sort()).toEqual(
      [
        "manifest.json",
        "color-192.png",
        "outline-32.png",
        ...LANGUAGES.map((l) => `${l.toLowerCase()}.json`),
      ].sort()
    );
    const manifest = (await get(`${host.url}/manifest.json`)).body;
    expect(Buffer.from(entries["manifest.json"]!).equals(manifest)).toBe(true);
    for (const icon of ["color-192.png", "outline-32.png"])
      expect(Buffer.from(entries[icon]!).equals(readFileSync(join(DIST, "assets", icon)))).toBe(
        true
      );
    for (const locale of LANGUAGES) {
      const file = JSON.parse(Buffer.from(entries[`${locale.toLowerCase()}.json`]!).toString());
      expect([locale, localizationSchemaErrors(file)]).toEqual([locale, []]);
      expect(file["extensions[0].runtimes[0].customFunctions.metadataUrl"]).toBe(
        `${PUBLIC_URL}functions.${locale}.json`
      );
    }
  });

  test("functions.json and its languages' copies: help URLs on the public URL, as is, br and gzip", async () => {
    for (const name of ["functions.json", ...LANGUAGES.map((l) => `functions.${l}.json`)])
      for (const encoding of [undefined, "br", "gzip"]) {
        const answer = await get(
          `${host.url}/${name}`,
          encoding ? { "accept-encoding": encoding } : {}
        );
        const where = `${name} ${encoding ?? "identity"}`;
        expect([where, answer.status, answer.headers["content-encoding"]]).toEqual([
          where,
          200,
          encoding,
        ]);
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        const text = answer.body.toString("utf8");
        expect(text).not.toContain(PUBLIC_URL_PLACEHOLDER);
        const helpUrls = new Map<string, string>(
          JSON.parse(text).functions.map((fn: { id: string; helpUrl: string }) => [
            fn.id,
            fn.helpUrl,
          ])
        );
        const prefix = name === "functions.json" ? "" : `${name.slice(10, -5)}/`;
        for (const id of FUNCTION_IDS)
          expect(helpUrls.get(id)).toBe(`${PUBLIC_URL}${prefix}help/${id.toLowerCase()}.html`);
      }
  });

  test("every text file of the build, served in every encoding, names no other address", async () => {
    const files = servedTextFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const path of [...files, "/manifest.xml", "/manifest.json"])
      for (const encoding of [undefined, "br", "gzip"]) {
        const answer = await get(
          `${host.url}${path}`,
          encoding ? { "accept-encoding": encoding } : {}
        );
        const text = answer.body.toString("utf8");
        const where = `${path} ${encoding ?? "identity"}`;
        expect([where, answer.status]).toEqual([where, 200]);
        expect([where, text.includes(PUBLIC_URL_PLACEHOLDER), text.includes(OLD_DEFAULT)]).toEqual([
          where,
          false,
          false,
        ]);
      }
  });

  test("the build's stale copies are not served in any spelling", async () => {
    for (const path of ["/functions.json.br", "/functions.json.gz", "/functions.de-DE.json.br"])
      expect([path, (await get(`${host.url}${path}`)).status]).toEqual([path, 404]);
    for (const path of ["/functions%2Ejson", "/./functions.json", "/help/../functions.json"]) {
      const answer = await get(`${host.url}${path}`, { "accept-encoding": "br" });
      const text = answer.body.toString("utf8");
      expect([path, text.includes(PUBLIC_URL_PLACEHOLDER)]).toEqual([path, false]);
      if (answer.status === 200) expect(text).toContain(`${PUBLIC_URL}help/`);
    }
  });

  test("ETags follow the address: 304 to a host's own, 200 to the other host's", async () => {
    for (const path of ["/manifest.xml", "/mail-finder.zip", "/functions.json"]) {
      const mine = await get(`${host.url}${path}`);
      const theirs = await get(`${other.url}${path}`);
      expect(mine.headers.etag).toBeTruthy();
      expect([path, mine.headers.etag === theirs.headers.etag]).toEqual([path, false]);
      const again = await get(`${host.url}${path}`, { "if-none-match": mine.headers.etag! });
      expect([path, again.status, again.raw.length]).toEqual([path, 304, 0]);
      const stale = await get(`${host.url}${path}`, { "if-none-match": theirs.headers.etag! });
      expect([path, stale.status]).toEqual([path, 200]);
      const head = await get(`${host.url}${path}`, {}, "HEAD");
      expect([path, head.status, head.headers["content-length"]]).toEqual([
        path,
        200,
        String(mine.body.length),
      ]);
    }
    // A compressed answer has its own ETag, so a cache never gives one for the other.
    const br = await get(`${host.url}/functions.json`, { "accept-encoding": "br" });
    expect(br.headers.etag).not.toBe((await get(`${host.url}/functions.json`)).headers.etag);
    expect(
      (await get(`${host.url}/functions.json`, { "if-none-match": br.headers.etag! })).status
    ).toBe(200);
  });

  test("a second host from the same dist/ renders its own address, path included", async () => {
    const xml = (await get(`${other.url}/manifest.xml`)).body.toString("utf8");
    expect(xmlTextSchemaErrors(xml)).toBe("");
    expect(xml).not.toContain("contoso");
    for (const url of urlsIn(xml)) expect(url.startsWith(OTHER_URL) ? "ok" : url).toBe("ok");
    const json = JSON.parse((await get(`${other.url}/manifest.json`)).body.toString("utf8"));
    expect(unifiedSchemaErrors(json)).toEqual([]);
    expect(json.extensions[0].runtimes[0].customFunctions.metadataUrl).toBe(
      `${OTHER_URL}functions.json`
    );
    const functions = JSON.parse(
      (await get(`${other.url}/functions.json`, { "accept-encoding": "gzip" })).body.toString()
    );
    expect(functions.functions[0].helpUrl).toMatch(new RegExp(`^${OTHER_URL}help/`));
    // The first host is unchanged by the second.
    expect((await get(`${host.url}/manifest.xml`)).body.toString()).toContain(PUBLIC_URL);
  });

  test("/metrics counts the rendered files by their own routes", async () => {
    await get(`${host.url}/mail-finder.zip`);
    await get(`${host.url}/functions.de-DE.json`);
    const figures = parseExposition((await get(`${host.url}/metrics`)).body.toString("utf8"));
    for (const route of ["/manifest.xml", "/manifest.json", "/mail-finder.zip", "/functions.json"])
      expect([
        route,
        figures.sum("mailfinder_http_requests_total", { method: "GET", route, status: "200" }) > 0,
      ]).toEqual([route, true]);
    expect(
      figures.sum("mailfinder_http_requests_total", { route: "/functions.de-DE.json" })
    ).toBeGreaterThan(0);
  });

  test("without --public-url: the manifests answer 404 saying what the host needs", async () => {
    for (const path of ["/manifest.xml", "/manifest.json", "/mail-finder.zip"]) {
      const answer = await get(`${bare.url}${path}`);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      const body = JSON.parse(answer.body.toString("utf8"));
      expect(body.error).toBe("not_found");
      expect(body.message).toMatch(/--public-url https:\/\/.* \(or MAILFINDER_PUBLIC_URL\)/);
    }
    // The rest of the add-in is served as built.
    expect((await get(`${bare.url}/taskpane.html`)).status).toBe(200);
    expect((await get(`${bare.url}/functions.json`)).status).toBe(200);
  });
});

test("a build without the app package's icons stops the start, saying so", async () => {
  const dist = mkdtempSync(join(tmpdir(), "mf-no-icons-"));
  try {
    writeFileSync(join(dist, "taskpane.html"), "<!doctype html><title>pane</title>");
    await expect(
      buildServer({ dist, upstream: "http://127.0.0.1:9", publicUrl: new URL(PUBLIC_URL) })
    ).rejects.toThrow(/needs assets\/color-192\.png of the built add-in.*run npm run build/);
    // Without a public URL nothing is rendered: the same build starts.
    const app = await buildServer({ dist, upstream: "http://127.0.0.1:9" });
    await app.close();
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
});

describe("--public-url is a setting of every mode", () => {
  const base = ["--dist", "dist", "--upstream", "https://api.example.test"];
  test("accepted without --team, from the flag or MAILFINDER_PUBLIC_URL", () => {
    expect(parseServerArgs([...base, "--public-url", PUBLIC_URL], {}).publicUrl?.href).toBe(
      PUBLIC_URL
    );
    expect(parseServerArgs(base, { MAILFINDER_PUBLIC_URL: OTHER_URL }).publicUrl?.href).toBe(
      OTHER_URL
    );
    expect(parseServerArgs(base, {}).publicUrl).toBeUndefined();
  });

  test("refused unless a plain https URL", () => {
    for (const url of [
      "http://addin.contoso.test/",
      "https://user@addin.contoso.test/",
      "https://addin.contoso.test/?a=1",
      "https://addin.contoso.test/#x",
      "https://addin.contoso.test/a&b/",
      "https://addin.contoso.test/it's/",
    ])
      expect(() => parseServerArgs([...base, "--public-url", url], {})).toThrow(
        /--public-url must be the host's plain https URL/
      );
    expect(() => parseServerArgs(base, { MAILFINDER_PUBLIC_URL: "nope" })).toThrow(
      /--public-url is not a URL: nope \(from MAILFINDER_PUBLIC_URL\)/
    );
  });
});

describe("npm run serve says at start where the manifests are, or that there are none", () => {
  if (!builtForProduction) return;
  test("with --public-url: their addresses; without: off, and a warning naming the flag", async () => {
    const args = ["--dist", DIST, "--upstream", "http://127.0.0.1:9"];
    const [withUrl, without] = await Promise.all([
      startHostProcess([...args, "--public-url", OTHER_URL]),
      startHostProcess(args),
    ]);
    try {
      const lines = (output: string) =>
        output
          .split("\n")
          .filter((line) => line.startsWith("{"))
          .map((line) => JSON.parse(line) as Record<string, unknown>);
      const started = lines(withUrl.output()).find((l) =>
        String(l.msg).startsWith("Mail Finder host listening")
      )!;
      expect(started.manifests).toEqual([
        `${OTHER_URL}manifest.xml`,
        `${OTHER_URL}manifest.json`,
        `${OTHER_URL}mail-finder.zip`,
      ]);
      expect(lines(withUrl.output()).filter((l) => l.level === "warn")).toEqual([]);
      expect((await get(`${withUrl.url}/manifest.xml`)).body.toString()).toContain(OTHER_URL);

      const bare = lines(without.output());
      expect(
        bare.find((l) => String(l.msg).startsWith("Mail Finder host listening"))!.manifests
      ).toBe("off (no --public-url)");
      const warnings = bare.filter((l) => l.level === "warn").map((l) => String(l.msg));
      expect(warnings).toEqual([expect.stringMatching(/^No --public-url: .*--public-url https:/)]);
    } finally {
      withUrl.child.kill("SIGTERM");
      without.child.kill("SIGTERM");
      await Promise.all([withUrl.exited, without.exited]);
    }
  });
});
