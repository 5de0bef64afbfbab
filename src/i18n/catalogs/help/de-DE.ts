import type { HelpStrings } from "./en-US";

// The help, support and privacy pages in German: the English table's keys
// (src/help/strings-en.ts), `code` spans and {placeholders} kept.

export const help: HelpStrings = {
  lang: "de-DE",
  formulaSeparator: "; ",
  site: {
    name: "Mail Finder für Excel",
    help: "Funktionen",
    support: "Support",
    privacy: "Datenschutz",
    guide:
      "Benutzerhandbuch (auf Englisch): der Aufgabenbereich, eine Liste anreichern, Massensuchen, Ausgaben und Teams",
  },
  index: {
    title: "Tabellenfunktionen",
    intro:
      "Die Funktionen des Add-Ins liegen im Namespace `MAIL`: Geben Sie `=MAIL.` in eine Zelle ein, um sie anzuzeigen. Argumente sind Zellen oder Werte; ein leeres optionales Argument gilt als nicht angegeben.",
    function: "Funktion",
    description: "Was sie tut",
    keptAnswers:
      "Jede Antwort, die eine Zelle erhält, wird für Sie auf diesem Gerät gespeichert: Neu berechnen, die Arbeitsmappe erneut öffnen oder Ausfüllen nach unten kauft dieselbe Antwort nie zweimal.",
  },
  functionPage: {
    syntax: "Syntax",
    arguments: "Argumente",
    argument: "Argument",
    description: "Beschreibung",
    optional: "optional",
    noArguments: "Diese Funktion hat keine Argumente.",
    fields: "Felder",
    fieldsIntro:
      "`{argument}` ist eine kommagetrennte Liste dieser Antwortfelder, nebeneinander in einer Zeile angezeigt, in der angegebenen Reihenfolge:",
    checkedOnNote:
      "`checked_on` ist der Tag, an dem die Antwort beim Dienst gekauft wurde (gespeicherte Antworten behalten ihn): ein Datum, wo Excel Datentypen hat, sonst sein Text mit dem Jahr zuerst (2026-11-25), der genauso sortiert.",
    outcomes: "Was die Zelle anzeigt",
    situation: "Situation",
    cell: "Zelle",
    cost: "Was es kostet",
    examples: "Beispiele",
    formula: "Formel",
    result: "Ergebnis",
    allFunctions: "Alle Funktionen",
  },
  outcomes: {
    foundEmail: {
      situation: "Eine E-Mail-Adresse wird gefunden, `valid` oder `risky`",
      cell: "Die E-Mail-Adresse; eine riskante ist die beste Vermutung, und `fields` kann ihren Status anzeigen. Mit „Einstellungen > Antworten als Karten“ eine Karte.",
    },
    verified: {
      situation: "Die Adresse wird überprüft",
      cell: "`valid`, `risky` (nicht eindeutig) oder `invalid`.",
    },
    companyEmails: {
      situation: "E-Mail-Adressen werden gefunden",
      cell: "Bis zu 20 Adressen, eine pro Zeile, in der Spalte nach unten übergelaufen.",
    },
    employeesTable: {
      situation: "Mitarbeiter werden gefunden",
      cell: "Eine von der Zelle aus übergelaufene Tabelle: Name, Position, Unternehmen und Profil-URL, ein Mitarbeiter pro Zeile, ohne Kopfzeile.",
    },
    creditsLeft: {
      situation: "Immer",
      cell: "Die verbleibenden Credits des Kontos, aktualisiert, während das Add-In Credits verbraucht; beim Eingeben der Formel wird der bereits bekannte Stand angezeigt.",
    },
    notFound: {
      situation: "Nichts wird gefunden (`not_found`)",
      cell: "`#N/A` {message}",
    },
    blacklisted: {
      situation: "Die Adresse wurde auf Wunsch ihres Inhabers entfernt (`blacklisted`)",
      cell: "`#N/A` {message}",
    },
    bounced: {
      situation:
        "Eine Adresse, die Sie als unzustellbar gemeldet haben (Registerkarte „Melden“, *Bounces zahlen sich aus*)",
      cell: "`#N/A` {message} Es wird nichts gesendet: Sie wird nie wieder gekauft.",
    },
    badInput: {
      situation:
        "Ein Argument, das der Dienst ablehnen würde: fehlend, fehlerhaft, WAHR oder FALSCH, ein Fehlerwert oder zu langer Text",
      cell: "`#VALUE!` mit dem Namen des Arguments, zum Beispiel {message} Es wird keine Anfrage gesendet und nichts verbraucht.",
    },
    unauthorized: {
      situation: "Der API-Schlüssel fehlt oder wird abgelehnt (401)",
      cell: "`#VALUE!` {message}",
    },
    outOfCredits: {
      situation: "Das Konto hat keine Credits mehr (402)",
      cell: "`#N/A` {message}",
    },
    unavailable: {
      situation:
        "Der Dienst ist ausgelastet (503), das Netzwerk fällt aus oder die Anfrage läuft ab, nach den Wiederholungen",
      cell: "`#N/A` mit dem Grund, zum Beispiel {message}",
    },
    spendingHeld: {
      situation: "Ausgaben sind angehalten oder abgelehnt (Aufgabenbereich, Abfragen)",
      cell: "`#N/A` mit dem Grund und der Stelle, an der Sie es ändern, eine dieser Meldungen:",
    },
    preview: {
      situation: "Die Formel wird noch eingegeben (Excel zeigt eine Vorschau ihres Werts)",
      cell: "Eine gespeicherte Antwort, falls vorhanden, sonst `#N/A` {message} Nichts wird gesendet, bevor Sie die EINGABETASTE drücken.",
    },
  },
  messages: {
    required: "{argument} ist erforderlich.",
    noEmail: "Keine E-Mail-Adresse gefunden.",
    noEmployees: "Keine Mitarbeiter gefunden.",
    blacklisted: "Auf Wunsch des Inhabers aus der Datenbank entfernt (blacklisted).",
    bounced: "Unzustellbar (gemeldet am 2026-11-25).",
    unauthorized:
      "API-Schlüssel fehlt oder wurde abgelehnt: Legen Sie ihn im Aufgabenbereich fest.",
    outOfCredits: "Keine Credits mehr.",
    busy: "Der Dienst ist nach 3 Versuchen ausgelastet (503); berechnen Sie neu, um es erneut zu versuchen.",
    spendingOff:
      "Ausgaben sind ausgeschaltet: Nur gespeicherte Antworten werden angezeigt. Schalten Sie Ausgaben im Aufgabenbereich ein (Abfragen).",
    declined:
      "Nicht ausgeführt: im Aufgabenbereich abgelehnt. Berechnen Sie neu, um erneut gefragt zu werden.",
    stopped: "Im Aufgabenbereich angehalten. Berechnen Sie neu, um es auszuführen.",
    budgetReached:
      "Sitzungsbudget erreicht (N Credits für Zellen): Ändern Sie es im Aufgabenbereich (Abfragen).",
    unconfirmed:
      "Nicht ausgeführt: Diese Neuberechnung kann mehr als N Credits verbrauchen, und der Aufgabenbereich konnte Sie nicht fragen. Ändern Sie „Fragen vor Ausgaben über“ im Aufgabenbereich (Abfragen).",
    preview: "Vorschau: Drücken Sie die EINGABETASTE, um nachzuschlagen.",
  },
  costs: {
    person:
      "1 Credit für jede gefundene gültige E-Mail-Adresse; nicht gefundene und riskante Antworten sind kostenlos.",
    decisionMaker:
      "2 Credits für jeden gefundenen Entscheidungsträger mit gültiger E-Mail-Adresse; nicht gefundene Antworten sind kostenlos.",
    verify: "0,2 Credits für jede Überprüfung mit `valid`; `risky` und `invalid` sind kostenlos.",
    company:
      "1 Credit für jede Unternehmenssuche, die E-Mail-Adressen findet; eine Suche ohne Treffer ist kostenlos.",
    employees:
      "1 Credit für jede Suche, die mindestens einen Mitarbeiter findet (die älteren Regeln des Diensts: Er berechnet dieselbe Suche erneut; dank der gespeicherten Antwort des Add-Ins fragt eine Neuberechnung nicht noch einmal an).",
    credits: "Kostenlos: Sie liest den Kontostand und verbraucht nichts.",
    repeats:
      "Dieselbe Suche innerhalb von 30 Tagen ist kostenlos, und das Add-In speichert jede Antwort auf diesem Gerät, sodass Neuberechnen, erneutes Öffnen oder Ausfüllen nach unten nie doppelt kostet.",
    question:
      "Bevor eine Neuberechnung mehr als Ihr Limit verbrauchen kann (Abfragen > Ausgaben, standardmäßig 25 Credits), fragt der Aufgabenbereich nach; dort können Sie Ausgaben auch ausschalten oder ein Sitzungsbudget festlegen.",
  },
  examples: {
    findByNames: "Die E-Mail-Adresse von Jane Doe bei example.com.",
    findByFullName: "`last_name` leer: A2 enthält den vollständigen Namen.",
    findWithFields:
      "Die E-Mail-Adresse, ihr Status und die Position der Person, nebeneinander in einer Zeile.",
    findWithProfile: "Ein unvollständiger Name, verfeinert durch die Profil-URL in D2.",
    verifyCell: "`valid`, `risky` oder `invalid` für die Adresse in A2.",
    decisionMakerOne: "Die E-Mail-Adresse des CEO von example.com.",
    decisionMakerList:
      "Die E-Mail-Adresse der ersten Kategorie von HR und CEO mit einer gültigen Adresse, mit der Kategorie und dem Namen der Person.",
    decisionMakerRange:
      "Die Kategorien in der Reihenfolge ihrer Wichtigkeit, aus dem Bereich F1:F3 gelesen.",
    companyAny: "Bis zu 20 Adressen bei example.com, in der Spalte nach unten.",
    companyGeneric: "Nur allgemeine Adressen (wie contact@), für das in A2 genannte Unternehmen.",
    profileCell: "Die E-Mail-Adresse der Person hinter der Profil-URL in A2.",
    profileFields: "Die E-Mail-Adresse sowie Name und Unternehmen der Person, in einer Zeile.",
    employeesTitle: "Mitarbeiter von example.com, Vertriebsleiter zuerst.",
    employeesCountry: "Dieselbe Suche, auf die Vereinigten Staaten beschränkt.",
    creditsLeft:
      "Die verbleibenden Credits, zum Beispiel 4.250,8, aktualisiert, während Zellen und der Aufgabenbereich Credits verbrauchen.",
  },
  argumentNotes: {
    company:
      "Eine Websiteadresse wie https://www.example.com/about wird auf ihre Domäne gekürzt; anderer Text gilt als Name des Unternehmens.",
    categories:
      'Eine Kategorie (`"ceo"`), eine kommagetrennte Liste (`"hr, ceo"`) oder ein Zellbereich; zurückgegeben wird die erste Kategorie in der Reihenfolge ihrer Wichtigkeit, die eine gültige E-Mail-Adresse hat.',
    emailType: "Leer bedeutet `any`.",
  },
  support: {
    title: "Support",
    whatHeading: "Was das Add-In tut",
    what: [
      "Mail Finder sucht und überprüft geschäftliche E-Mail-Adressen direkt in Excel: Tabellenfunktionen wie `=MAIL.FINDEMAIL(A2; B2; C2)` antworten in der Zelle, und der Aufgabenbereich (Start > Mail Finder) reichert eine ganze Liste an, führt Massen- und GeoLead-Suchen aus, bestellt Domänendateien und meldet fehlerhafte E-Mail-Adressen.",
      "Abfragen werden mit Credits Ihres Kontos beim E-Mail-Suchdienst bezahlt; das Add-In speichert jede Antwort auf Ihrem Gerät, damit dieselbe Antwort nie zweimal gekauft wird, und fragt nach, bevor eine Neuberechnung mehr als Ihr Limit verbraucht.",
    ],
    keyHeading: "Ihr API-Schlüssel",
    key: [
      "Sie erhalten einen API-Schlüssel über Ihr Konto beim E-Mail-Suchdienst oder von Ihrem Administrator, wenn Ihre Organisation den Team-Host des Add-Ins betreibt.",
      "Öffnen Sie in Excel den Aufgabenbereich (Start > Mail Finder), wählen Sie „Einstellungen“, fügen Sie den Schlüssel unter „API-Schlüssel“ ein, und wählen Sie „Speichern“. „Verbindung testen“ zeigt Ihr Konto und die verbleibenden Credits.",
      "Der Schlüssel wird für Sie im Speicher von Office auf diesem Gerät aufbewahrt, nie in der Arbeitsmappe: Ein Kollege, der Ihre Arbeitsmappe öffnet, verwendet seinen eigenen Schlüssel.",
    ],
    teamHeading: "Im Team: ein Team-Token oder Ihr Microsoft 365-Konto",
    team: [
      "Betreibt Ihre Organisation den Team-Host des Add-ins, verwaltet Ihr Administrator das Konto und dessen Schlüssel und gibt Ihnen ein persönliches Team-Token oder lässt Sie sich mit Ihrem Microsoft 365-Konto anmelden. Der Aufgabenbereich fragt dann an der Stelle des Schlüssels nach einem Team-Token und zeigt, wer angemeldet ist und was von Ihrem Monatsbudget übrig ist.",
      "Um sich mit Microsoft 365 anzumelden, wählen Sie auf dem ersten Bildschirm oder unter Einstellungen „Mit Microsoft 365 anmelden“; beim ersten Mal fragt Office nach Ihrer Zustimmung. Meldet eine Zelle, dass eine Anmeldung mit Microsoft 365 erforderlich ist, melden Sie sich dort erneut an. Meldet sie, dass Ihr Team-Token fehlt oder abgelehnt wurde, bitten Sie Ihren Administrator um ein neues.",
      "Ist Ihr Monatsbudget aufgebraucht, zeigen Zellen `#N/A` mit der Meldung des Budgets, und nichts wird gesendet. Antworten, die ein Kollege bereits gekauft hat, kommen kostenlos vom Team.",
    ],
    troublesHeading: "Häufige Probleme",
    troubles: {
      busy: {
        heading: "Eine Zelle bleibt bei #BUSY!",
        body: [
          "Die Abfragen warten möglicherweise auf Ihre Antwort: Wenn eine Neuberechnung mehr als Ihr Limit verbrauchen könnte, fragt der Aufgabenbereich nach, bevor etwas gesendet wird. Öffnen Sie den Aufgabenbereich, und wählen Sie „Ausführen“ oder „Nicht ausführen“.",
          "Wenn der Aufgabenbereich nicht fragt, läuft das Add-In in dieser Arbeitsmappe möglicherweise nicht: Öffnen Sie den Aufgabenbereich einmal, um es zu starten, und berechnen Sie dann neu (STRG+ALT+F9). Laden Sie in Excel für das Web die Seite neu.",
        ],
      },
      notRegistered: {
        heading: "#NAME? oder die Funktionen werden nicht angeboten",
        body: [
          "Excel zeigt `#NAME?`, wenn das Add-In nicht geladen ist: Es ist auf diesem Computer nicht für Sie installiert, oder Excel hat es noch nicht gestartet. Installieren Sie es (Start > Add-Ins), und öffnen Sie den Aufgabenbereich einmal; die Funktionen werden innerhalb weniger Sekunden registriert.",
          "Benutzerdefinierte Funktionen erfordern Microsoft 365 oder Excel 2021 oder höher, unter Windows, auf dem Mac oder im Web. Geben Sie auch den Namespace ein: `=MAIL.FINDEMAIL`, nicht `=FINDEMAIL`.",
        ],
      },
      staleMetadata: {
        heading: "Nach einem Update: alte Argumente, alte Beschreibungen oder fehlende Funktionen",
        body: [
          "Office speichert eine Kopie der Funktionsliste des Add-Ins. Leeren Sie nach einem Update den Office-Cache, und starten Sie Excel neu:",
        ],
        windows:
          "Windows: Schließen Sie Excel, löschen Sie den Inhalt von `%LOCALAPPDATA%\\Microsoft\\Office\\16.0\\Wef\\`, und starten Sie Excel neu. Oder in Excel: Datei > Optionen > Trust Center > Einstellungen für das Trust Center > Kataloge vertrauenswürdiger Add-Ins, aktivieren Sie „Beim nächsten Start von Office den Cache aller zuvor gestarteten Web-Add-Ins löschen“, und starten Sie Excel neu.",
        mac: "Mac: Schließen Sie Excel, löschen Sie den Inhalt von `~/Library/Containers/com.microsoft.Excel/Data/Library/Application Support/Microsoft/Office/16.0/Wef/` und von `~/Library/Containers/com.microsoft.Excel/Data/Library/Caches/`, und starten Sie Excel neu.",
        web: "Excel für das Web: Löschen Sie die zwischengespeicherten Dateien Ihres Browsers für die Website (STRG+UMSCHALT+ENTF oder auf dem Mac BEFEHL+UMSCHALT+ENTF), und laden Sie die Arbeitsmappe neu.",
      },
      paneNotOpening: {
        heading: "Der Aufgabenbereich öffnet sich nicht oder bleibt leer",
        body: [
          "Prüfen Sie, ob dieser Computer die Adresse des Add-Ins erreicht (ein Proxy oder eine Firewall kann sie blockieren), schließen Sie dann den Aufgabenbereich, und öffnen Sie ihn erneut über Start > Mail Finder.",
          "Unter Windows benötigt der Aufgabenbereich die Microsoft Edge WebView2-Runtime; installieren Sie sie, falls sie fehlt. Bleibt der Aufgabenbereich trotzdem leer, leeren Sie den Office-Cache wie oben beschrieben, und starten Sie Excel neu.",
        ],
      },
      certificates: {
        heading: "Zertifikatfehler bei der Entwicklung",
        body: [
          "Der Entwicklungsserver (`npm start`) liefert das Add-In über https mit einem localhost-Zertifikat aus. Wenn Excel oder der Browser es ablehnt, führen Sie `npx office-addin-dev-certs install` aus, und starten Sie Excel neu.",
          "Vertrauen Sie im Browser `~/.office-addin-dev-certs/ca.crt`, oder öffnen Sie einmal https://localhost:3000/taskpane.html und akzeptieren Sie das Zertifikat; laden Sie dann Excel für das Web neu.",
        ],
      },
      storageDenied: {
        heading:
          "Schlüssel und Antworten werden nicht behalten: Der Browser blockiert den Speicher des Add-Ins",
        body: [
          "Excel für das Web führt das Add-In in einem Frame der eigenen Website des Add-Ins aus. Wo der Browser Cookies und Websitedaten von Drittanbietern blockiert (ein privates oder Inkognito-Fenster, eine Datenschutzeinstellung oder eine Richtlinie Ihrer Organisation), gibt er diesem Frame überhaupt keinen Speicher. Der Aufgabenbereich sagt das dann: Ihr Schlüssel und Ihre Einstellungen gelten nur, bis die Arbeitsmappe geschlossen wird, und die Antworten Ihrer Zellen werden bis dahin im Arbeitsspeicher behalten. Wird die Arbeitsmappe erneut geöffnet, fragt der Bereich wieder nach dem Schlüssel und fragt, bevor Antworten erneut gekauft werden.",
          "Um sie zu behalten, lassen Sie Cookies und Websitedaten von Drittanbietern für die Website des Add-Ins zu, die der Aufgabenbereich nennt. In Chrome: Einstellungen > Datenschutz und Sicherheit > Drittanbieter-Cookies > Websites, die Drittanbieter-Cookies verwenden dürfen > Hinzufügen. In Edge: Einstellungen > Cookies und Websiteberechtigungen > Cookies und Websitedaten verwalten und löschen > Zulassen > Hinzufügen. In Firefox: Einstellungen > Datenschutz & Sicherheit > Cookies und Website-Daten > Ausnahmen verwalten > Erlauben. Oder öffnen Sie Excel in einem normalen statt einem privaten Fenster. Wenn eine Richtlinie Ihrer Organisation sie blockiert, wenden Sie sich an Ihren Administrator.",
        ],
      },
    },
    moreHeading: "Weitere Informationen",
    helpLink: "Hilfe zu jeder Tabellenfunktion",
    privacyLink: "Was das Add-In sendet, und wohin",
  },
  privacy: {
    title: "Datenschutz",
    intro:
      "Mail Finder sendet nur, was eine Abfrage benötigt, nur an den E-Mail-Suchdienst, und behält den Rest auf Ihrem Gerät.",
    sections: {
      lookups: {
        heading: "Ihre Abfragen",
        body: [
          "Die Eingaben jeder Abfrage (die Namen, Unternehmen, Profil-URLs, Adressen oder Listen, die Sie nachschlagen) werden über das Relay des Add-Ins, `/api` auf dem eigenen Host des Add-Ins, an den E-Mail-Suchdienst gesendet; das Relay leitet sie weiter und speichert nichts.",
        ],
      },
      key: {
        heading: "Ihr API-Schlüssel",
        body: [
          "Ihr API-Schlüssel wird in Ihrem eigenen Office-Speicher auf diesem Gerät aufbewahrt, nie in der Arbeitsmappe. Er wird nur an den E-Mail-Suchdienst gesendet, als Authorization-Header der Anfrage.",
        ],
      },
      answers: {
        heading: "Gespeicherte Antworten",
        body: [
          "Die Antworten, die Ihre Zellen erhalten, werden auf diesem Gerät gespeichert, in der IndexedDB-Datenbank des Add-Ins im Browsermodul von Excel, damit sie nicht zweimal gekauft werden. „Einstellungen > Leeren und neu berechnen“ entfernt sie.",
          "Die Arbeitsmappe speichert nur zufällige Kennungen des Orts, an dem ihre Antworten aufbewahrt werden (keine Antwort, keinen Schlüssel). Wird sie dort geöffnet, wo sie fehlen (Browserspeicher gelöscht, anderer Computer oder anderes Konto), sagt das Add-In es und fragt, bevor ihre Zellen sie erneut kaufen.",
          "Die IDs von Massen- und anderen Aufträgen werden in den Dokumenteinstellungen der Arbeitsmappe gespeichert, damit ein nicht abgeschlossener Auftrag weiterverfolgt werden kann, wenn die Arbeitsmappe erneut geöffnet wird.",
        ],
      },
      team: {
        heading: "Im Team",
        body: [
          "Mit dem Team-Host Ihrer Organisation laufen Abfragen über diesen Host, der den Schlüssel der Organisation hinzufügt. Er bewahrt die Antworten auf, die Ihr Team gekauft hat, damit Kollegen nicht doppelt zahlen, und 400 Tage lang einen Eintrag zu jeder bezahlten Anfrage (wer, welcher Vorgang, Credits, wann), den Ihr Administrator einsehen und exportieren kann. Ebenfalls 400 Tage lang vermerkt er, welche Ihrer Abfragen welche Adresse gekauft hat, damit ein gemeldeter Bounce Ihnen die Credits in Ihrem Monat zurückgibt, und bei einer Abfrage an einen Webhook dessen Adresse, bis das Ergebnis eintrifft. Ihr Team-Token bewahrt er nur als Fingerabdruck auf, Microsoft 365-Tokens gar nicht.",
          "Bei Anmeldung mit Microsoft 365 wird nur der Name Ihres Kontos in Ihrem Office-Speicher auf diesem Gerät aufbewahrt; seine Tokens bleiben im Arbeitsspeicher.",
        ],
      },
      nothingElse: {
        heading: "Sonst nichts",
        body: [
          "Nichts anderes wird irgendwohin gesendet: keine Analyse, kein Tracking, keine Werbung, keine Dritten.",
        ],
      },
    },
    moreHeading: "Weitere Informationen",
    supportLink: "Support und häufige Probleme",
    helpLink: "Hilfe zu jeder Tabellenfunktion",
  },
};

/** Texts written exactly as in English on purpose (the same word in German, or only codes). */
export const helpSame: readonly string[] = [
  "site.support",
  "functionPage.syntax",
  "functionPage.argument",
  "functionPage.optional",
  "functionPage.situation",
  "support.title",
  "outcomes.notFound.cell",
  "outcomes.blacklisted.cell",
  "outcomes.unauthorized.cell",
  "outcomes.outOfCredits.cell",
];
