/* Host shim: a stand-in for Microsoft's office.js in the browser tests.
 *
 * Served by the test harness at https://appsforoffice.microsoft.com/lib/1/hosted/office.js
 * (page.route), so the REAL built task pane (dist/) runs unchanged against it. It plays Excel
 * on the web with a shared runtime: Office, OfficeRuntime, CustomFunctions, Excel and
 * OfficeExtension, over an in-memory workbook that is persisted in the origin's IndexedDB, so a
 * new page of the same browser context "reopens" the same workbook.
 *
 * Semantics copied from office.js (see @microsoft/office-js in node_modules for the source):
 * - Excel objects are proxies: writes and method calls are queued and applied at
 *   context.sync(); loaded properties are readable only after load() + sync() (else
 *   PropertyNotLoaded, a RichApi.Error with code/message/debugInfo like OfficeExtension.Error);
 *   setters keep the value they were given locally, as office.js does.
 * - Excel.run(batch): the batch must return a promise (RunMustReturnPromise), a final sync is
 *   made after it, objects of a finished run are no longer valid (InvalidObjectPath).
 * - Each non-empty sync is one "request": its payload (JSON of the queued actions, UTF-8 bytes)
 *   above 5 MB is RequestPayloadSizeLimitExceeded and nothing is applied; a response above
 *   5 MB is ResponsePayloadSizeLimitExceeded. Actions run in order; the first failing one stops
 *   the batch and the ones before it stay applied (Excel is not transactional).
 * - Values are written as Excel reads typed input: "=..." (and "+x", "-x", "@x" that are not
 *   numbers) become formulas; "123", "1e3", "5%", "TRUE", "2024-01-31" become numbers, booleans
 *   and dates; a leading apostrophe or the text number format "@" keeps the text as is.
 *   Formulas are not calculated when written: their value reads "#NAME?". MAIL formulas are
 *   calculated by Range.calculate() and __hostShim.calculate() (their functions called, see
 *   "Calculation of MAIL formulas"); a test can give any formula its result
 *   (__hostShim.setFormulaResult): an array result spills from its anchor cell, as a dynamic
 *   array does; spilled cells have no formula of their own; writing over the anchor removes the
 *   spill, writing into the spill blocks it (#SPILL!).
 * - Document settings live in memory by reference and reach the workbook only at saveAsync.
 *
 * Test API: window.__hostShim (see the bottom of this file). Configuration before load:
 * window.__hostShimConfig = { visibility: "Hidden" | "Taskpane", payloadLimitBytes,
 * indexedDbForAddin: "refuse", runtimeStorage: "denied", nestedAppAuth: { tokenUrl, user, cancel },
 * ... }.
 * Plain browser JavaScript (ES2020), no imports.
 */
(function () {
  "use strict";

  const config = Object.assign(
    {
      // "Hidden": the shared runtime runs with the pane closed (document.visibilityState is
      // "hidden") until __hostShim.setVisibility("Taskpane") or Office.addin.showAsTaskpane().
      visibility: "Taskpane",
      payloadLimitBytes: 5000000,
      responseLimitBytes: 5000000,
      storageLimitBytes: 10 * 1024 * 1024,
      syncLatencyMs: 0,
      maxCellsPerGet: 5000000,
      requirementSets: {
        ExcelApi: "1.17",
        SharedRuntime: "1.1",
        CustomFunctionsRuntime: "1.4",
        RibbonApi: "1.1",
      },
    },
    window.__hostShimConfig || {}
  );

  // The shim keeps its own state in the origin's IndexedDB; `indexedDbForAddin: "refuse"`
  // makes every other database fail to open, as private browsing does in some engines, so
  // that the add-in's fallback can be tested in a real engine.
  const realIndexedDB = window.indexedDB;
  if (config.indexedDbForAddin === "refuse") {
    const refusing = {
      open(name, version) {
        if (name === "__hostShim") return realIndexedDB.open(name, version);
        throw new DOMException(
          "A mutation operation was attempted on a database that did not allow mutations.",
          "InvalidStateError"
        );
      },
      cmp: (a, b) => realIndexedDB.cmp(a, b),
      deleteDatabase: (name) => realIndexedDB.deleteDatabase(name),
      databases: () => realIndexedDB.databases(),
    };
    Object.defineProperty(window, "indexedDB", { value: refusing, configurable: true });
  }

  const MAX_ROWS = 1048576;
  const MAX_COLS = 16384;
  const DB_NAME = "__hostShim";
  const KV = "kv";

  // ---------------------------------------------------------------------------------------
  // Errors, with the codes and messages of office.js
  // ---------------------------------------------------------------------------------------

  const ErrorCodes = {
    accessDenied: "AccessDenied",
    generalException: "GeneralException",
    invalidArgument: "InvalidArgument",
    invalidObjectPath: "InvalidObjectPath",
    invalidOperation: "InvalidOperation",
    invalidRequestContext: "InvalidRequestContext",
    invalidSelection: "InvalidSelection",
    itemAlreadyExists: "ItemAlreadyExists",
    itemNotFound: "ItemNotFound",
    propertyNotLoaded: "PropertyNotLoaded",
    requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
    responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
    runMustReturnPromise: "RunMustReturnPromise",
    valueNotLoaded: "ValueNotLoaded",
  };

  const MESSAGES = {
    InvalidArgument: "The argument is invalid or missing or has an incorrect format.",
    ItemNotFound: "The requested resource doesn't exist.",
    ItemAlreadyExists: "A resource with the same name or identifier already exists.",
    InvalidOperation: "The operation is invalid for the object or the object's current state.",
    InvalidRequestContext: "Cannot use the object across different request contexts.",
    InvalidSelection: "The current selection is invalid for this operation.",
    InvalidObjectPath:
      'The object path \'{0}\' isn\'t working for what you\'re trying to do. If you\'re using the object across multiple "context.sync" calls and outside the sequential execution of a ".run" batch, please use the "context.trackedObjects.add()" and "context.trackedObjects.remove()" methods to manage the object\'s lifetime.',
    PropertyNotLoaded:
      "The property '{0}' is not available. Before reading the property's value, call the load method on the containing object and call \"context.sync()\" on the associated request context.",
    ValueNotLoaded:
      'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
    RequestPayloadSizeLimitExceeded:
      'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
    ResponsePayloadSizeLimitExceeded:
      'The response payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".',
    RunMustReturnPromise:
      'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation. Typically, you return a promise by returning the response from "context.sync()".',
  };

  const HTTP_STATUS = {
    AccessDenied: 401,
    InvalidOrTimedOutSession: 408,
    Timeout: 408,
    GeneralException: 500,
  };

  class RichApiError extends Error {
    constructor(error) {
      super(error.message);
      Object.setPrototypeOf(this, RichApiError.prototype);
      this.name = "RichApi.Error";
      this.code = error.code;
      this.message = error.message;
      this.traceMessages = [];
      this.innerError = null;
      this.httpStatusCode = error.httpStatusCode || HTTP_STATUS[error.code] || 400;
      const debugInfo = { code: this.code, message: this.message };
      if (error.errorLocation) debugInfo.errorLocation = error.errorLocation;
      if (error.statement) debugInfo.statement = error.statement;
      debugInfo.toString = function () {
        return JSON.stringify(this);
      };
      this.debugInfo = debugInfo;
    }
    toString() {
      return this.code + ": " + this.message;
    }
  }

  function officeError(code, location, message, arg) {
    let text = message || MESSAGES[code] || code;
    if (arg !== undefined) text = text.replace("{0}", arg);
    return new RichApiError({ code, message: text, errorLocation: location });
  }

  const invalidArgument = (location, message) => officeError("InvalidArgument", location, message);
  const itemNotFound = (location) => officeError("ItemNotFound", location);

  // ---------------------------------------------------------------------------------------
  // Persistence: IndexedDB of the page's origin (shared by the pages of one browser context)
  // ---------------------------------------------------------------------------------------

  let dbPromise = null;
  function db() {
    dbPromise ??= new Promise((resolve, reject) => {
      const request = realIndexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(KV);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return dbPromise;
  }

  async function idb(mode, work) {
    const database = await db();
    return new Promise((resolve, reject) => {
      const tx = database.transaction(KV, mode);
      const store = tx.objectStore(KV);
      let result;
      Promise.resolve(work(store, (value) => (result = value))).catch(reject);
      tx.oncomplete = () => resolve(result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error || new Error("IndexedDB transaction aborted"));
    });
  }

  function request(req) {
    return new Promise((resolve, reject) => {
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
  }

  // The workbook is written whole after each sync that changed it; writes are coalesced.
  let workbookWrite = Promise.resolve();
  let workbookWriteQueued = null;
  function persistWorkbook() {
    if (workbookWriteQueued) return workbookWriteQueued;
    const write = () => {
      workbookWriteQueued = null;
      const text = JSON.stringify(M);
      return idb("readwrite", (store) => store.put(text, "workbook"));
    };
    const next = workbookWrite.then(write, write);
    workbookWriteQueued = next;
    workbookWrite = next.catch((error) =>
      console.error("host shim: workbook not persisted", error)
    );
    return next;
  }

  // ---------------------------------------------------------------------------------------
  // The workbook model
  // ---------------------------------------------------------------------------------------

  /** @type {any} */
  let M = null;

  function newWorkbook() {
    const model = {
      version: 1,
      sheets: [],
      activeSheetId: null,
      tables: [],
      names: [],
      settings: {},
      startupBehavior: "None",
      nextSheetNumber: 1,
      nextSheetId: 1,
      nextTableNumber: 1,
    };
    const sheet = createSheet(model, "Sheet1");
    model.activeSheetId = sheet.id;
    return model;
  }

  function createSheet(model, name) {
    const n = model.nextSheetId++;
    const hex = n.toString(16).toUpperCase().padStart(4, "0");
    const sheet = {
      id: "{00000000-" + hex + "-0000-C000-000000000000}",
      name,
      visibility: "Visible",
      tabColor: "",
      rows: [],
      colWidths: {},
      rowHeights: {},
      colFormats: {},
      frozenRows: 0,
      frozenColumns: 0,
      selection: { r0: 0, c0: 0, r1: 0, c1: 0 },
      autofitColumns: [],
      autofitRows: [],
    };
    model.sheets.push(sheet);
    return sheet;
  }

  function sheetById(id, location) {
    const sheet = M.sheets.find((s) => s.id === id);
    if (!sheet)
      throw officeError("InvalidObjectPath", location, undefined, location || "Worksheet");
    return sheet;
  }

  function findSheet(key) {
    const lower = String(key).toLowerCase();
    return M.sheets.find((s) => s.id === key || s.name.toLowerCase() === lower) || null;
  }

  function activeSheet() {
    return M.sheets.find((s) => s.id === M.activeSheetId) || M.sheets[0];
  }

  function getCell(sheet, r, c) {
    const row = sheet.rows[r];
    return row ? row[c] || null : null;
  }

  function ensureCell(sheet, r, c) {
    const row = sheet.rows[r] || (sheet.rows[r] = []);
    return row[c] || (row[c] = { v: "" });
  }

  function dropIfEmpty(sheet, r, c) {
    const row = sheet.rows[r];
    const cell = row && row[c];
    if (
      cell &&
      cell.v === "" &&
      cell.f === undefined &&
      cell.spillParent === undefined &&
      cell.nf === undefined &&
      cell.fmt === undefined
    )
      row[c] = null;
  }

  /** Every stored cell inside rect, in row order: fn(cell, r, c). */
  function eachStored(sheet, rect, fn) {
    const rEnd = Math.min(rect.r1, sheet.rows.length - 1);
    for (let r = rect.r0; r <= rEnd; r++) {
      const row = sheet.rows[r];
      if (!row) continue;
      const cEnd = Math.min(rect.c1, row.length - 1);
      for (let c = rect.c0; c <= cEnd; c++) if (row[c]) fn(row[c], r, c);
    }
  }

  function cellCount(rect) {
    return (rect.r1 - rect.r0 + 1) * (rect.c1 - rect.c0 + 1);
  }

  function isEntireColumns(rect) {
    return rect.r0 === 0 && rect.r1 === MAX_ROWS - 1;
  }

  function effectiveNumberFormat(sheet, r, c) {
    const cell = getCell(sheet, r, c);
    if (cell && cell.nf !== undefined) return cell.nf;
    const column = sheet.colFormats[c];
    return column && column.nf !== undefined ? column.nf : "General";
  }

  function effectiveFormat(sheet, r, c, key) {
    const cell = getCell(sheet, r, c);
    if (cell && cell.fmt && cell.fmt[key] !== undefined) return cell.fmt[key];
    const column = sheet.colFormats[c];
    if (column && column.fmt && column.fmt[key] !== undefined) return column.fmt[key];
    return FORMAT_DEFAULTS[key];
  }

  const FORMAT_DEFAULTS = {
    bold: false,
    italic: false,
    underline: "None",
    color: "#000000",
    name: "Calibri",
    size: 11,
    fill: "",
    wrapText: false,
    horizontalAlignment: "General",
    verticalAlignment: "Bottom",
  };

  function usedRect(sheet, valuesOnly) {
    let r0 = Infinity;
    let c0 = Infinity;
    let r1 = -1;
    let c1 = -1;
    for (let r = 0; r < sheet.rows.length; r++) {
      const row = sheet.rows[r];
      if (!row) continue;
      for (let c = 0; c < row.length; c++) {
        const cell = row[c];
        if (!cell) continue;
        const used =
          cell.v !== "" ||
          cell.f !== undefined ||
          (!valuesOnly && (cell.nf !== undefined || cell.fmt !== undefined));
        if (!used) continue;
        if (r < r0) r0 = r;
        if (r > r1) r1 = r;
        if (c < c0) c0 = c;
        if (c > c1) c1 = c;
      }
    }
    return r1 < 0 ? null : { r0, c0, r1, c1 };
  }

  // ---------------------------------------------------------------------------------------
  // Addresses
  // ---------------------------------------------------------------------------------------

  function columnName(c) {
    let name = "";
    for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26))
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  }

  function columnIndex(letters) {
    let n = 0;
    for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
    return n - 1;
  }

  function quoteSheetName(name) {
    const plain =
      /^[A-Za-z_\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]*$/.test(name) &&
      !/^[A-Za-z]{1,3}\d+$/.test(name) &&
      !/^[Rr]\d*[Cc]\d*$/.test(name);
    return plain ? name : "'" + name.replace(/'/g, "''") + "'";
  }

  function formatRect(rect) {
    if (isEntireColumns(rect)) return columnName(rect.c0) + ":" + columnName(rect.c1);
    if (rect.c0 === 0 && rect.c1 === MAX_COLS - 1) return rect.r0 + 1 + ":" + (rect.r1 + 1);
    const a = columnName(rect.c0) + (rect.r0 + 1);
    if (rect.r0 === rect.r1 && rect.c0 === rect.c1) return a;
    return a + ":" + columnName(rect.c1) + (rect.r1 + 1);
  }

  function formatAddress(sheetName, rect) {
    return quoteSheetName(sheetName) + "!" + formatRect(rect);
  }

  /** "A1", "$A$1:B2", "A:C", "2:5", "Sheet1!A1", "'My sheet'!A1:B2" -> { sheet, rect }. */
  function parseAddress(text, location) {
    if (typeof text !== "string" || text.trim() === "") throw invalidArgument(location);
    let sheet = null;
    let ref = text.trim();
    const bang = ref.lastIndexOf("!");
    if (bang >= 0) {
      sheet = ref.slice(0, bang);
      ref = ref.slice(bang + 1);
      if (sheet.startsWith("'") && sheet.endsWith("'") && sheet.length >= 2)
        sheet = sheet.slice(1, -1).replace(/''/g, "'");
    }
    const parts = ref.replace(/\$/g, "").split(":");
    if (parts.length > 2) throw invalidArgument(location);
    const cells = parts.map((part) => {
      let m = /^([A-Za-z]{1,3})(\d{1,7})$/.exec(part);
      if (m) return { c: columnIndex(m[1]), r: Number(m[2]) - 1 };
      m = /^([A-Za-z]{1,3})$/.exec(part);
      if (m) return { c: columnIndex(m[1]), r: null };
      m = /^(\d{1,7})$/.exec(part);
      if (m) return { c: null, r: Number(m[1]) - 1 };
      throw invalidArgument(location);
    });
    const [a, b] = cells.length === 1 ? [cells[0], cells[0]] : cells;
    if ((a.r === null) !== (b.r === null) || (a.c === null) !== (b.c === null))
      throw invalidArgument(location);
    let rect;
    if (a.r === null)
      rect = { r0: 0, r1: MAX_ROWS - 1, c0: Math.min(a.c, b.c), c1: Math.max(a.c, b.c) };
    else if (a.c === null)
      rect = { r0: Math.min(a.r, b.r), r1: Math.max(a.r, b.r), c0: 0, c1: MAX_COLS - 1 };
    else
      rect = {
        r0: Math.min(a.r, b.r),
        r1: Math.max(a.r, b.r),
        c0: Math.min(a.c, b.c),
        c1: Math.max(a.c, b.c),
      };
    checkRect(rect, location);
    return { sheet, rect };
  }

  function checkRect(rect, location) {
    const ok =
      Number.isInteger(rect.r0) &&
      Number.isInteger(rect.r1) &&
      Number.isInteger(rect.c0) &&
      Number.isInteger(rect.c1) &&
      rect.r0 >= 0 &&
      rect.c0 >= 0 &&
      rect.r1 < MAX_ROWS &&
      rect.c1 < MAX_COLS &&
      rect.r0 <= rect.r1 &&
      rect.c0 <= rect.c1;
    if (!ok) throw invalidArgument(location);
    return rect;
  }

  function intersect(a, b) {
    const rect = {
      r0: Math.max(a.r0, b.r0),
      c0: Math.max(a.c0, b.c0),
      r1: Math.min(a.r1, b.r1),
      c1: Math.min(a.c1, b.c1),
    };
    return rect.r0 <= rect.r1 && rect.c0 <= rect.c1 ? rect : null;
  }

  // ---------------------------------------------------------------------------------------
  // Cell input: what Excel makes of a value written through the API
  // ---------------------------------------------------------------------------------------

  const NUMBER = /^[+-]?(\d{1,3}(,\d{3})+|\d+)?(\.\d+)?([eE][+-]?\d+)?$/;
  const ERROR_LITERALS = new Set([
    "#NULL!",
    "#DIV/0!",
    "#VALUE!",
    "#REF!",
    "#NAME?",
    "#NUM!",
    "#N/A",
    "#GETTING_DATA",
    "#SPILL!",
    "#CALC!",
    "#BUSY!",
    "#FIELD!",
    "#CONNECT!",
    "#BLOCKED!",
    "#UNKNOWN!",
  ]);

  function parseNumber(text) {
    if (!/\d/.test(text) || !NUMBER.test(text)) return null;
    const n = Number(text.replace(/,/g, ""));
    return Number.isFinite(n) ? n : null;
  }

  function dateSerial(y, m, d) {
    const t = Date.UTC(y, m - 1, d);
    const back = new Date(t);
    if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
      return null;
    return Math.round((t - Date.UTC(1899, 11, 30)) / 86400000);
  }

  /**
   * One written value -> { v, f?, nf? } as Excel stores typed input, or undefined for "leave
   * the cell as it is" (null in the array, as in office.js).
   */
  function inputCell(value, textFormat, location) {
    if (value === null || value === undefined) return undefined;
    if (typeof value === "boolean") return { v: value };
    if (typeof value === "number") {
      if (!Number.isFinite(value)) throw invalidArgument(location);
      return { v: value };
    }
    if (value instanceof Date) value = value.toJSON();
    if (typeof value !== "string") throw invalidArgument(location);
    if (value.length > 32767)
      throw invalidArgument(location, "The cell value is longer than Excel's 32,767 characters.");
    if (textFormat || value === "") return { v: value };
    if (value.startsWith("'")) return { v: value.slice(1) };
    if (value.length > 1 && value[0] === "=") return { v: "#NAME?", f: value };
    const number = parseNumber(value);
    if (number !== null) return { v: number };
    // "+x", "-x" and (Lotus-style) "@x" are read as formulas when they are not numbers.
    if (value.length > 1 && (value[0] === "+" || value[0] === "-" || value[0] === "@"))
      return { v: "#NAME?", f: "=" + value };
    const upper = value.toUpperCase();
    if (upper === "TRUE" || upper === "FALSE") return { v: upper === "TRUE" };
    const percent = /^([+-]?[\d.,eE+-]+)%$/.exec(value);
    if (percent) {
      const n = parseNumber(percent[1]);
      if (n !== null) return { v: n / 100, nf: "0%" };
    }
    let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value) || null;
    if (m) {
      const serial = dateSerial(Number(m[1]), Number(m[2]), Number(m[3]));
      if (serial !== null) return { v: serial, nf: "m/d/yyyy" };
    }
    m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
    if (m) {
      const serial = dateSerial(Number(m[3]), Number(m[1]), Number(m[2]));
      if (serial !== null) return { v: serial, nf: "m/d/yyyy" };
    }
    return { v: value };
  }

  function writeInput(sheet, r, c, input) {
    const current = getCell(sheet, r, c);
    // Deleting a spilled value changes nothing: the cell belongs to its anchor's result.
    if (current && current.spillParent && input.v === "" && input.f === undefined) return;
    // The Office host page (test/office-host) recalculates what a write changes.
    if (config.onCellWritten) config.onCellWritten(sheet.name, columnName(c) + (r + 1));
    releaseSpill(sheet, r, c);
    const cell = ensureCell(sheet, r, c);
    cell.v = input.v;
    if (input.f !== undefined) cell.f = input.f;
    else delete cell.f;
    if (input.nf !== undefined && effectiveNumberFormat(sheet, r, c) === "General")
      cell.nf = input.nf;
    dropIfEmpty(sheet, r, c);
  }

  function cellValue(cell) {
    return cell ? cell.v : "";
  }

  // Dynamic arrays: an anchor cell holds the formula and { spill: { rows, columns } }; each
  // other cell of its result holds a value and { spillParent: { r, c } }, and no formula.

  function spillRect(cell, r, c) {
    if (!cell || !cell.spill) return null;
    return { r0: r, c0: c, r1: r + cell.spill.rows - 1, c1: c + cell.spill.columns - 1 };
  }

  /** The anchor's spill ends: its other cells become empty, as when its formula is replaced. */
  function removeSpill(sheet, r, c) {
    const rect = spillRect(getCell(sheet, r, c), r, c);
    if (!rect) return;
    delete getCell(sheet, r, c).spill;
    eachStored(sheet, rect, (cell, cr, cc) => {
      if (!cell.spillParent) return;
      delete cell.spillParent;
      cell.v = "";
      dropIfEmpty(sheet, cr, cc);
    });
  }

  /** Before a cell's content changes: an anchor loses its spill; a spilled cell blocks its anchor. */
  function releaseSpill(sheet, r, c) {
    const cell = getCell(sheet, r, c);
    if (!cell) return;
    if (cell.spill) removeSpill(sheet, r, c);
    else if (cell.spillParent) {
      const anchor = cell.spillParent;
      removeSpill(sheet, anchor.r, anchor.c);
      getCell(sheet, anchor.r, anchor.c).v = "#SPILL!";
    }
  }

  /** The single cell of a rect, or null when it has several (the spill methods take one cell). */
  function singleCell(sheet, rect) {
    return rect.r0 === rect.r1 && rect.c0 === rect.c1 ? getCell(sheet, rect.r0, rect.c0) : null;
  }

  /** Range.getSpillingToRange: the result's rect when rect is an anchor, else null. */
  function spillingTo(sheet, rect) {
    return spillRect(singleCell(sheet, rect), rect.r0, rect.c0);
  }

  /** Range.getSpillParent: the anchor of the result that rect is part of, else null. */
  function spillParentOf(sheet, rect) {
    const cell = singleCell(sheet, rect);
    if (cell && cell.spill) return { ...rect };
    if (!cell || !cell.spillParent) return null;
    const { r, c } = cell.spillParent;
    return { r0: r, c0: c, r1: r, c1: c };
  }

  /**
   * A formula with a calculated result in the cell at (r, c): a matrix spills over its shape
   * unless a cell there is not empty (then the anchor shows #SPILL!, as in Excel).
   */
  function putFormulaResult(sheet, r, c, formula, values) {
    const rows = values.length;
    const columns = rows ? values[0].length : 0;
    const scalar = (v) => typeof v === "string" || typeof v === "boolean" || Number.isFinite(v);
    if (!rows || !columns || values.some((row) => row.length !== columns || !row.every(scalar)))
      throw new Error(
        "setFormulaResult: values must be a non-empty matrix of text, numbers, booleans"
      );
    if (typeof formula !== "string" || formula.length < 2 || formula[0] !== "=")
      throw new Error("setFormulaResult: a formula starts with =");
    const rect = checkRect(
      { r0: r, c0: c, r1: r + rows - 1, c1: c + columns - 1 },
      "setFormulaResult"
    );
    writeInput(sheet, r, c, { v: values[0][0], f: formula });
    if (rows === 1 && columns === 1) return;
    let blocked = false;
    eachStored(sheet, rect, (cell, cr, cc) => {
      if ((cr !== r || cc !== c) && (cell.v !== "" || cell.f !== undefined)) blocked = true;
    });
    const anchor = getCell(sheet, r, c);
    if (blocked) {
      anchor.v = "#SPILL!";
      return;
    }
    anchor.spill = { rows, columns };
    values.forEach((row, i) =>
      row.forEach((value, j) => {
        if (i === 0 && j === 0) return;
        const cell = ensureCell(sheet, r + i, c + j);
        cell.v = value;
        cell.spillParent = { r, c };
      })
    );
  }

  function cellText(sheet, r, c) {
    const cell = getCell(sheet, r, c);
    if (!cell) return "";
    const v = cell.v;
    if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
    if (typeof v !== "number") return String(v);
    const nf = effectiveNumberFormat(sheet, r, c);
    if (nf === "0%") return Math.round(v * 100) + "%";
    if (nf === "m/d/yyyy") {
      const d = new Date(Date.UTC(1899, 11, 30) + v * 86400000);
      return d.getUTCMonth() + 1 + "/" + d.getUTCDate() + "/" + d.getUTCFullYear();
    }
    return String(v);
  }

  function valueType(cell) {
    if (!cell || cell.v === "") return "Empty";
    if (typeof cell.v === "number") return "Double";
    if (typeof cell.v === "boolean") return "Boolean";
    return ERROR_LITERALS.has(cell.v) ? "Error" : "String";
  }

  /** Checks a written matrix (or one value for every cell) against the range's size. */
  function matrixInput(input, rect, location) {
    const rows = rect.r1 - rect.r0 + 1;
    const cols = rect.c1 - rect.c0 + 1;
    if (!Array.isArray(input)) return () => input;
    const ok =
      input.length === rows && input.every((row) => Array.isArray(row) && row.length === cols);
    if (!ok) {
      throw invalidArgument(
        location,
        "The number of rows or columns in the input array doesn't match the size or dimensions of the range."
      );
    }
    return (r, c) => input[r][c];
  }

  function guardSize(rect, location) {
    if (cellCount(rect) > 2000000)
      throw officeError(
        "GeneralException",
        location,
        "host shim: this range is too large to write cell by cell (over 2,000,000 cells)."
      );
  }

  // ---------------------------------------------------------------------------------------
  // Names of sheets and tables
  // ---------------------------------------------------------------------------------------

  function checkSheetName(name, exceptId, location) {
    if (
      typeof name !== "string" ||
      name.length === 0 ||
      name.length > 31 ||
      /[:\\/?*[\]]/.test(name) ||
      name.startsWith("'") ||
      name.endsWith("'") ||
      name.toLowerCase() === "history"
    ) {
      throw invalidArgument(location);
    }
    const clash = M.sheets.find(
      (s) => s.id !== exceptId && s.name.toLowerCase() === name.toLowerCase()
    );
    if (clash) throw officeError("ItemAlreadyExists", location);
  }

  function checkTableName(name, exceptId, location) {
    const valid =
      typeof name === "string" &&
      name.length > 0 &&
      name.length <= 255 &&
      /^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(name) &&
      !/^[A-Za-z]{1,3}\d+$/.test(name) &&
      !/^[RrCc]$/.test(name) &&
      !/^[Rr]\d*[Cc]\d*$/.test(name);
    if (!valid) throw invalidArgument(location);
    const lower = name.toLowerCase();
    const clash =
      M.tables.some((t) => t.id !== exceptId && t.name.toLowerCase() === lower) ||
      (M.names || []).some((n) => n.name.toLowerCase() === lower);
    if (clash) throw officeError("ItemAlreadyExists", location);
  }

  function tableById(id, location) {
    const table = M.tables.find((t) => t.id === id);
    if (!table) throw officeError("InvalidObjectPath", location, undefined, location || "Table");
    return table;
  }

  function tableColumnCount(table) {
    return table.c1 - table.c0 + 1;
  }

  function tableHeaderNames(table) {
    const sheet = sheetById(table.sheetId);
    const names = [];
    for (let c = table.c0; c <= table.c1; c++) names.push(cellText(sheet, table.r0, c));
    return names;
  }

  /** Excel keeps table headers unique, non-empty text. */
  function fixHeaders(sheet, table) {
    const seen = new Set();
    for (let c = table.c0; c <= table.c1; c++) {
      let name = cellText(sheet, table.r0, c).trim();
      if (name === "") name = "Column" + (c - table.c0 + 1);
      let unique = name;
      for (let n = 2; seen.has(unique.toLowerCase()); n++) unique = name + n;
      seen.add(unique.toLowerCase());
      const cell = ensureCell(sheet, table.r0, c);
      cell.v = unique;
      delete cell.f;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Request context, proxies and sync
  // ---------------------------------------------------------------------------------------

  const requestLog = [];
  let syncCount = 0;
  const pendingFailures = [];
  const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const encoder = new TextEncoder();

  let resolveReady;
  const ready = new Promise((resolve) => (resolveReady = resolve));

  class RequestContext {
    constructor() {
      this._queue = [];
      this._finished = false;
      this.workbook = new Workbook(this);
      this.application = this.workbook.application;
      this.trackedObjects = { add() {}, remove() {} };
      this.debugInfo = {};
    }

    _enqueue(action, run) {
      if (this._finished) throw officeError("InvalidObjectPath", action.o, undefined, action.o);
      this._queue.push({ action, run });
    }

    async sync(passThroughValue) {
      await ready;
      syncCount++;
      const ops = this._queue;
      this._queue = [];
      if (ops.length === 0) return passThroughValue;
      await delay(config.syncLatencyMs);
      const payload = JSON.stringify(ops.map((op) => op.action));
      const entry = {
        index: requestLog.length,
        actions: ops.length,
        payloadBytes: encoder.encode(payload).length,
        responseBytes: 0,
        ok: true,
      };
      requestLog.push(entry);
      const fail = (error) => {
        entry.ok = false;
        entry.error = error.code;
        throw error;
      };
      if (entry.payloadBytes > config.payloadLimitBytes)
        fail(officeError("RequestPayloadSizeLimitExceeded"));
      const injected = pendingFailures.shift();
      if (injected)
        fail(officeError(injected.code || "GeneralException", undefined, injected.message));
      const results = [];
      let failure = null;
      let wrote = false;
      for (const op of ops) {
        try {
          const result = op.run();
          if (op.action.a !== "load") wrote = true;
          if (result) results.push(result);
        } catch (error) {
          failure =
            error instanceof RichApiError
              ? error
              : officeError(
                  "GeneralException",
                  op.action.o,
                  "host shim: " + (error && error.message)
                );
          if (!(error instanceof RichApiError)) console.error("host shim: internal error", error);
          break;
        }
      }
      if (wrote) await persistWorkbook();
      if (failure) fail(failure);
      const responseText = JSON.stringify(results.map((result) => result.data));
      entry.responseBytes = encoder.encode(responseText).length;
      if (entry.responseBytes > config.responseLimitBytes)
        fail(officeError("ResponsePayloadSizeLimitExceeded"));
      for (const result of results) result.apply();
      return passThroughValue;
    }
  }

  class ClientResult {
    constructor() {
      this._set = false;
      this._value = undefined;
    }
    get value() {
      if (!this._set) throw officeError("ValueNotLoaded");
      return this._value;
    }
    toJSON() {
      return this.value;
    }
  }

  /** Parses load()'s argument into property paths ("values", "format/font/bold", "items/name"). */
  function loadPaths(arg) {
    if (arg === undefined || arg === null) return [];
    if (typeof arg === "string")
      return arg
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
    if (Array.isArray(arg)) return arg.flatMap(loadPaths);
    if (typeof arg === "object") {
      if ("select" in arg || "expand" in arg)
        return [...loadPaths(arg.select), ...loadPaths(arg.expand)];
      const paths = [];
      for (const [key, value] of Object.entries(arg)) {
        if (key.startsWith("$")) continue;
        if (value === true) paths.push(key);
        else if (value && typeof value === "object") {
          const inner = loadPaths(value);
          if (inner.length === 0) paths.push(key);
          else for (const p of inner) paths.push(key + "/" + p);
        }
      }
      return paths;
    }
    throw invalidArgument("load");
  }

  /**
   * Base of every proxy. A proxy knows its context, a path (for messages and payloads) and a
   * resolver that finds its identity in the model when an action first uses it in a sync.
   */
  class ClientObject {
    constructor(ctx, path, resolver, options) {
      this._ctx = ctx;
      this._path = path;
      this._resolver = resolver;
      this._memo = undefined;
      this._loaded = Object.create(null);
      this._nav = Object.create(null);
      this._orNull = !!(options && options.orNull);
      this._isNull = undefined;
      if (this._orNull) {
        // office.js reports isNullObject after the sync that follows the call.
        ctx._enqueue({ a: "resolve", o: path }, () => {
          const id = this._id();
          return { data: id === null, apply: () => (this._isNull = id === null) };
        });
      }
    }

    get context() {
      return this._ctx;
    }

    get isNullObject() {
      if (!this._orNull) return false;
      if (this._isNull === undefined)
        throw officeError(
          "PropertyNotLoaded",
          this._type + ".isNullObject",
          undefined,
          "isNullObject"
        );
      return this._isNull;
    }

    /** The identity in the model (memoised at first use), or null for a missing *OrNullObject. */
    _id() {
      if (this._memo === undefined) this._memo = this._resolver();
      return this._memo;
    }

    _child(name, make) {
      return this._nav[name] || (this._nav[name] = make());
    }

    _sameContext(other, location) {
      if (other && other._ctx && other._ctx !== this._ctx)
        throw officeError("InvalidRequestContext", location);
    }

    /** Queues an action that changes the workbook; skipped on a null object. */
    _act(name, args, run) {
      this._ctx._enqueue({ a: "method", o: this._path, n: name, args: args }, () => {
        if (this._id() === null) return null;
        run();
        return null;
      });
    }

    _setProperty(name, value) {
      if (!this._settable.includes(name))
        throw new TypeError(
          "Cannot set property " + name + " of " + this._type + ", which is read-only"
        );
      this._loaded[name] = value;
      this._ctx._enqueue({ a: "set", o: this._path, n: name, v: value }, () => {
        if (this._id() === null) return null;
        this._write(name, value);
        return null;
      });
    }

    load(arg) {
      const paths = loadPaths(arg);
      const own = new Set();
      for (const path of paths) {
        const [head, ...rest] = path.split("/");
        if (this._navigation.includes(head)) {
          const nav = this[head];
          if (rest.length === 0) nav.load();
          else nav.load(rest.join("/"));
        } else if (this._scalars.includes(head)) {
          own.add(head);
        } else {
          throw invalidArgument(
            this._type + ".load",
            "The property '" + head + "' does not exist on " + this._type + "."
          );
        }
      }
      if (paths.length === 0) for (const name of this._scalars) own.add(name);
      if (own.size > 0) {
        const names = [...own];
        this._ctx._enqueue({ a: "load", o: this._path, p: names }, () => {
          if (this._id() === null) return null;
          const data = {};
          for (const name of names) data[name] = this._read(name);
          return { data, apply: () => Object.assign(this._loaded, data) };
        });
      }
      return this;
    }

    set(properties) {
      for (const [key, value] of Object.entries(properties || {})) {
        if (
          this._navigation.includes(key) &&
          value &&
          typeof value === "object" &&
          !Array.isArray(value)
        )
          this[key].set(value);
        else this[key] = value;
      }
    }

    toJSON() {
      const json = {};
      for (const name of this._scalars) if (name in this._loaded) json[name] = this._loaded[name];
      for (const name of this._navigation) {
        const nav = this._nav[name];
        if (nav) {
          const inner = nav.toJSON();
          if (inner && Object.keys(inner).length > 0) json[name] = inner;
        }
      }
      return json;
    }
  }

  /** Declares a proxy class's loadable properties: getters that throw until loaded. */
  function defineProperties(cls, type, scalars, settable, navigation) {
    cls.prototype._type = type;
    cls.prototype._scalars = scalars;
    cls.prototype._settable = settable;
    cls.prototype._navigation = navigation || [];
    for (const name of scalars) {
      Object.defineProperty(cls.prototype, name, {
        configurable: true,
        enumerable: true,
        get() {
          if (name in this._loaded) return this._loaded[name];
          throw officeError("PropertyNotLoaded", type + "." + name, undefined, name);
        },
        set(value) {
          this._setProperty(name, value);
        },
      });
    }
  }

  /** Collections: items after load(); load("name") or load("items/name") loads the items' properties. */
  class ClientCollection extends ClientObject {
    constructor(ctx, path, resolver, itemType) {
      super(ctx, path, resolver);
      this._itemType = itemType;
      this._itemScalars = itemType.prototype._scalars;
      this._itemsLoaded = undefined;
    }

    /** The path of an item, as Office.js names it (getItem by key; rows and columns by index). */
    _itemPath(id) {
      return this._path + ".getItem(" + JSON.stringify(id) + ")";
    }

    /** A proxy to the item with this id. */
    _item(id) {
      const proxy = new this._itemType(this._ctx, this._itemPath(id), () => id);
      proxy._memo = id;
      return proxy;
    }

    get items() {
      if (this._itemsLoaded === undefined)
        throw officeError("PropertyNotLoaded", this._type + ".items", undefined, "items");
      return this._itemsLoaded;
    }

    load(arg) {
      const own = new Set();
      const item = new Set();
      const paths = loadPaths(arg);
      for (let path of paths) {
        if (path === "items") {
          this._itemScalars.forEach((n) => item.add(n));
          continue;
        }
        if (path.startsWith("items/")) path = path.slice(6);
        if (this._scalars.includes(path)) own.add(path);
        else if (this._itemScalars.includes(path)) item.add(path);
        else
          throw invalidArgument(
            this._type + ".load",
            "The property '" + path + "' does not exist on the items of " + this._type + "."
          );
      }
      if (paths.length === 0) this._itemScalars.forEach((n) => item.add(n));
      const ownNames = [...own];
      const itemNames = [...item];
      const loadItems = itemNames.length > 0 || ownNames.length === 0;
      this._ctx._enqueue({ a: "load", o: this._path, p: ownNames, items: itemNames }, () => {
        const data = {};
        for (const name of ownNames) data[name] = this._read(name);
        let ids = null;
        if (loadItems) {
          ids = this._list();
          data.items = ids.map((id) => {
            const probe = this._item(id);
            const values = {};
            for (const name of itemNames) values[name] = probe._read(name);
            return values;
          });
        }
        return {
          data,
          apply: () => {
            for (const name of ownNames) this._loaded[name] = data[name];
            if (ids) {
              this._itemsLoaded = ids.map((id, i) => {
                const proxy = this._item(id);
                Object.assign(proxy._loaded, data.items[i]);
                return proxy;
              });
            }
          },
        };
      });
      return this;
    }

    getCount() {
      const result = new ClientResult();
      this._ctx._enqueue({ a: "method", o: this._path, n: "getCount" }, () => {
        const count = this._list().length;
        return { data: count, apply: () => ((result._value = count), (result._set = true)) };
      });
      return result;
    }

    toJSON() {
      const json = super.toJSON();
      if (this._itemsLoaded) json.items = this._itemsLoaded.map((item) => item.toJSON());
      return json;
    }
  }

  // ------------------------------------------------------------------ Workbook, Application

  class Workbook extends ClientObject {
    constructor(ctx) {
      super(ctx, "workbook", () => "workbook");
      this.application = new Application(ctx);
    }
    get worksheets() {
      return this._child("worksheets", () => new WorksheetCollection(this._ctx));
    }
    get tables() {
      return this._child(
        "tables",
        () => new TableCollection(this._ctx, "workbook.tables", () => null)
      );
    }
    get names() {
      return this._child("names", () => new NamedItemCollection(this._ctx));
    }
    getSelectedRange() {
      return new Range(this._ctx, "workbook.getSelectedRange()", () => {
        const sheet = activeSheet();
        // Several areas selected (ctrl+click): Excel has no single range to give.
        if (sheet.selectionAreas > 1)
          throw officeError("InvalidSelection", "Workbook.getSelectedRange");
        return { sheetId: sheet.id, rect: { ...sheet.selection } };
      });
    }
    getActiveCell() {
      return new Range(this._ctx, "workbook.getActiveCell()", () => {
        const sheet = activeSheet();
        return {
          sheetId: sheet.id,
          rect: {
            r0: sheet.selection.r0,
            c0: sheet.selection.c0,
            r1: sheet.selection.r0,
            c1: sheet.selection.c0,
          },
        };
      });
    }
    _read(name) {
      if (name === "name") return "Book1.xlsx";
      throw invalidArgument("Workbook." + name);
    }
  }
  defineProperties(Workbook, "Workbook", ["name"], [], ["worksheets", "tables", "names"]);

  class NamedItemCollection extends ClientCollection {
    constructor(ctx) {
      super(ctx, "workbook.names", () => "names", NamedItem);
    }
    _list() {
      return (M.names || (M.names = [])).map((n) => n.name);
    }
    _read(name) {
      throw invalidArgument("NamedItemCollection." + name);
    }
    _find(name) {
      return (
        (M.names || []).find((n) => n.name.toLowerCase() === String(name).toLowerCase()) || null
      );
    }
    getItem(name) {
      return new NamedItem(
        this._ctx,
        "workbook.names.getItem(" + JSON.stringify(name) + ")",
        () => {
          const item = this._find(name);
          if (!item) throw itemNotFound("NamedItemCollection.getItem");
          return item.name;
        }
      );
    }
    getItemOrNullObject(name) {
      return new NamedItem(
        this._ctx,
        "workbook.names.getItemOrNullObject(" + JSON.stringify(name) + ")",
        () => {
          const item = this._find(name);
          return item ? item.name : null;
        },
        { orNull: true }
      );
    }
    add(name, reference, comment) {
      this._sameContext(reference, "NamedItemCollection.add");
      const proxy = new NamedItem(
        this._ctx,
        "workbook.names.add(" + JSON.stringify(name) + ")",
        () => name
      );
      this._ctx._enqueue(
        {
          a: "method",
          o: this._path,
          n: "add",
          args: [
            name,
            typeof reference === "string" ? reference : reference && reference._path,
            comment ?? "",
          ],
        },
        () => {
          checkTableName(name, null, "NamedItemCollection.add");
          if (this._find(name)) throw officeError("ItemAlreadyExists", "NamedItemCollection.add");
          let value = reference;
          if (reference instanceof Range) {
            const info = reference._info();
            value = "=" + formatAddress(info.sheet.name, info.rect);
          }
          M.names.push({ name, type: "Range", value: String(value), comment: comment || "" });
          return null;
        }
      );
      return proxy;
    }
  }
  defineProperties(NamedItemCollection, "NamedItemCollection", [], [], []);

  class NamedItem extends ClientObject {
    _named() {
      const item = (M.names || []).find((n) => n.name === this._id());
      if (!item) throw officeError("InvalidObjectPath", this._path, undefined, this._path);
      return item;
    }
    _read(name) {
      const item = this._named();
      if (name === "name" || name === "type" || name === "value" || name === "comment")
        return item[name];
      if (name === "formula") return item.value;
      if (name === "visible") return true;
      throw invalidArgument("NamedItem." + name);
    }
    _write(name, value) {
      this._named()[name] = value;
    }
    delete() {
      this._act("delete", [], () => {
        const item = this._named();
        M.names = M.names.filter((n) => n !== item);
      });
    }
  }
  defineProperties(
    NamedItem,
    "NamedItem",
    ["name", "type", "value", "formula", "comment", "visible"],
    ["comment"],
    []
  );

  const calculations = [];

  class Application extends ClientObject {
    constructor(ctx) {
      super(ctx, "application", () => "application");
    }
    suspendApiCalculationUntilNextSync() {}
    suspendScreenUpdatingUntilNextSync() {}
    calculate(calculationType) {
      // Formulas are not evaluated here; the request is recorded so that tests can see it. On
      // the Office host page, the page recalculates (config.onApplicationCalculate).
      calculations.push(String(calculationType));
      if (config.onApplicationCalculate) {
        const type = String(calculationType);
        this._ctx._enqueue({ a: "method", o: "application", n: "calculate", args: [type] }, () => {
          config.onApplicationCalculate(type);
          return null;
        });
      }
    }
    _read(name) {
      if (name === "calculationMode") return "Automatic";
      throw invalidArgument("Application." + name);
    }
  }
  defineProperties(Application, "Application", ["calculationMode"], [], []);

  // ------------------------------------------------------------------ Worksheets

  class WorksheetCollection extends ClientCollection {
    constructor(ctx) {
      super(ctx, "workbook.worksheets", () => "worksheets", Worksheet);
    }
    _list() {
      return M.sheets.map((s) => s.id);
    }
    _read(name) {
      throw invalidArgument("WorksheetCollection." + name);
    }
    add(name) {
      const proxy = new Worksheet(
        this._ctx,
        "workbook.worksheets.add(" + JSON.stringify(name ?? null) + ")",
        () => {
          throw officeError(
            "InvalidObjectPath",
            "WorksheetCollection.add",
            undefined,
            "WorksheetCollection.add"
          );
        }
      );
      this._ctx._enqueue({ a: "method", o: this._path, n: "add", args: [name ?? null] }, () => {
        let sheetName = name;
        if (sheetName === undefined || sheetName === null) {
          do sheetName = "Sheet" + ++M.nextSheetNumber;
          while (findSheet(sheetName));
        }
        checkSheetName(sheetName, null, "WorksheetCollection.add");
        proxy._memo = createSheet(M, sheetName).id;
        return null;
      });
      return proxy;
    }
    getItem(key) {
      return new Worksheet(
        this._ctx,
        "workbook.worksheets.getItem(" + JSON.stringify(key) + ")",
        () => {
          const sheet = findSheet(key);
          if (!sheet) throw itemNotFound("WorksheetCollection.getItem");
          return sheet.id;
        }
      );
    }
    getItemOrNullObject(key) {
      return new Worksheet(
        this._ctx,
        "workbook.worksheets.getItemOrNullObject(" + JSON.stringify(key) + ")",
        () => {
          const sheet = findSheet(key);
          return sheet ? sheet.id : null;
        },
        { orNull: true }
      );
    }
    getActiveWorksheet() {
      return new Worksheet(
        this._ctx,
        "workbook.worksheets.getActiveWorksheet()",
        () => activeSheet().id
      );
    }
    getFirst(visibleOnly) {
      return new Worksheet(this._ctx, "workbook.worksheets.getFirst()", () => {
        const list = M.sheets.filter((s) => !visibleOnly || s.visibility === "Visible");
        if (!list.length) throw itemNotFound("WorksheetCollection.getFirst");
        return list[0].id;
      });
    }
    getLast(visibleOnly) {
      return new Worksheet(this._ctx, "workbook.worksheets.getLast()", () => {
        const list = M.sheets.filter((s) => !visibleOnly || s.visibility === "Visible");
        if (!list.length) throw itemNotFound("WorksheetCollection.getLast");
        return list[list.length - 1].id;
      });
    }
  }
  defineProperties(WorksheetCollection, "WorksheetCollection", [], [], []);

  class Worksheet extends ClientObject {
    _sheet() {
      return sheetById(this._id(), this._path);
    }
    get freezePanes() {
      return this._child("freezePanes", () => new WorksheetFreezePanes(this));
    }
    get tables() {
      return this._child(
        "tables",
        () => new TableCollection(this._ctx, this._path + ".tables", () => this._sheet().id)
      );
    }
    _read(name) {
      const sheet = this._sheet();
      switch (name) {
        case "id":
          return sheet.id;
        case "name":
          return sheet.name;
        case "position":
          return M.sheets.indexOf(sheet);
        case "visibility":
          return sheet.visibility;
        case "tabColor":
          return sheet.tabColor;
        case "standardWidth":
          return 8.43;
      }
      throw invalidArgument("Worksheet." + name);
    }
    _write(name, value) {
      const sheet = this._sheet();
      if (name === "name") {
        checkSheetName(value, sheet.id, "Worksheet.name");
        sheet.name = value;
      } else if (name === "position") {
        if (!Number.isInteger(value) || value < 0 || value >= M.sheets.length)
          throw invalidArgument("Worksheet.position");
        M.sheets.splice(M.sheets.indexOf(sheet), 1);
        M.sheets.splice(value, 0, sheet);
      } else if (name === "visibility") {
        if (!["Visible", "Hidden", "VeryHidden"].includes(value))
          throw invalidArgument("Worksheet.visibility");
        if (
          value !== "Visible" &&
          M.sheets.filter((s) => s.visibility === "Visible" && s !== sheet).length === 0
        )
          throw officeError("InvalidOperation", "Worksheet.visibility");
        sheet.visibility = value;
      } else if (name === "tabColor") {
        sheet.tabColor = value || "";
      }
    }
    activate() {
      this._act("activate", [], () => {
        const sheet = this._sheet();
        if (sheet.visibility !== "Visible")
          throw officeError("InvalidOperation", "Worksheet.activate");
        M.activeSheetId = sheet.id;
      });
    }
    delete() {
      this._act("delete", [], () => {
        const sheet = this._sheet();
        if (M.sheets.filter((s) => s.visibility === "Visible" && s !== sheet).length === 0)
          throw officeError("InvalidOperation", "Worksheet.delete");
        const index = M.sheets.indexOf(sheet);
        M.sheets.splice(index, 1);
        M.tables = M.tables.filter((t) => t.sheetId !== sheet.id);
        if (M.activeSheetId === sheet.id) {
          const next =
            M.sheets.slice(Math.max(0, index - 1)).find((s) => s.visibility === "Visible") ||
            M.sheets.find((s) => s.visibility === "Visible");
          M.activeSheetId = next.id;
        }
      });
    }
    calculate() {}
    getRange(address) {
      return new Range(
        this._ctx,
        this._path + ".getRange(" + JSON.stringify(address ?? null) + ")",
        () => {
          const sheet = this._sheet();
          if (address === undefined || address === null || address === "")
            return {
              sheetId: sheet.id,
              rect: { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 },
            };
          const parsed = parseAddress(address, "Worksheet.getRange");
          if (parsed.sheet !== null && parsed.sheet.toLowerCase() !== sheet.name.toLowerCase())
            throw invalidArgument("Worksheet.getRange");
          return { sheetId: sheet.id, rect: parsed.rect };
        }
      );
    }
    getRangeByIndexes(startRow, startColumn, rowCount, columnCount) {
      return new Range(
        this._ctx,
        this._path +
          ".getRangeByIndexes(" +
          [startRow, startColumn, rowCount, columnCount].join(",") +
          ")",
        () => {
          const rect = checkRect(
            {
              r0: startRow,
              c0: startColumn,
              r1: startRow + rowCount - 1,
              c1: startColumn + columnCount - 1,
            },
            "Worksheet.getRangeByIndexes"
          );
          return { sheetId: this._sheet().id, rect };
        }
      );
    }
    getCell(row, column) {
      return this.getRangeByIndexes(row, column, 1, 1);
    }
    getUsedRange(valuesOnly) {
      return new Range(this._ctx, this._path + ".getUsedRange()", () => {
        const sheet = this._sheet();
        return {
          sheetId: sheet.id,
          rect: usedRect(sheet, !!valuesOnly) || { r0: 0, c0: 0, r1: 0, c1: 0 },
        };
      });
    }
    getUsedRangeOrNullObject(valuesOnly) {
      return new Range(
        this._ctx,
        this._path + ".getUsedRangeOrNullObject()",
        () => {
          const sheet = this._sheet();
          const rect = usedRect(sheet, !!valuesOnly);
          return rect ? { sheetId: sheet.id, rect } : null;
        },
        { orNull: true }
      );
    }
  }
  defineProperties(
    Worksheet,
    "Worksheet",
    ["id", "name", "position", "visibility", "tabColor", "standardWidth"],
    ["name", "position", "visibility", "tabColor"],
    ["freezePanes", "tables"]
  );

  class WorksheetFreezePanes extends ClientObject {
    constructor(worksheet) {
      super(worksheet._ctx, worksheet._path + ".freezePanes", () => worksheet._id());
      this._worksheet = worksheet;
    }
    _freeze(name, rows, columns) {
      this._act(name, [rows, columns], () => {
        const sheet = this._worksheet._sheet();
        if (rows < 0 || columns < 0 || rows >= MAX_ROWS || columns >= MAX_COLS)
          throw invalidArgument("WorksheetFreezePanes." + name);
        sheet.frozenRows = rows;
        sheet.frozenColumns = columns;
      });
    }
    freezeRows(count) {
      this._freeze("freezeRows", count === undefined ? 1 : count, 0);
    }
    freezeColumns(count) {
      this._freeze("freezeColumns", 0, count === undefined ? 1 : count);
    }
    freezeAt(frozenRange) {
      this._sameContext(frozenRange, "WorksheetFreezePanes.freezeAt");
      this._act(
        "freezeAt",
        [typeof frozenRange === "string" ? frozenRange : frozenRange._path],
        () => {
          const sheet = this._worksheet._sheet();
          const rect =
            typeof frozenRange === "string"
              ? parseAddress(frozenRange, "WorksheetFreezePanes.freezeAt").rect
              : frozenRange._info().rect;
          sheet.frozenRows = rect.r1 + 1;
          sheet.frozenColumns = rect.c1 + 1;
        }
      );
    }
    unfreeze() {
      this._act("unfreeze", [], () => {
        const sheet = this._worksheet._sheet();
        sheet.frozenRows = 0;
        sheet.frozenColumns = 0;
      });
    }
    getLocationOrNullObject() {
      return new Range(
        this._ctx,
        this._path + ".getLocationOrNullObject()",
        () => {
          const sheet = this._worksheet._sheet();
          if (!sheet.frozenRows && !sheet.frozenColumns) return null;
          const rect = {
            r0: 0,
            c0: 0,
            r1: sheet.frozenRows ? sheet.frozenRows - 1 : MAX_ROWS - 1,
            c1: sheet.frozenColumns ? sheet.frozenColumns - 1 : MAX_COLS - 1,
          };
          return { sheetId: sheet.id, rect };
        },
        { orNull: true }
      );
    }
    _read(name) {
      throw invalidArgument("WorksheetFreezePanes." + name);
    }
  }
  defineProperties(WorksheetFreezePanes, "WorksheetFreezePanes", [], [], []);

  // ------------------------------------------------------------------ Ranges

  class Range extends ClientObject {
    /** { sheet, rect } of this range now. */
    _info() {
      const id = this._id();
      if (id === null) throw itemNotFound(this._path);
      return { sheet: sheetById(id.sheetId, this._path), rect: id.rect };
    }
    _derive(name, args, make, options) {
      return new Range(
        this._ctx,
        this._path + "." + name + "(" + args.map((a) => JSON.stringify(a)).join(",") + ")",
        () => {
          const info = this._info();
          const rect = make(info.rect, info.sheet);
          if (rect === null) return null;
          return { sheetId: info.sheet.id, rect: checkRect(rect, "Range." + name) };
        },
        options
      );
    }
    get format() {
      return this._child("format", () => new RangeFormat(this));
    }
    get worksheet() {
      return this._child(
        "worksheet",
        () => new Worksheet(this._ctx, this._path + ".worksheet", () => this._id().sheetId)
      );
    }
    _read(name) {
      const { sheet, rect } = this._info();
      const matrix = (fn) => {
        if (cellCount(rect) > config.maxCellsPerGet)
          throw officeError("ResponsePayloadSizeLimitExceeded", "Range." + name);
        const rows = [];
        for (let r = rect.r0; r <= rect.r1; r++) {
          const row = [];
          for (let c = rect.c0; c <= rect.c1; c++) row.push(fn(r, c));
          rows.push(row);
        }
        return rows;
      };
      switch (name) {
        case "address":
        case "addressLocal":
          return formatAddress(sheet.name, rect);
        case "rowCount":
          return rect.r1 - rect.r0 + 1;
        case "columnCount":
          return rect.c1 - rect.c0 + 1;
        case "cellCount":
          return cellCount(rect);
        case "rowIndex":
          return rect.r0;
        case "columnIndex":
          return rect.c0;
        case "values":
          return matrix((r, c) => cellValue(getCell(sheet, r, c)));
        case "formulas":
        case "formulasLocal":
          return matrix((r, c) => {
            const cell = getCell(sheet, r, c);
            return cell && cell.f !== undefined ? cell.f : cellValue(cell);
          });
        case "numberFormat":
          return matrix((r, c) => effectiveNumberFormat(sheet, r, c));
        case "text":
          return matrix((r, c) => cellText(sheet, r, c));
        case "valueTypes":
          return matrix((r, c) => valueType(getCell(sheet, r, c)));
        case "isEntireColumn":
          return isEntireColumns(rect);
        case "isEntireRow":
          return rect.c0 === 0 && rect.c1 === MAX_COLS - 1;
      }
      throw invalidArgument("Range." + name);
    }
    _write(name, input) {
      const { sheet, rect } = this._info();
      const location = "Range." + name;
      const at = matrixInput(input, rect, location);
      if (name === "numberFormat") {
        if (!Array.isArray(input) && isEntireColumns(rect)) {
          for (let c = rect.c0; c <= rect.c1; c++) {
            const column = sheet.colFormats[c] || (sheet.colFormats[c] = {});
            column.nf = String(input);
            eachStored(sheet, { ...rect, c0: c, c1: c }, (cell) => delete cell.nf);
          }
          return;
        }
        guardSize(rect, location);
        for (let r = rect.r0; r <= rect.r1; r++) {
          for (let c = rect.c0; c <= rect.c1; c++) {
            const nf = at(r - rect.r0, c - rect.c0);
            if (nf === null || nf === undefined) continue;
            if (typeof nf !== "string") throw invalidArgument(location);
            const cell = ensureCell(sheet, r, c);
            cell.nf = nf;
          }
        }
        return;
      }
      guardSize(rect, location);
      // Check every value first: a bad one leaves the range untouched.
      const cells = [];
      for (let r = rect.r0; r <= rect.r1; r++) {
        for (let c = rect.c0; c <= rect.c1; c++) {
          const text = effectiveNumberFormat(sheet, r, c) === "@";
          let value = at(r - rect.r0, c - rect.c0);
          if (name === "formulas" || name === "formulasLocal") {
            if (typeof value === "string" && value.length > 1 && value[0] === "=") {
              cells.push([r, c, { v: "#NAME?", f: value }]);
              continue;
            }
          }
          const parsed = inputCell(value, text, location);
          if (parsed) cells.push([r, c, parsed]);
        }
      }
      for (const [r, c, parsed] of cells) writeInput(sheet, r, c, parsed);
    }
    getCell(row, column) {
      return this._derive("getCell", [row, column], (rect) => ({
        r0: rect.r0 + row,
        c0: rect.c0 + column,
        r1: rect.r0 + row,
        c1: rect.c0 + column,
      }));
    }
    getOffsetRange(rowOffset, columnOffset) {
      return this._derive("getOffsetRange", [rowOffset, columnOffset], (rect) => ({
        r0: rect.r0 + rowOffset,
        c0: rect.c0 + columnOffset,
        r1: rect.r1 + rowOffset,
        c1: rect.c1 + columnOffset,
      }));
    }
    getResizedRange(deltaRows, deltaColumns) {
      return this._derive("getResizedRange", [deltaRows, deltaColumns], (rect) => ({
        r0: rect.r0,
        c0: rect.c0,
        r1: rect.r1 + deltaRows,
        c1: rect.c1 + deltaColumns,
      }));
    }
    getAbsoluteResizedRange(numRows, numColumns) {
      return this._derive("getAbsoluteResizedRange", [numRows, numColumns], (rect) => ({
        r0: rect.r0,
        c0: rect.c0,
        r1: rect.r0 + numRows - 1,
        c1: rect.c0 + numColumns - 1,
      }));
    }
    getRow(row) {
      return this._derive("getRow", [row], (rect) => ({
        r0: rect.r0 + row,
        c0: rect.c0,
        r1: rect.r0 + row,
        c1: rect.c1,
      }));
    }
    getColumn(column) {
      return this._derive("getColumn", [column], (rect) => ({
        r0: rect.r0,
        c0: rect.c0 + column,
        r1: rect.r1,
        c1: rect.c0 + column,
      }));
    }
    getRowsAbove(count) {
      const n = count === undefined ? 1 : count;
      return this._derive("getRowsAbove", [n], (rect) => ({
        r0: rect.r0 - n,
        c0: rect.c0,
        r1: rect.r0 - 1,
        c1: rect.c1,
      }));
    }
    getRowsBelow(count) {
      const n = count === undefined ? 1 : count;
      return this._derive("getRowsBelow", [n], (rect) => ({
        r0: rect.r1 + 1,
        c0: rect.c0,
        r1: rect.r1 + n,
        c1: rect.c1,
      }));
    }
    getColumnsBefore(count) {
      const n = count === undefined ? 1 : count;
      return this._derive("getColumnsBefore", [n], (rect) => ({
        r0: rect.r0,
        c0: rect.c0 - n,
        r1: rect.r1,
        c1: rect.c0 - 1,
      }));
    }
    getColumnsAfter(count) {
      const n = count === undefined ? 1 : count;
      return this._derive("getColumnsAfter", [n], (rect) => ({
        r0: rect.r0,
        c0: rect.c1 + 1,
        r1: rect.r1,
        c1: rect.c1 + n,
      }));
    }
    getLastRow() {
      return this._derive("getLastRow", [], (rect) => ({ ...rect, r0: rect.r1 }));
    }
    getLastColumn() {
      return this._derive("getLastColumn", [], (rect) => ({ ...rect, c0: rect.c1 }));
    }
    getLastCell() {
      return this._derive("getLastCell", [], (rect) => ({
        r0: rect.r1,
        c0: rect.c1,
        r1: rect.r1,
        c1: rect.c1,
      }));
    }
    getEntireColumn() {
      return this._derive("getEntireColumn", [], (rect) => ({
        r0: 0,
        c0: rect.c0,
        r1: MAX_ROWS - 1,
        c1: rect.c1,
      }));
    }
    getEntireRow() {
      return this._derive("getEntireRow", [], (rect) => ({
        r0: rect.r0,
        c0: 0,
        r1: rect.r1,
        c1: MAX_COLS - 1,
      }));
    }
    _otherRect(other, sheet, location) {
      if (typeof other === "string") {
        const parsed = parseAddress(other, location);
        if (parsed.sheet !== null && parsed.sheet.toLowerCase() !== sheet.name.toLowerCase())
          throw invalidArgument(location);
        return parsed.rect;
      }
      this._sameContext(other, location);
      const info = other._info();
      if (info.sheet !== sheet) throw invalidArgument(location);
      return info.rect;
    }
    getIntersection(anotherRange) {
      this._sameContext(anotherRange, "Range.getIntersection");
      return this._derive(
        "getIntersection",
        [typeof anotherRange === "string" ? anotherRange : anotherRange._path],
        (rect, sheet) => {
          const result = intersect(
            rect,
            this._otherRect(anotherRange, sheet, "Range.getIntersection")
          );
          if (!result) throw itemNotFound("Range.getIntersection");
          return result;
        }
      );
    }
    getIntersectionOrNullObject(anotherRange) {
      this._sameContext(anotherRange, "Range.getIntersectionOrNullObject");
      return this._derive(
        "getIntersectionOrNullObject",
        [typeof anotherRange === "string" ? anotherRange : anotherRange._path],
        (rect, sheet) => {
          return intersect(
            rect,
            this._otherRect(anotherRange, sheet, "Range.getIntersectionOrNullObject")
          );
        },
        { orNull: true }
      );
    }
    getBoundingRect(anotherRange) {
      this._sameContext(anotherRange, "Range.getBoundingRect");
      return this._derive(
        "getBoundingRect",
        [typeof anotherRange === "string" ? anotherRange : anotherRange._path],
        (rect, sheet) => {
          const other = this._otherRect(anotherRange, sheet, "Range.getBoundingRect");
          return {
            r0: Math.min(rect.r0, other.r0),
            c0: Math.min(rect.c0, other.c0),
            r1: Math.max(rect.r1, other.r1),
            c1: Math.max(rect.c1, other.c1),
          };
        }
      );
    }
    getUsedRange(valuesOnly) {
      return this._derive("getUsedRange", [!!valuesOnly], (rect, sheet) => {
        const used = usedRect(sheet, !!valuesOnly);
        const result = used && intersect(used, rect);
        if (!result) throw itemNotFound("Range.getUsedRange");
        return result;
      });
    }
    getUsedRangeOrNullObject(valuesOnly) {
      return this._derive(
        "getUsedRangeOrNullObject",
        [!!valuesOnly],
        (rect, sheet) => {
          const used = usedRect(sheet, !!valuesOnly);
          return (used && intersect(used, rect)) || null;
        },
        { orNull: true }
      );
    }
    getTables(fullyContained) {
      const rect = () => this._info().rect;
      return new TableCollection(
        this._ctx,
        this._path + ".getTables(" + !!fullyContained + ")",
        () => this._info().sheet.id,
        (t) => {
          const r = rect();
          if (!fullyContained) return intersect(t, r) !== null;
          return t.r0 >= r.r0 && t.r1 <= r.r1 && t.c0 >= r.c0 && t.c1 <= r.c1;
        }
      );
    }
    calculate() {
      // Excel calculates in the background: the sync returns before the functions answer.
      this._act("calculate", [], () => {
        const { sheet, rect } = this._info();
        if (config.calculateRange) config.calculateRange(sheet.name, formatRect(rect));
        else calculateRange(sheet, rect).catch(() => undefined);
      });
    }
    clear(applyTo) {
      const mode = applyTo || "All";
      this._act("clear", [mode], () => {
        const { sheet, rect } = this._info();
        eachStored(sheet, rect, (cell, r, c) => {
          // A spilled value is not the cell's own content: clearing it changes nothing.
          if ((mode === "All" || mode === "Contents") && !cell.spillParent) {
            releaseSpill(sheet, r, c);
            cell.v = "";
            delete cell.f;
          }
          if (mode === "All" || mode === "Formats") {
            delete cell.nf;
            delete cell.fmt;
          }
          dropIfEmpty(sheet, r, c);
        });
      });
    }
    getSpillingToRange() {
      return this._spillRange("getSpillingToRange", spillingTo, false);
    }
    getSpillingToRangeOrNullObject() {
      return this._spillRange("getSpillingToRangeOrNullObject", spillingTo, true);
    }
    getSpillParent() {
      return this._spillRange("getSpillParent", spillParentOf, false);
    }
    getSpillParentOrNullObject() {
      return this._spillRange("getSpillParentOrNullObject", spillParentOf, true);
    }
    /** A spill range or parent of one cell: ItemNotFound (or a null object) when there is none. */
    _spillRange(method, find, orNull) {
      if (orNull)
        return this._derive(method, [], (rect, sheet) => find(sheet, rect), { orNull: true });
      return this._derive(method, [], (rect, sheet) => {
        if (rect.r0 !== rect.r1 || rect.c0 !== rect.c1) throw invalidArgument("Range." + method);
        const found = find(sheet, rect);
        if (!found) throw itemNotFound("Range." + method);
        return found;
      });
    }
    select() {
      this._act("select", [], () => {
        const { sheet, rect } = this._info();
        M.activeSheetId = sheet.id;
        sheet.selection = { ...rect };
        sheet.selectionAreas = 1;
      });
    }
  }
  defineProperties(
    Range,
    "Range",
    [
      "address",
      "addressLocal",
      "values",
      "formulas",
      "formulasLocal",
      "numberFormat",
      "text",
      "valueTypes",
      "rowCount",
      "columnCount",
      "cellCount",
      "rowIndex",
      "columnIndex",
      "isEntireColumn",
      "isEntireRow",
    ],
    ["values", "formulas", "formulasLocal", "numberFormat"],
    ["format", "worksheet"]
  );

  /** Per-cell format properties, read as one value when uniform (else null), as Excel does. */
  function readUniform(range, key) {
    const { sheet, rect } = range._info();
    if (cellCount(rect) > 1000000 && isEntireColumns(rect)) {
      let value;
      for (let c = rect.c0; c <= rect.c1; c++) {
        const column = sheet.colFormats[c];
        const v =
          column && column.fmt && column.fmt[key] !== undefined
            ? column.fmt[key]
            : FORMAT_DEFAULTS[key];
        if (value === undefined) value = v;
        else if (value !== v) return null;
      }
      return value;
    }
    if (cellCount(rect) > 2000000)
      throw officeError(
        "GeneralException",
        "RangeFormat." + key,
        "host shim: this range is too large to read cell by cell (over 2,000,000 cells)."
      );
    let value;
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const v = effectiveFormat(sheet, r, c, key);
        if (value === undefined) value = v;
        else if (value !== v) return null;
      }
    }
    return value;
  }

  function writeFormat(range, key, value) {
    const { sheet, rect } = range._info();
    if (isEntireColumns(rect)) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const column = sheet.colFormats[c] || (sheet.colFormats[c] = {});
        (column.fmt || (column.fmt = {}))[key] = value;
        eachStored(sheet, { ...rect, c0: c, c1: c }, (cell) => cell.fmt && delete cell.fmt[key]);
      }
      return;
    }
    guardSize(rect, "RangeFormat." + key);
    for (let r = rect.r0; r <= rect.r1; r++) {
      for (let c = rect.c0; c <= rect.c1; c++) {
        const cell = ensureCell(sheet, r, c);
        (cell.fmt || (cell.fmt = {}))[key] = value;
      }
    }
  }

  class RangeFormat extends ClientObject {
    constructor(range) {
      super(range._ctx, range._path + ".format", () => range._id());
      this._range = range;
    }
    get font() {
      return this._child("font", () => new RangeFont(this._range));
    }
    get fill() {
      return this._child("fill", () => new RangeFill(this._range));
    }
    _read(name) {
      const { sheet, rect } = this._range._info();
      if (name === "columnWidth") {
        let width;
        for (let c = rect.c0; c <= rect.c1; c++) {
          const w = sheet.colWidths[c] ?? 48;
          if (width === undefined) width = w;
          else if (width !== w) return null;
        }
        return width;
      }
      if (name === "rowHeight") {
        let height;
        for (let r = rect.r0; r <= Math.min(rect.r1, rect.r0 + 100000); r++) {
          const h = sheet.rowHeights[r] ?? 15;
          if (height === undefined) height = h;
          else if (height !== h) return null;
        }
        return height;
      }
      return readUniform(this._range, name);
    }
    _write(name, value) {
      const { sheet, rect } = this._range._info();
      if (name === "columnWidth") {
        if (typeof value !== "number" || value < 0)
          throw invalidArgument("RangeFormat.columnWidth");
        for (let c = rect.c0; c <= rect.c1; c++) sheet.colWidths[c] = value;
      } else if (name === "rowHeight") {
        if (typeof value !== "number" || value < 0) throw invalidArgument("RangeFormat.rowHeight");
        guardSize({ ...rect, c0: 0, c1: 0 }, "RangeFormat.rowHeight");
        for (let r = rect.r0; r <= rect.r1; r++) sheet.rowHeights[r] = value;
      } else {
        writeFormat(this._range, name, value);
      }
    }
    autofitColumns() {
      this._act("autofitColumns", [], () => {
        const { sheet, rect } = this._range._info();
        const used = usedRect(sheet, false);
        const rows = used && intersect(rect, { r0: used.r0, r1: used.r1, c0: 0, c1: MAX_COLS - 1 });
        for (let c = rect.c0; c <= Math.min(rect.c1, used ? used.c1 : rect.c0); c++) {
          let longest = 0;
          if (rows)
            for (let r = rows.r0; r <= rows.r1; r++)
              longest = Math.max(
                longest,
                cellText(sheet, r, c).length * (effectiveFormat(sheet, r, c, "bold") ? 1.1 : 1)
              );
          sheet.colWidths[c] = Math.min(409.5, Math.max(12, Math.round(longest * 6 + 9)));
          if (!sheet.autofitColumns.includes(c)) sheet.autofitColumns.push(c);
        }
      });
    }
    autofitRows() {
      this._act("autofitRows", [], () => {
        const { sheet, rect } = this._range._info();
        const used = usedRect(sheet, false);
        const last = Math.min(rect.r1, used ? used.r1 : rect.r0);
        for (let r = rect.r0; r <= last; r++)
          if (!sheet.autofitRows.includes(r)) sheet.autofitRows.push(r);
      });
    }
  }
  defineProperties(
    RangeFormat,
    "RangeFormat",
    ["columnWidth", "rowHeight", "wrapText", "horizontalAlignment", "verticalAlignment"],
    ["columnWidth", "rowHeight", "wrapText", "horizontalAlignment", "verticalAlignment"],
    ["font", "fill"]
  );

  class RangeFont extends ClientObject {
    constructor(range) {
      super(range._ctx, range._path + ".format.font", () => range._id());
      this._range = range;
    }
    _read(name) {
      return readUniform(this._range, name);
    }
    _write(name, value) {
      writeFormat(this._range, name, value);
    }
  }
  defineProperties(
    RangeFont,
    "RangeFont",
    ["bold", "italic", "underline", "color", "name", "size"],
    ["bold", "italic", "underline", "color", "name", "size"],
    []
  );

  class RangeFill extends ClientObject {
    constructor(range) {
      super(range._ctx, range._path + ".format.fill", () => range._id());
      this._range = range;
    }
    _read(name) {
      if (name === "color") return readUniform(this._range, "fill") || "#FFFFFF";
      throw invalidArgument("RangeFill." + name);
    }
    _write(name, value) {
      writeFormat(this._range, "fill", value);
    }
    clear() {
      this._act("clear", [], () => writeFormat(this._range, "fill", ""));
    }
  }
  defineProperties(RangeFill, "RangeFill", ["color"], ["color"], []);

  // ------------------------------------------------------------------ Tables

  class TableCollection extends ClientCollection {
    /** scope(): a sheet id for a worksheet's tables, null for the workbook's. */
    constructor(ctx, path, scope, filter) {
      super(ctx, path, () => "tables", Table);
      this._scope = scope;
      // Range.getTables: only the tables that meet the range.
      this._filter = filter || (() => true);
    }
    _list() {
      const sheetId = this._scope();
      return M.tables
        .filter((t) => (sheetId === null || t.sheetId === sheetId) && this._filter(t))
        .map((t) => t.id);
    }
    _read(name) {
      if (name === "count") return this._list().length;
      throw invalidArgument("TableCollection." + name);
    }
    _find(key) {
      const sheetId = this._scope();
      const lower = String(key).toLowerCase();
      return (
        M.tables.find(
          (t) =>
            (sheetId === null || t.sheetId === sheetId) &&
            this._filter(t) &&
            (t.id === String(key) || t.name.toLowerCase() === lower)
        ) || null
      );
    }
    getItem(key) {
      return new Table(this._ctx, this._path + ".getItem(" + JSON.stringify(key) + ")", () => {
        const table = this._find(key);
        if (!table) throw itemNotFound("TableCollection.getItem");
        return table.id;
      });
    }
    getItemOrNullObject(key) {
      return new Table(
        this._ctx,
        this._path + ".getItemOrNullObject(" + JSON.stringify(key) + ")",
        () => {
          const table = this._find(key);
          return table ? table.id : null;
        },
        { orNull: true }
      );
    }
    getItemAt(index) {
      return new Table(this._ctx, this._path + ".getItemAt(" + index + ")", () => {
        const ids = this._list();
        if (!(index >= 0 && index < ids.length)) throw itemNotFound("TableCollection.getItemAt");
        return ids[index];
      });
    }
    add(address, hasHeaders) {
      this._sameContext(address, "TableCollection.add");
      const proxy = new Table(
        this._ctx,
        this._path +
          ".add(" +
          JSON.stringify(typeof address === "string" ? address : address && address._path) +
          "," +
          !!hasHeaders +
          ")",
        () => {
          throw officeError(
            "InvalidObjectPath",
            "TableCollection.add",
            undefined,
            "TableCollection.add"
          );
        }
      );
      this._ctx._enqueue(
        {
          a: "method",
          o: this._path,
          n: "add",
          args: [typeof address === "string" ? address : address && address._path, !!hasHeaders],
        },
        () => {
          const location = "TableCollection.add";
          let sheet;
          let rect;
          const scopeId = this._scope();
          if (typeof address === "string") {
            const parsed = parseAddress(address, location);
            if (parsed.sheet !== null) {
              sheet = findSheet(parsed.sheet);
              if (!sheet || (scopeId !== null && sheet.id !== scopeId))
                throw invalidArgument(location);
            } else {
              sheet = scopeId !== null ? sheetById(scopeId) : activeSheet();
            }
            rect = { ...parsed.rect };
          } else if (address instanceof Range) {
            const info = address._info();
            sheet = info.sheet;
            rect = { ...info.rect };
            if (scopeId !== null && sheet.id !== scopeId) throw invalidArgument(location);
          } else {
            throw invalidArgument(location);
          }
          if (isEntireColumns(rect) || cellCount(rect) > 2000000) throw invalidArgument(location);
          for (const other of M.tables) {
            if (other.sheetId === sheet.id && intersect(other, rect))
              throw invalidArgument(location, "A table can't overlap another table.");
          }
          if (!hasHeaders) {
            // Excel inserts a generated header row: the cells of these columns move down by one.
            for (let r = sheet.rows.length - 1; r >= rect.r0; r--) {
              for (let c = rect.c0; c <= rect.c1; c++) {
                const cell = getCell(sheet, r, c);
                const below = sheet.rows[r + 1] || (sheet.rows[r + 1] = []);
                below[c] = cell;
                if (sheet.rows[r]) sheet.rows[r][c] = null;
              }
            }
            for (let c = rect.c0; c <= rect.c1; c++) ensureCell(sheet, rect.r0, c).v = "";
            rect.r1 += 1;
          }
          // A table always has a data row.
          if (rect.r1 === rect.r0) rect.r1 += 1;
          let name;
          do name = "Table" + M.nextTableNumber++;
          while (M.tables.some((t) => t.name.toLowerCase() === name.toLowerCase()));
          const table = {
            id: String(M.nextTableNumber + 1000),
            name,
            sheetId: sheet.id,
            r0: rect.r0,
            c0: rect.c0,
            r1: rect.r1,
            c1: rect.c1,
            showHeaders: true,
            showTotals: false,
            style: "TableStyleMedium2",
          };
          fixHeaders(sheet, table);
          M.tables.push(table);
          proxy._memo = table.id;
          return null;
        }
      );
      return proxy;
    }
  }
  defineProperties(TableCollection, "TableCollection", ["count"], [], []);

  class Table extends ClientObject {
    _table() {
      return tableById(this._id(), this._path);
    }
    get worksheet() {
      return this._child(
        "worksheet",
        () => new Worksheet(this._ctx, this._path + ".worksheet", () => this._table().sheetId)
      );
    }
    get rows() {
      return this._child("rows", () => new TableRowCollection(this));
    }
    get columns() {
      return this._child("columns", () => new TableColumnCollection(this));
    }
    _read(name) {
      const table = this._table();
      switch (name) {
        case "id":
          return table.id;
        case "name":
          return table.name;
        case "showHeaders":
          return table.showHeaders;
        case "showTotals":
          return table.showTotals;
        case "style":
          return table.style;
      }
      throw invalidArgument("Table." + name);
    }
    _write(name, value) {
      const table = this._table();
      if (name === "name") {
        checkTableName(value, table.id, "Table.name");
        table.name = value;
      } else if (name === "showHeaders" || name === "showTotals") {
        table[name] = !!value;
      } else if (name === "style") {
        table.style = String(value);
      }
    }
    _tableRange(name, make) {
      return new Range(this._ctx, this._path + "." + name + "()", () => {
        const table = this._table();
        return { sheetId: table.sheetId, rect: make(table) };
      });
    }
    getRange() {
      return this._tableRange("getRange", (t) => ({ r0: t.r0, c0: t.c0, r1: t.r1, c1: t.c1 }));
    }
    getHeaderRowRange() {
      return this._tableRange("getHeaderRowRange", (t) => ({
        r0: t.r0,
        c0: t.c0,
        r1: t.r0,
        c1: t.c1,
      }));
    }
    getDataBodyRange() {
      return this._tableRange("getDataBodyRange", (t) => ({
        r0: t.r0 + 1,
        c0: t.c0,
        r1: t.r1,
        c1: t.c1,
      }));
    }
    delete() {
      this._act("delete", [], () => {
        const table = this._table();
        const sheet = sheetById(table.sheetId);
        eachStored(sheet, table, (cell, r, c) => (sheet.rows[r][c] = null));
        M.tables = M.tables.filter((t) => t !== table);
      });
    }
    convertToRange() {
      const range = this.getRange();
      this._act("convertToRange", [], () => {
        const table = this._table();
        range._memo = {
          sheetId: table.sheetId,
          rect: { r0: table.r0, c0: table.c0, r1: table.r1, c1: table.c1 },
        };
        M.tables = M.tables.filter((t) => t !== table);
      });
      return range;
    }
  }
  defineProperties(
    Table,
    "Table",
    ["id", "name", "showHeaders", "showTotals", "style"],
    ["name", "showHeaders", "showTotals", "style"],
    ["worksheet", "rows", "columns"]
  );

  class TableRowCollection extends ClientCollection {
    constructor(table) {
      super(table._ctx, table._path + ".rows", () => table._id(), TableRow);
      this._table = table;
    }
    _list() {
      const table = this._table._table();
      const ids = [];
      for (let i = 0; i < table.r1 - table.r0; i++) ids.push({ tableId: table.id, index: i });
      return ids;
    }
    _itemPath(id) {
      return this._path + ".getItemAt(" + id.index + ")";
    }
    _read(name) {
      if (name === "count") return this._list().length;
      throw invalidArgument("TableRowCollection." + name);
    }
    getItemAt(index) {
      return new TableRow(this._ctx, this._path + ".getItemAt(" + index + ")", () => {
        const table = this._table._table();
        if (!(index >= 0 && index < table.r1 - table.r0))
          throw itemNotFound("TableRowCollection.getItemAt");
        return { tableId: table.id, index };
      });
    }
    add(index, values, alwaysInsert) {
      const row = new TableRow(this._ctx, this._path + ".add()", () => {
        throw officeError(
          "InvalidObjectPath",
          "TableRowCollection.add",
          undefined,
          "TableRowCollection.add"
        );
      });
      this._ctx._enqueue(
        {
          a: "method",
          o: this._path,
          n: "add",
          args: [index ?? null, values ?? null, !!alwaysInsert],
        },
        () => {
          const location = "TableRowCollection.add";
          const table = this._table._table();
          const sheet = sheetById(table.sheetId);
          const width = tableColumnCount(table);
          const rows =
            values === undefined || values === null ? [new Array(width).fill("")] : values;
          if (
            !Array.isArray(rows) ||
            rows.length === 0 ||
            !rows.every((r) => Array.isArray(r) && r.length === width)
          ) {
            throw invalidArgument(
              location,
              "The number of rows or columns in the input array doesn't match the size or dimensions of the range."
            );
          }
          const parsed = rows.map((r) => r.map((v) => inputCell(v, false, location)));
          const dataRows = table.r1 - table.r0;
          // A new table's one empty data row is filled first (as the Excel samples show).
          let firstEmpty = false;
          if (dataRows === 1 && (index === undefined || index === null || index === 0)) {
            firstEmpty = true;
            for (let c = table.c0; c <= table.c1; c++)
              if (cellValue(getCell(sheet, table.r0 + 1, c)) !== "") firstEmpty = false;
          }
          let at = index === undefined || index === null ? dataRows : index;
          if (!(at >= 0 && at <= dataRows)) throw invalidArgument(location);
          let count = parsed.length;
          if (firstEmpty) {
            at = 0;
            count -= 1;
          }
          if (count > 0) {
            const insertAt = table.r0 + 1 + at;
            // Cells of the table's columns from the insertion row down move by `count` rows.
            for (let r = sheet.rows.length - 1; r >= insertAt; r--) {
              for (let c = table.c0; c <= table.c1; c++) {
                const cell = getCell(sheet, r, c);
                if (!cell && !sheet.rows[r + count]) continue;
                const dest = sheet.rows[r + count] || (sheet.rows[r + count] = []);
                dest[c] = cell;
                if (sheet.rows[r]) sheet.rows[r][c] = null;
              }
            }
            table.r1 += count;
            for (const other of M.tables) {
              if (
                other !== table &&
                other.sheetId === table.sheetId &&
                other.r0 >= insertAt &&
                other.c0 <= table.c1 &&
                other.c1 >= table.c0
              ) {
                other.r0 += count;
                other.r1 += count;
              }
            }
          }
          parsed.forEach((cells, i) => {
            cells.forEach((cell, j) => {
              if (cell) writeInput(sheet, table.r0 + 1 + at + i, table.c0 + j, cell);
            });
          });
          row._memo = { tableId: table.id, index: at };
          return null;
        }
      );
      return row;
    }
  }
  defineProperties(TableRowCollection, "TableRowCollection", ["count"], [], []);

  class TableRow extends ClientObject {
    _info() {
      const id = this._id();
      const table = tableById(id.tableId, this._path);
      const r = table.r0 + 1 + id.index;
      return {
        sheet: sheetById(table.sheetId),
        rect: { r0: r, c0: table.c0, r1: r, c1: table.c1 },
      };
    }
    _read(name) {
      if (name === "index") return this._id().index;
      if (name === "values") {
        const { sheet, rect } = this._info();
        const row = [];
        for (let c = rect.c0; c <= rect.c1; c++) row.push(cellValue(getCell(sheet, rect.r0, c)));
        return [row];
      }
      throw invalidArgument("TableRow." + name);
    }
    _write(name, value) {
      const range = new Range(this._ctx, this._path, () => {
        const { sheet, rect } = this._info();
        return { sheetId: sheet.id, rect };
      });
      range._write("values", value);
    }
    getRange() {
      return new Range(this._ctx, this._path + ".getRange()", () => {
        const { sheet, rect } = this._info();
        return { sheetId: sheet.id, rect };
      });
    }
  }
  defineProperties(TableRow, "TableRow", ["index", "values"], ["values"], []);

  class TableColumnCollection extends ClientCollection {
    constructor(table) {
      super(table._ctx, table._path + ".columns", () => table._id(), TableColumn);
      this._table = table;
    }
    _list() {
      const table = this._table._table();
      return tableHeaderNames(table).map((_, index) => ({ tableId: table.id, index }));
    }
    _itemPath(id) {
      return this._path + ".getItemAt(" + id.index + ")";
    }
    _read(name) {
      if (name === "count") return this._list().length;
      throw invalidArgument("TableColumnCollection." + name);
    }
    _find(key) {
      const table = this._table._table();
      const names = tableHeaderNames(table);
      let index = names.findIndex((n) => n.toLowerCase() === String(key).toLowerCase());
      if (index < 0 && typeof key === "number")
        index = names.length >= key && key >= 1 ? key - 1 : -1;
      return index < 0 ? null : { tableId: table.id, index };
    }
    getItem(key) {
      return new TableColumn(
        this._ctx,
        this._path + ".getItem(" + JSON.stringify(key) + ")",
        () => {
          const id = this._find(key);
          if (!id) throw itemNotFound("TableColumnCollection.getItem");
          return id;
        }
      );
    }
    getItemOrNullObject(key) {
      return new TableColumn(
        this._ctx,
        this._path + ".getItemOrNullObject(" + JSON.stringify(key) + ")",
        () => this._find(key),
        { orNull: true }
      );
    }
    getItemAt(index) {
      return new TableColumn(this._ctx, this._path + ".getItemAt(" + index + ")", () => {
        const table = this._table._table();
        if (!(index >= 0 && index < tableColumnCount(table)))
          throw itemNotFound("TableColumnCollection.getItemAt");
        return { tableId: table.id, index };
      });
    }
  }
  // Only appending at the end is modelled: Excel moves the cells right of the table's rows.
  TableColumnCollection.prototype.add = function (index, values, name) {
    const location = "TableColumnCollection.add";
    if (values !== undefined && values !== null) throw invalidArgument(location);
    const proxy = new TableColumn(this._ctx, this._path + ".add()", () => proxy._memo);
    this._ctx._enqueue(
      { a: "method", o: this._path, n: "add", args: [index ?? null, null, name ?? null] },
      () => {
        const table = this._table._table();
        if (index !== undefined && index !== null && index !== tableColumnCount(table))
          throw invalidArgument(location);
        const sheet = sheetById(table.sheetId);
        for (let r = table.r0; r <= table.r1; r++) {
          const row = sheet.rows[r];
          if (row && row.length > table.c1 + 1) row.splice(table.c1 + 1, 0, null);
        }
        table.c1 += 1;
        ensureCell(sheet, table.r0, table.c1).v =
          name === undefined || name === null ? "" : String(name);
        fixHeaders(sheet, table);
        proxy._memo = { tableId: table.id, index: table.c1 - table.c0 };
        return null;
      }
    );
    return proxy;
  };
  defineProperties(TableColumnCollection, "TableColumnCollection", ["count"], [], []);

  class TableColumn extends ClientObject {
    _info() {
      const id = this._id();
      const table = tableById(id.tableId, this._path);
      const c = table.c0 + id.index;
      return {
        table,
        sheet: sheetById(table.sheetId),
        rect: { r0: table.r0, c0: c, r1: table.r1, c1: c },
      };
    }
    _read(name) {
      const { table, sheet, rect } = this._info();
      if (name === "index") return this._id().index;
      if (name === "id") return String(this._id().index + 1);
      if (name === "name") return cellText(sheet, table.r0, rect.c0);
      if (name === "values") {
        const rows = [];
        for (let r = rect.r0; r <= rect.r1; r++) rows.push([cellValue(getCell(sheet, r, rect.c0))]);
        return rows;
      }
      throw invalidArgument("TableColumn." + name);
    }
    _write(name, value) {
      const { table, sheet, rect } = this._info();
      if (name === "name") {
        writeInput(sheet, table.r0, rect.c0, { v: String(value) });
        fixHeaders(sheet, table);
      }
    }
    _columnRange(name, make) {
      return new Range(this._ctx, this._path + "." + name + "()", () => {
        const { sheet, rect } = this._info();
        return { sheetId: sheet.id, rect: make(rect) };
      });
    }
    getRange() {
      return this._columnRange("getRange", (rect) => rect);
    }
    getHeaderRowRange() {
      return this._columnRange("getHeaderRowRange", (rect) => ({ ...rect, r1: rect.r0 }));
    }
    getDataBodyRange() {
      return this._columnRange("getDataBodyRange", (rect) => ({ ...rect, r0: rect.r0 + 1 }));
    }
  }
  defineProperties(TableColumn, "TableColumn", ["id", "index", "name", "values"], ["name"], []);

  // ------------------------------------------------------------------ Excel.run

  async function run(...args) {
    let batch;
    let ctx = null;
    if (args.length === 1) batch = args[0];
    else if (args.length === 2) {
      const first = args[0];
      batch = args[1];
      if (first instanceof RequestContext) ctx = first;
      else if (first instanceof ClientObject) ctx = first._ctx;
      else if (Array.isArray(first) && first.length && first[0] instanceof ClientObject)
        ctx = first[0]._ctx;
    }
    if (typeof batch !== "function") throw officeError("InvalidArgument", "Excel.run");
    await ready;
    const context = ctx || new RequestContext();
    const wasFinished = context._finished;
    context._finished = false;
    try {
      const result = batch(context);
      if (result === null || result === undefined || typeof result.then !== "function")
        throw officeError("RunMustReturnPromise", "Excel.run");
      const value = await result;
      return await context.sync(value);
    } finally {
      if (!ctx || wasFinished) context._finished = true;
    }
  }

  // ---------------------------------------------------------------------------------------
  // Nested app authentication: Office's bridge that MSAL.js asks for tokens
  // ---------------------------------------------------------------------------------------

  // config.nestedAppAuth = { tokenUrl, user, cancel }: Office is signed in as `user` (null: no
  // account), and gets that account's tokens from a stand-in for Microsoft Entra ID at
  // `tokenUrl` (the test server signs them). The first token for an app needs the user's
  // consent, given in Office's own sign-in window (GetTokenPopup; `cancel`: the user closes
  // it); Office remembers it (here: the origin's localStorage), as it does across reloads.
  // Messages follow MSAL's BridgeProxy: JSON strings both ways, answered by requestId.
  const naaLog = [];
  const naaListeners = [];
  const consentKey = (clientId) => "__hostShim.naaConsent:" + clientId;
  function naaAnswer(request, answer) {
    const text = JSON.stringify({
      messageType: "NestedAppAuthResponse",
      requestId: request.requestId,
      ...answer,
    });
    setTimeout(() => naaListeners.forEach((listener) => listener(text)), 0);
  }
  async function naaToken(request) {
    const settings = config.nestedAppAuth;
    const params = request.tokenParams || {};
    const response = await fetch(settings.tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user: settings.user, clientId: params.clientId, scope: params.scope }),
    });
    if (!response.ok) throw new Error("token endpoint: HTTP " + response.status);
    const issued = await response.json();
    return { success: true, token: issued.token, account: issued.account };
  }
  async function naaHandle(request) {
    const settings = config.nestedAppAuth;
    const clientId = (request.tokenParams || {}).clientId;
    naaLog.push({ method: request.method, scope: (request.tokenParams || {}).scope || null });
    if (request.method === "GetInitContext")
      return {
        success: true,
        initContext: {
          sdkName: "host-shim",
          sdkVersion: "1.0.0",
          capabilities: { queryAccount: false },
          accountContext: undefined,
        },
      };
    if (request.method !== "GetToken" && request.method !== "GetTokenPopup")
      return { success: false, error: { status: "PERSISTENT_ERROR", code: "unsupported_method" } };
    if (!settings.user) return { success: false, error: { status: "ACCOUNT_UNAVAILABLE" } };
    if (request.method === "GetToken") {
      if (localStorage.getItem(consentKey(clientId)) !== settings.user)
        return {
          success: false,
          error: {
            status: "USER_INTERACTION_REQUIRED",
            code: "consent_required",
            description: "The user has not consented to the app yet.",
          },
        };
      return naaToken(request);
    }
    if (settings.cancel) return { success: false, error: { status: "USER_CANCEL" } };
    localStorage.setItem(consentKey(clientId), settings.user);
    return naaToken(request);
  }
  if (config.nestedAppAuth) {
    config.requirementSets = { ...config.requirementSets, NestedAppAuth: "1.1" };
    window.nestedAppAuthBridge = {
      postMessage(text) {
        const request = JSON.parse(text);
        naaHandle(request)
          .catch((error) => ({
            success: false,
            error: { status: "TRANSIENT_ERROR", code: "host_shim", description: String(error) },
          }))
          .then((answer) => naaAnswer(request, answer));
      },
      addEventListener(type, listener) {
        if (type === "message") naaListeners.push(listener);
      },
      removeEventListener(type, listener) {
        const at = naaListeners.indexOf(listener);
        if (type === "message" && at >= 0) naaListeners.splice(at, 1);
      },
    };
  }

  // ---------------------------------------------------------------------------------------
  // Office: onReady, document settings, add-in visibility, requirement sets
  // ---------------------------------------------------------------------------------------

  let liveSettings = {};
  let visibility = config.visibility === "Hidden" ? "Hidden" : "Taskpane";
  // What the page reads (document.visibilityState): it follows the host's mode, except where
  // the host reports the pane closed while the runtime's frame stays visible (Excel on the web).
  let pageVisibility = visibility;
  let showAsTaskpaneCalls = 0;
  const visibilityHandlers = [];
  const pendingSettingsFailures = [];
  const actions = new Map();

  let followingPageVisibility = false;
  function followPageVisibility() {
    // (A page opened hidden reads hidden from its first script on: the harness says so before
    // office.js loads; from here the shim's own mode decides.)
    if (followingPageVisibility) return;
    followingPageVisibility = true;
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (pageVisibility === "Hidden" ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", {
      configurable: true,
      get: () => pageVisibility === "Hidden",
    });
  }
  // The shared runtime's page runs while the pane is closed: the page reads as hidden.
  if (visibility === "Hidden") followPageVisibility();

  /**
   * The host shows or closes the pane and tells the add-in. `{ page: false }`: the page's own
   * visibility does not change (Excel on the web need not report the runtime's frame hidden).
   */
  async function setVisibility(mode, options) {
    if (mode !== "Hidden" && mode !== "Taskpane")
      throw new Error("visibility is Hidden or Taskpane");
    if (mode === visibility) return;
    visibility = mode;
    if (!options || options.page !== false) {
      followPageVisibility();
      const before = pageVisibility;
      pageVisibility = mode;
      if (before !== mode) document.dispatchEvent(new Event("visibilitychange"));
    }
    for (const handler of [...visibilityHandlers]) {
      try {
        await handler({ visibilityMode: mode });
      } catch (error) {
        console.error(error);
      }
    }
  }

  function asyncResult(status, value, error, asyncContext) {
    return { status, value, error, asyncContext };
  }

  /** office.js's async methods: (options?, callback?) with an AsyncResult, called asynchronously. */
  function asyncMethod(args, work) {
    let options = {};
    let callback = null;
    for (const arg of args) {
      if (typeof arg === "function") callback = arg;
      else if (arg && typeof arg === "object") options = arg;
    }
    Promise.resolve()
      .then(work)
      .then(
        (value) =>
          callback && callback(asyncResult("succeeded", value, undefined, options.asyncContext)),
        (error) =>
          callback && callback(asyncResult("failed", undefined, error, options.asyncContext))
      );
  }

  const settings = {
    get(name) {
      if (typeof name !== "string") throw new Error("Sys.ArgumentTypeException: name");
      const value = liveSettings[name];
      return value === undefined ? null : value;
    },
    set(name, value) {
      if (typeof name !== "string") throw new Error("Sys.ArgumentTypeException: name");
      liveSettings[name] = value;
    },
    remove(name) {
      if (typeof name !== "string") throw new Error("Sys.ArgumentTypeException: name");
      delete liveSettings[name];
    },
    saveAsync(...args) {
      asyncMethod(args, async () => {
        await ready;
        const failure = pendingSettingsFailures.shift();
        if (failure)
          throw {
            name: "Save Settings Error",
            message: failure.message || "The settings could not be saved.",
            code: 5010,
          };
        M.settings = JSON.parse(JSON.stringify(liveSettings));
        await persistWorkbook();
        return undefined;
      });
    },
    refreshAsync(...args) {
      asyncMethod(args, async () => {
        await ready;
        liveSettings = JSON.parse(JSON.stringify(M.settings));
        return settings;
      });
    },
    addHandlerAsync(...args) {
      asyncMethod(args.slice(2), () => undefined);
    },
    removeHandlerAsync(...args) {
      asyncMethod(args.slice(1), () => undefined);
    },
  };

  function versionAtLeast(have, want) {
    const a = String(have).split(".").map(Number);
    const b = String(want || "1.1")
      .split(".")
      .map(Number);
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if ((a[i] || 0) !== (b[i] || 0)) return (a[i] || 0) > (b[i] || 0);
    }
    return true;
  }

  const HostType = {
    Excel: "Excel",
    Word: "Word",
    PowerPoint: "PowerPoint",
    Outlook: "Outlook",
    OneNote: "OneNote",
    Project: "Project",
    Access: "Access",
  };
  const PlatformType = {
    PC: "PC",
    OfficeOnline: "OfficeOnline",
    Mac: "Mac",
    iOS: "iOS",
    Android: "Android",
    Universal: "Universal",
  };
  const info = { host: HostType.Excel, platform: PlatformType.OfficeOnline };

  const officeContext = {
    host: info.host,
    platform: info.platform,
    diagnostics: { host: info.host, platform: info.platform, version: "16.0.0000.0000" },
    // config.displayLanguage / contentLanguage: Office's languages (null: not given at all).
    displayLanguage: "displayLanguage" in config ? (config.displayLanguage ?? undefined) : "en-US",
    contentLanguage: "contentLanguage" in config ? (config.contentLanguage ?? undefined) : "en-US",
    // config.officeTheme: Office's theme colors, read each time (configure() changes it as a
    // user switching Excel's theme does); absent by default, as on Excel on the web.
    get officeTheme() {
      return config.officeTheme ?? undefined;
    },
    touchEnabled: false,
    commerceAllowed: true,
    document: { settings, mode: "readWrite", url: "https://host-shim.invalid/Book1.xlsx" },
    requirements: {
      isSetSupported(name, minVersion) {
        const have = config.requirementSets[name];
        return have !== undefined && versionAtLeast(have, minVersion);
      },
    },
  };

  const onReadyCallbacks = [];
  let isReady = false;

  const Office = {
    HostType,
    PlatformType,
    AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
    VisibilityMode: { hidden: "Hidden", taskpane: "Taskpane" },
    StartupBehavior: { none: "None", load: "Load" },
    EventType: {
      SettingsChanged: "settingsChanged",
      DocumentSelectionChanged: "documentSelectionChanged",
    },
    initialize: undefined,
    context: undefined,
    onReady(callback) {
      return new Promise((resolve) => {
        const done = () => {
          if (typeof callback === "function") callback(info);
          resolve(info);
        };
        if (isReady) done();
        else onReadyCallbacks.push(done);
      });
    },
    addin: {
      onVisibilityModeChanged(handler) {
        visibilityHandlers.push(handler);
        return Promise.resolve(() => {
          const i = visibilityHandlers.indexOf(handler);
          if (i >= 0) visibilityHandlers.splice(i, 1);
          return Promise.resolve();
        });
      },
      showAsTaskpane() {
        showAsTaskpaneCalls++;
        return setVisibility("Taskpane");
      },
      hide() {
        return setVisibility("Hidden");
      },
      async setStartupBehavior(behavior) {
        await ready;
        M.startupBehavior = behavior;
        await persistWorkbook();
      },
      async getStartupBehavior() {
        await ready;
        return M.startupBehavior;
      },
    },
    actions: {
      associate(id, fn) {
        actions.set(id, fn);
      },
    },
  };

  // ---------------------------------------------------------------------------------------
  // OfficeRuntime.storage: per user and add-in, 10 MB, persisted in IndexedDB
  // ---------------------------------------------------------------------------------------

  const storageItems = new Map();
  const storageSize = () => {
    let bytes = 0;
    for (const [k, v] of storageItems) bytes += (k.length + v.length) * 2;
    return bytes;
  };

  function checkKey(key) {
    if (typeof key !== "string")
      throw new TypeError("OfficeRuntime.storage: a key must be a string.");
  }

  /**
   * As office.js on the web does it over localStorage (performMultiAction): each item is
   * written if it fits; setItems then rejects with a bare Error("Unknown error.") when any did
   * not (the ones that fit stay written), setItem with the browser's QuotaExceededError.
   */
  async function storageSet(items, multi) {
    await ready;
    for (const [key, value] of items) {
      checkKey(key);
      if (typeof value !== "string")
        throw new TypeError("OfficeRuntime.storage: a value must be a string.");
    }
    let bytes = storageSize();
    const written = [];
    let failed = false;
    for (const [key, value] of items) {
      const old = storageItems.get(key);
      const next =
        bytes -
        (old === undefined ? 0 : (key.length + old.length) * 2) +
        (key.length + value.length) * 2;
      if (next > config.storageLimitBytes) {
        failed = true;
        continue;
      }
      bytes = next;
      storageItems.set(key, value);
      written.push([key, value]);
    }
    await idb("readwrite", (store) => {
      for (const [key, value] of written) store.put(value, "s:" + key);
    });
    if (failed) {
      if (multi) throw new Error("Unknown error.");
      throw new DOMException(
        "Failed to execute 'setItem' on 'Storage': Setting the value exceeded the quota.",
        "QuotaExceededError"
      );
    }
  }

  async function storageRemove(keys) {
    await ready;
    keys.forEach(checkKey);
    for (const key of keys) storageItems.delete(key);
    await idb("readwrite", (store) => {
      for (const key of keys) store.delete("s:" + key);
    });
  }

  const OfficeRuntime = {
    storage: {
      async getItem(key) {
        await ready;
        checkKey(key);
        return storageItems.has(key) ? storageItems.get(key) : null;
      },
      setItem(key, value) {
        return storageSet([[key, value]], false);
      },
      removeItem(key) {
        return storageRemove([key]);
      },
      async getKeys() {
        await ready;
        return [...storageItems.keys()];
      },
      async getItems(keys) {
        await ready;
        const result = {};
        for (const key of keys) {
          checkKey(key);
          result[key] = storageItems.has(key) ? storageItems.get(key) : null;
        }
        return result;
      },
      setItems(items) {
        return storageSet(Object.entries(items || {}), true);
      },
      removeItems(keys) {
        return storageRemove(keys || []);
      },
    },
  };

  // `runtimeStorage: "denied"`: every call rejects as office.js's does in a frame the browser
  // denies storage (third-party storage blocked without partitioning, docs/user-guide.md), for a suite
  // that needs the shim (Excel's themes); storage-denied.browser.test.ts has the real browser.
  if (config.runtimeStorage === "denied")
    for (const name of Object.keys(OfficeRuntime.storage))
      OfficeRuntime.storage[name] = () =>
        Promise.reject(
          new DOMException(
            "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
            "SecurityError"
          )
        );

  // ---------------------------------------------------------------------------------------
  // CustomFunctions (the shared runtime's custom functions API)
  // ---------------------------------------------------------------------------------------

  const ErrorCode = {
    invalidValue: "#VALUE!",
    notAvailable: "#N/A",
    divisionByZero: "#DIV/0!",
    invalidNumber: "#NUM!",
    nullReference: "#NULL!",
    invalidName: "#NAME?",
    invalidReference: "#REF!",
  };

  class CustomFunctionError extends Error {
    constructor(errorCode, errorMessage) {
      super(errorMessage || "");
      Object.setPrototypeOf(this, CustomFunctionError.prototype);
      this.type = "Error";
      this.code = errorCode || ErrorCode.invalidValue;
      this.basicValue = this.code;
      this.stack = undefined;
    }
  }

  const associations = {};
  const CustomFunctions = {
    Error: CustomFunctionError,
    ErrorCode,
    associate(idOrMappings, fn) {
      if (arguments.length === 1 && idOrMappings && typeof idOrMappings === "object") {
        for (const key of Object.keys(idOrMappings))
          CustomFunctions.associate(key, idOrMappings[key]);
        return;
      }
      if (typeof idOrMappings !== "string" || typeof fn !== "function") {
        console.warn("[InvalidArg] Function=associate");
        return;
      }
      const id = idOrMappings.toUpperCase();
      if (associations[id]) console.warn("[DuplicatedName] Function=" + idOrMappings);
      associations[id] = fn;
    },
  };

  function cellResult(value) {
    if (value instanceof CustomFunctionError)
      return { error: value.code, message: value.message || undefined };
    // A spilled array: an error is an element of the array (Microsoft's documented form).
    if (Array.isArray(value))
      return value.map((row) => (Array.isArray(row) ? row.map((v) => cellResult(v)) : row));
    return value;
  }

  /**
   * What Excel shows for a function that threw or whose promise rejected: the
   * CustomFunctions.Error it threw; for anything else a bare #VALUE! (kept here with the
   * thrown message and `unexpected: true`, so that a test can tell it is a bug).
   */
  function cellRejection(error) {
    if (error instanceof CustomFunctionError) return cellResult(error);
    return {
      error: ErrorCode.invalidValue,
      message: error instanceof Error ? error.message : String(error),
      unexpected: true,
    };
  }

  // Excel calls a custom function with every parameter its metadata (functions.json, served
  // beside the page) declares: an omitted optional argument arrives as null, never undefined.
  let declared = null;
  function declaredParameters(id) {
    declared =
      declared ||
      fetch(new URL(config.functionsMetadataUrl || "functions.json", location.href).href)
        .then((response) => (response.ok ? response.json() : { functions: [] }))
        .then((json) => {
          const byId = new Map();
          for (const f of json.functions || [])
            byId.set(String(f.id).toUpperCase(), f.parameters || []);
          return byId;
        })
        .catch(() => new Map());
    return declared.then((byId) => byId.get(String(id).toUpperCase()));
  }

  /** Calls an associated function as Excel would for one cell; resolves with its (first) result. */
  function invokeFunction(id, args, options) {
    const fn = associations[String(id).toUpperCase()];
    if (!fn) return Promise.reject(new Error("no function associated with id " + id));
    return declaredParameters(id).then((parameters) => {
      const given = (args || []).map((a) => (a === undefined ? null : a));
      if (parameters && given.length > parameters.length)
        throw new Error(
          "MAIL." +
            String(id).toUpperCase() +
            " takes " +
            parameters.length +
            " arguments, not " +
            given.length
        );
      const padded = parameters
        ? given.concat(parameters.slice(given.length).map(() => null))
        : given;
      return callFunction(fn, id, padded, options || {});
    });
  }

  function callFunction(fn, id, args, opts) {
    return new Promise((resolve, reject) => {
      const invocation = {
        address: opts.address || "Sheet1!A1",
        functionName: "MAIL." + String(id).toUpperCase(),
        parameterAddresses: [],
        // Excel previews a formula's value while it is typed (CustomFunctionsRuntime 1.5).
        isInValuePreview: opts.preview === true,
        setResult: (value) => resolve(cellResult(value)),
        onCanceled: undefined,
      };
      let returned;
      try {
        returned = fn(...args, invocation);
      } catch (error) {
        resolve(cellRejection(error));
        return;
      }
      // The function's own failures are cell outcomes; `reject` is only for the shim's own
      // (no such id, no result in time).
      if (returned !== undefined)
        Promise.resolve(returned).then(
          (v) => resolve(cellResult(v)),
          (error) => resolve(cellRejection(error))
        );
      if (opts.timeoutMs)
        setTimeout(
          () => reject(new Error("no result from " + id + " within " + opts.timeoutMs + " ms")),
          opts.timeoutMs
        );
    });
  }

  // ---------------------------------------------------------------------------------------
  // Calculation of MAIL formulas: Range.calculate() and __hostShim.calculate() call the
  // function of each `=MAIL.NAME(arg, …)` cell of the range as Excel would, its arguments text,
  // numbers, booleans, empty, or a cell of the same sheet. Nothing else is evaluated.
  // ---------------------------------------------------------------------------------------

  /** The last result of each calculated cell ("Sheet1!D2"), as invokeFunction resolves it. */
  const calculatedResults = new Map();

  function splitArguments(text) {
    const args = [];
    let current = "";
    let quoted = false;
    for (const ch of text) {
      if (ch === '"') quoted = !quoted;
      if (ch === "," && !quoted) {
        args.push(current.trim());
        current = "";
      } else current += ch;
    }
    if (args.length > 0 || current.trim() !== "") args.push(current.trim());
    return args;
  }

  function mailCall(formula) {
    const match = /^=\s*MAIL\.([A-Z_][A-Z0-9_]*)\s*\((.*)\)\s*$/i.exec(formula);
    return match ? { id: match[1].toUpperCase(), args: splitArguments(match[2]) } : null;
  }

  function argumentValue(sheet, text) {
    if (text === "") return null;
    if (/^"(?:[^"]|"")*"$/.test(text)) return text.slice(1, -1).replace(/""/g, '"');
    if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
    if (/^(TRUE|FALSE)$/i.test(text)) return text.toUpperCase() === "TRUE";
    if (/^\$?[A-Z]{1,3}\$?\d+$/i.test(text)) {
      const { rect } = parseAddress(text.replace(/\$/g, ""), "calculate");
      const value = cellValue(getCell(sheet, rect.r0, rect.c0));
      return value === "" ? null : value;
    }
    throw new Error("host shim: cannot evaluate the argument " + text);
  }

  /** What the grid shows of a result: errors as their code, cards and dates as their value. */
  function shownValue(value) {
    if (value && typeof value === "object") {
      if (typeof value.error === "string") return value.error;
      if ("basicValue" in value) return value.basicValue;
      if (typeof value.text === "string") return value.text;
      return "#VALUE!";
    }
    return value;
  }

  /** Calculates one cell's MAIL formula; resolves with its result (null: not a MAIL formula). */
  function calculateCell(sheet, r, c) {
    const cell = getCell(sheet, r, c);
    const formula = cell && typeof cell.f === "string" ? cell.f : null;
    const call = formula && mailCall(formula);
    if (!call) return null;
    const address = sheet.name + "!" + columnName(c) + (r + 1);
    const args = call.args.map((text) => argumentValue(sheet, text));
    return invokeFunction(call.id, args, { address }).then((result) => {
      calculatedResults.set(address, result);
      const now = getCell(sheet, r, c);
      if (!now || now.f !== formula) return result;
      const matrix = Array.isArray(result) ? result : [[result]];
      putFormulaResult(
        sheet,
        r,
        c,
        formula,
        matrix.map((row) => row.map(shownValue))
      );
      void persistWorkbook();
      return result;
    });
  }

  /** Calculates the MAIL formulas of a range; resolves with their results, cell by cell. */
  function calculateRange(sheet, rect) {
    const pending = [];
    eachStored(sheet, rect, (cell, r, c) => {
      const done = calculateCell(sheet, r, c);
      if (done) pending.push(done.then((result) => [columnName(c) + (r + 1), result]));
    });
    return Promise.all(pending).then((entries) => Object.fromEntries(entries));
  }

  // ---------------------------------------------------------------------------------------
  // Globals
  // ---------------------------------------------------------------------------------------

  const Excel = {
    run,
    RequestContext,
    ErrorCodes,
    CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
    RangeValueType: {
      unknown: "Unknown",
      empty: "Empty",
      string: "String",
      integer: "Integer",
      double: "Double",
      boolean: "Boolean",
      error: "Error",
      richValue: "RichValue",
    },
    ClearApplyTo: {
      all: "All",
      formats: "Formats",
      contents: "Contents",
      hyperlinks: "Hyperlinks",
      removeHyperlinks: "RemoveHyperlinks",
    },
    HorizontalAlignment: {
      general: "General",
      left: "Left",
      center: "Center",
      right: "Right",
      fill: "Fill",
      justify: "Justify",
      centerAcrossSelection: "CenterAcrossSelection",
      distributed: "Distributed",
    },
  };

  const OfficeExtension = {
    Error: RichApiError,
    ErrorCodes,
    ClientResult,
    ClientObject,
    ClientRequestContext: RequestContext,
    Promise,
    config: { extendedErrorLogging: false },
  };

  window.Office = Office;
  window.OfficeRuntime = OfficeRuntime;
  window.CustomFunctions = CustomFunctions;
  window.Excel = Excel;
  window.OfficeExtension = OfficeExtension;

  // ---------------------------------------------------------------------------------------
  // Test API
  // ---------------------------------------------------------------------------------------

  function snapshot() {
    const sheets = M.sheets.map((sheet, position) => {
      const used = usedRect(sheet, false);
      const values = [];
      const formulas = {};
      const numberFormats = {};
      const formats = {};
      const spills = {};
      if (used) {
        for (let r = 0; r <= used.r1; r++) {
          const row = [];
          for (let c = 0; c <= used.c1; c++) {
            const cell = getCell(sheet, r, c);
            row.push(cellValue(cell));
            if (!cell) continue;
            const a = columnName(c) + (r + 1);
            if (cell.f !== undefined) formulas[a] = cell.f;
            if (cell.spill) spills[a] = formatRect(spillRect(cell, r, c));
            if (cell.nf !== undefined) numberFormats[a] = cell.nf;
            if (cell.fmt !== undefined && Object.keys(cell.fmt).length)
              formats[a] = { ...cell.fmt };
          }
          values.push(row);
        }
      }
      const columnFormats = {};
      for (const [c, f] of Object.entries(sheet.colFormats))
        columnFormats[columnName(Number(c))] = JSON.parse(JSON.stringify(f));
      const columnWidths = {};
      for (const [c, w] of Object.entries(sheet.colWidths)) columnWidths[columnName(Number(c))] = w;
      return {
        id: sheet.id,
        name: sheet.name,
        position,
        visibility: sheet.visibility,
        active: sheet.id === M.activeSheetId,
        usedRange: used ? formatRect(used) : null,
        values,
        formulas,
        spills,
        numberFormats,
        formats,
        columnFormats,
        columnWidths,
        autofitColumns: sheet.autofitColumns
          .slice()
          .sort((a, b) => a - b)
          .map(columnName),
        frozenRows: sheet.frozenRows,
        frozenColumns: sheet.frozenColumns,
        selection: formatRect(sheet.selection),
        selectionAreas: sheet.selectionAreas || 1,
      };
    });
    const tables = M.tables.map((t) => {
      const sheet = sheetById(t.sheetId);
      return {
        id: t.id,
        name: t.name,
        sheet: sheet.name,
        address: formatAddress(sheet.name, t),
        headers: tableHeaderNames(t),
        rowCount: t.r1 - t.r0,
        showHeaders: t.showHeaders,
        style: t.style,
      };
    });
    const active = activeSheet();
    return {
      activeSheet: active.name,
      selection: formatAddress(active.name, active.selection),
      sheets,
      tables,
      names: (M.names || []).map((n) => ({ ...n })),
      settings: JSON.parse(JSON.stringify(M.settings)),
      startupBehavior: M.startupBehavior,
    };
  }

  async function load() {
    const [text, stored] = await Promise.all([
      idb("readonly", (store, done) => request(store.get("workbook")).then(done)),
      idb("readonly", async (store, done) => {
        const range = IDBKeyRange.bound("s:", "s:\uffff");
        const [keys, values] = await Promise.all([
          request(store.getAllKeys(range)),
          request(store.getAll(range)),
        ]);
        done(keys.map((k, i) => [String(k).slice(2), values[i]]));
      }),
    ]);
    M = text ? JSON.parse(text) : newWorkbook();
    for (const [key, value] of stored) storageItems.set(key, value);
    liveSettings = JSON.parse(JSON.stringify(M.settings));
    if (!text) await persistWorkbook();
  }

  async function mutate(fn) {
    await ready;
    const result = fn();
    await persistWorkbook();
    return result;
  }

  window.__hostShim = {
    /** Resolves once the workbook and storage are loaded (Office.onReady waits for it too). */
    ready,
    /** The calculation types requested through Application.calculate, in order. */
    calculations: () => calculations.slice(),
    config,
    /** Selects a range ("A1:C10"; "A1:A3,C1:C3" for several areas) and activates its sheet, as a user would. */
    setSelection(sheetName, address) {
      return mutate(() => {
        const sheet = findSheet(sheetName);
        if (!sheet) throw new Error("no sheet " + sheetName);
        const areas = String(address)
          .split(",")
          .map((a) => parseAddress(a, "setSelection").rect);
        M.activeSheetId = sheet.id;
        sheet.selection = { ...areas[0] };
        sheet.selectionAreas = areas.length;
      });
    },
    /** Types values into a sheet (created when missing) from a top-left cell, as a user would. */
    setCells(sheetName, topLeft, values) {
      return mutate(() => {
        let sheet = findSheet(sheetName);
        if (!sheet) {
          checkSheetName(sheetName, null, "setCells");
          sheet = createSheet(M, sheetName);
        }
        const start = parseAddress(topLeft, "setCells").rect;
        values.forEach((row, i) =>
          row.forEach((value, j) => {
            const text = effectiveNumberFormat(sheet, start.r0 + i, start.c0 + j) === "@";
            const parsed = inputCell(value, text, "setCells");
            if (parsed) writeInput(sheet, start.r0 + i, start.c0 + j, parsed);
          })
        );
      });
    },
    /**
     * A formula cell with the result Excel calculated (the shim calculates nothing): a matrix of
     * more than one cell spills from the cell over its shape, as a dynamic array does.
     */
    setFormulaResult(sheetName, address, formula, values) {
      return mutate(() => {
        const sheet = findSheet(sheetName);
        if (!sheet) throw new Error("no sheet " + sheetName);
        const { rect } = parseAddress(address, "setFormulaResult");
        if (rect.r0 !== rect.r1 || rect.c0 !== rect.c1)
          throw new Error("setFormulaResult: one cell, not " + address);
        putFormulaResult(sheet, rect.r0, rect.c0, formula, values);
      });
    },
    addSheet(name) {
      return mutate(() => {
        checkSheetName(name, null, "addSheet");
        createSheet(M, name);
      });
    },
    /** A JSON snapshot of the workbook: sheets (values from A1, formulas, formats), tables, saved settings. */
    workbook: () => snapshot(),
    /** Document settings in memory, saved or not (workbook().settings holds the saved ones). */
    liveSettings: () => JSON.parse(JSON.stringify(liveSettings)),
    /** OfficeRuntime.storage's items. */
    storage: () => Object.fromEntries(storageItems),
    /** Excel requests: syncs made, and one entry per non-empty sync with its payload sizes. */
    requests: () => ({ syncs: syncCount, requests: requestLog.map((r) => ({ ...r })) }),
    clearRequests() {
      requestLog.length = 0;
      syncCount = 0;
    },
    /** The next non-empty sync fails with this error (fault injection), e.g. { code: "GeneralException" }. */
    failNextSync(error) {
      pendingFailures.push(error || {});
    },
    failNextSettingsSave(error) {
      pendingSettingsFailures.push(error || {});
    },
    configure(changes) {
      Object.assign(config, changes);
    },
    /** What MSAL asked of Office's nested app authentication bridge, in order. */
    naaRequests: () => naaLog.map((entry) => ({ ...entry })),
    /** Office forgets the user's consent to an app (as an admin or the user can revoke it). */
    withdrawConsent(clientId) {
      localStorage.removeItem(consentKey(clientId));
    },
    /** Ids given to CustomFunctions.associate, upper-cased as the runtime keeps them. */
    functionIds: () => Object.keys(associations),
    invokeFunction,
    /**
     * Calculates the MAIL formulas of a range as Excel does when they are entered or
     * recalculated; resolves with each cell's result by address ("D2": result).
     */
    calculate(sheetName, address) {
      return ready.then(() => {
        const sheet = findSheet(sheetName);
        if (!sheet) throw new Error("no sheet " + sheetName);
        return calculateRange(sheet, parseAddress(address, "calculate").rect);
      });
    },
    /** An error as office.js's host gives it (code, message, location): for the Office host page. */
    officeError,
    /** Every formula cell: { sheet, address, formula } (the Office host page calculates them). */
    formulaCells() {
      const cells = [];
      for (const sheet of M.sheets)
        eachStored(sheet, { r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 }, (cell, r, c) => {
          if (cell.f !== undefined)
            cells.push({ sheet: sheet.name, address: columnName(c) + (r + 1), formula: cell.f });
        });
      return cells;
    },
    /** A cell's value ("" when empty), or undefined when the sheet is missing. */
    valueAt(sheetName, address) {
      const sheet = findSheet(sheetName);
      if (!sheet) return undefined;
      const { rect } = parseAddress(address, "valueAt");
      return cellValue(getCell(sheet, rect.r0, rect.c0));
    },
    /**
     * Results of formula cells, written only where the cell still holds that formula (one save
     * for all): [{ address, formula, values }]; resolves with the addresses written.
     */
    setFormulaResults(sheetName, results) {
      return mutate(() => {
        const sheet = findSheet(sheetName);
        if (!sheet) return [];
        const written = [];
        // A result is not an edit: it does not recalculate anything.
        const hook = config.onCellWritten;
        config.onCellWritten = null;
        try {
          for (const { address, formula, values } of results) {
            const { rect } = parseAddress(address, "setFormulaResults");
            const cell = getCell(sheet, rect.r0, rect.c0);
            if (!cell || cell.f !== formula) continue;
            putFormulaResult(sheet, rect.r0, rect.c0, formula, values);
            written.push(address);
          }
        } finally {
          config.onCellWritten = hook;
        }
        return written;
      });
    },
    /** The last result of a calculated cell ("Sheet1!D2"), or undefined. */
    calculatedResult: (address) => calculatedResults.get(address),
    actionIds: () => [...actions.keys()],
    invokeAction(id) {
      const fn = actions.get(id);
      if (!fn) return Promise.reject(new Error("no action " + id));
      return new Promise((resolve) => fn({ completed: resolve, source: { id } }));
    },
    visibility: () => visibility,
    setVisibility,
    /** How many times the add-in called Office.addin.showAsTaskpane(). */
    showAsTaskpaneCalls: () => showAsTaskpaneCalls,
    /** An empty workbook and empty OfficeRuntime.storage (for this origin). */
    async reset() {
      await ready;
      M = newWorkbook();
      liveSettings = {};
      const keys = [...storageItems.keys()];
      storageItems.clear();
      requestLog.length = 0;
      syncCount = 0;
      await idb("readwrite", (store) => {
        for (const key of keys) store.delete("s:" + key);
      });
      await persistWorkbook();
    },
  };

  load()
    .then(() => {
      Office.context = officeContext;
      isReady = true;
      resolveReady();
      if (typeof Office.initialize === "function") Office.initialize("documentOpened");
      for (const done of onReadyCallbacks.splice(0)) done();
    })
    .catch((error) => console.error("host shim: could not load the workbook", error));
})();
