import type { Translation } from "../../types";
import type { jobsEn } from "../en-US/jobs";

export const jobs: Translation<typeof jobsEn> = {
  "jobs.none":
    "Aucune tâche dans ce classeur pour l’instant. Les recherches en masse et GeoLead, les fichiers de domaine et les enrichissements de vos listes apparaissent ici.",
  "jobs.writtenToSheet": "Écrit dans la feuille « {sheet} ».",
  "jobs.counts":
    "{total, plural, one {# ligne} other {# lignes}} : {valid, plural, one {# valide} other {# valides}}, {risky, plural, one {# risquée} other {# risquées}}, {notFound, plural, one {# introuvable} other {# introuvables}}",
  "jobs.countsWithFailed":
    "{total, plural, one {# ligne} other {# lignes}} : {valid, plural, one {# valide} other {# valides}}, {risky, plural, one {# risquée} other {# risquées}}, {notFound, plural, one {# introuvable} other {# introuvables}}, {failed, plural, one {# en échec} other {# en échec}}",
  "jobs.lastCheckFailed":
    "Échec de la dernière vérification : {error} (la tâche est conservée et sera vérifiée à nouveau)",
  "jobs.filterValid": "valides",
  "jobs.filterRisky": "risquées",
  "jobs.filterNotFound": "introuvables",
  "jobs.layout": "Disposition",
  "jobs.layoutRowPerSearch": "une ligne par recherche",
  "jobs.layoutEmailPerLine": "un e-mail par ligne",
  "jobs.freePreview": "Aperçu gratuit",
  "jobs.writtenIntoList": "Écrit dans la liste.",
  "jobs.downloadIntoList": "Télécharger dans la liste",
  "jobs.downloadIntoNewSheet": "Télécharger dans une nouvelle feuille",
  "jobs.sheets": "Feuilles : {names}",
  "jobs.confirmTitle": "Télécharger {label} ?",
  "jobs.confirmButton": "Payer {credits, plural, one {# crédit} other {# crédits}} et télécharger",
  "jobs.confirmText":
    "Ce téléchargement paie les résultats : {credits, plural, one {# crédit} other {# crédits}}. Les téléchargements suivants de cette tâche sont gratuits. Consultez d’abord l’aperçu gratuit.",
  "jobs.kindBulk": "Recherche en masse",
  "jobs.kindGeoLead": "GeoLead",
  "jobs.kindDomainFile": "Fichier de domaine",
  "jobs.kindEnrichBulk": "Enrichir (recherche en masse)",
  "jobs.kindEnrich": "Enrichir",
  "jobs.jobName":
    "{kind, select, bulk {Recherche en masse} geo_lead {Recherche GeoLead} domain_file {Fichier de domaine} other {Enrichissement}} « {label} »",
  "jobs.noticeRunDone":
    "{name} : terminé, {count, plural, one {# ligne écrite} other {# lignes écrites}}.",
  "jobs.noticeRunStopped":
    "{name} : arrêté avec {count, plural, one {# ligne restante} other {# lignes restantes}}. Ouvrez Tâches pour le poursuivre.",
  "jobs.noticeRunStoppedWhy":
    "{name} : arrêté avec {count, plural, one {# ligne restante} other {# lignes restantes}} ({reason}). Ouvrez Tâches pour le poursuivre.",
  "jobs.noticeComplete": "{name} : traitement terminé. Ouvrez Tâches pour télécharger.",
  "jobs.noticeCompleteRows":
    "{name} : traitement terminé, {count, plural, one {# ligne} other {# lignes}}. Ouvrez Tâches pour télécharger.",
  "jobs.noticeReady": "{name} : disponible. Ouvrez Tâches pour télécharger.",
  "jobs.noticeDeleted": "Le service a supprimé {name}.",
  "jobs.noticeFailed": "{name} : échec.",
  "jobs.noticeFailedWhy": "{name} : échec. {error}",
  "jobs.unknownToService":
    "Le service ne connaît pas cette tâche (404) : elle appartient peut-être à un autre compte ou à une autre clé.",
  "jobs.previewSheetName": "{label} aperçu",
  "jobs.demoSheetEnding": " (démo)",
  "jobs.fallbackSheetName": "Résultats",
  "jobs.tableWithoutColumns": "Un tableau nécessite au moins une colonne.",
  "jobs.tableTooWide":
    "Le tableau a {count} colonnes ; une feuille de calcul en contient au maximum {max}.",
  "jobs.tableTooLong":
    "Le tableau a {count} lignes ; une feuille de calcul en contient au maximum {max} sous son en-tête.",
  "jobs.rowTooWide":
    "La ligne {row} a {cells} cellules, plus que les {columns} colonnes de l’en-tête.",
  "jobs.writeFailed":
    "L’écriture des résultats dans la nouvelle feuille « {sheet} » a échoué : {error}",
  "jobs.notSavable": "Ce n’est pas une tâche qui peut être enregistrée : {job}.",
  "jobs.invalidChange": "Modification non valide pour la tâche {id}.",
  "jobs.saveFailed":
    "La liste des tâches n’a pas pu être enregistrée dans le classeur ({reason}). Elle est conservée pour cette session et sera enregistrée à nouveau à la prochaine modification.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const jobsSame: ReadonlyArray<keyof typeof jobsEn> = ["jobs.kindGeoLead"];
