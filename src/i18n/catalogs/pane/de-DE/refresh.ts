import type { Translation } from "../../types";
import type { refreshEn } from "../en-US/refresh";

export const refresh: Translation<typeof refreshEn> = {
  "refresh.title": "Alte Antworten aktualisieren",
  "refresh.cellsNote":
    "Wählen Sie Zellen mit MAIL-Formeln aus: Nur ihre Antworten, die älter sind, werden erneut abgefragt.",
  "refresh.listNote":
    "Zeilen dieser Liste mit älteren Antworten werden erneut abgefragt; nur ihre Ausgabezellen werden neu geschrieben.",
  "refresh.age": "Antworten älter als (Tage)",
  "refresh.ageInvalid": "Geben Sie eine ganze Zahl von Tagen zwischen 0 und {max, number} ein.",
  "refresh.check": "Alte Antworten in der Auswahl zählen",
  "refresh.checkList": "Alte Antworten in der Liste zählen",
  "refresh.count":
    "{count, plural, =0 {Keine Antwort hier ist älter als {days, plural, one {# Tag} other {# Tage}}.} one {# Antwort ist älter als {days, plural, one {# Tag} other {# Tage}}: Die erneute Abfrage kostet höchstens {credits, number} Credits.} other {# Antworten sind älter als {days, plural, one {# Tag} other {# Tage}}: Die erneute Abfrage kostet höchstens {credits, number} Credits.}}",
  "refresh.notKept":
    "{count, plural, one {# Zelle hat} other {# Zellen haben}} keine gespeicherte Antwort: „Aktualisieren“ fragt sie nicht ab.",
  "refresh.run":
    "{count, plural, one {# Antwort erneut abfragen} other {# Antworten erneut abfragen}}",
  "refresh.working": "Alte Antworten werden erneut abgefragt…",
  "refresh.noFormulas":
    "Die Auswahl enthält keine MAIL-Formel. Wählen Sie die zu aktualisierenden Zellen aus.",
  "refresh.spendingOff":
    "Ausgaben sind deaktiviert: Nichts wurde erneut abgefragt. Aktivieren Sie Ausgaben (Abfragen), um zu aktualisieren.",
  "refresh.overBudget":
    "Das Sitzungsbudget hat noch {left, number} Credits, und diese Aktualisierung kann bis zu {max, number} kosten: Nichts wurde erneut abgefragt. Erhöhen Sie das Budget (Abfragen) oder aktualisieren Sie weniger Zellen.",
  "refresh.asked":
    "{count, plural, one {# Antwort erneut abgefragt} other {# Antworten erneut abgefragt}} ({credits, number} Credits):",
  "refresh.nothingChanged": "nichts hat sich geändert",
  "refresh.changes": "{list}.",
  "refresh.changeStatus": "{count, number} {from} -> {to}",
  "refresh.changeNewEmail": "{count, plural, one {# neue E-Mail} other {# neue E-Mails}}",
  "refresh.changeLost":
    "{count, plural, one {# nicht mehr gefunden} other {# nicht mehr gefunden}}",
  "refresh.changeList": "{count, plural, one {# Liste geändert} other {# Listen geändert}}",
  "refresh.stopped":
    "Angehalten: {count, plural, one {# Antwort wurde} other {# Antworten wurden}} nicht erneut abgefragt und behalten die alte Antwort.",
  "refresh.failed":
    "{count, plural, one {# Abfrage ist} other {# Abfragen sind}} fehlgeschlagen und behalten die alte Antwort ({reason}).",
  "refresh.notAsked":
    "{count, plural, one {# Antwort wurde} other {# Antworten wurden}} von keiner Zelle abgefragt (seit der Zählung geändert).",
  "refresh.listRewritten":
    "{count, plural, one {# Zeile neu geschrieben.} other {# Zeilen neu geschrieben.}}",
  "refresh.readListFirst": "Lesen Sie zuerst Ihre Liste ein (oben „Auswahl verwenden“).",
  "refresh.listBouncedToWrite":
    "{count, plural, one {# Zeile zeigt eine als unzustellbar gemeldete Adresse: Sie wird ohne Abfrage als „bounced“ neu geschrieben.} other {# Zeilen zeigen als unzustellbar gemeldete Adressen: Sie werden ohne Abfrage als „bounced“ neu geschrieben.}}",
  "refresh.listTypedInto":
    "{count, plural, one {# Zeile wurde} other {# Zeilen wurden}} nicht neu geschrieben: Ihre Zellen wurden inzwischen geändert.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const refreshSame: ReadonlyArray<keyof typeof refreshEn> = [
  "refresh.changes",
  "refresh.changeStatus",
];
