import { addPaneCatalog, setLanguage } from "../../src/i18n/i18n";
import { paneEn } from "../../src/i18n/catalogs/pane/en-US";
import { pane as paneDe } from "../../src/i18n/catalogs/pane/de-DE";
import { pane as paneJa } from "../../src/i18n/catalogs/pane/ja-JP";
import {
  detectHeader,
  fieldLabel,
  fieldOfHeader,
  searchKind,
  suggestMapping,
} from "../../src/lists/mapping";
import { noDataRowsMessage } from "../../src/lists/bulk-request";
import { finishedJobNotice } from "../../src/flows/jobs/job-announcements";
import { demoSheetEnding, uniqueSheetName, validSheetName } from "../../src/workbook/names";
import type { JobRecord } from "../../src/workbook/job-store";

// The bulk search's column guesses read the headers of every language the add-in speaks, and
// the messages of the lists, the jobs and the sheets follow the user's language: in English
// until the pane's catalog is loaded (the shared runtime without the pane), never as ids.

afterEach(() => {
  setLanguage("en-US");
});

describe("headers in the add-in's other languages", () => {
  test.each([
    ["Vorname", "first_name"],
    ["Nachname", "last_name"],
    ["Firmenname", "company_name"],
    ["Webseite", "domain"],
    ["E-Mail-Adresse", "email"],
    ["Prénom", "first_name"],
    ["Nom de famille", "last_name"],
    ["Société", "company_name"],
    ["Site web", "domain"],
    ["URL du profil", "linkedin_url"],
    ["Apellidos", "last_name"],
    ["Nombre completo", "full_name"],
    ["Compañía", "company_name"],
    ["Sitio web", "domain"],
    ["Correo electrónico", "email"],
    ["Sobrenome", "last_name"],
    ["Nome completo", "full_name"],
    ["Domínio", "domain"],
    ["URL do perfil", "linkedin_url"],
    ["氏名", "full_name"],
    ["会社名", "company_name"],
    ["ドメイン", "domain"],
    ["メールアドレス", "email"],
    ["ｍａｉｌ", "email"],
  ])("%s is %s", (header, field) => {
    expect(fieldOfHeader(header)).toBe(field);
  });

  test("a German sheet is read as having a header, and its columns are guessed", () => {
    const values = [
      ["Vorname", "Nachname", "Firma", "Webseite"],
      ["Ada", "Lovelace", "Analytical Engines", "example.com"],
    ];
    expect(detectHeader(values)).toBe(true);
    expect(suggestMapping(values, true)).toEqual({
      first_name: 0,
      last_name: 1,
      company_name: 2,
      domain: 3,
    });
  });

  test("words that name no field still name none", () => {
    for (const header of ["Stadt", "Ville", "Notas", "電話番号", "Notes"])
      expect(fieldOfHeader(header)).toBeNull();
  });
});

describe("messages in the user's language", () => {
  const job: JobRecord = {
    kind: "bulk",
    id: "b1",
    label: "leads.csv",
    createdAt: "2024-01-01T00:00:00.000Z",
    lastStatus: "completed",
    lastCounts: { total: 1234, found_valid: 1, found_unknown: 0, not_found: 0, failed: 0 },
    lastCheckedAt: null,
    lastError: null,
    resultSheets: [],
  };

  test("before the pane's catalog is loaded: English, not ids", () => {
    setLanguage("de-DE", "de-DE");
    expect(fieldLabel("first_name")).toBe("First name");
    expect(noDataRowsMessage("file", [], false)).toBe(
      "The file has no data rows: every row is empty."
    );
    expect(finishedJobNotice(job).text).toBe(
      "Bulk search “leads.csv” is complete: 1.234 rows. Open Jobs to download."
    );
    expect(demoSheetEnding()).toBe(" (demo)");
  });

  test("German once the pane's catalog is loaded, numbers as German writes them", () => {
    setLanguage("de-DE", "de-DE");
    addPaneCatalog(paneDe, paneEn);
    expect(fieldLabel("first_name")).toBe("Vorname");
    expect(searchKind({ first_name: 0 }, false)).toEqual({
      error: "Ordnen Sie Vor- und Nachname zu oder eine Spalte mit dem vollständigen Namen.",
    });
    expect(finishedJobNotice(job).text).toBe(
      "Massensuche „leads.csv“ ist abgeschlossen: 1.234 Zeilen. Öffnen Sie „Aufträge“, um die Ergebnisse herunterzuladen."
    );
    expect(uniqueSheetName("Leads Vorschau", [], demoSheetEnding())).toBe("Leads Vorschau (Demo)");
    expect(validSheetName("  ")).toBe("Ergebnisse");
  });

  test("a notice told before the catalog is loaded is shown in the language it is read in", () => {
    setLanguage("ja-JP", "ja-JP");
    const notice = finishedJobNotice({ ...job, lastCounts: null, kind: "geo_lead" });
    addPaneCatalog(paneJa, paneEn);
    expect(notice.text).toBe(
      "GeoLead検索「leads.csv」が完了しました。ダウンロードするには［ジョブ］を開いてください。"
    );
    expect(notice.intent).toBe("success");
  });
});
