import path from "node:path";

// How the browser tests and the browser benchmark start Debian's Chromium, and what stands in
// for office.js (unreachable here): the host shim, served at the CDN's URL.

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const OFFICE_JS_URL = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
export const HOST_SHIM_PATH = path.join(__dirname, "host-shim.js");

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts): Chromium
 * takes the last `--disable-features` of its command line only, so a list of ours must repeat
 * it (test/browser/chromium-args.test.ts checks it against the installed playwright-core).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * Chromium's headless mode is the whole browser: each new context's window also loads the
 * omnibox's popup pages (chrome://omnibox-popup.top-chrome) in a renderer of their own. Measured
 * here: 20 contexts with a page each took 10.9 s with them, 7.4 s without; a page sees nothing
 * of them.
 */
const WINDOW_FEATURES_DISABLED = [
  "WebUIOmniboxPopup",
  "WebUIOmniboxAimPopup",
  "WebUIOmniboxFullPopup",
  "PreloadTopChromeWebUI",
];

/**
 * Playwright turns third-party storage partitioning off; Chrome has it on for its users, and the
 * add-in runs in a cross-site frame of Excel on the web, so the browser tests keep it on.
 */
export const PARTITIONING_KEPT_ON = "ThirdPartyStoragePartitioning";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...WINDOW_FEATURES_DISABLED]
    .filter((feature) => feature !== PARTITIONING_KEPT_ON)
    .join(",")}`,
];

/**
 * Appended to CHROMIUM_ARGS (Chromium reads its last --disable-features): storage partitioning
 * off, as Playwright starts Chromium. Its contexts then block third-party cookies and site data
 * without partitioning them: the add-in's cross-site frame is denied any storage (localStorage
 * throws SecurityError, IndexedDB refuses to open), as in an incognito window or under a
 * privacy setting or policy (docs/user-guide.md).
 */
export const PARTITIONING_OFF_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...WINDOW_FEATURES_DISABLED].join(",")}`,
];

/** Excel on the web's page and office.js's CDN, as the Office host page server answers them. */
export const HOST_PAGE_ORIGIN = "https://excel.officeapps.live.com";

/**
 * Chromium's arguments for the Office host page (test/office-host) served on `port`: Excel on
 * the web's host name and office.js's CDN resolve to it (its certificate is a throwaway one).
 */
export function officeHostArgs(port: number): string[] {
  return [
    "--ignore-certificate-errors",
    `--host-resolver-rules=MAP excel.officeapps.live.com 127.0.0.1:${port},MAP appsforoffice.microsoft.com 127.0.0.1:${port}`,
  ];
}
