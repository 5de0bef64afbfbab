// The task pane's "report" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/report.ts.

export const reportEn = {
  "report.email": "Email",
  "report.fromCell": "From the selected cell",
  "report.why": "Why is it bad? ({length, number}/{max, number})",
  "report.bounce": "Bounce message (optional)",
  "report.submit": "Report",
  "report.cellEmpty": "The selected cell is empty.",
  "report.invalidEmail": "Enter a valid email address.",
  "report.whyRequired": "Say why the email is bad (for example: hard bounce).",
  "report.whyTooLong": "{max, plural, one {At most # character.} other {At most # characters.}}",
  "report.refunded":
    "{credits, plural, one {Reported. # credit returned.} other {Reported. # credits returned.}}",
  "report.thanks": "Reported. Thank you.",

  // Many bounces at once.
  "report.bouncesTitle": "Many bounces at once",
  "report.bouncesHint":
    "The credit of a verified email that bounced comes back once it is reported. Select a column of bounced addresses (with their bounce messages in the column to its right, if you have them), or choose your email tool's bounce export.",
  "report.fromSelection": "Use the selection",
  "report.fileLabel": "Bounce export (CSV or XLSX)",
  "report.working": "Working…",
  "report.sourceSelection": "From {source}",
  "report.sourceFile": "From the file {fileName}",
  "report.firstRowIsHeader": "The first row is a header",
  "report.bouncesSummary":
    "{count, plural, one {# distinct address} other {# distinct addresses}}, {bought, plural, one {# bought through this add-in (its credit may come back).} other {# bought through this add-in (their credit may come back).}}",
  "report.countingBought":
    "{count, plural, one {# distinct address;} other {# distinct addresses;}} looking for those bought through this add-in…",
  "report.leftOut":
    "Left out: {duplicates, plural, one {# duplicate} other {# duplicates}}, {malformed, plural, one {# malformed address} other {# malformed addresses}}.",
  "report.infoAll": "Why are they bad? Sent with every report ({length, number}/{max, number})",
  "report.defaultInfo": "Hard bounce",
  "report.sendBounces": "{count, plural, one {Report # address} other {Report # addresses}}",
  "report.stop": "Stop",
  "report.progress": "{done, number} of {total, number} reported",
  "report.returned":
    "{credits, plural, one {# credit returned} other {# credits returned}} (balance {before, number} before, {after, number} after).",
  "report.balanceUnknown":
    "The balance after the reports could not be read, so the credits returned are not known: {error}",
  "report.resultCounts":
    "{reported, plural, one {# reported} other {# reported}}, {refused, plural, one {# refused} other {# refused}}, {failed, plural, one {# failed} other {# failed}}.",
  "report.stoppedUnsent":
    "{count, plural, one {Stopped: # address was not sent and stays unreported.} other {Stopped: # addresses were not sent and stay unreported.}}",
  "report.marked":
    "{count, plural, one {# address is marked bounced in the kept answers: no recalculation buys it again.} other {# addresses are marked bounced in the kept answers: no recalculation buys them again.}}",
  "report.markFailed": "The reported addresses could not be marked bounced: {error}",
  "report.refusedTitle": "Not reported",
  "report.outcomesWritten": "The outcome of each address is in column {column}.",
  "report.outcomesNotWritten":
    "Column {column}, beside the list, is not empty: the outcomes were not written there.",
  "report.outcomeHeader": "Report outcome",
  "report.outcomeReported": "reported",
  "report.outcomeRefused": "refused: {reason}",
  "report.outcomeFailed": "not reported: {reason}",
  "report.outcomeUnsent": "not reported (stopped)",
  "report.outcomeMalformed": "not an email address",
  "report.tooManyRows":
    "{max, plural, one {The list has more than # row: split it and report each part.} other {The list has more than # rows: split it and report each part.}}",
  "report.noEmailColumn": "No column of email addresses was found: nothing was read.",
  "report.nothingToReport": "No well-formed email address to report.",
  "report.selectionTooWide":
    "Select one column of addresses, or two: the addresses and their bounce messages.",
  "report.fileTooLarge": "This file is larger than {megabytes, number} MB: it was not read.",
} as const;
