import type { Translation } from "../../types";
import type { appEn } from "../en-US/app";

export const app: Translation<typeof appEn> = {
  "app.title": "Mail Finder",
  "app.creditsLabel": "Credits",
  "app.sessionSpendLabel": "in dieser Sitzung verbraucht",
  "app.tabEnrich": "Anreichern",
  "app.tabBulk": "Massensuche",
  "app.tabGeo": "GeoLead",
  "app.tabDomain": "Domain",
  "app.tabReport": "Melden",
  "app.tabJobs": "Aufträge",
  "app.tabLookups": "Abfragen",
  "app.tabSettings": "Einstellungen",
  "app.jobsFinishedBadge":
    "{count, plural, one {# abgeschlossener Auftrag} other {# abgeschlossene Aufträge}}",
  "app.panelLoading": "Wird geladen…",
  "app.firstRunTitle": "E-Mail-Adressen von Unternehmen in Excel finden und überprüfen",
  "app.firstRunFunctions":
    "Funktionen in Zellen: =MAIL.FINDEMAIL(Name; Unternehmen) und sechs weitere.",
  "app.firstRunEnrich": "Listen anreichern: E-Mail-Adressen in neuen Spalten neben Ihren Zeilen.",
  "app.firstRunBulk":
    "Massensuchen, GeoLead-Orte und E-Mail-Dateien von Domains in neue Arbeitsblätter.",
  "app.firstRunCredits": "Bevor Credits ausgegeben werden, werden Sie immer gefragt.",
  "app.getApiKey": "API-Schlüssel erhalten",
  "app.tryWithDemo": "Mit Demodaten ausprobieren",
  "app.haveKey": "Ich habe einen Schlüssel",
  "app.haveTeamToken": "Ich habe ein Team-Token",
  "app.tryModeFree": "Der Testmodus ist kostenlos, erfordert kein Konto und speichert nichts.",
  "app.tryBanner":
    "Testmodus: Demodaten, kostenlos. Die Antworten sind Beispiele, keine echten Personen.",
  "app.leaveTryMode": "Testmodus beenden",
  "app.helpNav": "Hilfe",
  "app.helpLink": "Hilfe",
  "app.supportLink": "Support",
  "app.privacyLink": "Datenschutz",
  "app.spendingQuestionTitle":
    "{count, plural, one {# neue Abfrage ausführen?} other {# neue Abfragen ausführen?}}",
  "app.spendingQuestionBody":
    "Das kann bis zu {maxCredits} Credits kosten (Sie möchten gefragt werden, sobald es mehr als {confirmAbove} sein können). Bereits gespeicherte Antworten sind kostenlos.",
  "app.spendingRun": "Ausführen",
  "app.spendingDecline": "Nicht ausführen",
  "app.spendingOffReason":
    "Ausgaben sind deaktiviert: Kostenpflichtige Aktionen sind nicht verfügbar. Aktivieren Sie sie unter „Abfragen“.",
  "app.teamSignedIn":
    "Angemeldet als {name} ({email}) · {left} von {budget, plural, one {# Credit} other {# Credits}} in diesem Monat übrig",
  "app.teamSignedInNoBudget": "Angemeldet als {name} ({email}) · kein Monatsbudget",
  "app.teamSignIn":
    "Team {team}: Geben Sie unter Einstellungen das Team-Token ein, das Sie von Ihrem Administrator erhalten haben.",
  "app.teamTokenRejected":
    "Team {team} hat Ihr Team-Token nicht akzeptiert: Bitten Sie Ihren Administrator um ein neues und geben Sie es unter Einstellungen ein.",
  "app.teamSignInMicrosoft":
    "Team {team}: Melden Sie sich unter Einstellungen mit Ihrem Microsoft 365-Konto an oder geben Sie das Team-Token Ihres Administrators ein.",
  "app.teamMicrosoftRefused": "Team {team}: {reason}",
  "app.teamBudgetTitle": "Budget aufgebraucht",
  "app.spendingQuestionBodyTeam":
    "Sie können bis zu {maxCredits} Credits kosten; in Ihrem Budget sind diesen Monat noch {budgetLeft} übrig (Sie wollten ab {confirmAbove} gefragt werden). Bereits gespeicherte Antworten kosten nichts.",
  "app.answersGoneTitle":
    "{count, plural, one {# Antwort erneut kaufen?} other {# Antworten erneut kaufen?}}",
  "app.answersGoneBody":
    "Die Antworten, die diese Arbeitsmappe aufbewahrt hat, sind nicht mehr in diesem Browser: Sein Speicher wurde gelöscht, oder die Arbeitsmappe ist auf einem anderen Computer oder mit einem anderen Konto geöffnet. Sie erneut abzufragen, kann bis zu {maxCredits} Credits kosten.",
  "app.answersGoneBudget": "In Ihrem Budget sind diesen Monat noch {budgetLeft} übrig.",
  "app.answersGoneRun": "Erneut kaufen",
  "app.answersGoneDecline": "Nicht kaufen",
  "app.storageDeniedTitle": "Auf diesem Gerät wird nichts gespeichert",
  "app.storageDeniedBody":
    "Dieser Browser blockiert den Speicher von Mail Finder in Excel: Cookies und Websitedaten von Drittanbietern sind blockiert (ein privates Fenster, eine Datenschutzeinstellung oder eine Richtlinie Ihrer Organisation). Ihr Schlüssel, Ihre Einstellungen und die Antworten Ihrer Zellen gelten nur, bis diese Arbeitsmappe geschlossen wird. Um sie zu behalten, lassen Sie in diesem Browser Cookies und Websitedaten von Drittanbietern für {site} zu, oder öffnen Sie Excel in einem normalen Fenster.",
  "app.storageDeniedHelp": "Was Sie zulassen können",
  "app.answersNotKept":
    "Antworten bleiben nach dem Schließen dieser Arbeitsmappe nicht erhalten: Dieser Browser verweigert Mail Finder seinen Speicher.",
  "app.dismiss": "Schließen",
  "app.openJobs": "Aufträge öffnen",
  "app.cancel": "Abbrechen",
  "app.twoSentences": "{first} {second}",
  "app.freezeButton": "Ergebnisse fixieren",
  "app.freezing": "Wird fixiert…",
  "app.freezeNote":
    "Die MAIL-Formeln des markierten Bereichs werden durch ihre Werte ersetzt (Text bleibt Text), sodass das Arbeitsblatt ohne Neuberechnung weitergegeben werden kann; ein überlaufendes Ergebnis wird vollständig fixiert. Zellen, die einen Fehler anzeigen, behalten ihre Formel.",
  "app.freezeNothing": "Die Auswahl enthält keine MAIL-Formeln.",
  "app.freezeOneBlock":
    "Fixieren funktioniert mit einem zusammenhängenden Zellbereich: Markieren Sie einen einzelnen Bereich (die Auswahl besteht aus mehreren Bereichen oder nicht aus Zellen).",
  "app.frozeCells": "{frozen, plural, one {# Zelle fixiert} other {# Zellen fixiert}}.",
  "app.frozeCellsKeptErrors":
    "{frozen, plural, one {# Zelle fixiert} other {# Zellen fixiert}}; {errors, plural, one {# Zelle mit einem Fehler hat ihre Formel behalten} other {# Zellen mit einem Fehler haben ihre Formel behalten}}.",
  "app.frozeCellsKeptCards":
    "{frozen, plural, one {# Zelle fixiert} other {# Zellen fixiert}}; {cards, plural, one {# Zelle mit einer Karte hat ihre Formel behalten} other {# Zellen mit einer Karte haben ihre Formel behalten}} (diese Excel-Version kann keine Karte als Wert schreiben).",
  "app.frozeCellsKeptBoth":
    "{frozen, plural, one {# Zelle fixiert} other {# Zellen fixiert}}; {errors, plural, one {# Zelle mit einem Fehler hat ihre Formel behalten} other {# Zellen mit einem Fehler haben ihre Formel behalten}}; {cards, plural, one {# Zelle mit einer Karte hat ihre Formel behalten} other {# Zellen mit einer Karte haben ihre Formel behalten}} (diese Excel-Version kann keine Karte als Wert schreiben).",
  "app.frozeNoneKeptErrors":
    "Nichts fixiert: {errors, plural, one {# Zelle mit einem Fehler hat ihre Formel behalten} other {# Zellen mit einem Fehler haben ihre Formel behalten}}.",
  "app.frozeNoneKeptCards":
    "Nichts fixiert: {cards, plural, one {# Zelle mit einer Karte hat ihre Formel behalten} other {# Zellen mit einer Karte haben ihre Formel behalten}} (diese Excel-Version kann keine Karte als Wert schreiben).",
  "app.frozeNoneKeptBoth":
    "Nichts fixiert: {errors, plural, one {# Zelle mit einem Fehler hat ihre Formel behalten} other {# Zellen mit einem Fehler haben ihre Formel behalten}}; {cards, plural, one {# Zelle mit einer Karte hat ihre Formel behalten} other {# Zellen mit einer Karte haben ihre Formel behalten}} (diese Excel-Version kann keine Karte als Wert schreiben).",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const appSame: ReadonlyArray<keyof typeof appEn> = [
  "app.title",
  // "Team" is German too; the reason is the host's.
  "app.teamMicrosoftRefused",
  "app.creditsLabel",
  "app.tabGeo",
  "app.tabDomain",
  "app.supportLink",
  "app.twoSentences",
];
