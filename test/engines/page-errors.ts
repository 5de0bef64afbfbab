import { PAGE_ERRORS_GLOBAL } from "./page-driver";

// The page's first script, inline at the top of <head>: it records uncaught errors and
// unhandled rejections into window.__pageErrors, so that "no uncaught error" is checked the
// same way in every engine (the engines' own page-error events differ in what they report).
// Plain ES5: it runs before anything else, in every engine.

export const PAGE_ERRORS_SCRIPT = `(function () {
  var errors = (window.${PAGE_ERRORS_GLOBAL} = []);
  function describe(value) {
    if (value instanceof Error) {
      var stack = value.stack || "";
      // Firefox's and WebKit's stacks leave the message out; Chromium's start with it.
      return stack.indexOf(String(value)) === 0 ? stack : String(value) + "\\n" + stack;
    }
    try { return typeof value === "string" ? value : JSON.stringify(value); } catch (e) { return String(value); }
  }
  window.addEventListener("error", function (event) {
    errors.push("uncaught " + (event.error !== undefined && event.error !== null
      ? describe(event.error)
      : event.message + " (" + event.filename + ":" + event.lineno + ")"));
  });
  window.addEventListener("unhandledrejection", function (event) {
    errors.push("unhandled rejection: " + describe(event.reason));
  });
})();`;
