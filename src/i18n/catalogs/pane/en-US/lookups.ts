// The task pane's "lookups" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/lookups.ts.

export const lookupsEn = {
  "lookups.title": "Cell lookups this session",
  "lookups.waiting": "Waiting (not sent)",
  "lookups.inFlight": "In flight",
  "lookups.answered": "Answered",
  "lookups.failed": "Failed",
  "lookups.notRun": "Not run (spending, declined, stopped)",
  "lookups.cached": "From kept answers (no request)",
  "lookups.shared": "From your team''s shared answers (free)",
  "lookups.reasked": "Asked again (the device''s storage was full)",
  "lookups.agesTitle": "Kept answers by when they were checked",
  "lookups.ageUnder30": "Less than 30 days ago",
  "lookups.age30to90": "30 to 90 days ago",
  "lookups.ageOver90": "More than 90 days ago",
  "lookups.spent": "Credits spent by cells",
  "lookups.connection":
    "Connection: {protocol} · {limit, plural, one {# request} other {# requests}} at once now (up to {ceiling, number})",
  "lookups.protocolUnknown": "protocol not known yet",
  "lookups.stop": "Stop",
  "lookups.stopNote":
    'Withdraws the lookups not sent yet (their cells show #N/A "Stopped"); requests in flight finish and their answers are kept.',
  "lookups.nothingWaiting": "Nothing was waiting.",
  "lookups.withdrawn":
    "{count, plural, one {# lookup withdrawn; its cell shows '#'N/A \"Stopped\". Recalculate to run it.} other {# lookups withdrawn; their cells show '#'N/A \"Stopped\". Recalculate to run them.}}",
  "lookups.spendingHeading": "Spending",
  "lookups.spendingOn": "Spending on",
  "lookups.spendingOff": "Spending off: cells answer only from kept answers",
  "lookups.confirmAbove": "Ask before a recalculation may spend more than (credits)",
  "lookups.confirmAboveHint": "0 asks every time; empty never asks.",
  "lookups.sessionBudget": "Session budget for cells (credits)",
  "lookups.sessionBudgetHint": "Past it, cells answer only from kept answers. Empty: no budget.",
  "lookups.save": "Save",
  "lookups.saved": "Spending settings saved.",
  "lookups.savedOff": "Spending is off: cells answer only from kept answers.",
} as const;
