import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "E-Mail-Adresse",
  "report.fromCell": "Aus der ausgewählten Zelle",
  "report.why": "Warum ist sie ungültig? ({length, number}/{max, number})",
  "report.bounce": "Unzustellbarkeitsnachricht (optional)",
  "report.submit": "Melden",
  "report.cellEmpty": "Die ausgewählte Zelle ist leer.",
  "report.invalidEmail": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "report.whyRequired":
    "Geben Sie an, warum die E-Mail-Adresse ungültig ist (zum Beispiel: Hard Bounce).",
  "report.whyTooLong": "{max, plural, one {Höchstens # Zeichen.} other {Höchstens # Zeichen.}}",
  "report.refunded":
    "{credits, plural, one {Gemeldet. # Credit wurde erstattet.} other {Gemeldet. # Credits wurden erstattet.}}",
  "report.thanks": "Gemeldet. Vielen Dank.",
  "report.bouncesTitle": "Viele Bounces auf einmal",
  "report.bouncesHint":
    "Das Credit einer verifizierten E-Mail-Adresse, die unzustellbar war, wird nach der Meldung erstattet. Markieren Sie eine Spalte mit unzustellbaren Adressen (mit den Unzustellbarkeitsnachrichten in der Spalte rechts daneben, falls vorhanden), oder wählen Sie den Bounce-Export Ihres E-Mail-Tools.",
  "report.fromSelection": "Auswahl verwenden",
  "report.fileLabel": "Bounce-Export (CSV oder XLSX)",
  "report.working": "Wird bearbeitet…",
  "report.sourceSelection": "Aus {source}",
  "report.sourceFile": "Aus der Datei {fileName}",
  "report.firstRowIsHeader": "Die erste Zeile ist eine Überschrift",
  "report.bouncesSummary":
    "{count, plural, one {# eindeutige Adresse} other {# eindeutige Adressen}}, {bought, plural, one {# über dieses Add-in gekauft (das Credit kann erstattet werden).} other {# über dieses Add-in gekauft (die Credits können erstattet werden).}}",
  "report.countingBought":
    "{count, plural, one {# eindeutige Adresse;} other {# eindeutige Adressen;}} die über dieses Add-in gekauften werden gesucht…",
  "report.leftOut":
    "Ausgelassen: {duplicates, plural, one {# Duplikat} other {# Duplikate}}, {malformed, plural, one {# fehlerhafte Adresse} other {# fehlerhafte Adressen}}.",
  "report.infoAll":
    "Warum sind sie ungültig? Wird mit jeder Meldung gesendet ({length, number}/{max, number})",
  "report.defaultInfo": "Hard Bounce (unzustellbar)",
  "report.sendBounces": "{count, plural, one {# Adresse melden} other {# Adressen melden}}",
  "report.stop": "Anhalten",
  "report.progress": "{done, number} von {total, number} gemeldet",
  "report.returned":
    "{credits, plural, one {# Credit erstattet} other {# Credits erstattet}} (Guthaben vorher {before, number}, nachher {after, number}).",
  "report.balanceUnknown":
    "Das Guthaben nach den Meldungen konnte nicht gelesen werden, daher sind die erstatteten Credits nicht bekannt: {error}",
  "report.resultCounts":
    "{reported, plural, one {# gemeldet} other {# gemeldet}}, {refused, plural, one {# abgelehnt} other {# abgelehnt}}, {failed, plural, one {# fehlgeschlagen} other {# fehlgeschlagen}}.",
  "report.stoppedUnsent":
    "{count, plural, one {Angehalten: # Adresse wurde nicht gesendet und bleibt ungemeldet.} other {Angehalten: # Adressen wurden nicht gesendet und bleiben ungemeldet.}}",
  "report.marked":
    "{count, plural, one {# Adresse ist in den gespeicherten Antworten als unzustellbar markiert: keine Neuberechnung kauft sie erneut.} other {# Adressen sind in den gespeicherten Antworten als unzustellbar markiert: keine Neuberechnung kauft sie erneut.}}",
  "report.markFailed":
    "Die gemeldeten Adressen konnten nicht als unzustellbar markiert werden: {error}",
  "report.refusedTitle": "Nicht gemeldet",
  "report.outcomesWritten": "Das Ergebnis jeder Adresse steht in Spalte {column}.",
  "report.outcomesNotWritten":
    "Spalte {column} neben der Liste ist nicht leer: Die Ergebnisse wurden dort nicht eingetragen.",
  "report.outcomeHeader": "Ergebnis der Meldung",
  "report.outcomeReported": "gemeldet",
  "report.outcomeRefused": "abgelehnt: {reason}",
  "report.outcomeFailed": "nicht gemeldet: {reason}",
  "report.outcomeUnsent": "nicht gemeldet (angehalten)",
  "report.outcomeMalformed": "keine E-Mail-Adresse",
  "report.tooManyRows":
    "{max, plural, one {Die Liste hat mehr als # Zeile: Teilen Sie sie auf und melden Sie jeden Teil.} other {Die Liste hat mehr als # Zeilen: Teilen Sie sie auf und melden Sie jeden Teil.}}",
  "report.noEmailColumn": "Keine Spalte mit E-Mail-Adressen gefunden: Es wurde nichts gelesen.",
  "report.nothingToReport": "Keine gültige E-Mail-Adresse zum Melden.",
  "report.selectionTooWide":
    "Markieren Sie eine Spalte mit Adressen oder zwei: die Adressen und ihre Unzustellbarkeitsnachrichten.",
  "report.fileTooLarge":
    "Diese Datei ist größer als {megabytes, number} MB: Sie wurde nicht gelesen.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
