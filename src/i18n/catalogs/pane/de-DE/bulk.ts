import type { Translation } from "../../types";
import type { bulkEn } from "../en-US/bulk";

export const bulk: Translation<typeof bulkEn> = {
  "bulk.rowsToSearch": "Zu durchsuchende Zeilen",
  "bulk.useSelection": "Markierten Bereich verwenden",
  "bulk.or": "oder",
  "bulk.fileLabel": "Eine CSV- oder XLSX-Datei",
  "bulk.working": "Wird ausgeführt…",
  "bulk.sourceSelection": "{count, plural, one {# Zeile} other {# Zeilen}} aus {source}",
  "bulk.sourceFile": "{fileName} (die ersten Zeilen werden für die Zuordnung angezeigt)",
  "bulk.firstRowIsHeader": "Die erste Zeile ist eine Kopfzeile",
  "bulk.categoriesLabel": "Kategorien von Entscheidungsträgern (optional, wichtigste zuerst)",
  "bulk.label": "Bezeichnung",
  "bulk.nothingToSearch": "Nichts zu suchen: keine Datenzeilen.",
  "bulk.cost":
    "{rows, plural, one {# Zeile} other {# Zeilen}} in {searches, plural, one {# Suche} other {# Suchen}} · bis zu {credits, plural, one {# Credit} other {# Credits}}, wenn jede Zeile als gültig gefunden wird (bezahlt beim Herunterladen; Wiederholungen innerhalb von 30 Tagen sind kostenlos)",
  "bulk.costOfFile":
    "Die Kosten stehen fest, sobald die Datei verarbeitet ist: Sie werden vor dem Herunterladen angezeigt.",
  "bulk.submit": "Massensuche starten",
  "bulk.fieldFirstName": "Vorname",
  "bulk.fieldLastName": "Nachname",
  "bulk.fieldFullName": "Vollständiger Name",
  "bulk.fieldCompany": "Unternehmen",
  "bulk.fieldDomain": "Domain / Website",
  "bulk.fieldEmail": "E-Mail (zu prüfen)",
  "bulk.fieldProfileUrl": "Profil-URL",
  "bulk.kindEmailAlone":
    "Eine E-Mail-Spalte prüft E-Mail-Adressen: Entfernen Sie die Namensspalten und Kategorien oder die E-Mail-Spalte.",
  "bulk.kindCategoriesNeedCompany":
    "Kategorien von Entscheidungsträgern erfordern eine Unternehmens- oder Domainspalte.",
  "bulk.kindDecisionMakersByCompany":
    "Entscheidungsträger werden nach Unternehmen gesucht: Entfernen Sie die Namensspalten oder die Kategorien.",
  "bulk.kindNameNeedsCompany": "Ein Name erfordert eine Unternehmens- oder Domainspalte.",
  "bulk.kindBothNames":
    "Ordnen Sie Vor- und Nachname zu oder eine Spalte mit dem vollständigen Namen.",
  "bulk.kindNothingMapped":
    "Ordnen Sie mindestens die Spalten einer Suche zu: Namen und Unternehmen, E-Mail-Adressen, Profil-URLs oder Unternehmen.",
  "bulk.unknownCategory": "„{name}“ ist keine Kategorie: Verwenden Sie {categories}.",
  "bulk.fileHeaderOnly": "Die Datei hat eine Kopfzeile und keine Datenzeilen.",
  "bulk.fileAllEmpty": "Die Datei hat keine Datenzeilen: Alle Zeilen sind leer.",
  "bulk.selectionHeaderOnly": "Die Markierung hat unter ihrer Kopfzeile keine Datenzeilen.",
  "bulk.selectionAllEmpty": "Die Markierung hat keine Datenzeilen: Alle Zellen sind leer.",
  "bulk.partOfSearch": "{name} ({part} von {parts})",
  "bulk.xlsxNotWorkbook": "Diese .xlsx-Datei ist keine gültige Arbeitsmappe.",
  "bulk.firstSheetEmpty": "Das erste Arbeitsblatt ist leer.",
  "bulk.xlsNotSupported":
    "Alte .xls-Arbeitsmappen werden nicht unterstützt: Speichern Sie die Datei als .xlsx oder .csv.",
  "bulk.fileEmpty": "Die Datei ist leer.",
  "bulk.notCsvOrXlsx": "Diese Datei ist weder eine CSV- noch eine XLSX-Datei.",
  "bulk.xlsxDamaged":
    "Diese .xlsx-Datei ist beschädigt ({detail}): Öffnen Sie sie in Excel, und speichern Sie sie erneut.",
  "bulk.xlsxTooLarge":
    "Diese .xlsx-Datei wird vor ihren ersten Zeilen auf mehr als {megabytes, number} MB entpackt: Sie wurde nicht weiter gelesen (eine beschädigte Datei oder eine ZIP-Bombe).",
  "bulk.xlsxCompression":
    "Diese .xlsx-Datei verwendet eine andere Komprimierung als Deflate: Öffnen Sie sie in Excel, und speichern Sie sie erneut.",
  "bulk.xlsxNoWorksheet": "Diese .xlsx-Datei enthält kein Arbeitsblatt.",
  "bulk.damageTooManyParts": "sie führt mehr Teile auf, als sie enthalten kann",
  "bulk.damageZipStructure": "ihre ZIP-Struktur ist ungültig oder abgeschnitten",
  "bulk.damagePartMissing": "{part} fehlt",
  "bulk.damagePartDeclares": "{part} gibt {megabytes} MB an",
  "bulk.damagePartExpands": "{part} wird über die angegebenen {bytes} Bytes hinaus entpackt",
  "bulk.damagePartNotStored": "{part} ist aufgeführt, aber nicht gespeichert",
  "bulk.damagePartCutShort": "{part} ist abgeschnitten",
  "bulk.damageNotWorksheet": "{part} ist kein Arbeitsblatt",
  "bulk.damageLongElement": "ein <{element}>-Element ist länger als {megabytes, number} MB",
  "bulk.selectionSeveralAreas":
    "Markieren Sie einen einzelnen Zellblock: Die Markierung besteht aus mehreren Bereichen oder enthält keine Zellen.",
  "bulk.selectionEmpty":
    "Die Markierung ist leer: Markieren Sie die Zellen mit den Daten (und deren Kopfzeile), und versuchen Sie es erneut.",
  "bulk.columnOutsideSheet":
    "Der Spaltenindex {index} liegt außerhalb der Excel-Spalten A bis XFD.",
  "bulk.rowsOutsideSheet":
    "Die Zeilen {first} bis {last} liegen außerhalb der Excel-Zeilen 1 bis {max}.",
  "bulk.blockWithoutColumns": "Ein Block benötigt mindestens eine Spalte, nicht {count}.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const bulkSame: ReadonlyArray<keyof typeof bulkEn> = [];
