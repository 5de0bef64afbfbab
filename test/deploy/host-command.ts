import { HOST_FILE } from "../../scripts/release/compile-host";
import { KNOWN_FLAGS } from "../../src/server/config/read-settings";
import { SETTINGS, type Setting } from "../../src/server/config/settings";

// What the deployment definitions (Dockerfile, Kubernetes, systemd) may say to the host, read
// from the host's own settings table, so that a flag or variable renamed there fails these tests.

const TABLE: Setting[] = Object.values(SETTINGS);

/** Every MAILFINDER_* variable the host reads. */
export const HOST_VARIABLES: ReadonlySet<string> = new Set(TABLE.map((setting) => setting.env));

/** Every flag the host takes (settings and actions). */
export const HOST_FLAGS: ReadonlySet<string> = new Set(KNOWN_FLAGS);

/** The variables naming a file that holds a secret (the host's secret-file rule applies). */
export const SECRET_FILE_VARIABLES: ReadonlySet<string> = new Set(
  TABLE.filter((setting) => setting.secret === "file" && setting.kind.type === "file").map(
    (setting) => setting.env
  )
);

/** Where the image and the unit install the release, and so find its Node and its host. */
export const RELEASE_DIR = "/opt/mail-finder";
export const RELEASE_NODE = `${RELEASE_DIR}/node_modules/.bin/node`;
export const RELEASE_HOST = `${RELEASE_DIR}/${HOST_FILE}`;

export interface HostCommand {
  /** Node's own options, before the script. */
  nodeOptions: string[];
  script: string;
  /** The host's arguments, after the script. */
  hostArgs: string[];
}

/** Splits `node [options] <script> [args]`; throws when it does not run the release's Node. */
export function readHostCommand(argv: readonly string[]): HostCommand {
  const [node, ...rest] = argv;
  if (node !== RELEASE_NODE) throw new Error(`${node} is not the release's Node ${RELEASE_NODE}`);
  const at = rest.findIndex((arg) => !arg.startsWith("-"));
  if (at < 0) throw new Error(`no script in ${argv.join(" ")}`);
  return { nodeOptions: rest.slice(0, at), script: rest[at]!, hostArgs: rest.slice(at + 1) };
}

/** The `--flags` of `args` that the host does not know. */
export function unknownFlags(args: readonly string[]): string[] {
  return args
    .filter((arg) => arg.startsWith("--"))
    .map((arg) => arg.split("=")[0]!)
    .filter((flag) => !HOST_FLAGS.has(flag));
}

/** The variables of `env` that start with the host's prefix and are not settings of it. */
export function unknownVariables(env: Record<string, string>): string[] {
  return Object.keys(env).filter(
    (name) => /^MAIL_?FINDER_/.test(name) && !HOST_VARIABLES.has(name)
  );
}
