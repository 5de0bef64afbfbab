import type { Translation } from "../types";
import type { cellsEn } from "./en-US";

// French typography: a no-break space (\u00a0) before « : » and inside « guillemets ».

export const cells: Translation<typeof cellsEn> = {
  "cells.argumentErrorValue": "{argument} est une valeur d’erreur.",
  "cells.argumentRange": "{argument} doit être une seule cellule, pas une plage.",
  "cells.argumentBoolean": "{argument} doit être du texte, pas VRAI ou FAUX.",
  "cells.argumentText": "{argument} doit être du texte.",
  "cells.argumentTooLong":
    "{argument} est trop long ({max, plural, one {# caractère} other {# caractères}} au maximum).",
  "cells.argumentInvalidCharacters": "{argument} contient des caractères non valides.",
  "cells.argumentRequired": "{argument} est obligatoire.",
  "cells.argumentWebsite": "{argument} n’est pas une adresse de site web valide.",
  "cells.argumentProfileUrl":
    "{argument} doit être une URL de profil, par exemple https://www.linkedin.com/in/nom.",
  "cells.argumentEmail": "{argument} n’est pas une adresse e-mail valide.",
  "cells.argumentCategoriesRequired":
    "{argument} est obligatoire\u00a0: une ou plusieurs valeurs parmi {categories}.",
  "cells.argumentUnknownCategory":
    "{argument}\u00a0: «\u00a0{value}\u00a0» n’est pas une catégorie ({categories}).",
  "cells.argumentOneOf": "{argument} doit être l’une des valeurs suivantes\u00a0: {values}.",
  "cells.argumentCountryCode": "{argument} doit être un code pays à deux lettres, par exemple FR.",
  "cells.argumentUnknownField":
    "{argument}\u00a0: «\u00a0{value}\u00a0» n’est pas un champ ({fields}).",

  "cells.unauthorized": "Clé API manquante ou refusée\u00a0: définissez-la dans le volet Office.",
  "cells.unauthorizedTeam":
    "Jeton d’équipe manquant ou refusé\u00a0: saisissez celui de votre administrateur dans le volet Office (Paramètres).",
  "cells.microsoftSignIn":
    "Connexion Microsoft 365 requise\u00a0: reconnectez-vous dans le volet Office (Paramètres).",
  "cells.settings": "Paramètres\u00a0: {message} Modifiez ce paramètre dans le volet Office.",
  "cells.badRequest": "Le service a refusé la requête\u00a0: {message}",
  "cells.outOfCredits": "Crédits épuisés.",
  "cells.notFound": "Introuvable.",
  "cells.blacklisted": "Supprimé de la base de données à la demande du titulaire (liste noire).",
  "cells.busy":
    "{attempts, plural, =1 {Le service est surchargé (503)\u00a0; recalculez pour réessayer.} other {Le service est surchargé (503) après # tentatives\u00a0; recalculez pour réessayer.}}",
  "cells.timeout": "{message} Recalculez pour réessayer.",
  "cells.networkAfterAttempts":
    "{message} après {attempts, plural, one {# tentative} other {# tentatives}}.",
  "cells.serverFailed":
    "{attempts, plural, =1 {Le service a rencontré une erreur (HTTP {status}).} other {Le service a rencontré une erreur (HTTP {status}) après # tentatives.}}",
  "cells.malformed":
    "{attempts, plural, =1 {Le service a envoyé une réponse illisible.} other {Le service a envoyé une réponse illisible après # tentatives.}}",
  "cells.cancelled": "Annulé.",
  "cells.unexpected": "Erreur inattendue\u00a0: {message}",
  "cells.noEmailFound": "Aucune adresse e-mail trouvée.",
  "cells.bounced": "Rejetée (signalée le {date}).",
  "cells.noEmployeesFound": "Aucun employé trouvé.",
  "cells.cardMore": "Plus d’informations",

  "cells.refusedSpendingOff":
    "Les dépenses sont désactivées\u00a0: seules les réponses conservées sont affichées. Activez les dépenses dans le volet Office (Recherches).",
  "cells.refusedDeclined":
    "Non exécuté\u00a0: refusé dans le volet Office. Recalculez pour que la question vous soit reposée.",
  "cells.refusedStopped": "Arrêté depuis le volet Office. Recalculez pour l’exécuter.",
  "cells.refusedBudget":
    "Budget de la session atteint ({budget, plural, one {# crédit} other {# crédits}} pour les cellules)\u00a0: modifiez-le dans le volet Office (Recherches).",
  "cells.preview": "Aperçu\u00a0: appuyez sur Entrée pour lancer la recherche.",
  "cells.refusedRefreshOnly":
    "Non recherché\u00a0: Actualiser ne redemande que les anciennes réponses comptées. Recalculez la cellule pour la rechercher.",
  "cells.refusedUnconfirmed":
    "Non exécuté\u00a0: ce recalcul peut dépenser plus de {max, plural, one {# crédit} other {# crédits}} et le volet Office n’a pas pu vous le demander. Modifiez «\u00a0Demander avant de dépenser plus de\u00a0» dans le volet Office (Recherches).",
  "cells.refusedAnswersGone":
    "Non exécuté\u00a0: les réponses conservées pour ce classeur ne sont plus dans ce navigateur, et le volet Office n’a pas pu vous demander avant de les racheter. Ouvrez le volet Office et recalculez.",

  "cells.missingApiKey": "Clé API manquante\u00a0: définissez-la dans le volet Office.",
  "cells.requestCancelled": "La requête a été annulée.",
  "cells.notJson": "Le service a envoyé une réponse qui n’est pas du JSON valide.",
  "cells.noAnswerWithin": "Aucune réponse du service dans un délai de {seconds, number}\u00a0s.",
  "cells.unreachable": "Impossible de joindre le service ({detail}).",
  "cells.httpStatus": "Le service a répondu HTTP {status}.",
  "cells.baseUrlPath":
    "Le chemin de l’URL de base ne peut contenir que des lettres, des chiffres et / . _ ~ -.",
  "cells.baseUrlInvalid":
    "L’URL de base n’est pas une URL valide (par exemple https://api.example.com).",
  "cells.baseUrlCredentials": "L’URL de base ne doit pas contenir d’identifiants.",
  "cells.baseUrlQuery": "L’URL de base ne doit contenir ni requête ni fragment.",
  "cells.baseUrlHttps":
    "L’URL de base doit utiliser https (http simple n’est autorisé que pour localhost).",
  "cells.signInOtherOrigin":
    "La connexion Microsoft 365 n’est envoyée qu’à l’hôte d’équipe dont provient ce complément ; cette requête allait vers {origin} et n’a pas été envoyée.",
  "cells.lacksCreditsCharged": "Il manque credits_charged dans la réponse du service.",
  "cells.downloadNotTable": "Le fichier téléchargé n’est pas un tableau de lignes.",
  "cells.requestWithdrawn": "La requête a été retirée avant d’être envoyée.",
  "cells.calculationCancelled": "Le calcul a été annulé.",
  "cells.lookupWithdrawn": "La recherche a été retirée avant d’être envoyée.",

  "cells.indexedDbUnavailable":
    "IndexedDB n’est pas disponible dans cet environnement d’exécution.",
  "cells.indexedDbUnusable": "IndexedDB ne peut pas être utilisé ici ({reason}).",
  "cells.indexedDbOpenTimeout":
    "IndexedDB ne s’est pas ouvert dans un délai de {seconds, number}\u00a0s.",
  "cells.paneFailed": "Mail Finder n’a pas pu démarrer son volet Office : {error}",
  "cells.storageDenied":
    "Ce navigateur refuse tout stockage au complément (les cookies et données de sites tiers sont bloqués) : le volet Office indique quoi autoriser.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const cellsSame: ReadonlyArray<keyof typeof cellsEn> = [];
