// The task pane's "jobs" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/jobs.ts. Also the messages of the workbook's jobs (flows/jobs:
// the finished jobs' announcements, the results' import) and of the job store and sheet writer.

export const jobsEn = {
  // JobsPanel
  "jobs.none":
    "No jobs in this workbook yet. Bulk and GeoLead searches, domain files and enrichments of your lists appear here.",
  "jobs.writtenToSheet": 'Written to the sheet "{sheet}".',
  "jobs.counts":
    "{total, plural, one {# row} other {# rows}}: {valid, number} valid, {risky, number} risky, {notFound, number} not found",
  "jobs.countsWithFailed":
    "{total, plural, one {# row} other {# rows}}: {valid, number} valid, {risky, number} risky, {notFound, number} not found, {failed, number} failed",
  "jobs.lastCheckFailed": "Last check failed: {error} (the job is kept and checked again)",
  "jobs.filterValid": "valid",
  "jobs.filterRisky": "risky",
  "jobs.filterNotFound": "not found",
  "jobs.layout": "Layout",
  "jobs.layoutRowPerSearch": "one row per search",
  "jobs.layoutEmailPerLine": "one email per line",
  "jobs.freePreview": "Free preview",
  "jobs.writtenIntoList": "Written into the list.",
  "jobs.downloadIntoList": "Download into the list",
  "jobs.downloadIntoNewSheet": "Download into a new sheet",
  "jobs.sheets": "Sheets: {names}",
  "jobs.confirmTitle": "Download {label}?",
  "jobs.confirmButton": "Pay {credits, plural, one {# credit} other {# credits}} and download",
  "jobs.confirmText":
    "This download pays for the results: {credits, plural, one {# credit} other {# credits}}. Later downloads of this job are free. Use the free preview to look first.",
  // job-card-parts: the kind of a job on its card
  "jobs.kindBulk": "Bulk",
  "jobs.kindGeoLead": "GeoLead",
  "jobs.kindDomainFile": "Domain file",
  "jobs.kindEnrichBulk": "Enrich (bulk search)",
  "jobs.kindEnrich": "Enrich",
  // flows/jobs/job-announcements: a finished job, named
  "jobs.jobName":
    "{kind, select, bulk {Bulk search} geo_lead {GeoLead search} domain_file {Domain file} other {Enrichment}} “{label}”",
  "jobs.noticeRunDone": "{name} is done: {count, plural, one {# row} other {# rows}} written.",
  "jobs.noticeRunStopped":
    "{name} stopped with {count, plural, one {# row} other {# rows}} left. Open Jobs to continue it.",
  "jobs.noticeRunStoppedWhy":
    "{name} stopped with {count, plural, one {# row} other {# rows}} left ({reason}). Open Jobs to continue it.",
  "jobs.noticeComplete": "{name} is complete. Open Jobs to download.",
  "jobs.noticeCompleteRows":
    "{name} is complete: {count, plural, one {# row} other {# rows}}. Open Jobs to download.",
  "jobs.noticeReady": "{name} is ready. Open Jobs to download.",
  "jobs.noticeDeleted": "{name} was deleted by the service.",
  "jobs.noticeFailed": "{name} failed.",
  "jobs.noticeFailedWhy": "{name} failed: {error}",
  // flows/jobs/job-tracker
  "jobs.unknownToService":
    "The service does not know this job (404): it may belong to another account or key.",
  // flows/jobs/results-import, workbook/names: the sheets written
  "jobs.previewSheetName": "{label} preview",
  "jobs.demoSheetEnding": " (demo)",
  "jobs.fallbackSheetName": "Results",
  // workbook/sheet-writer
  "jobs.tableWithoutColumns": "A table needs at least one column.",
  "jobs.tableTooWide": "The table has {count} columns; a worksheet holds at most {max}.",
  "jobs.tableTooLong":
    "The table has {count} rows; a worksheet holds at most {max} below its header.",
  "jobs.rowTooWide": "Row {row} has {cells} cells, more than the {columns} columns of the header.",
  "jobs.writeFailed": 'Writing the results to the new sheet "{sheet}" failed: {error}',
  // workbook/job-store
  "jobs.notSavable": "Not a job that can be saved: {job}.",
  "jobs.invalidChange": "Not a valid change for job {id}.",
  "jobs.saveFailed":
    "The job list could not be saved in the workbook ({reason}). It is kept for this session and saved again at the next change.",
} as const;
