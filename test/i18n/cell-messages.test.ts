import { installCustomFunctionsGlobal } from "../helpers/custom-functions";
import { ApiError, errorFromResponse, type ApiErrorKind } from "../../src/client/errors";
import { refusal, type RefusalCode } from "../../src/client/spending";
import { Transport, validateBaseUrl } from "../../src/client/transport";
import * as args from "../../src/functions/arguments";
import { profileRequest } from "../../src/functions/requests";
import { CELLS } from "../../src/i18n/catalogs/cells";
import { cellsEn } from "../../src/i18n/catalogs/cells/en-US";
import { setLanguage, t, type MessageId } from "../../src/i18n/i18n";
import { LOCALES } from "../../src/i18n/locales";

installCustomFunctionsGlobal();

const { errorCell } =
  require("../../src/functions/cell-results") as typeof import("../../src/functions/cell-results");

// A cell's message is in the user's language: argument errors, the service's
// failures and the client's own (made where the error is made), and the spending refusals.

const messageOf = (error: unknown): { code: string; message: string } => {
  const cell = errorCell(error) as unknown as { code: string; message: string };
  return { code: cell.code, message: cell.message };
};

const thrown = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error("did not throw");
};

const apiError = (kind: ApiErrorKind, message = "x", attempts = 1, status: number | null = null) =>
  new ApiError({ kind, status, code: kind, message, attempts });

/** A transport whose fetch fails as given, with fast retries. */
const failingTransport = (fetch: typeof globalThis.fetch, retries = 0, timeoutMs = 60_000) =>
  new Transport({
    baseUrl: "https://api.example.com",
    apiKey: "key",
    fetch,
    retry: { retries, baseDelayMs: 1, maxDelayMs: 1 },
    timeoutMs,
    allowShortTimeout: true,
    maxConcurrent: 1,
  });

const failureOf = async (transport: Transport): Promise<unknown> =>
  transport.request({ method: "POST", path: "/v5.1/verify-email", retry: "idempotent" }).then(
    () => {
      throw new Error("the request succeeded");
    },
    (error: unknown) => error
  );

afterEach(() => setLanguage("en-US", "en-US"));

describe("in German", () => {
  beforeEach(() => setLanguage("de-DE", "de-DE"));

  test("an argument error names the argument in a German sentence (#VALUE!)", () => {
    expect(messageOf(thrown(() => args.required(null, "first_name", 200)))).toEqual({
      code: "#VALUE!",
      message: "first_name ist erforderlich.",
    });
    expect(messageOf(thrown(() => args.text(true, "domain", 200))).message).toBe(
      "domain muss Text sein, nicht WAHR oder FALSCH."
    );
    expect(messageOf(thrown(() => args.text("x".repeat(1001), "fields", 1000))).message).toBe(
      "fields ist zu lang (höchstens 1.000 Zeichen)."
    );
    expect(messageOf(thrown(() => args.categories("ceo, cook"))).message).toMatch(
      /^categories: „cook“ ist keine Kategorie \(ceo, /
    );
    expect(messageOf(thrown(() => profileRequest(null))).message).toBe(
      "linkedin_url ist erforderlich."
    );
  });

  test("every kind of service failure", () => {
    const cases: Array<[ApiError, string, string]> = [
      [apiError("unauthorized"), "#VALUE!", "API-Schlüssel fehlt oder wurde abgelehnt"],
      [
        apiError("bad_request", "domain is invalid"),
        "#VALUE!",
        "Der Dienst hat die Anfrage abgelehnt: domain is invalid",
      ],
      [apiError("out_of_credits"), "#N/A", "Keine Credits mehr."],
      [apiError("not_found"), "#N/A", "Nicht gefunden."],
      [apiError("blacklisted"), "#N/A", "Auf Wunsch des Inhabers aus der Datenbank entfernt"],
      [apiError("busy", "x", 1, 503), "#N/A", "Der Dienst ist ausgelastet (503)."],
      [apiError("busy", "x", 9, 503), "#N/A", "Der Dienst ist nach 9 Versuchen weiterhin"],
      [
        apiError("server", "x", 3, 502),
        "#N/A",
        "nach 3 Versuchen einen Fehler gemeldet (HTTP 502)",
      ],
      [apiError("malformed"), "#N/A", "Der Dienst hat eine unlesbare Antwort gesendet."],
      [apiError("cancelled"), "#N/A", "Abgebrochen."],
    ];
    for (const [error, code, german] of cases) {
      const cell = messageOf(error);
      expect([error.kind, cell.code]).toEqual([error.kind, code]);
      expect(cell.message).toContain(german);
    }
    expect(messageOf(new Error("boom")).message).toBe("Unerwarteter Fehler: boom");
  });

  test("the client's own failures are made in German, in the cell and in the error", async () => {
    const config = thrown(() => validateBaseUrl("http://api.example.com")) as ApiError;
    expect(config.message).toBe(
      "Die Basis-URL muss https verwenden (einfaches http ist nur für localhost zulässig)."
    );
    expect(messageOf(config).message).toMatch(
      /^Einstellungen: Die Basis-URL .* Aufgabenbereich\.$/
    );

    const unreadable = errorFromResponse(500, "<html>Bad gateway</html>");
    expect(unreadable.message).toBe("Der Dienst hat mit HTTP 500 geantwortet.");

    const refused = (): Promise<Response> => Promise.reject(new TypeError("Failed to fetch"));
    const once = (await failureOf(failingTransport(refused))) as ApiError;
    expect(once.kind).toBe("network");
    expect(once.message).toBe("Der Dienst war nicht erreichbar (Failed to fetch).");
    expect(messageOf(once)).toEqual({ code: "#N/A", message: once.message });
    const retried = (await failureOf(failingTransport(refused, 2))) as ApiError;
    expect(messageOf(retried).message).toBe(
      "Der Dienst war nicht erreichbar (Failed to fetch) (nach 3 Versuchen)."
    );

    const never = (_url: unknown, init?: RequestInit): Promise<Response> =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))
      );
    const timeout = (await failureOf(failingTransport(never, 0, 20))) as ApiError;
    expect(timeout.kind).toBe("timeout");
    expect(messageOf(timeout).message).toBe(
      "Keine Antwort vom Dienst innerhalb von 0 s. Berechnen Sie neu, um es noch einmal zu versuchen."
    );

    const noKey = new Transport({ baseUrl: "https://api.example.com", apiKey: "" });
    const missing = (await failureOf(noKey)) as ApiError;
    expect(missing.message).toBe("API-Schlüssel fehlt: Legen Sie ihn im Aufgabenbereich fest.");
  });

  test("spending refusals and the preview, with credits written for the content language", () => {
    const policy = { enabled: true, confirmAbove: 2.5, sessionBudget: 1 };
    expect(messageOf(refusal("preview")).message).toBe(
      "Vorschau: Drücken Sie die EINGABETASTE, um die Abfrage auszuführen."
    );
    expect(refusal("budget_reached", policy).message).toBe(
      "Sitzungsbudget erreicht (1 Credit für Zellen): Ändern Sie es im Aufgabenbereich (Abfragen)."
    );
    expect(refusal("unconfirmed", policy).message).toMatch(
      /^Nicht ausgeführt: .* mehr als 2,5 Credits/
    );
  });
});

test("English stays what it was, and the language can change back", () => {
  setLanguage("ja-JP", "ja-JP");
  expect(messageOf(thrown(() => args.email("nope"))).message).toBe(
    "emailは有効なメールアドレスではありません。"
  );
  setLanguage("en-US", "en-US");
  expect(messageOf(thrown(() => args.email("nope"))).message).toBe(
    "email is not a valid email address."
  );
  expect(messageOf(apiError("blacklisted")).message).toBe(
    "Removed from the database at the owner's request (blacklisted)."
  );
  expect(messageOf(apiError("network", "Could not reach the service (x).", 3)).message).toBe(
    "Could not reach the service (x) after 3 attempts."
  );
});

// Excel shows at most 255 characters (excelError cuts the rest): every cell message, in
// every language, fits with values of a usual length.
const SAMPLE_VALUES: Record<string, string | number> = {
  argument: "preferred_title",
  max: 1000,
  categories: "ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales",
  values: "any, generic, personal",
  value: "x".repeat(40),
  fields: "email, email_status, valid_email, person_full_name, person_job_title",
  message: "x".repeat(60),
  attempts: 9,
  status: "503",
  budget: 1234.5,
  seconds: 90,
  detail: "ECONNREFUSED",
  reason: "InvalidStateError: x",
  error: "Loading chunk 123 failed.",
};

test.each(LOCALES)("%s: every cell message fits in 255 characters", (locale) => {
  setLanguage(locale, locale);
  expect(Object.keys(CELLS[locale]).sort()).toEqual(Object.keys(cellsEn).sort());
  const tooLong = (Object.keys(cellsEn) as MessageId[])
    .map((id) => [id, t(id, SAMPLE_VALUES).length] as const)
    .filter(([, length]) => length > 255);
  expect(tooLong).toEqual([]);
});

test("every refusal has a message in every language", () => {
  const codes: RefusalCode[] = [
    "spending_off",
    "declined",
    "stopped",
    "budget_reached",
    "unconfirmed",
    "preview",
  ];
  for (const locale of LOCALES) {
    setLanguage(locale, locale);
    for (const code of codes) expect(refusal(code).message).not.toMatch(/^cells\./);
  }
});
