import type { Translation } from "../../types";
import type { enrichEn } from "../en-US/enrich";
import { enrichHeaders } from "./enrich-headers";

export const enrich: Translation<typeof enrichEn> = {
  ...enrichHeaders,
  "enrich.operationPerson": "E-Mail-Adresse jeder Person suchen",
  "enrich.operationVerify": "E-Mail-Adressen überprüfen",
  "enrich.operationDecisionMaker": "Einen Entscheider in jedem Unternehmen suchen",
  "enrich.yourList": "Ihre Liste",
  "enrich.onlyValid": "Nur gültige E-Mails schreiben",
  "enrich.onlyValidHint":
    "Für Listen, die direkt versendet werden: Eine riskante oder ungültige E-Mail wird weggelassen (ihre Zelle bleibt leer) und ihr Status geschrieben.",
  "enrich.useSelection": "Auswahl verwenden (oder ihre Tabelle)",
  "enrich.whatToLookUp": "Was gesucht werden soll",
  "enrich.working": "Wird ausgeführt…",
  "enrich.sourceRows":
    "{count, plural, one {# Zeile} other {# Zeilen}} aus {kind, select, table {der Tabelle {name}} other {{name}}}",
  "enrich.categoriesLabel": "Entscheiderkategorien, die wichtigste zuerst",
  "enrich.categoriesHint": "Eine oder mehrere von: {categories}",
  "enrich.columnsToWrite": "Zu schreibende Spalten",
  "enrich.costRowsToDo":
    "{count, plural, one {# Zeile zu bearbeiten} other {# Zeilen zu bearbeiten}}",
  "enrich.costDone": "{count, number} bereits erledigt",
  "enrich.costNotPossible": "{count, number} nicht möglich",
  "enrich.costWaiting":
    "{count, number} warten in einer Massensuche oder einem Lauf (siehe Aufträge)",
  "enrich.costCredits":
    "bis zu {credits, plural, one {# Credit} other {# Credits}} für {lookups, plural, one {# Suche} other {# Suchen}} (gespeicherte und nicht gefundene Antworten sind kostenlos)",
  "enrich.bulkThreshold": "Massensuche ab mehr als N zu bearbeitenden Zeilen verwenden",
  "enrich.bulkThresholdInvalid": "Eine ganze Zahl von Zeilen, 0 oder mehr.",
  "enrich.asBulk":
    "Wird als Massensuche ausgeführt: Die Antworten werden nach Abschluss neben die Liste geschrieben (Registerkarte „Aufträge“: eine kostenlose Vorschau, dann der Download, der zuerst seine Kosten nennt).",
  "enrich.submit": "Antworten neben die Liste schreiben",
  "enrich.readAgain": "Lesen Sie die Auswahl erneut, um weitere Zeilen zu bearbeiten.",
  "enrich.jobLabel": "{name} anreichern",
  "enrich.conflicts":
    "Die Antworten würden Zellen überschreiben, in die Sie etwas eingegeben haben: {cells}{more, plural, =0 {} other { und # weitere}}. Leeren Sie diese Zellen oder wählen Sie andere zu schreibende Spalten, und lesen Sie dann die Auswahl erneut.",
  "enrich.progress":
    "{state, select, done {Fertig} stopped {Angehalten} other {Wird ausgeführt}}: {done, number} von {total, plural, one {# Zeile} other {# Zeilen}} · {details}",
  "enrich.progressWritten": "{count, number} geschrieben",
  "enrich.progressFailed": "{count, number} fehlgeschlagen",
  "enrich.progressNotRun": "{count, number} nicht ausgeführt",
  "enrich.progressTypedInto": "{count, number} inzwischen von Hand ausgefüllt",
  "enrich.summaryReason":
    "{count, plural, one {# Zeile} other {# Zeilen}}: {reason} (leer gelassen: erneut ausführen, um sie zu bearbeiten)",
  "enrich.summaryTyped": "Nicht geschrieben, inzwischen von Hand ausgefüllt: {cells}",
  "enrich.runStatus":
    "{status, select, running {wird ausgeführt} interrupted {unterbrochen} stopped {angehalten} completed {abgeschlossen} failed {fehlgeschlagen} other {{status}}}",
  "enrich.runCounts":
    "Anreichern · {kind, select, table {Tabelle {name}} other {Arbeitsblatt „{name}“}} · {done, number} von {total, plural, one {# Zeile} other {# Zeilen}}: {details}",
  "enrich.rowsLeft": "{count, plural, one {# Zeile übrig} other {# Zeilen übrig}}: {reason}",
  "enrich.continue": "Fortsetzen: verbleibende Zeilen bearbeiten",
  "enrich.continueCost":
    "Bis zu {rows, plural, one {# Zeile} other {# Zeilen}}, höchstens {credits, plural, one {# Credit} other {# Credits}} (geschriebene Zeilen werden übersprungen; gespeicherte Antworten sind kostenlos)",
  "enrich.continueDone":
    "{written, number} von {total, plural, one {# Zeile} other {# Zeilen}} geschrieben.",
  "enrich.mapEmail": "Ordnen Sie die zu überprüfende E-Mail-Spalte zu.",
  "enrich.mapCompany":
    "Ordnen Sie eine Unternehmens- oder Domänenspalte zu, um Entscheider zu suchen.",
  "enrich.mapBothNames":
    "Ordnen Sie Vor- und Nachname oder eine Spalte mit dem vollständigen Namen zu.",
  "enrich.mapPerson":
    "Ordnen Sie eine Namensspalte (vollständiger Name oder Vor- und Nachname) und eine Unternehmens- oder Domänenspalte zu, oder eine Spalte mit Profil-URLs.",
  "enrich.noOutputs": "Wählen Sie mindestens eine zu schreibende Spalte aus.",
  "enrich.unknownOutput": "„{field}“ ist kein Antwortfeld dieser Suche.",
  "enrich.outputTwice": "Jede Spalte wird nur einmal geschrieben.",
  "enrich.skippedMissing":
    "{input, select, name {übersprungen: kein Name} last_name {übersprungen: kein Nachname} company {übersprungen: kein Unternehmen} linkedin_url {übersprungen: keine Profil-URL} email {übersprungen: keine E-Mail-Adresse} categories {übersprungen: keine Kategorien} other {übersprungen: {input} fehlt}}",
  "enrich.skipped": "übersprungen: {reason}",
  "enrich.inputWord":
    "{input, select, name {Name} last_name {Nachname} company {Unternehmen} linkedin_url {Profil-URL} email {E-Mail-Adresse} categories {Kategorien} other {{input}}}",
  "enrich.outOfCredits": "Keine Credits mehr.",
  "enrich.notWritten": "Nicht geschrieben: {error}",
  "enrich.notEnrichJob": "Kein Anreicherungsauftrag.",
  "enrich.listMore": "{list} und {more, plural, one {# weitere} other {# weitere}}",
  "enrich.writtenBack":
    "{count, plural, one {# Zeile} other {# Zeilen}} {kind, select, table {in die Tabelle {name}} other {in das Arbeitsblatt „{name}“}} geschrieben.",
  "enrich.writtenMoved": "{count, number} davon dort gefunden, wohin sie verschoben wurden.",
  "enrich.writtenNotFound": "Nicht geschrieben (seitdem gelöscht oder geändert): Zeilen {rows}.",
  "enrich.writtenFilled": "Nicht geschrieben, ihre Zellen enthalten bereits etwas: Zeilen {rows}.",
  "enrich.writtenTyped": "Nicht über Zellen geschrieben, die bereits etwas enthalten: {cells}.",
  "enrich.writtenFailed":
    "{count, plural, one {# Zeile konnte} other {# Zeilen konnten}} nicht gesucht werden (leer gelassen).",
  "enrich.writtenUnusable":
    "{count, plural, one {# Ergebnis passte} other {# Ergebnisse passten}} nicht zu dem, was gesendet wurde.",
  "enrich.severalTables":
    "Die Auswahl umfasst mehrere Tabellen: Wählen Sie Zellen einer einzigen Tabelle aus.",
  "enrich.listGone":
    "{kind, select, table {Die Tabelle „{name}“ wurde} other {Das Arbeitsblatt „{name}“ wurde}} gelöscht oder umbenannt.",
  "enrich.noOutputColumn": "Keine Spalte enthält die Ausgabe {field}.",
  "enrich.listChanged": "Die Liste hat sich seit dem Lesen geändert: Lesen Sie die Auswahl erneut.",
  "enrich.noEmptyColumn":
    "Rechts von der Auswahl gibt es keine leere Spalte, in die geschrieben werden kann.",
  "enrich.rowWidth": "Zeile {row} hat {count, number} Werte für {width, number} Spalten.",
  "enrich.rowTwice": "Zeile {row} ist doppelt angegeben.",
  "enrich.sheetGone":
    "Das Arbeitsblatt „{name}“ wurde umbenannt oder gelöscht: {count, plural, one {# Zeile wurde} other {# Zeilen wurden}} nicht geschrieben.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const enrichSame: ReadonlyArray<keyof typeof enrichEn> = [];
