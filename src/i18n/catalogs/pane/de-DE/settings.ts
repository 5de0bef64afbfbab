import type { Translation } from "../../types";
import type { settingsEn } from "../en-US/settings";

export const settings: Translation<typeof settingsEn> = {
  "settings.apiKey": "API-Schlüssel",
  "settings.apiKeyHint": "Wird für Sie auf diesem Gerät gespeichert, nie in der Arbeitsmappe.",
  "settings.baseUrl": "Basis-URL",
  "settings.baseUrlHint": "Der Dienst oder ein Relay-Pfad mit demselben Ursprung, z. B. /api.",
  "settings.webhookUrl": "Webhook-URL (optional)",
  "settings.webhookUrlHint":
    "Ergebnisse von Massensuchen, GeoLead und Domain-Dateien werden auch hierhin gesendet.",
  "settings.maxConcurrency": "Gleichzeitige Anfragen (optional)",
  "settings.maxConcurrencyHint":
    "Leer: automatisch (6 über HTTP/1.1; über HTTP/2 passt es sich dem Dienst an, bis zu 64).",
  "settings.maxAge": "Antworten erneut abfragen, die älter sind als (Tage, optional)",
  "settings.maxAgeHint":
    "Leer: Eine gespeicherte Antwort wird nie erneut gekauft. Gesetzt: Eine ältere Antwort gilt als nicht gespeichert, und eine Neuberechnung fragt sie nach Ihren Ausgaberegeln erneut ab.",
  "settings.save": "Speichern",
  "settings.saved": "Einstellungen gespeichert.",
  "settings.testConnection": "Verbindung testen",
  "settings.connectionHealthy":
    "Dienst verfügbar · Konto {email} · {credits, plural, one {# Credit übrig} other {# Credits übrig}}",
  "settings.connectionDown":
    "Dienst nicht verfügbar · Konto {email} · {credits, plural, one {# Credit übrig} other {# Credits übrig}}",
  "settings.teamToken": "Team-Token",
  "settings.teamTokenHint":
    "Ihr persönliches Token für das Team {team}: Fragen Sie Ihren Administrator danach. Wird für Sie auf diesem Gerät gespeichert, nie in der Arbeitsmappe.",
  "settings.creditsInvalid":
    "Geben Sie eine Anzahl Credits ein (0 oder mehr), oder lassen Sie das Feld leer.",
  "settings.apiKeyInvalid":
    "Der API-Schlüssel muss ein einzelnes Wort aus druckbaren Zeichen sein.",
  "settings.microsoftAccountInvalid":
    "Das Microsoft 365-Konto muss ein einzelnes Wort aus druckbaren Zeichen sein.",
  "settings.microsoftSignIn": "Mit Microsoft 365 anmelden",
  "settings.microsoftSignedIn": "Mit Microsoft 365 angemeldet als {account}.",
  "settings.microsoftSignOut": "Abmelden",
  "settings.microsoftUnsupported":
    "Diese Office-Version kann sich hier nicht mit einem Microsoft 365-Konto anmelden: Verwenden Sie ein Team-Token.",
  "settings.microsoftNotConfigured":
    "Dieser Team-Host bietet keine Anmeldung mit Microsoft 365: Verwenden Sie Ihr Team-Token.",
  "settings.microsoftCancelled": "Die Anmeldung wurde abgebrochen.",
  "settings.microsoftFailed": "Anmeldung mit Microsoft 365 fehlgeschlagen: {reason}",
  "settings.tryModeOnOff": "Der Testmodus ist entweder ein- oder ausgeschaltet.",
  "settings.spendingOnOff": "Ausgaben sind entweder aktiviert oder deaktiviert.",
  "settings.cardsOnOff": "„Antworten als Karten“ ist entweder ein- oder ausgeschaltet.",
  "settings.maxConcurrencyInvalid":
    "Geben Sie eine ganze Zahl von 1 bis {max, number} ein, oder lassen Sie das Feld leer (automatisch).",
  "settings.maxAgeInvalid":
    "Geben Sie eine ganze Zahl von Tagen zwischen 1 und {max, number} ein, oder lassen Sie das Feld leer (nie).",
  "settings.webhookInvalid": "Die Webhook-URL ist keine gültige URL.",
  "settings.webhookHttps":
    "Die Webhook-URL muss https verwenden: Der Dienst sendet Ergebnisse an diese Adresse.",
  "settings.baseUrlInvalid":
    "Geben Sie die Adresse des Dienstes ein, z. B. https://api.example.com, oder einen Pfad auf der eigenen Website dieses Add-Ins, z. B. /api.",
  "settings.baseUrlPath":
    "Ein Pfad auf der Website dieses Add-Ins darf nur Buchstaben, Ziffern und / . _ ~ - enthalten.",
  "settings.baseUrlOtherSite":
    "Eine Adresse, die mit // oder /\\ beginnt, führt zu einer anderen Website: Geben Sie die Adresse des Dienstes vollständig ein (https://…) oder einen Pfad auf der Website dieses Add-Ins, z. B. /api.",
  "settings.baseUrlCharacters":
    "Die Basis-URL darf keine Leerzeichen, Tabulatoren, Zeilenumbrüche, umgekehrten Schrägstriche oder unsichtbaren Zeichen enthalten.",
  "settings.baseUrlCredentials":
    "Die Basis-URL darf keinen Benutzernamen und kein Kennwort enthalten (benutzer:kennwort@…).",
  "settings.baseUrlQuery": "Die Basis-URL darf keine Abfrage (?) und kein Fragment (#) enthalten.",
  "settings.baseUrlHttps":
    "Die Basis-URL muss https verwenden (einfaches http ist nur auf diesem Computer zulässig: localhost, 127.0.0.1, [::1]).",
  "settings.baseUrlRefusedAtLoad":
    "Die früher gespeicherte Basis-URL wird nicht verwendet: {reason} Bis Sie eine andere speichern, gilt die Standardeinstellung {fallback}.",
  "settings.tryNoDemo":
    "Der Host dieses Add-Ins bietet keinen Testmodus an. Besorgen Sie sich einen API-Schlüssel, um das Add-In zu verwenden.",
  "settings.tryTooMany": "Zu viele Demokonten von hier aus: Versuchen Sie es später erneut.",
  "settings.tryCouldNotStart": "Der Testmodus konnte nicht gestartet werden ({status}).",
  "settings.tryCouldNotStartReason":
    "Der Testmodus konnte nicht gestartet werden ({status}: {reason}).",
  "settings.tryUnreachable": "Die Demo ist nicht erreichbar: {reason}.",
  "settings.tryNoAccount": "Die Demo hat ohne Konto geantwortet.",
  "settings.cardsHeading": "Antworten als Karten",
  "settings.cardsSwitch":
    "Antworten von FINDEMAIL, LINKEDINEMAIL und DECISIONMAKER als Karten anzeigen",
  "settings.cardsOn":
    "Karten ein: Zellen mit Personen, Profilen und Entscheidungsträgern zeigen ab ihrer nächsten Berechnung eine Karte.",
  "settings.cardsOff":
    "Karten aus: Diese Zellen zeigen ab ihrer nächsten Berechnung die E-Mail-Adresse.",
  "settings.cardsNote":
    "Die Zelle zeigt die E-Mail-Adresse, ihre Karte die Person (unten ein Beispiel), und =A2.email_status liest jedes Feld der Antwort. Karten bleiben in Excel auch ohne das Add-In lesbar. Mit einem fields-Argument werden weiterhin einfache Werte ausgegeben (Überlauf).",
  "settings.cardsUnsupported":
    "Diese Excel-Version kann keine Karten von Add-Ins anzeigen (erfordert {requirement}: Excel für das Web, Windows Microsoft 365 2208 oder höher, Mac 16.64 oder höher). Antworten werden als einfache Werte angezeigt.",
  "settings.cardsApply": "Auf bereits vorhandene Zellen anwenden (neu berechnen)",
  "settings.recalculated": "Neu berechnet.",
  "settings.keptNone": "Gespeicherte Antworten: –",
  "settings.kept":
    "{count, plural, one {# Antwort für dieses Konto gespeichert ({size}), daher wird sie bei einer Neuberechnung nie erneut gekauft.} other {# Antworten für dieses Konto gespeichert ({size}), daher werden sie bei einer Neuberechnung nie erneut gekauft.}}",
  "settings.keptInIndexedDb":
    "In der Datenbank dieses Browsers (IndexedDB) auf diesem Gerät gespeichert.",
  "settings.keptInOffice":
    "Im Add-In-Speicher von Office gespeichert ({size} für Antworten; die ältesten werden zuerst entfernt).",
  "settings.keptInOfficeAbout":
    "Im Add-In-Speicher von Office gespeichert ({size} für Antworten, etwa {fits, number} davon; die ältesten werden zuerst entfernt).",
  "settings.roomLeft": "Verbleibender Speicherplatz für dieses Add-In auf diesem Gerät: {size}.",
  "settings.apiKeyHintNotKept":
    "Gilt, bis diese Arbeitsmappe geschlossen wird, und wird nirgends gespeichert: Dieser Browser verweigert dem Add-In seinen Speicher.",
  "settings.savedForSession":
    "Einstellungen gelten, bis diese Arbeitsmappe geschlossen wird (dieser Browser lässt sie nicht speichern).",
  "settings.keptInMemory":
    "Nur im Arbeitsspeicher, bis diese Arbeitsmappe geschlossen wird: Dieser Browser verweigert dem Add-In seinen Speicher.",
  "settings.keptCleared":
    "{count, plural, one {# Antwort gelöscht; die Arbeitsmappe wird neu berechnet.} other {# Antworten gelöscht; die Arbeitsmappe wird neu berechnet.}}",
  "settings.clearAndRecalculate": "Löschen und neu berechnen",
  "settings.size": "{value} {unit, select, B {B} KB {KB} MB {MB} GB {GB} other {TB}}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const settingsSame: ReadonlyArray<keyof typeof settingsEn> = ["settings.size"];
