import path from "node:path";

// How the browser tests and the browser benchmark start Debian's Chromium, and what stands in
// for office.js (unreachable here): the host shim, served at the CDN's URL.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const OFFICE_JS_URL = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
export const HOST_SHIM_PATH = path.join(__dirname, "host-shim.js");

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
