import { spawn, type ChildProcess } from "node:child_process";
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { TLSSocket } from "node:tls";
import os from "node:os";
import path from "node:path";
import { devCertificate, parseArgs, trustWarning, UsageError } from "./cli";
import { HOST_PAGE, OFFICE_JS_DIST } from "./server";
import { selfSignedCertificate } from "../helpers/self-signed";

// `npm run office-host -- --addin <url> --port <n>`: the Office host page on its own (item 7).

const ROOT = path.resolve(__dirname, "../..");
const CLI = path.join(__dirname, "cli.ts");
const ADDIN = "http://127.0.0.1:9/addin/taskpane.html";

let home: string;
let emptyHome: string;
let devCert: { cert: string; key: string };

beforeAll(() => {
  // A home with an office-addin-dev-certs pair of its own, and one without any.
  home = fs.mkdtempSync(path.join(os.tmpdir(), "office-host-cli-"));
  emptyHome = fs.mkdtempSync(path.join(os.tmpdir(), "office-host-cli-empty-"));
  const directory = path.join(home, ".office-addin-dev-certs");
  fs.mkdirSync(directory);
  const made = selfSignedCertificate(directory);
  devCert = {
    cert: path.join(directory, "localhost.crt"),
    key: path.join(directory, "localhost.key"),
  };
  fs.renameSync(made.cert, devCert.cert);
  fs.renameSync(made.key, devCert.key);
});

afterAll(() => {
  fs.rmSync(home, { recursive: true, force: true });
  fs.rmSync(emptyHome, { recursive: true, force: true });
});

describe("parseArgs", () => {
  const none = { devCertificate: () => undefined };

  test("--addin alone: a free port on 127.0.0.1, no certificate named", () => {
    expect(parseArgs(["--addin", ADDIN], none)).toEqual({
      port: 0,
      host: "127.0.0.1",
      addin: ADDIN,
    });
  });

  test("every flag, as --flag value and --flag=value", () => {
    expect(
      parseArgs(
        [
          "--addin=https://localhost:3000/taskpane.html",
          "--port",
          "3443",
          "--host",
          "localhost",
          "--locale=de-DE",
          "--seed",
          "-7",
          "--visibility",
          "Hidden",
          "--cert",
          devCert.cert,
          "--key",
          devCert.key,
        ],
        none
      )
    ).toEqual({
      port: 3443,
      host: "localhost",
      addin: "https://localhost:3000/taskpane.html",
      locale: "de-DE",
      seed: -7,
      visibility: "Hidden",
      certificate: devCert,
    });
  });

  test("the office-addin-dev-certs pair by default, when both files are there", () => {
    expect(devCertificate(home)).toEqual(devCert);
    expect(devCertificate(emptyHome)).toBeUndefined();
    expect(parseArgs(["--addin", ADDIN], { devCertificate: () => devCert })?.certificate).toEqual(
      devCert
    );
  });

  test("--help", () => {
    expect(parseArgs(["--help"])).toBeNull();
  });

  test.each<[string, string[], RegExp]>([
    ["an unknown flag", ["--addin", ADDIN, "--nope"], /unknown argument: --nope/],
    ["a stray word", ["--addin", ADDIN, "extra"], /unknown argument: extra/],
    ["no --addin", ["--port", "0"], /--addin .* is required/],
    ["a flag without its value", ["--addin"], /--addin needs a value/],
    ["a flag followed by another", ["--addin", ADDIN, "--port", "--host"], /--port needs a value/],
    ["a twice-given flag", ["--addin", ADDIN, "--port", "1", "--port", "2"], /given twice/],
    ["an add-in that is no URL", ["--addin", "taskpane.html"], /not a URL/],
    ["an add-in not over http(s)", ["--addin", "file:///x.html"], /http\(s\) URL/],
    ["a port above 65535", ["--addin", ADDIN, "--port", "65536"], /--port: a number/],
    ["a port that is no number", ["--addin", ADDIN, "--port", "80a"], /--port: a number/],
    ["a host with a scheme", ["--addin", ADDIN, "--host", "https://x"], /--host: a host name/],
    ["a host with a port", ["--addin", ADDIN, "--host", "localhost:3000"], /--host/],
    ["a locale that is no tag", ["--addin", ADDIN, "--locale", "en US"], /--locale/],
    ["a seed that is no integer", ["--addin", ADDIN, "--seed", "1.5"], /--seed: an integer/],
    ["another visibility", ["--addin", ADDIN, "--visibility", "Visible"], /Taskpane or Hidden/],
    ["--cert without --key", ["--addin", ADDIN, "--cert", __filename], /go together/],
    [
      "a certificate that is not there",
      ["--addin", ADDIN, "--cert", "/nonexistent.crt", "--key", __filename],
      /--cert: no such file/,
    ],
  ])("refuses %s", (_name, argv, message) => {
    expect(() => parseArgs(argv, none)).toThrow(UsageError);
    expect(() => parseArgs(argv, none)).toThrow(message);
  });

  test("warns when office.js would not trust the page's host name", () => {
    const options = (addin: string, host: string) => ({ port: 0, addin, host });
    expect(trustWarning(options("https://localhost:3000/taskpane.html", "localhost"))).toBeNull();
    expect(trustWarning(options(ADDIN, "127.0.0.1"))).toBeNull();
    expect(trustWarning(options(ADDIN, "excel.officeapps.live.com"))).toBeNull();
    expect(trustWarning(options("https://localhost:3000/taskpane.html", "127.0.0.1"))).toMatch(
      /Use --host localhost/
    );
  });
});

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCli(args: string[], env: Record<string, string> = {}): Run {
  const child = spawn(process.execPath, ["--import", "tsx", CLI, ...args], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "", HOME: emptyHome, ...env },
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, output: () => output, exited };
}

async function printedUrl(run: Run): Promise<string> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const match = /^ {2}open {3}: (https:\/\/\S+)$/m.exec(run.output());
    if (match) return match[1]!;
    if (run.child.exitCode !== null || Date.now() > deadline)
      throw new Error(`office-host printed no URL:\n${run.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function get(url: string): Promise<{ status: number; body: Buffer; certificate: Buffer }> {
  return new Promise((resolve, reject) => {
    https
      .get(url, { rejectUnauthorized: false }, (res) => {
        const chunks: Buffer[] = [];
        const certificate = (res.socket as TLSSocket).getPeerCertificate().raw;
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), certificate })
        );
      })
      .on("error", reject);
  });
}

describe("npm run office-host", () => {
  let run: Run | null = null;

  afterEach(async () => {
    if (run && run.child.exitCode === null && run.child.signalCode === null) {
      run.child.kill("SIGKILL");
      await run.exited;
    }
    run = null;
  });

  test("serves the host page and office.js at the printed URL, then stops on SIGTERM", async () => {
    run = startCli(["--port", "0", "--addin", ADDIN, "--locale", "fr-FR", "--seed", "3"], {
      HOME: home,
    });
    const url = await printedUrl(run);
    const printed = new URL(url);
    expect(printed.origin).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(Object.fromEntries(printed.searchParams)).toEqual({
      addin: ADDIN,
      locale: "fr-FR",
      seed: "3",
    });
    // The office-addin-dev-certs pair of the home directory, by default.
    expect(run.output()).toContain(`certificate ${devCert.cert}`);

    const page = await get(url);
    expect(page.status).toBe(200);
    expect(page.body.toString("utf8")).toBe(HOST_PAGE);
    expect(new X509Certificate(page.certificate).fingerprint256).toBe(
      new X509Certificate(fs.readFileSync(devCert.cert)).fingerprint256
    );
    const officeJs = await get(new URL("/lib/1/hosted/office.js", url).href);
    expect(officeJs.status).toBe(200);
    expect(officeJs.body.equals(fs.readFileSync(path.join(OFFICE_JS_DIST, "office.js")))).toBe(
      true
    );
    const script = await get(new URL("/host.js", url).href);
    expect(script.status).toBe(200);
    expect(script.body.toString("utf8")).toContain("officeHost");

    run.child.kill("SIGTERM");
    expect(await run.exited).toBe(0);
    expect(run.output()).toMatch(/SIGTERM: stopping\nstopped\n/);
    await expect(get(url)).rejects.toThrow(/ECONNREFUSED/);
  });

  test("a throwaway certificate without office-addin-dev-certs; a warning for another host name", async () => {
    run = startCli(["--addin", "https://localhost:3000/taskpane.html"]);
    const url = await printedUrl(run);
    expect(run.output()).toContain("a throwaway self-signed certificate");
    expect(run.output()).toMatch(
      /office\.js .* will not trust the page .* Use --host localhost\./s
    );
    expect((await get(url)).status).toBe(200);
    run.child.kill("SIGINT");
    expect(await run.exited).toBe(0);
  });

  test.each<[string, string[], RegExp]>([
    ["an unknown flag", ["--addin", ADDIN, "--prot", "3000"], /unknown argument: --prot/],
    ["a bad port", ["--addin", ADDIN, "--port", "99999"], /--port: a number from 0 to 65535/],
    ["no add-in", ["--port", "0"], /--addin <url of the add-in's page> is required/],
  ])("refuses %s with exit code 2 and the usage", async (_name, args, message) => {
    run = startCli(args);
    expect(await run.exited).toBe(2);
    expect(run.output()).toMatch(message);
    expect(run.output()).toContain("Usage: npm run office-host -- --addin <url> [options]");
  });
});
