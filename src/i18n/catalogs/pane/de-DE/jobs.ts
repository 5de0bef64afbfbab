import type { Translation } from "../../types";
import type { jobsEn } from "../en-US/jobs";

export const jobs: Translation<typeof jobsEn> = {
  "jobs.none":
    "In dieser Arbeitsmappe gibt es noch keine Aufträge. Massen- und GeoLead-Suchen, Domaindateien und Anreicherungen Ihrer Listen werden hier angezeigt.",
  "jobs.writtenToSheet": "In das Arbeitsblatt „{sheet}“ geschrieben.",
  "jobs.counts":
    "{total, plural, one {# Zeile} other {# Zeilen}}: {valid, number} gültig, {risky, number} riskant, {notFound, number} nicht gefunden",
  "jobs.countsWithFailed":
    "{total, plural, one {# Zeile} other {# Zeilen}}: {valid, number} gültig, {risky, number} riskant, {notFound, number} nicht gefunden, {failed, number} fehlgeschlagen",
  "jobs.lastCheckFailed":
    "Letzte Prüfung fehlgeschlagen: {error} (der Auftrag bleibt erhalten und wird erneut geprüft)",
  "jobs.filterValid": "gültig",
  "jobs.filterRisky": "riskant",
  "jobs.filterNotFound": "nicht gefunden",
  "jobs.layout": "Layout",
  "jobs.layoutRowPerSearch": "eine Zeile pro Suche",
  "jobs.layoutEmailPerLine": "eine E-Mail-Adresse pro Zeile",
  "jobs.freePreview": "Kostenlose Vorschau",
  "jobs.writtenIntoList": "In die Liste geschrieben.",
  "jobs.downloadIntoList": "In die Liste herunterladen",
  "jobs.downloadIntoNewSheet": "In ein neues Arbeitsblatt herunterladen",
  "jobs.sheets": "Arbeitsblätter: {names}",
  "jobs.confirmTitle": "{label} herunterladen?",
  "jobs.confirmButton":
    "{credits, plural, one {# Credit} other {# Credits}} bezahlen und herunterladen",
  "jobs.confirmText":
    "Mit diesem Download bezahlen Sie die Ergebnisse: {credits, plural, one {# Credit} other {# Credits}}. Spätere Downloads dieses Auftrags sind kostenlos. Sehen Sie sich zuerst die kostenlose Vorschau an.",
  "jobs.kindBulk": "Massensuche",
  "jobs.kindGeoLead": "GeoLead",
  "jobs.kindDomainFile": "Domaindatei",
  "jobs.kindEnrichBulk": "Anreichern (Massensuche)",
  "jobs.kindEnrich": "Anreichern",
  "jobs.jobName":
    "{kind, select, bulk {Massensuche} geo_lead {GeoLead-Suche} domain_file {Domaindatei} other {Anreicherung}} „{label}“",
  "jobs.noticeRunDone":
    "{name} ist fertig: {count, plural, one {# Zeile} other {# Zeilen}} geschrieben.",
  "jobs.noticeRunStopped":
    "{name} wurde mit {count, plural, one {# verbleibenden Zeile} other {# verbleibenden Zeilen}} angehalten. Öffnen Sie „Aufträge“, um fortzufahren.",
  "jobs.noticeRunStoppedWhy":
    "{name} wurde mit {count, plural, one {# verbleibenden Zeile} other {# verbleibenden Zeilen}} angehalten ({reason}). Öffnen Sie „Aufträge“, um fortzufahren.",
  "jobs.noticeComplete":
    "{name} ist abgeschlossen. Öffnen Sie „Aufträge“, um die Ergebnisse herunterzuladen.",
  "jobs.noticeCompleteRows":
    "{name} ist abgeschlossen: {count, plural, one {# Zeile} other {# Zeilen}}. Öffnen Sie „Aufträge“, um die Ergebnisse herunterzuladen.",
  "jobs.noticeReady": "{name} ist bereit. Öffnen Sie „Aufträge“, um die Datei herunterzuladen.",
  "jobs.noticeDeleted": "{name} wurde vom Dienst gelöscht.",
  "jobs.noticeFailed": "{name} ist fehlgeschlagen.",
  "jobs.noticeFailedWhy": "{name} ist fehlgeschlagen: {error}",
  "jobs.unknownToService":
    "Der Dienst kennt diesen Auftrag nicht (404): Er gehört möglicherweise zu einem anderen Konto oder Schlüssel.",
  "jobs.previewSheetName": "{label} Vorschau",
  "jobs.demoSheetEnding": " (Demo)",
  "jobs.fallbackSheetName": "Ergebnisse",
  "jobs.tableWithoutColumns": "Eine Tabelle benötigt mindestens eine Spalte.",
  "jobs.tableTooWide": "Die Tabelle hat {count} Spalten; ein Arbeitsblatt fasst höchstens {max}.",
  "jobs.tableTooLong":
    "Die Tabelle hat {count} Zeilen; ein Arbeitsblatt fasst unter seiner Kopfzeile höchstens {max}.",
  "jobs.rowTooWide":
    "Zeile {row} hat {cells} Zellen, mehr als die {columns} Spalten der Kopfzeile.",
  "jobs.writeFailed":
    "Das Schreiben der Ergebnisse in das neue Arbeitsblatt „{sheet}“ ist fehlgeschlagen: {error}",
  "jobs.notSavable": "Kein Auftrag, der gespeichert werden kann: {job}.",
  "jobs.invalidChange": "Keine gültige Änderung für den Auftrag {id}.",
  "jobs.saveFailed":
    "Die Auftragsliste konnte nicht in der Arbeitsmappe gespeichert werden ({reason}). Sie bleibt für diese Sitzung erhalten und wird bei der nächsten Änderung erneut gespeichert.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const jobsSame: ReadonlyArray<keyof typeof jobsEn> = ["jobs.layout", "jobs.kindGeoLead"];
