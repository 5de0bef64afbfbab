import type { Translation } from "../../types";
import type { lookupsEn } from "../en-US/lookups";

export const lookups: Translation<typeof lookupsEn> = {
  "lookups.title": "Zellabfragen in dieser Sitzung",
  "lookups.waiting": "Wartend (nicht gesendet)",
  "lookups.inFlight": "In Bearbeitung",
  "lookups.answered": "Beantwortet",
  "lookups.failed": "Fehlgeschlagen",
  "lookups.notRun": "Nicht ausgeführt (Ausgaben, abgelehnt, angehalten)",
  "lookups.cached": "Aus gespeicherten Antworten (keine Anfrage)",
  "lookups.shared": "Aus den geteilten Antworten Ihres Teams (kostenlos)",
  "lookups.reasked": "Erneut angefragt (der Speicher des Geräts war voll)",
  "lookups.agesTitle": "Gespeicherte Antworten nach Prüfdatum",
  "lookups.ageUnder30": "Vor weniger als 30 Tagen",
  "lookups.age30to90": "Vor 30 bis 90 Tagen",
  "lookups.ageOver90": "Vor mehr als 90 Tagen",
  "lookups.spent": "Von Zellen verbrauchte Credits",
  "lookups.connection":
    "Verbindung: {protocol} · {limit, plural, one {# Anfrage} other {# Anfragen}} gleichzeitig (bis zu {ceiling, number})",
  "lookups.protocolUnknown": "Protokoll noch unbekannt",
  "lookups.stop": "Anhalten",
  "lookups.stopNote":
    "Zieht die noch nicht gesendeten Abfragen zurück (ihre Zellen zeigen #N/A „Angehalten“); laufende Anfragen werden abgeschlossen und ihre Antworten gespeichert.",
  "lookups.nothingWaiting": "Es wartete nichts.",
  "lookups.withdrawn":
    "{count, plural, one {# Abfrage zurückgezogen; ihre Zelle zeigt '#'N/A „Angehalten“. Berechnen Sie neu, um sie auszuführen.} other {# Abfragen zurückgezogen; ihre Zellen zeigen '#'N/A „Angehalten“. Berechnen Sie neu, um sie auszuführen.}}",
  "lookups.spendingHeading": "Ausgaben",
  "lookups.spendingOn": "Ausgaben aktiviert",
  "lookups.spendingOff": "Ausgaben deaktiviert: Zellen antworten nur aus gespeicherten Antworten",
  "lookups.confirmAbove": "Fragen, bevor eine Neuberechnung mehr ausgeben kann als (Credits)",
  "lookups.confirmAboveHint": "0 fragt jedes Mal; leer fragt nie.",
  "lookups.sessionBudget": "Sitzungsbudget für Zellen (Credits)",
  "lookups.sessionBudgetHint":
    "Danach antworten Zellen nur aus gespeicherten Antworten. Leer: kein Budget.",
  "lookups.save": "Speichern",
  "lookups.saved": "Ausgabeneinstellungen gespeichert.",
  "lookups.savedOff":
    "Ausgaben sind deaktiviert: Zellen antworten nur aus gespeicherten Antworten.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const lookupsSame: ReadonlyArray<keyof typeof lookupsEn> = [];
