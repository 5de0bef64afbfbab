import { join } from "node:path";

// The release's host serves the add-in it was packed with: `dist/` beside `server/`, unless the
// operator names another with --dist, MAILFINDER_DIST or its older name ADDIN_DIST (those win:
// a flag over the environment, and the variable is set here only when neither is).
// Runs before the host's own modules (host-entry.ts imports it first); bundled, __dirname is
// the release's server/ folder.
if (!process.env.MAILFINDER_DIST?.trim() && !process.env.ADDIN_DIST?.trim())
  process.env.MAILFINDER_DIST = join(__dirname, "..", "dist");
