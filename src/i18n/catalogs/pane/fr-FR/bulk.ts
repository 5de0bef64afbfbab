import type { Translation } from "../../types";
import type { bulkEn } from "../en-US/bulk";

export const bulk: Translation<typeof bulkEn> = {
  "bulk.rowsToSearch": "Lignes à rechercher",
  "bulk.useSelection": "Utiliser la plage sélectionnée",
  "bulk.or": "ou",
  "bulk.fileLabel": "Un fichier CSV ou XLSX",
  "bulk.working": "Traitement en cours…",
  "bulk.sourceSelection": "{count, plural, one {# ligne} other {# lignes}} de {source}",
  "bulk.sourceFile": "{fileName} (premières lignes affichées pour la correspondance)",
  "bulk.firstRowIsHeader": "La première ligne est un en-tête",
  "bulk.categoriesLabel": "Catégories de décideurs (facultatif, la plus importante en premier)",
  "bulk.label": "Libellé",
  "bulk.nothingToSearch": "Rien à rechercher : aucune ligne de données.",
  "bulk.cost":
    "{rows, plural, one {# ligne} other {# lignes}} en {searches, plural, one {# recherche} other {# recherches}} · jusqu’à {credits, plural, one {# crédit} other {# crédits}} si chaque ligne est trouvée valide (payé au téléchargement ; les répétitions sous 30 jours sont gratuites)",
  "bulk.costOfFile":
    "Le coût est connu une fois le fichier traité : il est affiché avant le téléchargement.",
  "bulk.submit": "Lancer la recherche en masse",
  "bulk.fieldFirstName": "Prénom",
  "bulk.fieldLastName": "Nom",
  "bulk.fieldFullName": "Nom complet",
  "bulk.fieldCompany": "Entreprise",
  "bulk.fieldDomain": "Domaine / site web",
  "bulk.fieldEmail": "E-mail (à vérifier)",
  "bulk.fieldProfileUrl": "URL du profil",
  "bulk.kindEmailAlone":
    "Une colonne d’e-mails vérifie des e-mails : supprimez les colonnes de noms et les catégories, ou la colonne d’e-mails.",
  "bulk.kindCategoriesNeedCompany":
    "Les catégories de décideurs nécessitent une colonne d’entreprise ou de domaine.",
  "bulk.kindDecisionMakersByCompany":
    "Les décideurs sont recherchés par entreprise : supprimez les colonnes de noms ou les catégories.",
  "bulk.kindNameNeedsCompany": "Un nom nécessite une colonne d’entreprise ou de domaine.",
  "bulk.kindBothNames": "Associez le prénom et le nom, ou une colonne de nom complet.",
  "bulk.kindNothingMapped":
    "Associez au moins les colonnes d’une recherche : noms et entreprise, e-mails, URL de profil ou entreprises.",
  "bulk.unknownCategory": "« {name} » n’est pas une catégorie : utilisez {categories}.",
  "bulk.fileHeaderOnly": "Le fichier a une ligne d’en-tête et aucune ligne de données.",
  "bulk.fileAllEmpty": "Le fichier n’a aucune ligne de données : toutes les lignes sont vides.",
  "bulk.selectionHeaderOnly": "La sélection n’a aucune ligne de données sous son en-tête.",
  "bulk.selectionAllEmpty":
    "La sélection n’a aucune ligne de données : toutes les cellules sont vides.",
  "bulk.partOfSearch": "{name} ({part} sur {parts})",
  "bulk.xlsxNotWorkbook": "Ce fichier .xlsx n’est pas un classeur valide.",
  "bulk.firstSheetEmpty": "La première feuille de calcul est vide.",
  "bulk.xlsNotSupported":
    "Les anciens classeurs .xls ne sont pas pris en charge : enregistrez le fichier au format .xlsx ou .csv.",
  "bulk.fileEmpty": "Le fichier est vide.",
  "bulk.notCsvOrXlsx": "Ce fichier n’est ni un fichier CSV ni un fichier XLSX.",
  "bulk.xlsxDamaged":
    "Ce fichier .xlsx est endommagé ({detail}) : ouvrez-le dans Excel et enregistrez-le à nouveau.",
  "bulk.xlsxTooLarge":
    "Ce fichier .xlsx se décompresse en plus de {megabytes, number} Mo avant ses premières lignes : sa lecture a été arrêtée (un fichier endommagé ou une bombe zip).",
  "bulk.xlsxCompression":
    "Ce fichier .xlsx utilise une compression autre que Deflate : ouvrez-le dans Excel et enregistrez-le à nouveau.",
  "bulk.xlsxNoWorksheet": "Ce fichier .xlsx ne contient aucune feuille de calcul.",
  "bulk.damageTooManyParts": "il répertorie plus de parties qu’il ne peut en contenir",
  "bulk.damageZipStructure": "sa structure zip est non valide ou tronquée",
  "bulk.damagePartMissing": "{part} est manquant",
  "bulk.damagePartDeclares": "{part} déclare {megabytes} Mo",
  "bulk.damagePartExpands": "{part} dépasse à la décompression les {bytes} octets déclarés",
  "bulk.damagePartNotStored": "{part} est répertorié mais pas stocké",
  "bulk.damagePartCutShort": "{part} est tronqué",
  "bulk.damageNotWorksheet": "{part} n’est pas une feuille de calcul",
  "bulk.damageLongElement": "un élément <{element}> dépasse {megabytes, number} Mo",
  "bulk.selectionSeveralAreas":
    "Sélectionnez un seul bloc de cellules : la sélection comporte plusieurs zones ou ne contient pas de cellules.",
  "bulk.selectionEmpty":
    "La sélection est vide : sélectionnez les cellules contenant les données (et leur ligne d’en-tête), puis réessayez.",
  "bulk.columnOutsideSheet":
    "L’index de colonne {index} est en dehors des colonnes A à XFD d’Excel.",
  "bulk.rowsOutsideSheet":
    "Les lignes {first} à {last} sont en dehors des lignes 1 à {max} d’Excel.",
  "bulk.blockWithoutColumns": "Un bloc nécessite au moins une colonne, et non {count}.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const bulkSame: ReadonlyArray<keyof typeof bulkEn> = [];
