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
} as const;
