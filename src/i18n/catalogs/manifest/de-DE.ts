import type { AddinTexts } from "./types";

// The manifests' texts in German; the English are src/manifest/addin-description.ts's.

export const manifest: AddinTexts = {
  name: "Mail Finder",
  description:
    "Geschäftliche E-Mail-Adressen aus Ihrem Arbeitsblatt suchen und überprüfen: MAIL.FINDEMAIL, MAIL.VERIFYEMAIL und Massensuchen.",
  shortDescription: "Geschäftliche E-Mail-Adressen aus dem Arbeitsblatt suchen und überprüfen.",
  getStarted: {
    title: "Mail Finder ist bereit",
    description:
      "Geben Sie =MAIL.FINDEMAIL(Vorname; Nachname; Firma) in eine Zelle ein, oder öffnen Sie Mail Finder auf der Registerkarte „Start“ für Massensuchen und Einstellungen.",
  },
  groupLabel: "Mail Finder",
  commands: {
    TaskpaneButton: {
      label: "Mail Finder",
      tooltip:
        "Mail Finder öffnen: Einstellungen, Massensuchen, GeoLead, Domänendateien und Aufträge.",
    },
    FindEmails: {
      label: "E-Mails suchen",
      tooltip:
        "Sucht die E-Mail-Adresse jeder Person der ausgewählten Liste (Namen und Firma oder Profil-URLs) und schreibt sie in neue Spalten daneben.",
    },
    VerifyEmails: {
      label: "E-Mails überprüfen",
      tooltip:
        "Überprüft die E-Mail-Adressen der ausgewählten Liste und schreibt ihren Status in eine neue Spalte daneben.",
    },
    FindEmailsMenu: {
      label: "E-Mails für diese Zeilen suchen",
      tooltip:
        "Sucht die E-Mail-Adresse jeder Person der ausgewählten Liste (Namen und Firma oder Profil-URLs) und schreibt sie in neue Spalten daneben.",
    },
    VerifyEmailsMenu: {
      label: "Diese E-Mails überprüfen",
      tooltip:
        "Überprüft die E-Mail-Adressen der ausgewählten Liste und schreibt ihren Status in eine neue Spalte daneben.",
    },
    RefreshMenu: {
      label: "Alte Antworten aktualisieren",
      tooltip:
        "Zählt die Antworten in den ausgewählten MAIL-Zellen, die älter als eine Anzahl von Tagen sind, zeigt die höchstmöglichen Kosten und fragt nur diese erneut ab.",
    },
  },
  commandFunctions: {
    findEmails: "E-Mails suchen",
    verifyEmails: "E-Mails überprüfen",
    refreshAnswers: "Alte Antworten aktualisieren",
  },
};

/** Texts written as in English on purpose: the product's name. */
export const manifestSame = ["name", "groupLabel", "commands.TaskpaneButton.label"];
