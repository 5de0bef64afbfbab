import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { OPERATIONS, OPERATION_LIST, pathOf } from "../../src/api/operations";

// The interface is described once (issue 44 item 1): the service's paths are written in
// src/api/operations.ts and read from there by everything else. This test reads every file of
// src/ (code and comments alike) for a path of the interface, and fails when one more file
// writes one.
//
// A path of the interface is recognised by its generation (`/v5.1`, `/v5.0`, `v5.1/...`,
// `v5.0/...`) or as the literal `"/status"`: every path of the service starts with one of the
// two generations but `GET /status`. A generation on its own (`"v5.1"`, as the ledgers and the
// pricing name it) is no path. An operation's name in the registry (`find-email/person`,
// `bulk/download`) is its one spelling, used as such in the code, the audit and the errors; it is
// not a path (`pathOf(name)` is).
const PATH_OF_THE_INTERFACE = /\/v5\.\d|v5\.\d\/|["'`]\/status["'`]/;

/** The files of src/ allowed to write a path, and why. */
const ALLOWED: Record<string, string> = {
  "src/api/operations.ts": "the registry: the interface's one description",
};

const ROOT = join(__dirname, "..", "..");

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe("the interface's paths", () => {
  it("are written in the registry only", () => {
    const writers = filesUnder(join(ROOT, "src"))
      .filter((file) => /\.(ts|tsx|js|mjs|cjs|json|html|css)$/.test(file))
      .filter((file) => PATH_OF_THE_INTERFACE.test(readFileSync(file, "utf8")))
      .map((file) => relative(ROOT, file).split(sep).join("/"))
      .sort();
    expect(writers).toEqual(Object.keys(ALLOWED).sort());
  });

  it("are recognised by the pattern, every one of them", () => {
    for (const operation of OPERATION_LIST)
      expect(JSON.stringify(operation.path)).toMatch(PATH_OF_THE_INTERFACE);
    expect(pathOf("domain/order", { domain: "example.com" })).toMatch(PATH_OF_THE_INTERFACE);
    expect('"v5.1"').not.toMatch(PATH_OF_THE_INTERFACE);
    expect("find-email/person").not.toMatch(PATH_OF_THE_INTERFACE);
  });

  it("are the operations docs/interface.md lists, under the same names", () => {
    const documented = readFileSync(join(ROOT, "docs", "interface.md"), "utf8")
      .split("\n")
      .map((line) => /^\| [^|]+ \| `(GET|POST) ([^`]+)` \| `([^`]+)` \|/.exec(line))
      .filter((match) => match !== null)
      .map(([, method, path, name]) => `${name} ${method} ${path}`)
      .sort();
    expect(documented).toEqual(
      OPERATION_LIST.map(({ name, method, path }) => `${name} ${method} ${path}`).sort()
    );
  });

  it("fill their parameters in, encoded", () => {
    expect(pathOf("bulk/download", { searchId: "a b" })).toBe(
      OPERATIONS["bulk/download"].path.replace("{searchId}", "a%20b")
    );
    expect(() => pathOf("domain/info")).toThrow(/domain/);
  });
});
