import { execFile } from "node:child_process";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

// The release's one file: the staged folder as a gzip tarball, owned by root in the archive so
// that an operator's extraction does not carry the packing machine's user ids.

/** Packs `<stage>/<folder>` into `tarball`; resolves with its size in bytes. */
export async function packTarball(stage: string, folder: string, tarball: string): Promise<number> {
  mkdirSync(dirname(tarball), { recursive: true });
  rmSync(tarball, { force: true });
  await run("tar", [
    "--create",
    "--gzip",
    `--file=${tarball}`,
    `--directory=${stage}`,
    "--sort=name",
    "--owner=0",
    "--group=0",
    "--numeric-owner",
    folder,
  ]);
  return statSync(tarball).size;
}
