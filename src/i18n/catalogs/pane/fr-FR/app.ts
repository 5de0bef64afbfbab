import type { Translation } from "../../types";
import type { appEn } from "../en-US/app";

export const app: Translation<typeof appEn> = {
  "app.title": "Mail Finder",
  "app.creditsLabel": "Crédits",
  "app.sessionSpendLabel": "dépensés pendant cette session",
  "app.tabEnrich": "Enrichir",
  "app.tabBulk": "En masse",
  "app.tabGeo": "GeoLead",
  "app.tabDomain": "Domaine",
  "app.tabReport": "Signaler",
  "app.tabJobs": "Tâches",
  "app.tabLookups": "Recherches",
  "app.tabSettings": "Paramètres",
  "app.jobsFinishedBadge": "{count, plural, one {# tâche terminée} other {# tâches terminées}}",
  "app.panelLoading": "Chargement…",
  "app.firstRunTitle": "Trouvez et vérifiez des adresses e-mail professionnelles depuis Excel",
  "app.firstRunFunctions":
    "Des fonctions dans les cellules : =MAIL.FINDEMAIL(nom; entreprise) et six autres.",
  "app.firstRunEnrich":
    "Enrichissez votre liste : les adresses e-mail dans de nouvelles colonnes à côté de vos lignes.",
  "app.firstRunBulk":
    "Recherches en masse, lieux GeoLead et fichiers d’adresses e-mail de domaines dans de nouvelles feuilles.",
  "app.firstRunCredits": "Aucun crédit n’est dépensé sans votre accord préalable.",
  "app.getApiKey": "Obtenir une clé API",
  "app.tryWithDemo": "Essayer avec des données de démonstration",
  "app.haveKey": "J’ai une clé",
  "app.haveTeamToken": "J''ai un jeton d''équipe",
  "app.tryModeFree": "Le mode d’essai est gratuit, ne demande aucun compte et ne conserve rien.",
  "app.tryBanner":
    "Mode d’essai : données de démonstration, gratuit. Les réponses sont des exemples, pas de vraies personnes.",
  "app.leaveTryMode": "Quitter le mode d’essai",
  "app.helpNav": "Aide",
  "app.helpLink": "Aide",
  "app.supportLink": "Assistance",
  "app.privacyLink": "Confidentialité",
  "app.spendingQuestionTitle":
    "{count, plural, one {Lancer # nouvelle recherche ?} other {Lancer # nouvelles recherches ?}}",
  "app.spendingQuestionBody":
    "Elles peuvent coûter jusqu’à {maxCredits} crédits (vous avez demandé à être consulté au-delà de {confirmAbove}). Les réponses déjà conservées ne coûtent rien.",
  "app.spendingRun": "Lancer",
  "app.spendingDecline": "Ne pas lancer",
  "app.spendingOffReason":
    "Les dépenses sont désactivées : les actions payantes sont indisponibles. Activez-les dans Recherches.",
  "app.teamSignedIn":
    "Connecté en tant que {name} ({email}) · {left} sur {budget, plural, one {# crédit} other {# crédits}} restants ce mois-ci",
  "app.teamSignedInNoBudget": "Connecté en tant que {name} ({email}) · aucun budget mensuel",
  "app.teamSignIn":
    "Équipe {team}\u00a0: saisissez dans Paramètres le jeton d''équipe fourni par votre administrateur.",
  "app.teamTokenRejected":
    "L''équipe {team} n''a pas accepté votre jeton d''équipe\u00a0: demandez-en un nouveau à votre administrateur et saisissez-le dans Paramètres.",
  "app.teamSignInMicrosoft":
    "Équipe {team}\u00a0: connectez-vous avec votre compte Microsoft 365 ou saisissez le jeton d’équipe de votre administrateur, dans Paramètres.",
  "app.teamMicrosoftRefused": "Équipe {team}\u00a0: {reason}",
  "app.teamBudgetTitle": "Budget épuisé",
  "app.spendingQuestionBodyTeam":
    "Elles peuvent coûter jusqu''à {maxCredits} crédits\u00a0; il reste {budgetLeft} dans votre budget ce mois-ci (vous avez demandé à être consulté au-delà de {confirmAbove}). Les réponses déjà conservées ne coûtent rien.",
  "app.answersGoneTitle":
    "{count, plural, one {Racheter # réponse\u00a0?} other {Racheter # réponses\u00a0?}}",
  "app.answersGoneBody":
    "Les réponses conservées pour ce classeur ne sont plus dans ce navigateur\u00a0: son stockage a été effacé, ou le classeur est ouvert sur un autre ordinateur ou avec un autre compte. Les rechercher à nouveau peut coûter jusqu’à {maxCredits}\u00a0crédits.",
  "app.answersGoneBudget": "Il vous reste {budgetLeft} dans votre budget ce mois-ci.",
  "app.answersGoneRun": "Racheter",
  "app.answersGoneDecline": "Ne pas racheter",
  "app.storageDeniedTitle": "Rien n’est conservé sur cet appareil",
  "app.storageDeniedBody":
    "Ce navigateur bloque le stockage de Mail Finder dans Excel : les cookies et données de sites tiers sont bloqués (une fenêtre de navigation privée, un paramètre de confidentialité ou une stratégie de votre organisation). Votre clé, vos paramètres et les réponses de vos cellules ne durent que jusqu’à la fermeture de ce classeur. Pour les conserver, autorisez les cookies et données de sites tiers pour {site} dans ce navigateur, ou ouvrez Excel dans une fenêtre normale.",
  "app.storageDeniedHelp": "Ce qu’il faut autoriser",
  "app.answersNotKept":
    "Les réponses ne survivront pas à la fermeture de ce classeur : ce navigateur refuse tout stockage à Mail Finder.",
  "app.dismiss": "Ignorer",
  "app.openJobs": "Afficher les tâches",
  "app.cancel": "Annuler",
  "app.twoSentences": "{first} {second}",
  "app.freezeButton": "Figer les résultats",
  "app.freezing": "Figement en cours…",
  "app.freezeNote":
    "Les formules MAIL de la plage sélectionnée sont remplacées par leurs valeurs (le texte reste du texte) : la feuille peut ainsi être partagée sans recalcul ; un résultat propagé est figé en entier. Les cellules qui affichent une erreur conservent leur formule.",
  "app.freezeNothing": "La sélection ne contient aucune formule MAIL.",
  "app.freezeOneBlock":
    "Figer fonctionne sur un seul bloc de cellules : sélectionnez une seule plage (la sélection comporte plusieurs zones ou n’est pas composée de cellules).",
  "app.frozeCells": "{frozen, plural, one {# cellule figée} other {# cellules figées}}.",
  "app.frozeCellsKeptErrors":
    "{frozen, plural, one {# cellule figée} other {# cellules figées}} ; {errors, plural, one {# cellule affichant une erreur a conservé sa formule} other {# cellules affichant une erreur ont conservé leur formule}}.",
  "app.frozeCellsKeptCards":
    "{frozen, plural, one {# cellule figée} other {# cellules figées}} ; {cards, plural, one {# cellule affichant une carte a conservé sa formule} other {# cellules affichant une carte ont conservé leur formule}} (cette version d’Excel ne peut pas écrire une carte comme valeur).",
  "app.frozeCellsKeptBoth":
    "{frozen, plural, one {# cellule figée} other {# cellules figées}} ; {errors, plural, one {# cellule affichant une erreur a conservé sa formule} other {# cellules affichant une erreur ont conservé leur formule}} ; {cards, plural, one {# cellule affichant une carte a conservé sa formule} other {# cellules affichant une carte ont conservé leur formule}} (cette version d’Excel ne peut pas écrire une carte comme valeur).",
  "app.frozeNoneKeptErrors":
    "Rien n’a été figé : {errors, plural, one {# cellule affichant une erreur a conservé sa formule} other {# cellules affichant une erreur ont conservé leur formule}}.",
  "app.frozeNoneKeptCards":
    "Rien n’a été figé : {cards, plural, one {# cellule affichant une carte a conservé sa formule} other {# cellules affichant une carte ont conservé leur formule}} (cette version d’Excel ne peut pas écrire une carte comme valeur).",
  "app.frozeNoneKeptBoth":
    "Rien n’a été figé : {errors, plural, one {# cellule affichant une erreur a conservé sa formule} other {# cellules affichant une erreur ont conservé leur formule}} ; {cards, plural, one {# cellule affichant une carte a conservé sa formule} other {# cellules affichant une carte ont conservé leur formule}} (cette version d’Excel ne peut pas écrire une carte comme valeur).",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const appSame: ReadonlyArray<keyof typeof appEn> = [
  "app.title",
  "app.tabGeo",
  "app.twoSentences",
];
