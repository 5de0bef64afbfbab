import { copyFileSync, cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

// What the release holds beside its host and its package files: the built add-in, the
// license, the operators' README and the guides it points at, and its .npmrc.

/**
 * No dependency's install script runs (npm start still runs the start script): none is needed,
 * and npm 10 would otherwise run better-sqlite3's inferred `node-gyp rebuild`, which needs
 * python3 and make on the machine even though it then builds nothing (a prebuilt binary is
 * there). npm 11 also reads allowScripts in package.json (release-package.ts).
 */
export const NPMRC = "ignore-scripts=true\n";

/**
 * The guides shipped under docs/ (the README points at the first): the operator's, and the pages
 * they link to.
 */
export const GUIDES = [
  "admin-guide.md",
  "operations.md",
  "deploy.md",
  "user-guide.md",
  "sandbox.md",
  "benchmarks.md",
];
/** Beside them: the container, Kubernetes and systemd definitions, the dashboard and alerts. */
export const DEPLOY_FOLDER = "deploy";
/** The root's pages the guides link to (`../CHANGELOG.md`): upgrade notes, the security policy. */
export const ROOT_PAGES = ["CHANGELOG.md", "SECURITY.md"];

export function copyReleaseFiles(root: string, dist: string, releaseRoot: string): void {
  cpSync(dist, join(releaseRoot, "dist"), { recursive: true });
  for (const page of ["LICENSE", ...ROOT_PAGES])
    copyFileSync(join(root, page), join(releaseRoot, page));
  copyFileSync(join(__dirname, "README.release.md"), join(releaseRoot, "README.md"));
  writeFileSync(join(releaseRoot, ".npmrc"), NPMRC);
  mkdirSync(join(releaseRoot, "docs"));
  for (const guide of GUIDES)
    copyFileSync(join(root, "docs", guide), join(releaseRoot, "docs", guide));
  cpSync(join(root, "docs", "screenshots"), join(releaseRoot, "docs", "screenshots"), {
    recursive: true,
  });
  cpSync(join(root, DEPLOY_FOLDER), join(releaseRoot, DEPLOY_FOLDER), { recursive: true });
  copyFileSync(join(root, "Dockerfile"), join(releaseRoot, "Dockerfile"));
}
