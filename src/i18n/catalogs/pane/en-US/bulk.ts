// The task pane's "bulk" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/bulk.ts. Also the messages of the lists a bulk search reads
// (lists/mapping, bulk-request, file-preview, categories) and of the selection.

export const bulkEn = {
  // BulkPanel
  "bulk.rowsToSearch": "Rows to search",
  "bulk.useSelection": "Use the selected range",
  "bulk.or": "or",
  "bulk.fileLabel": "A CSV or XLSX file",
  "bulk.working": "Working…",
  "bulk.sourceSelection": "{count, plural, one {# row} other {# rows}} from {source}",
  "bulk.sourceFile": "{fileName} (first rows shown for the mapping)",
  "bulk.firstRowIsHeader": "The first row is a header",
  "bulk.categoriesLabel": "Decision-maker categories (optional, most important first)",
  "bulk.label": "Label",
  "bulk.nothingToSearch": "Nothing to search: no data rows.",
  "bulk.cost":
    "{rows, plural, one {# row} other {# rows}} in {searches, plural, one {# search} other {# searches}} · up to {credits, plural, one {# credit} other {# credits}} if every row is found valid (paid at download; repeats within 30 days are free)",
  "bulk.costOfFile":
    "The cost is known once the file is processed: it is shown before you download.",
  "bulk.submit": "Start the bulk search",
  // Column mapping (ColumnMappingFields, lists/mapping)
  "bulk.fieldFirstName": "First name",
  "bulk.fieldLastName": "Last name",
  "bulk.fieldFullName": "Full name",
  "bulk.fieldCompany": "Company",
  "bulk.fieldDomain": "Domain / website",
  "bulk.fieldEmail": "Email (to verify)",
  "bulk.fieldProfileUrl": "Profile URL",
  "bulk.kindEmailAlone":
    "An email column verifies emails: remove the name columns and categories, or the email column.",
  "bulk.kindCategoriesNeedCompany": "Decision-maker categories need a company or domain column.",
  "bulk.kindDecisionMakersByCompany":
    "Decision makers are searched by company: remove the name columns or the categories.",
  "bulk.kindNameNeedsCompany": "A name needs a company or domain column.",
  "bulk.kindBothNames": "Map both first and last name, or a full name column.",
  "bulk.kindNothingMapped":
    "Map at least the columns of one search: names and company, emails, profile URLs, or companies.",
  "bulk.unknownCategory": '"{name}" is not a category: use {categories}.',
  // lists/bulk-request
  "bulk.fileHeaderOnly": "The file has a header row and no data rows.",
  "bulk.fileAllEmpty": "The file has no data rows: every row is empty.",
  "bulk.selectionHeaderOnly": "The selection has no data rows below its header.",
  "bulk.selectionAllEmpty": "The selection has no data rows: every cell is empty.",
  "bulk.partOfSearch": "{name} ({part} of {parts})",
  // lists/file-preview
  "bulk.xlsxNotWorkbook": "This .xlsx file is not a valid workbook.",
  "bulk.firstSheetEmpty": "The first worksheet is empty.",
  "bulk.xlsNotSupported": "Old .xls workbooks are not supported: save it as .xlsx or .csv.",
  "bulk.fileEmpty": "The file is empty.",
  "bulk.notCsvOrXlsx": "This file is neither CSV nor XLSX.",
  "bulk.xlsxDamaged": "This .xlsx file is damaged ({detail}): open it in Excel and save it again.",
  "bulk.xlsxTooLarge":
    "This .xlsx file expands to more than {megabytes, number} MB before its first rows: it was not read further (a damaged file, or a zip bomb).",
  "bulk.xlsxCompression":
    "This .xlsx file uses a compression other than deflate: open it in Excel and save it again.",
  "bulk.xlsxNoWorksheet": "This .xlsx file has no worksheet.",
  "bulk.damageTooManyParts": "it lists more parts than it can hold",
  "bulk.damageZipStructure": "its zip structure is invalid or cut short",
  "bulk.damagePartMissing": "{part} is missing",
  "bulk.damagePartDeclares": "{part} declares {megabytes} MB",
  "bulk.damagePartExpands": "{part} expands past the {bytes} bytes it declares",
  "bulk.damagePartNotStored": "{part} is listed but not stored",
  "bulk.damagePartCutShort": "{part} is cut short",
  "bulk.damageNotWorksheet": "{part} is not a worksheet",
  "bulk.damageLongElement": "a <{element}> element runs past {megabytes, number} MB",
  // workbook/selection, workbook/addresses
  "bulk.selectionSeveralAreas":
    "Select one block of cells: the selection has several areas, or is not cells.",
  "bulk.selectionEmpty":
    "The selection is empty: select the cells with the data (and its header row), then try again.",
  "bulk.columnOutsideSheet": "Column index {index} is outside Excel’s columns A to XFD.",
  "bulk.rowsOutsideSheet": "Rows {first} to {last} are outside Excel’s 1 to {max}.",
  "bulk.blockWithoutColumns": "A block needs at least one column, not {count}.",
} as const;
