import type { Translation } from "../types";
import type { cellsEn } from "./en-US";

export const cells: Translation<typeof cellsEn> = {
  "cells.argumentErrorValue": "{argument} ist ein Fehlerwert.",
  "cells.argumentRange": "{argument} muss eine einzelne Zelle sein, kein Bereich.",
  "cells.argumentBoolean": "{argument} muss Text sein, nicht WAHR oder FALSCH.",
  "cells.argumentText": "{argument} muss Text sein.",
  "cells.argumentTooLong":
    "{argument} ist zu lang (höchstens {max, plural, one {# Zeichen} other {# Zeichen}}).",
  "cells.argumentInvalidCharacters": "{argument} enthält ungültige Zeichen.",
  "cells.argumentRequired": "{argument} ist erforderlich.",
  "cells.argumentWebsite": "{argument} ist keine gültige Websiteadresse.",
  "cells.argumentProfileUrl":
    "{argument} muss eine Profil-URL sein, z. B. https://www.linkedin.com/in/name.",
  "cells.argumentEmail": "{argument} ist keine gültige E-Mail-Adresse.",
  "cells.argumentCategoriesRequired":
    "{argument} ist erforderlich: mindestens einer der Werte {categories}.",
  "cells.argumentUnknownCategory": "{argument}: „{value}“ ist keine Kategorie ({categories}).",
  "cells.argumentOneOf": "{argument} muss einer der folgenden Werte sein: {values}.",
  "cells.argumentCountryCode": "{argument} muss ein zweistelliger Ländercode sein, z. B. DE.",
  "cells.argumentUnknownField": "{argument}: „{value}“ ist kein Feld ({fields}).",

  "cells.unauthorized":
    "API-Schlüssel fehlt oder wurde abgelehnt: Legen Sie ihn im Aufgabenbereich fest.",
  "cells.unauthorizedTeam":
    "Team-Token fehlt oder wurde abgelehnt: Geben Sie das Token Ihres Administrators im Aufgabenbereich (Einstellungen) ein.",
  "cells.microsoftSignIn":
    "Anmeldung mit Microsoft 365 erforderlich: Melden Sie sich im Aufgabenbereich (Einstellungen) erneut an.",
  "cells.settings": "Einstellungen: {message} Ändern Sie dies im Aufgabenbereich.",
  "cells.badRequest": "Der Dienst hat die Anfrage abgelehnt: {message}",
  "cells.outOfCredits": "Keine Credits mehr.",
  "cells.notFound": "Nicht gefunden.",
  "cells.blacklisted": "Auf Wunsch des Inhabers aus der Datenbank entfernt (gesperrt).",
  "cells.busy":
    "{attempts, plural, =1 {Der Dienst ist ausgelastet (503). Berechnen Sie neu, um es noch einmal zu versuchen.} other {Der Dienst ist nach # Versuchen weiterhin ausgelastet (503). Berechnen Sie neu, um es noch einmal zu versuchen.}}",
  "cells.timeout": "{message} Berechnen Sie neu, um es noch einmal zu versuchen.",
  "cells.networkAfterAttempts":
    "{message} (nach {attempts, plural, one {# Versuch} other {# Versuchen}}).",
  "cells.serverFailed":
    "{attempts, plural, =1 {Der Dienst hat einen Fehler gemeldet (HTTP {status}).} other {Der Dienst hat nach # Versuchen einen Fehler gemeldet (HTTP {status}).}}",
  "cells.malformed":
    "{attempts, plural, =1 {Der Dienst hat eine unlesbare Antwort gesendet.} other {Der Dienst hat nach # Versuchen eine unlesbare Antwort gesendet.}}",
  "cells.cancelled": "Abgebrochen.",
  "cells.unexpected": "Unerwarteter Fehler: {message}",
  "cells.noEmailFound": "Keine E-Mail-Adresse gefunden.",
  "cells.bounced": "Unzustellbar (gemeldet am {date}).",
  "cells.noEmployeesFound": "Keine Mitarbeiter gefunden.",
  "cells.cardMore": "Weitere Angaben",

  "cells.refusedSpendingOff":
    "Ausgaben sind ausgeschaltet: Es werden nur gespeicherte Antworten angezeigt. Schalten Sie Ausgaben im Aufgabenbereich ein (Abfragen).",
  "cells.refusedDeclined":
    "Nicht ausgeführt: im Aufgabenbereich abgelehnt. Berechnen Sie neu, um erneut gefragt zu werden.",
  "cells.refusedStopped":
    "Im Aufgabenbereich angehalten. Berechnen Sie neu, um die Abfrage auszuführen.",
  "cells.refusedBudget":
    "Sitzungsbudget erreicht ({budget, plural, one {# Credit} other {# Credits}} für Zellen): Ändern Sie es im Aufgabenbereich (Abfragen).",
  "cells.preview": "Vorschau: Drücken Sie die EINGABETASTE, um die Abfrage auszuführen.",
  "cells.refusedRefreshOnly":
    "Nicht abgefragt: „Aktualisieren“ fragt nur die gezählten alten Antworten erneut ab. Berechnen Sie die Zelle neu, um sie abzufragen.",
  "cells.refusedUnconfirmed":
    "Nicht ausgeführt: Diese Neuberechnung kann mehr als {max, plural, one {# Credit} other {# Credits}} kosten, und der Aufgabenbereich konnte Sie nicht fragen. Ändern Sie „Fragen, bevor mehr ausgegeben wird als“ im Aufgabenbereich (Abfragen).",
  "cells.refusedAnswersGone":
    "Nicht ausgeführt: Die Antworten, die diese Arbeitsmappe aufbewahrt hat, sind nicht mehr in diesem Browser, und der Aufgabenbereich konnte Sie nicht fragen, bevor sie erneut gekauft werden. Öffnen Sie den Aufgabenbereich, und berechnen Sie neu.",

  "cells.missingApiKey": "API-Schlüssel fehlt: Legen Sie ihn im Aufgabenbereich fest.",
  "cells.requestCancelled": "Die Anfrage wurde abgebrochen.",
  "cells.notJson": "Der Dienst hat eine Antwort gesendet, die kein gültiges JSON ist.",
  "cells.noAnswerWithin": "Keine Antwort vom Dienst innerhalb von {seconds, number} s.",
  "cells.unreachable": "Der Dienst war nicht erreichbar ({detail}).",
  "cells.httpStatus": "Der Dienst hat mit HTTP {status} geantwortet.",
  "cells.baseUrlPath":
    "Der Pfad der Basis-URL darf nur Buchstaben, Ziffern und / . _ ~ - enthalten.",
  "cells.baseUrlInvalid":
    "Die Basis-URL ist keine gültige URL (zum Beispiel https://api.example.com).",
  "cells.baseUrlCredentials": "Die Basis-URL darf keine Anmeldeinformationen enthalten.",
  "cells.baseUrlQuery": "Die Basis-URL darf keine Abfragezeichenfolge und kein Fragment enthalten.",
  "cells.baseUrlHttps":
    "Die Basis-URL muss https verwenden (einfaches http ist nur für localhost zulässig).",
  "cells.signInOtherOrigin":
    "Die Microsoft 365-Anmeldung geht nur an den Team-Host, von dem dieses Add-In stammt; diese Anfrage war für {origin} bestimmt und wurde nicht gesendet.",
  "cells.lacksCreditsCharged": "In der Antwort des Dienstes fehlt credits_charged.",
  "cells.downloadNotTable": "Der Download ist keine Tabelle aus Zeilen.",
  "cells.requestWithdrawn": "Die Anfrage wurde zurückgezogen, bevor sie gesendet wurde.",
  "cells.calculationCancelled": "Die Berechnung wurde abgebrochen.",
  "cells.lookupWithdrawn": "Die Abfrage wurde zurückgezogen, bevor sie gesendet wurde.",

  "cells.indexedDbUnavailable": "IndexedDB ist in dieser Laufzeitumgebung nicht verfügbar.",
  "cells.indexedDbUnusable": "IndexedDB kann hier nicht verwendet werden ({reason}).",
  "cells.indexedDbOpenTimeout": "IndexedDB wurde nicht innerhalb von {seconds, number} s geöffnet.",
  "cells.paneFailed": "Mail Finder konnte seinen Aufgabenbereich nicht starten: {error}",
  "cells.storageDenied":
    "Dieser Browser verweigert dem Add-In seinen Speicher (Cookies und Websitedaten von Drittanbietern sind blockiert): Der Aufgabenbereich nennt, was Sie zulassen können.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const cellsSame: ReadonlyArray<keyof typeof cellsEn> = [];
