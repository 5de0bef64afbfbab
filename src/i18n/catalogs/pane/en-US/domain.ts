// The task pane's "domain" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/domain.ts.

export const domainEn = {
  "domain.invalid": "Enter a domain such as example.com.",
  "domain.label": "Domain",
  "domain.check": "Check count and price",
  "domain.info":
    "{emails, plural, one {# email} other {# emails}} on file for {domain} · {credits, plural, one {# credit} other {# credits}} · {status, select, ready {ready to download} preparing {being prepared} other {not ordered}}",
  "domain.order": "Order the file…",
  "domain.download": "Download into a new sheet",
  "domain.notVerified": "The emails of a domain file are not verified.",
  "domain.confirmTitle": "Order the email file of {domain}?",
  "domain.confirmButton": "Order for {credits, plural, one {# credit} other {# credits}}",
  "domain.confirmText":
    "This costs {credits, plural, one {# credit} other {# credits}}, charged now, for {emails, plural, one {# email} other {# emails}}. Ordering again later is free.",
  "domain.jobLabel": "{domain} emails",
} as const;
