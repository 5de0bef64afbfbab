// The headers of the columns Enrich writes beside a list, in English. Each language's are in
// catalogs/pane/<locale>/enrich-headers.ts, part of its enrich catalog; lists/enrich-outputs.ts
// also reads every language's to find these columns again whatever the language they were
// written in (a list enriched in German, run again in French). Plain text: no ICU syntax.

export const enrichHeadersEn = {
  "enrich.headerEmailFound": "Email found",
  "enrich.headerEmailStatus": "Email status",
  "enrich.headerValidEmail": "Valid email",
  "enrich.headerDecisionMakerCategory": "Decision-maker category",
  "enrich.headerPersonFirstName": "Person first name",
  "enrich.headerPersonLastName": "Person last name",
  "enrich.headerPersonFullName": "Person full name",
  "enrich.headerPersonCompany": "Person company",
  "enrich.headerJobTitle": "Job title",
  "enrich.headerProfileUrl": "Person profile URL",
  "enrich.headerMxHost": "MX host",
  "enrich.headerMxDomain": "MX domain",
  "enrich.headerCreditsCharged": "Credits charged",
  "enrich.headerCheckedOn": "Checked on",
} as const;
