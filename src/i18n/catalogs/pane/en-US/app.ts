// The task pane's "app" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/app.ts.

export const appEn = {
  // The pane's header and tabs.
  "app.title": "Mail Finder",
  "app.creditsLabel": "Credits",
  "app.sessionSpendLabel": "spent this session",
  "app.tabEnrich": "Enrich",
  "app.tabBulk": "Bulk",
  "app.tabGeo": "GeoLead",
  "app.tabDomain": "Domain",
  "app.tabReport": "Report",
  "app.tabJobs": "Jobs",
  "app.tabLookups": "Lookups",
  "app.tabSettings": "Settings",
  "app.jobsFinishedBadge": "{count, plural, one {# finished job} other {# finished jobs}}",
  // A tab whose code is still on its way (it is loaded after the first screen).
  "app.panelLoading": "Loading…",

  // First run: no key and Try mode off.
  "app.firstRunTitle": "Find and verify business emails from Excel",
  "app.firstRunFunctions": "Functions in cells: =MAIL.FINDEMAIL(name, company) and six more.",
  "app.firstRunEnrich": "Enrich your list: emails in new columns beside your rows.",
  "app.firstRunBulk": "Bulk searches, GeoLead places and domain email files into new sheets.",
  "app.firstRunCredits": "Every credit is asked for before it is spent.",
  "app.getApiKey": "Get an API key",
  "app.tryWithDemo": "Try it with demo data",
  "app.haveKey": "I have a key",
  "app.haveTeamToken": "I have a team token",
  "app.tryModeFree": "Try mode is free, needs no account, and keeps nothing.",

  // Try mode's banner.
  "app.tryBanner": "Try mode: demo data, free. Answers are examples, not real people.",
  "app.leaveTryMode": "Leave Try mode",

  // Help, support and privacy links.
  "app.helpNav": "Help",
  "app.helpLink": "Help",
  "app.supportLink": "Support",
  "app.privacyLink": "Privacy",

  // The spending question (before a recalculation may spend more than the threshold).
  "app.spendingQuestionTitle":
    "{count, plural, one {Run # new lookup?} other {Run # new lookups?}}",
  "app.spendingQuestionBody":
    "They may cost up to {maxCredits} credits (you asked to be asked above {confirmAbove}). Answers already kept cost nothing.",
  "app.spendingRun": "Run",
  "app.spendingDecline": "Don''t run",
  "app.spendingOffReason": "Spending is off: paid actions are disabled. Turn it on in Lookups.",
  "app.teamSignedIn":
    "Signed in as {name} ({email}) · {left} of {budget, plural, one {# credit} other {# credits}} left this month",
  "app.teamSignedInNoBudget": "Signed in as {name} ({email}) · no monthly budget",
  "app.teamSignIn": "Team {team}: enter the team token your admin gave you in Settings.",
  "app.teamTokenRejected":
    "Team {team} did not accept your team token: ask your admin for a new one and enter it in Settings.",
  "app.teamSignInMicrosoft":
    "Team {team}: sign in with your Microsoft 365 account, or enter the team token your admin gave you, in Settings.",
  "app.teamMicrosoftRefused": "Team {team}: {reason}",
  "app.teamBudgetTitle": "Budget spent",
  "app.spendingQuestionBodyTeam":
    "They may cost up to {maxCredits} credits; {budgetLeft} left in your budget this month (you asked to be asked above {confirmAbove}). Answers already kept cost nothing.",
  // Kept answers gone: the workbook's cells would buy again what they showed.
  "app.answersGoneTitle": "{count, plural, one {Buy # answer again?} other {Buy # answers again?}}",
  "app.answersGoneBody":
    "The answers this workbook kept are no longer in this browser: its storage was cleared, or the workbook is open on another computer or account. Looking them up again may cost up to {maxCredits} credits.",
  "app.answersGoneBudget": "{budgetLeft} left in your budget this month.",
  "app.answersGoneRun": "Buy again",
  "app.answersGoneDecline": "Don''t buy",

  // The browser denies the add-in's frame its storage (docs/user-guide.md).
  "app.storageDeniedTitle": "Nothing is kept on this device",
  /** {site}: the add-in's site (its host name), which the browser's settings can allow. */
  "app.storageDeniedBody":
    "This browser blocks Mail Finder''s storage inside Excel: third-party cookies and site data are blocked (a private window, a privacy setting or your organization''s policy). Your key, your settings and the answers your cells get last only until this workbook closes. To keep them, allow third-party cookies and site data for {site} in this browser, or open Excel in a normal window.",
  "app.storageDeniedHelp": "What to allow",
  "app.answersNotKept":
    "Answers will not survive closing this workbook: this browser denies Mail Finder its storage.",

  // A job that finished while another tab was shown.
  "app.dismiss": "Dismiss",
  "app.openJobs": "Open Jobs",

  // Shared components.
  "app.cancel": "Cancel",
  /** Two sentences one after the other (Japanese writes no space between them). */
  "app.twoSentences": "{first} {second}",

  // Freeze results (Lookups tab).
  "app.freezeButton": "Freeze results",
  "app.freezing": "Freezing…",
  "app.freezeNote":
    "The MAIL formulas of the selected range become their values (text stays text), so the sheet can be shared without recalculating; a result that spills is frozen whole. Cells showing an error keep their formula.",
  "app.freezeNothing": "No MAIL formulas in the selection.",
  "app.freezeOneBlock":
    "Freeze works on one block of cells: select a single range (the selection has several areas, or is not cells).",
  "app.frozeCells": "{frozen, plural, one {Froze # cell.} other {Froze # cells.}}",
  "app.frozeCellsKeptErrors":
    "{frozen, plural, one {Froze # cell} other {Froze # cells}}; {errors, plural, one {# cell showing an error kept its formula.} other {# cells showing an error kept their formula.}}",
  "app.frozeCellsKeptCards":
    "{frozen, plural, one {Froze # cell} other {Froze # cells}}; {cards, plural, one {# cell showing a card kept its formula} other {# cells showing a card kept their formula}} (this Excel cannot write a card as a value).",
  "app.frozeCellsKeptBoth":
    "{frozen, plural, one {Froze # cell} other {Froze # cells}}; {errors, plural, one {# cell showing an error kept its formula} other {# cells showing an error kept their formula}}; {cards, plural, one {# cell showing a card kept its formula} other {# cells showing a card kept their formula}} (this Excel cannot write a card as a value).",
  "app.frozeNoneKeptErrors":
    "Nothing frozen: {errors, plural, one {# cell showing an error kept its formula.} other {# cells showing an error kept their formula.}}",
  "app.frozeNoneKeptCards":
    "Nothing frozen: {cards, plural, one {# cell showing a card kept its formula} other {# cells showing a card kept their formula}} (this Excel cannot write a card as a value).",
  "app.frozeNoneKeptBoth":
    "Nothing frozen: {errors, plural, one {# cell showing an error kept its formula} other {# cells showing an error kept their formula}}; {cards, plural, one {# cell showing a card kept its formula} other {# cells showing a card kept their formula}} (this Excel cannot write a card as a value).",
} as const;
