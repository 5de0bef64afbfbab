import type { AddinTexts } from "./types";

// The manifests' texts in French; the English are src/manifest/addin-description.ts's.

export const manifest: AddinTexts = {
  name: "Mail Finder",
  description:
    "Trouvez et vérifiez des adresses e-mail professionnelles depuis votre feuille de calcul : MAIL.FINDEMAIL, MAIL.VERIFYEMAIL et recherches en masse.",
  shortDescription:
    "Trouvez et vérifiez des e-mails professionnels depuis votre feuille de calcul.",
  getStarted: {
    title: "Mail Finder est prêt",
    description:
      "Tapez =MAIL.FINDEMAIL(prénom; nom; entreprise) dans une cellule, ou ouvrez Mail Finder dans l’onglet Accueil pour les recherches en masse et les paramètres.",
  },
  groupLabel: "Mail Finder",
  commands: {
    TaskpaneButton: {
      label: "Mail Finder",
      tooltip:
        "Ouvrir Mail Finder : paramètres, recherches en masse, GeoLead, fichiers de domaines et travaux.",
    },
    FindEmails: {
      label: "Trouver les e-mails",
      tooltip:
        "Trouve l’e-mail de chaque personne de la liste sélectionnée (noms et entreprise, ou URL de profil) et l’écrit dans de nouvelles colonnes à côté.",
    },
    VerifyEmails: {
      label: "Vérifier les e-mails",
      tooltip:
        "Vérifie les e-mails de la liste sélectionnée et écrit leur statut dans une nouvelle colonne à côté.",
    },
    FindEmailsMenu: {
      label: "Trouver les e-mails de ces lignes",
      tooltip:
        "Trouve l’e-mail de chaque personne de la liste sélectionnée (noms et entreprise, ou URL de profil) et l’écrit dans de nouvelles colonnes à côté.",
    },
    VerifyEmailsMenu: {
      label: "Vérifier ces e-mails",
      tooltip:
        "Vérifie les e-mails de la liste sélectionnée et écrit leur statut dans une nouvelle colonne à côté.",
    },
    RefreshMenu: {
      label: "Actualiser les anciennes réponses",
      tooltip:
        "Compte les réponses de plus d’un certain nombre de jours dans les cellules MAIL sélectionnées, indique le coût maximal et ne recherche à nouveau que celles-ci.",
    },
  },
  commandFunctions: {
    findEmails: "Trouver les e-mails",
    verifyEmails: "Vérifier les e-mails",
    refreshAnswers: "Actualiser les anciennes réponses",
  },
};

/** Texts written as in English on purpose: the product's name. */
export const manifestSame = ["name", "groupLabel", "commands.TaskpaneButton.label"];
