import { copyFileSync, cpSync, mkdirSync } from "node:fs";
import { join } from "node:path";

// What the release holds beside its host and its package files: the built add-in, the
// license, the operators' README and the guides it points at.

/** Operators' guides, shipped under docs/ (the README points at the first). */
export const GUIDES = ["admin-guide.md", "operations.md"];

export function copyReleaseFiles(root: string, dist: string, releaseRoot: string): void {
  cpSync(dist, join(releaseRoot, "dist"), { recursive: true });
  copyFileSync(join(root, "LICENSE"), join(releaseRoot, "LICENSE"));
  copyFileSync(join(__dirname, "README.release.md"), join(releaseRoot, "README.md"));
  mkdirSync(join(releaseRoot, "docs"));
  for (const guide of GUIDES)
    copyFileSync(join(root, "docs", guide), join(releaseRoot, "docs", guide));
}
