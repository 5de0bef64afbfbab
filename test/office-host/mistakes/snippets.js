/* global window, CustomFunctions, Office */
/*
 * The snippet add-in's custom functions (ids in functions.json, namespace MAIL on the host page),
 * each a mistake Excel must absorb, and what the runtime saw of them in `window.__snippets`
 * (the frame's own global, read by mistakes.browser.test.ts). Office, CustomFunctions, ... are
 * office.js's (or the old shim's): this file only uses them.
 */
(function () {
  "use strict";
  const seen = { ready: false, started: [], canceled: [] };
  window.__snippets = seen;

  CustomFunctions.associate("RETURNNAN", function () {
    return NaN;
  });
  CustomFunctions.associate("RETURNINFINITY", function () {
    return Infinity;
  });
  CustomFunctions.associate("THROWPLAIN", function () {
    throw new Error("boom");
  });
  // Cancelable (functions.json): never answers; Excel cancels it when its cell is overwritten.
  CustomFunctions.associate("NEVER", function (invocation) {
    seen.started.push(invocation.address);
    invocation.onCanceled = function () {
      seen.canceled.push(invocation.address);
    };
    return new Promise(function () {});
  });

  Office.onReady(function () {
    seen.ready = true;
  });
})();
