import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "Adresse e-mail",
  "report.fromCell": "Depuis la cellule sélectionnée",
  "report.why": "Pourquoi est-elle invalide ? ({length, number}/{max, number})",
  "report.bounce": "Message de rejet (facultatif)",
  "report.submit": "Signaler",
  "report.cellEmpty": "La cellule sélectionnée est vide.",
  "report.invalidEmail": "Entrez une adresse e-mail valide.",
  "report.whyRequired":
    "Indiquez pourquoi l’adresse e-mail est invalide (par exemple : rejet définitif).",
  "report.whyTooLong":
    "{max, plural, one {# caractère au maximum.} other {# caractères au maximum.}}",
  "report.refunded":
    "{credits, plural, one {Signalée. # crédit a été remboursé.} other {Signalée. # crédits ont été remboursés.}}",
  "report.thanks": "Signalée. Merci.",
  "report.bouncesTitle": "Plusieurs rejets à la fois",
  "report.bouncesHint":
    "Le crédit d’une adresse vérifiée qui a été rejetée est remboursé une fois signalée. Sélectionnez une colonne d’adresses rejetées (avec leurs messages de rejet dans la colonne à sa droite, si vous les avez) ou choisissez l’export des rejets de votre outil d’e-mailing.",
  "report.fromSelection": "Utiliser la sélection",
  "report.fileLabel": "Export des rejets (CSV ou XLSX)",
  "report.working": "Traitement…",
  "report.sourceSelection": "Depuis {source}",
  "report.sourceFile": "Depuis le fichier {fileName}",
  "report.firstRowIsHeader": "La première ligne est un en-tête",
  "report.bouncesSummary":
    "{count, plural, one {# adresse distincte} other {# adresses distinctes}}, {bought, plural, one {# achetée avec ce complément (son crédit peut être remboursé).} other {# achetées avec ce complément (leur crédit peut être remboursé).}}",
  "report.countingBought":
    "{count, plural, one {# adresse distincte ;} other {# adresses distinctes ;}} recherche de celles achetées avec ce complément…",
  "report.leftOut":
    "Écartées : {duplicates, plural, one {# doublon} other {# doublons}}, {malformed, plural, one {# adresse mal formée} other {# adresses mal formées}}.",
  "report.infoAll":
    "Pourquoi sont-elles invalides ? Envoyé avec chaque signalement ({length, number}/{max, number})",
  "report.defaultInfo": "Rejet définitif",
  "report.sendBounces": "{count, plural, one {Signaler # adresse} other {Signaler # adresses}}",
  "report.stop": "Arrêter",
  "report.progress": "{done, number} sur {total, number} signalées",
  "report.returned":
    "{credits, plural, one {# crédit remboursé} other {# crédits remboursés}} (solde avant : {before, number}, après : {after, number}).",
  "report.balanceUnknown":
    "Le solde après les signalements n’a pas pu être lu : les crédits remboursés ne sont pas connus. {error}",
  "report.resultCounts":
    "{reported, plural, one {# signalée} other {# signalées}}, {refused, plural, one {# refusée} other {# refusées}}, {failed, plural, one {# en échec} other {# en échec}}.",
  "report.stoppedUnsent":
    "{count, plural, one {Arrêté : # adresse n’a pas été envoyée et reste non signalée.} other {Arrêté : # adresses n’ont pas été envoyées et restent non signalées.}}",
  "report.marked":
    "{count, plural, one {# adresse est marquée comme rejetée dans les réponses conservées : aucun recalcul ne l’achètera à nouveau.} other {# adresses sont marquées comme rejetées dans les réponses conservées : aucun recalcul ne les achètera à nouveau.}}",
  "report.markFailed": "Les adresses signalées n’ont pas pu être marquées comme rejetées : {error}",
  "report.refusedTitle": "Non signalées",
  "report.outcomesWritten": "Le résultat de chaque adresse est dans la colonne {column}.",
  "report.outcomesNotWritten":
    "La colonne {column}, à côté de la liste, n’est pas vide : les résultats n’y ont pas été écrits.",
  "report.outcomeHeader": "Résultat du signalement",
  "report.outcomeReported": "signalée",
  "report.outcomeRefused": "refusée : {reason}",
  "report.outcomeFailed": "non signalée : {reason}",
  "report.outcomeUnsent": "non signalée (arrêt)",
  "report.outcomeMalformed": "pas une adresse e-mail",
  "report.tooManyRows":
    "{max, plural, one {La liste a plus de # ligne : divisez-la et signalez chaque partie.} other {La liste a plus de # lignes : divisez-la et signalez chaque partie.}}",
  "report.noEmailColumn": "Aucune colonne d’adresses e-mail n’a été trouvée : rien n’a été lu.",
  "report.nothingToReport": "Aucune adresse e-mail valide à signaler.",
  "report.selectionTooWide":
    "Sélectionnez une colonne d’adresses, ou deux : les adresses et leurs messages de rejet.",
  "report.fileTooLarge": "Ce fichier dépasse {megabytes, number} Mo : il n’a pas été lu.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
