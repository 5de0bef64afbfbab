import type { Translation } from "../../types";
import type { enrichEn } from "../en-US/enrich";
import { enrichHeaders } from "./enrich-headers";

export const enrich: Translation<typeof enrichEn> = {
  ...enrichHeaders,
  "enrich.operationPerson": "Trouver l’adresse e-mail de chaque personne",
  "enrich.operationVerify": "Vérifier les adresses e-mail",
  "enrich.operationDecisionMaker": "Trouver un décideur dans chaque entreprise",
  "enrich.yourList": "Votre liste",
  "enrich.onlyValid": "N’écrire que les e-mails valides",
  "enrich.onlyValidHint":
    "Pour les listes envoyées telles quelles\u00a0: un e-mail risqué ou invalide est omis (sa cellule reste vide) et son statut est écrit.",
  "enrich.useSelection": "Utiliser la sélection (ou son tableau)",
  "enrich.whatToLookUp": "Que rechercher",
  "enrich.working": "En cours…",
  "enrich.sourceRows":
    "{count, plural, one {# ligne} other {# lignes}} {kind, select, table {du tableau {name}} other {de {name}}}",
  "enrich.categoriesLabel": "Catégories de décideurs, la plus importante en premier",
  "enrich.categoriesHint": "Une ou plusieurs parmi\u00a0: {categories}",
  "enrich.columnsToWrite": "Colonnes à écrire",
  "enrich.costRowsToDo": "{count, plural, one {# ligne à traiter} other {# lignes à traiter}}",
  "enrich.costDone": "{count, plural, one {# déjà traitée} other {# déjà traitées}}",
  "enrich.costNotPossible": "{count, plural, one {# impossible} other {# impossibles}}",
  "enrich.costWaiting":
    "{count, number} en attente dans une recherche en masse ou une exécution (voir Tâches)",
  "enrich.costCredits":
    "jusqu’à {credits, plural, one {# crédit} other {# crédits}} pour {lookups, plural, one {# recherche} other {# recherches}} (les réponses conservées et les réponses introuvables sont gratuites)",
  "enrich.bulkThreshold": "Utiliser une recherche en masse au-delà de N lignes à traiter",
  "enrich.bulkThresholdInvalid": "Un nombre entier de lignes, 0 ou plus.",
  "enrich.asBulk":
    "S’exécute comme une recherche en masse\u00a0: les réponses sont écrites à côté de la liste une fois la recherche terminée (onglet Tâches\u00a0: un aperçu gratuit, puis le téléchargement, qui indique d’abord son coût).",
  "enrich.submit": "Écrire les réponses à côté de la liste",
  "enrich.readAgain": "Relisez la sélection pour traiter d’autres lignes.",
  "enrich.jobLabel": "Enrichir {name}",
  "enrich.conflicts":
    "Les réponses écraseraient des cellules dans lesquelles vous avez saisi du contenu\u00a0: {cells}{more, plural, =0 {} other { et # autres}}. Videz-les ou choisissez d’autres colonnes à écrire, puis relisez la sélection.",
  "enrich.progress":
    "{state, select, done {Terminé} stopped {Arrêté} other {En cours}}\u00a0: {done, number} sur {total, plural, one {# ligne} other {# lignes}} · {details}",
  "enrich.progressWritten": "{count, plural, one {# écrite} other {# écrites}}",
  "enrich.progressFailed": "{count, number} en échec",
  "enrich.progressNotRun": "{count, plural, one {# non exécutée} other {# non exécutées}}",
  "enrich.progressTypedInto":
    "{count, plural, one {# saisie entre-temps} other {# saisies entre-temps}}",
  "enrich.summaryReason":
    "{count, plural, one {# ligne} other {# lignes}}\u00a0: {reason} (laissées vides\u00a0: relancez pour les traiter)",
  "enrich.summaryTyped": "Non écrites, saisies entre-temps\u00a0: {cells}",
  "enrich.runStatus":
    "{status, select, running {en cours} interrupted {interrompu} stopped {arrêté} completed {terminé} failed {échec} other {{status}}}",
  "enrich.runCounts":
    "Enrichir · {kind, select, table {tableau {name}} other {feuille «\u00a0{name}\u00a0»}} · {done, number} sur {total, plural, one {# ligne} other {# lignes}}\u00a0: {details}",
  "enrich.rowsLeft":
    "{count, plural, one {# ligne restante} other {# lignes restantes}}\u00a0: {reason}",
  "enrich.continue": "Continuer\u00a0: traiter les lignes restantes",
  "enrich.continueCost":
    "Jusqu’à {rows, plural, one {# ligne} other {# lignes}}, au plus {credits, plural, one {# crédit} other {# crédits}} (les lignes écrites sont ignorées\u00a0; les réponses conservées sont gratuites)",
  "enrich.continueDone":
    "{written, number} sur {total, plural, one {# ligne écrite} other {# lignes écrites}}.",
  "enrich.mapEmail": "Associez la colonne des adresses e-mail à vérifier.",
  "enrich.mapCompany":
    "Associez une colonne d’entreprise ou de domaine pour trouver des décideurs.",
  "enrich.mapBothNames": "Associez le prénom et le nom, ou une colonne de nom complet.",
  "enrich.mapPerson":
    "Associez une colonne de nom (nom complet, ou prénom et nom) et une colonne d’entreprise ou de domaine, ou une colonne d’URL de profil.",
  "enrich.noOutputs": "Choisissez au moins une colonne à écrire.",
  "enrich.unknownOutput": "«\u00a0{field}\u00a0» n’est pas un champ de réponse de cette recherche.",
  "enrich.outputTwice": "Chaque colonne n’est écrite qu’une fois.",
  "enrich.skippedMissing":
    "{input, select, name {ignorée\u00a0: aucun nom} last_name {ignorée\u00a0: aucun nom de famille} company {ignorée\u00a0: aucune entreprise} linkedin_url {ignorée\u00a0: aucune URL de profil} email {ignorée\u00a0: aucune adresse e-mail} categories {ignorée\u00a0: aucune catégorie} other {ignorée\u00a0: {input} manquant}}",
  "enrich.skipped": "ignorée\u00a0: {reason}",
  "enrich.inputWord":
    "{input, select, name {nom} last_name {nom de famille} company {entreprise} linkedin_url {URL de profil} email {adresse e-mail} categories {catégories} other {{input}}}",
  "enrich.outOfCredits": "Crédits épuisés.",
  "enrich.notWritten": "Non écrit\u00a0: {error}",
  "enrich.notEnrichJob": "Ce n’est pas une tâche d’enrichissement.",
  "enrich.listMore": "{list} et {more, plural, one {# autre} other {# autres}}",
  "enrich.writtenBack":
    "{count, plural, one {# ligne écrite} other {# lignes écrites}} dans {kind, select, table {le tableau {name}} other {la feuille «\u00a0{name}\u00a0»}}.",
  "enrich.writtenMoved":
    "{count, plural, one {# d’entre elles retrouvée à son nouvel emplacement} other {# d’entre elles retrouvées à leur nouvel emplacement}}.",
  "enrich.writtenNotFound": "Non écrites (supprimées ou modifiées depuis)\u00a0: lignes {rows}.",
  "enrich.writtenFilled":
    "Non écrites, leurs cellules contiennent déjà quelque chose\u00a0: lignes {rows}.",
  "enrich.writtenTyped":
    "Non écrites par-dessus des cellules qui contiennent déjà quelque chose\u00a0: {cells}.",
  "enrich.writtenFailed":
    "{count, plural, one {# ligne n’a pas pu être recherchée} other {# lignes n’ont pas pu être recherchées}} (laissées vides).",
  "enrich.writtenUnusable":
    "{count, plural, one {# résultat ne correspondait pas} other {# résultats ne correspondaient pas}} à ce qui a été envoyé.",
  "enrich.severalTables":
    "La sélection s’étend sur plusieurs tableaux\u00a0: sélectionnez les cellules d’un seul tableau.",
  "enrich.listGone":
    "{kind, select, table {Le tableau «\u00a0{name}\u00a0» a été supprimé ou renommé.} other {La feuille «\u00a0{name}\u00a0» a été supprimée ou renommée.}}",
  "enrich.noOutputColumn": "Aucune colonne ne contient la sortie {field}.",
  "enrich.listChanged": "La liste a changé depuis sa lecture\u00a0: relisez la sélection.",
  "enrich.noEmptyColumn":
    "Il n’y a aucune colonne vide à droite de la sélection dans laquelle écrire.",
  "enrich.rowWidth": "La ligne {row} a {count, number} valeurs pour {width, number} colonnes.",
  "enrich.rowTwice": "La ligne {row} est indiquée deux fois.",
  "enrich.sheetGone":
    "La feuille «\u00a0{name}\u00a0» a été renommée ou supprimée\u00a0: {count, plural, one {# ligne n’a pas été écrite} other {# lignes n’ont pas été écrites}}.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const enrichSame: ReadonlyArray<keyof typeof enrichEn> = [];
