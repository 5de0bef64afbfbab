// jest globalTeardown: closes the run's shared Chromium (see chromium-server.ts).
export { stopChromiumServer as default } from "./chromium-server";
