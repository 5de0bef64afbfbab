import type { Translation } from "../../types";
import type { settingsEn } from "../en-US/settings";

export const settings: Translation<typeof settingsEn> = {
  "settings.apiKey": "Clé API",
  "settings.apiKeyHint": "Conservée pour vous sur cet appareil, jamais dans le classeur.",
  "settings.baseUrl": "URL de base",
  "settings.baseUrlHint": "Le service, ou un chemin de relais de même origine comme /api.",
  "settings.webhookUrl": "URL de webhook (facultatif)",
  "settings.webhookUrlHint":
    "Les résultats des recherches en masse, de GeoLead et des fichiers de domaine sont aussi envoyés ici.",
  "settings.maxConcurrency": "Requêtes simultanées (facultatif)",
  "settings.maxConcurrencyHint":
    "Vide : automatique (6 en HTTP/1.1 ; en HTTP/2, s’adapte au service, jusqu’à 64).",
  "settings.maxAge": "Interroger à nouveau les réponses de plus de (jours, facultatif)",
  "settings.maxAgeHint":
    "Vide : une réponse conservée n’est jamais rachetée. Renseigné : une réponse plus ancienne compte comme non conservée, et un recalcul la redemande selon vos règles de dépense.",
  "settings.save": "Enregistrer",
  "settings.saved": "Paramètres enregistrés.",
  "settings.testConnection": "Tester la connexion",
  "settings.connectionHealthy":
    "Service opérationnel · compte {email} · {credits, plural, one {# crédit restant} other {# crédits restants}}",
  "settings.connectionDown":
    "Service indisponible · compte {email} · {credits, plural, one {# crédit restant} other {# crédits restants}}",
  "settings.teamToken": "Jeton d''équipe",
  "settings.teamTokenHint":
    "Votre jeton personnel pour l''équipe {team}\u00a0: demandez-le à votre administrateur. Conservé pour vous sur cet appareil, jamais dans le classeur.",
  "settings.creditsInvalid": "Entrez un nombre de crédits (0 ou plus), ou laissez le champ vide.",
  "settings.apiKeyInvalid": "La clé API doit être un seul mot composé de caractères imprimables.",
  "settings.microsoftAccountInvalid":
    "Le compte Microsoft 365 doit être un seul mot composé de caractères imprimables.",
  "settings.microsoftSignIn": "Se connecter avec Microsoft 365",
  "settings.microsoftSignedIn": "Connecté avec Microsoft 365 en tant que {account}.",
  "settings.microsoftSignOut": "Se déconnecter",
  "settings.microsoftUnsupported":
    "Cette version d’Office ne peut pas se connecter ici avec un compte Microsoft 365\u00a0: utilisez un jeton d’équipe.",
  "settings.microsoftNotConfigured":
    "Cet hôte d’équipe ne propose pas la connexion Microsoft 365\u00a0: utilisez votre jeton d’équipe.",
  "settings.microsoftCancelled": "La connexion a été annulée.",
  "settings.microsoftFailed": "Échec de la connexion Microsoft 365\u00a0: {reason}",
  "settings.tryModeOnOff": "Le mode d’essai est soit activé, soit désactivé.",
  "settings.spendingOnOff": "Les dépenses sont soit activées, soit désactivées.",
  "settings.cardsOnOff": "« Réponses sous forme de cartes » est soit activé, soit désactivé.",
  "settings.maxConcurrencyInvalid":
    "Entrez un nombre entier de 1 à {max, number}, ou laissez le champ vide (automatique).",
  "settings.maxAgeInvalid":
    "Saisissez un nombre entier de jours entre 1 et {max, number}, ou laissez vide (jamais).",
  "settings.webhookInvalid": "L’URL de webhook n’est pas une URL valide.",
  "settings.webhookHttps":
    "L’URL de webhook doit utiliser https : le service y envoie des résultats.",
  "settings.baseUrlInvalid":
    "Saisissez l’adresse du service, par exemple https://api.example.com, ou un chemin sur le site de ce complément, par exemple /api.",
  "settings.baseUrlPath":
    "Un chemin sur le site de ce complément ne peut contenir que des lettres, des chiffres et / . _ ~ -.",
  "settings.baseUrlOtherSite":
    "Une adresse qui commence par // ou /\\ mène à un autre site : saisissez l’adresse complète du service (https://…) ou un chemin sur le site de ce complément, par exemple /api.",
  "settings.baseUrlCharacters":
    "L’URL de base ne doit contenir ni espaces, ni tabulations, ni sauts de ligne, ni barres obliques inverses, ni caractères invisibles.",
  "settings.baseUrlCredentials":
    "L’URL de base ne doit contenir ni nom d’utilisateur ni mot de passe (utilisateur:motdepasse@…).",
  "settings.baseUrlQuery": "L’URL de base ne doit contenir ni requête (?) ni fragment (#).",
  "settings.baseUrlHttps":
    "L’URL de base doit utiliser https (http simple n’est autorisé que sur cet ordinateur : localhost, 127.0.0.1, [::1]).",
  "settings.baseUrlRefusedAtLoad":
    "L’URL de base enregistrée auparavant n’est pas utilisée : {reason} La valeur par défaut, {fallback}, s’applique jusqu’à ce que vous en enregistriez une autre.",
  "settings.tryNoDemo":
    "L’hôte de ce complément ne propose pas de mode d’essai. Obtenez une clé API pour utiliser le complément.",
  "settings.tryTooMany":
    "Trop de comptes de démonstration depuis cet emplacement : réessayez plus tard.",
  "settings.tryCouldNotStart": "Le mode d’essai n’a pas pu démarrer ({status}).",
  "settings.tryCouldNotStartReason": "Le mode d’essai n’a pas pu démarrer ({status} : {reason}).",
  "settings.tryUnreachable": "La démo est inaccessible : {reason}.",
  "settings.tryNoAccount": "La démo a répondu sans fournir de compte.",
  "settings.cardsHeading": "Réponses sous forme de cartes",
  "settings.cardsSwitch":
    "Afficher les réponses de FINDEMAIL, LINKEDINEMAIL et DECISIONMAKER sous forme de cartes",
  "settings.cardsOn":
    "Cartes activées : les cellules de personne, de profil et de décideur affichent une carte dès leur prochain calcul.",
  "settings.cardsOff":
    "Cartes désactivées : ces cellules affichent l’adresse e-mail dès leur prochain calcul.",
  "settings.cardsNote":
    "La cellule affiche l’adresse e-mail, sa carte la personne (ci-dessous : un exemple), et =A2.email_status lit n’importe quel champ de la réponse. Les cartes restent lisibles dans Excel sans le complément. Avec un argument fields, des valeurs simples sont toujours propagées.",
  "settings.cardsUnsupported":
    "Cette version d’Excel ne peut pas afficher les cartes des compléments (nécessite {requirement} : Excel pour le web, Windows Microsoft 365 2208 ou version ultérieure, Mac 16.64 ou version ultérieure). Les réponses sont affichées comme des valeurs simples.",
  "settings.cardsApply": "Appliquer aux cellules existantes (recalculer)",
  "settings.recalculated": "Recalcul effectué.",
  "settings.keptNone": "Réponses conservées : –",
  "settings.kept":
    "{count, plural, one {# réponse conservée pour ce compte ({size}) : un recalcul ne la rachète jamais.} other {# réponses conservées pour ce compte ({size}) : un recalcul ne les rachète jamais.}}",
  "settings.keptInIndexedDb":
    "Conservées dans la base de données de ce navigateur (IndexedDB) sur cet appareil.",
  "settings.keptInOffice":
    "Conservées dans le stockage des compléments d’Office ({size} pour les réponses ; les plus anciennes sont supprimées en premier).",
  "settings.keptInOfficeAbout":
    "Conservées dans le stockage des compléments d’Office ({size} pour les réponses, environ {fits, number} d’entre elles ; les plus anciennes sont supprimées en premier).",
  "settings.roomLeft": "Espace restant pour ce complément sur cet appareil : {size}.",
  "settings.apiKeyHintNotKept":
    "Utilisée jusqu’à la fermeture de ce classeur et enregistrée nulle part : ce navigateur refuse tout stockage au complément.",
  "settings.savedForSession":
    "Paramètres en vigueur jusqu’à la fermeture de ce classeur (ce navigateur ne permet pas de les enregistrer).",
  "settings.keptInMemory":
    "Conservées en mémoire seulement, jusqu’à la fermeture de ce classeur : ce navigateur refuse tout stockage au complément.",
  "settings.keptCleared":
    "{count, plural, one {# réponse effacée ; le classeur est en cours de recalcul.} other {# réponses effacées ; le classeur est en cours de recalcul.}}",
  "settings.clearAndRecalculate": "Effacer et recalculer",
  "settings.size": "{value} {unit, select, B {o} KB {Ko} MB {Mo} GB {Go} other {To}}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const settingsSame: ReadonlyArray<keyof typeof settingsEn> = [];
