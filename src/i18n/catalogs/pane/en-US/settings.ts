// The task pane's "settings" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/settings.ts.

export const settingsEn = {
  // The connection form.
  "settings.apiKey": "API key",
  "settings.apiKeyHint": "Kept for you on this device, never in the workbook.",
  "settings.baseUrl": "Base URL",
  "settings.baseUrlHint": "The service, or a same-origin relay path such as /api.",
  "settings.webhookUrl": "Webhook URL (optional)",
  "settings.webhookUrlHint": "Bulk, GeoLead and domain-file results are also posted here.",
  "settings.maxConcurrency": "Requests at once (optional)",
  "settings.maxConcurrencyHint":
    "Empty: automatic (6 over HTTP/1.1; over HTTP/2 it adapts to the service, up to 64).",
  "settings.maxAge": "Look up again answers older than (days, optional)",
  "settings.maxAgeHint":
    "Empty: a kept answer is never bought again. Set: an older answer counts as not kept, and a recalculation asks for it again under your spending rules.",
  "settings.save": "Save",
  "settings.saved": "Settings saved.",
  "settings.testConnection": "Test connection",
  "settings.connectionHealthy":
    "Service healthy · account {email} · {credits, plural, one {# credit left} other {# credits left}}",
  "settings.connectionDown":
    "Service down · account {email} · {credits, plural, one {# credit left} other {# credits left}}",
  "settings.teamToken": "Team token",
  "settings.teamTokenHint":
    "Your personal token for team {team}: ask your admin for it. Kept for you on this device, never in the workbook.",

  // What the settings refuse (runtime/settings.ts), shown next to the field.
  "settings.creditsInvalid": "Enter a number of credits (0 or more), or leave it empty.",
  "settings.apiKeyInvalid": "The API key must be one word of printable characters.",
  "settings.microsoftAccountInvalid":
    "The Microsoft 365 account must be one word of printable characters.",
  "settings.microsoftSignIn": "Sign in with Microsoft 365",
  "settings.microsoftSignedIn": "Signed in with Microsoft 365 as {account}.",
  "settings.microsoftSignOut": "Sign out",
  "settings.microsoftUnsupported":
    "This version of Office cannot sign in with a Microsoft 365 account here: use a team token.",
  "settings.microsoftNotConfigured":
    "This team host does not offer Microsoft 365 sign-in: use your team token.",
  "settings.microsoftCancelled": "Sign-in was cancelled.",
  "settings.microsoftFailed": "Microsoft 365 sign-in failed: {reason}",
  "settings.tryModeOnOff": "Try mode is on or off.",
  "settings.spendingOnOff": "Spending is on or off.",
  "settings.cardsOnOff": "Answers as cards is on or off.",
  "settings.maxConcurrencyInvalid":
    "Enter a whole number from 1 to {max, number}, or leave it empty (automatic).",
  "settings.maxAgeInvalid":
    "Enter a whole number of days from 1 to {max, number}, or leave it empty (never).",
  "settings.webhookInvalid": "The webhook URL is not a valid URL.",
  "settings.webhookHttps": "The webhook URL must use https: the service posts results to it.",
  "settings.baseUrlInvalid":
    "Enter the service''s address, such as https://api.example.com, or a path on this add-in''s own site, such as /api.",
  "settings.baseUrlPath":
    "A path on this add-in''s site may contain only letters, digits and / . _ ~ -.",
  "settings.baseUrlOtherSite":
    "An address that starts with // or /\\ leads to another site: type the service''s address in full (https://…) or a path on this add-in''s site, such as /api.",
  "settings.baseUrlCharacters":
    "The base URL must not contain spaces, tabs, line breaks, backslashes or invisible characters.",
  "settings.baseUrlCredentials":
    "The base URL must not contain a user name or password (user:password@…).",
  "settings.baseUrlQuery": "The base URL must not have a query (?) or fragment (#).",
  "settings.baseUrlHttps":
    "The base URL must use https (plain http is allowed only on this computer: localhost, 127.0.0.1, [::1]).",
  "settings.baseUrlRefusedAtLoad":
    "The base URL saved earlier is not used: {reason} The default, {fallback}, is used until you save another.",

  // Try mode (runtime/try-mode.ts).
  "settings.tryNoDemo": "This add-in''s host offers no Try mode. Get an API key to use the add-in.",
  "settings.tryTooMany": "Too many demo accounts from here: try again later.",
  "settings.tryCouldNotStart": "Try mode could not start ({status}).",
  "settings.tryCouldNotStartReason": "Try mode could not start ({status}: {reason}).",
  "settings.tryUnreachable": "The demo could not be reached: {reason}.",
  "settings.tryNoAccount": "The demo answered without an account.",

  // Answers as cards.
  "settings.cardsHeading": "Answers as cards",
  "settings.cardsSwitch": "Show FINDEMAIL, LINKEDINEMAIL and DECISIONMAKER answers as cards",
  "settings.cardsOn":
    "Cards on: person, profile and decision-maker cells show a card from their next calculation.",
  "settings.cardsOff": "Cards off: those cells show the email from their next calculation.",
  "settings.cardsNote":
    "The cell shows the email, its card the person (below: an example), and =A2.email_status reads any field of the answer. Cards stay readable in Excel without the add-in. A fields argument still spills plain values.",
  "settings.cardsUnsupported":
    "This Excel cannot show cards from add-ins (needs {requirement}: Excel on the web, Windows Microsoft 365 2208 or later, Mac 16.64 or later). Answers are shown as plain values.",
  "settings.cardsApply": "Apply to the cells already there (recalculate)",
  "settings.recalculated": "Recalculated.",

  // Kept answers (the cache).
  "settings.keptNone": "Kept answers: –",
  "settings.kept":
    "{count, plural, one {# answer kept for this account ({size}), so recalculating never buys it again.} other {# answers kept for this account ({size}), so recalculating never buys them again.}}",
  "settings.keptInIndexedDb": "Kept in this browser''s database (IndexedDB) on this device.",
  "settings.keptInOffice":
    "Kept in Office''s add-in storage ({size} for answers; the oldest go first).",
  "settings.keptInOfficeAbout":
    "Kept in Office''s add-in storage ({size} for answers, about {fits, number} of them; the oldest go first).",
  "settings.roomLeft": "Room left for this add-in on this device: {size}.",

  // The browser denies the add-in its storage (docs/user-guide.md): nothing is saved.
  "settings.apiKeyHintNotKept":
    "Used until this workbook closes and saved nowhere: this browser denies the add-in its storage.",
  "settings.savedForSession":
    "Settings in force until this workbook closes (this browser does not let them be saved).",
  "settings.keptInMemory":
    "Kept in memory only, until this workbook closes: this browser denies the add-in its storage.",
  "settings.keptCleared":
    "{count, plural, one {# answer cleared; the workbook is recalculating.} other {# answers cleared; the workbook is recalculating.}}",
  "settings.clearAndRecalculate": "Clear and recalculate",
  /** A size: `value` is written for the content language already. */
  "settings.size": "{value} {unit, select, B {B} KB {KB} MB {MB} GB {GB} other {TB}}",
} as const;
