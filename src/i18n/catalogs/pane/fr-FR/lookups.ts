import type { Translation } from "../../types";
import type { lookupsEn } from "../en-US/lookups";

export const lookups: Translation<typeof lookupsEn> = {
  "lookups.title": "Recherches des cellules pendant cette session",
  "lookups.waiting": "En attente (non envoyées)",
  "lookups.inFlight": "En cours",
  "lookups.answered": "Répondues",
  "lookups.failed": "Échouées",
  "lookups.notRun": "Non lancées (dépenses, refusées, arrêtées)",
  "lookups.cached": "Depuis les réponses conservées (sans requête)",
  "lookups.shared": "Depuis les réponses partagées de votre équipe (gratuit)",
  "lookups.reasked": "Redemandées (le stockage de l’appareil était plein)",
  "lookups.agesTitle": "Réponses conservées selon leur date de vérification",
  "lookups.ageUnder30": "Il y a moins de 30 jours",
  "lookups.age30to90": "Il y a 30 à 90 jours",
  "lookups.ageOver90": "Il y a plus de 90 jours",
  "lookups.spent": "Crédits dépensés par les cellules",
  "lookups.connection":
    "Connexion : {protocol} · {limit, plural, one {# requête simultanée} other {# requêtes simultanées}} actuellement (jusqu’à {ceiling, number})",
  "lookups.protocolUnknown": "protocole pas encore connu",
  "lookups.stop": "Arrêter",
  "lookups.stopNote":
    "Retire les recherches pas encore envoyées (leurs cellules affichent #N/A « Arrêté ») ; les requêtes en cours se terminent et leurs réponses sont conservées.",
  "lookups.nothingWaiting": "Rien n’était en attente.",
  "lookups.withdrawn":
    "{count, plural, one {# recherche retirée ; sa cellule affiche '#'N/A « Arrêté ». Recalculez pour la lancer.} other {# recherches retirées ; leurs cellules affichent '#'N/A « Arrêté ». Recalculez pour les lancer.}}",
  "lookups.spendingHeading": "Dépenses",
  "lookups.spendingOn": "Dépenses activées",
  "lookups.spendingOff":
    "Dépenses désactivées : les cellules répondent uniquement à partir des réponses conservées",
  "lookups.confirmAbove": "Demander avant qu’un recalcul puisse dépenser plus de (crédits)",
  "lookups.confirmAboveHint": "0 demande à chaque fois ; vide ne demande jamais.",
  "lookups.sessionBudget": "Budget de session pour les cellules (crédits)",
  "lookups.sessionBudgetHint":
    "Au-delà, les cellules répondent uniquement à partir des réponses conservées. Vide : pas de budget.",
  "lookups.save": "Enregistrer",
  "lookups.saved": "Paramètres de dépenses enregistrés.",
  "lookups.savedOff":
    "Les dépenses sont désactivées : les cellules répondent uniquement à partir des réponses conservées.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const lookupsSame: ReadonlyArray<keyof typeof lookupsEn> = [];
