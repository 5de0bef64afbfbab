import { enrichHeadersEn } from "./enrich-headers";

// The task pane's "enrich" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/enrich.ts.

export const enrichEn = {
  ...enrichHeadersEn,

  // The Enrich tab
  "enrich.operationPerson": "Find each person’s email",
  "enrich.operationVerify": "Verify the emails",
  "enrich.operationDecisionMaker": "Find a decision maker at each company",
  "enrich.yourList": "Your list",
  "enrich.onlyValid": "Write only valid emails",
  "enrich.onlyValidHint":
    "For lists that go straight to sending: a risky or invalid email is left out (its cell empty) and its status written.",
  "enrich.useSelection": "Use the selection (or its table)",
  "enrich.whatToLookUp": "What to look up",
  "enrich.working": "Working…",
  "enrich.sourceRows":
    "{count, plural, one {# row} other {# rows}} from {kind, select, table {table {name}} other {{name}}}",
  "enrich.categoriesLabel": "Decision-maker categories, most important first",
  "enrich.categoriesHint": "One or more of: {categories}",
  "enrich.columnsToWrite": "Columns to write",
  "enrich.costRowsToDo": "{count, plural, one {# row to do} other {# rows to do}}",
  "enrich.costDone": "{count, number} already done",
  "enrich.costNotPossible": "{count, number} not possible",
  "enrich.costWaiting": "{count, number} waiting in a bulk search or a run (see Jobs)",
  "enrich.costCredits":
    "up to {credits, plural, one {# credit} other {# credits}} for {lookups, plural, one {# lookup} other {# lookups}} (kept answers and not-found answers are free)",
  "enrich.bulkThreshold": "Use a bulk search above N rows to do",
  "enrich.bulkThresholdInvalid": "A whole number of rows, 0 or more.",
  "enrich.asBulk":
    "Runs as a bulk search: the answers are written beside the list when it completes (Jobs tab: a free preview, then the download, which says its cost first).",
  "enrich.submit": "Write the answers beside the list",
  "enrich.readAgain": "Read the selection again to do more rows.",
  "enrich.jobLabel": "Enrich {name}",
  "enrich.conflicts":
    "Answers would go over cells you typed into: {cells}{more, plural, =0 {} other { and # more}}. Clear them, or choose other columns to write, then read the selection again.",

  // A run's progress, in the tab and in Jobs
  "enrich.progress":
    "{state, select, done {Done} stopped {Stopped} other {Working}}: {done, number} of {total, plural, one {# row} other {# rows}} · {details}",
  "enrich.progressWritten": "{count, number} written",
  "enrich.progressFailed": "{count, number} failed",
  "enrich.progressNotRun": "{count, number} not run",
  "enrich.progressTypedInto": "{count, number} typed into meanwhile",
  "enrich.summaryReason":
    "{count, plural, one {# row} other {# rows}}: {reason} (left empty: run again to do them)",
  "enrich.summaryTyped": "Not written, typed into meanwhile: {cells}",
  "enrich.runStatus":
    "{status, select, running {running} interrupted {interrupted} stopped {stopped} completed {completed} failed {failed} other {{status}}}",
  "enrich.runCounts":
    'Enrich · {kind, select, table {table {name}} other {sheet "{name}"}} · {done, number} of {total, plural, one {# row} other {# rows}}: {details}',
  "enrich.rowsLeft": "{count, plural, one {# row left} other {# rows left}}: {reason}",
  "enrich.continue": "Continue: do the rows left",
  "enrich.continueCost":
    "Up to {rows, plural, one {# row} other {# rows}}, at most {credits, plural, one {# credit} other {# credits}} (written rows are skipped; kept answers are free)",
  "enrich.continueDone":
    "{written, number} of {total, plural, one {# row} other {# rows}} written.",

  // What keeps a run from being planned
  "enrich.mapEmail": "Map the email column to verify.",
  "enrich.mapCompany": "Map a company or domain column to find decision makers.",
  "enrich.mapBothNames": "Map both first and last name, or a full name column.",
  "enrich.mapPerson":
    "Map a name column (full name, or first and last name) and a company or domain column, or a profile URL column.",
  "enrich.noOutputs": "Choose at least one column to write.",
  "enrich.unknownOutput": '"{field}" is not an answer field of this lookup.',
  "enrich.outputTwice": "Each column is written once.",
  // Written in the status cell of a row that cannot be looked up
  "enrich.skippedMissing":
    "{input, select, name {skipped: no name} last_name {skipped: no last name} company {skipped: no company} linkedin_url {skipped: no profile URL} email {skipped: no email} categories {skipped: no categories} other {skipped: no {input}}}",
  "enrich.skipped": "skipped: {reason}",
  "enrich.inputWord":
    "{input, select, name {name} last_name {last name} company {company} linkedin_url {profile URL} email {email} categories {categories} other {{input}}}",

  // Why rows of a run were not written
  "enrich.outOfCredits": "Out of credits.",
  "enrich.notWritten": "Not written: {error}",

  // A bulk search's results written back into the list
  "enrich.notEnrichJob": "Not an enrichment job.",
  "enrich.listMore": "{list} and {more, plural, one {# more} other {# more}}",
  "enrich.writtenBack":
    '{count, plural, one {# row written} other {# rows written}} in {kind, select, table {table {name}} other {sheet "{name}"}}.',
  "enrich.writtenMoved": "{count, number} of them found where they had moved.",
  "enrich.writtenNotFound": "Not written (deleted or changed since): rows {rows}.",
  "enrich.writtenFilled": "Not written, their cells hold something: rows {rows}.",
  "enrich.writtenTyped": "Not written over cells that hold something: {cells}.",
  "enrich.writtenFailed":
    "{count, plural, one {# row} other {# rows}} could not be searched (left empty).",
  "enrich.writtenUnusable":
    "{count, plural, one {# result} other {# results}} did not match what was sent.",

  // The sheet
  "enrich.severalTables": "The selection spans several tables: select cells of one table.",
  "enrich.listGone":
    'The {kind, select, table {table "{name}"} other {sheet "{name}"}} was deleted or renamed.',
  "enrich.noOutputColumn": "No column holds the output {field}.",
  "enrich.listChanged": "The list changed since it was read: read the selection again.",
  "enrich.noEmptyColumn": "There is no empty column right of the selection to write into.",
  "enrich.rowWidth": "Row {row} has {count, number} values for {width, number} columns.",
  "enrich.rowTwice": "Row {row} is given twice.",
  "enrich.sheetGone":
    'The sheet "{name}" was renamed or deleted: {count, plural, one {# row was} other {# rows were}} not written.',
} as const;
