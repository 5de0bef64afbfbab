// The task pane's "refresh" strings in English (ICU MessageFormat): Refresh of old answers, in the
// Lookups and Enrich tabs; every language translates them in
// catalogs/pane/<locale>/refresh.ts.

export const refreshEn = {
  "refresh.title": "Refresh old answers",
  "refresh.cellsNote":
    "Select cells with MAIL formulas: their answers older than this are looked up again, and nothing else.",
  "refresh.listNote":
    "Rows of this list whose answers are older than this are looked up again; only their output cells are rewritten.",
  "refresh.age": "Answers older than (days)",
  "refresh.ageInvalid": "Enter a whole number of days from 0 to {max, number}.",
  "refresh.check": "Count old answers in the selection",
  "refresh.checkList": "Count old answers in the list",
  "refresh.count":
    "{count, plural, =0 {No answer here is older than {days, plural, one {# day} other {# days}}.} one {# answer is older than {days, plural, one {# day} other {# days}}: looking it up again costs at most {credits, number} credits.} other {# answers are older than {days, plural, one {# day} other {# days}}: looking them up again costs at most {credits, number} credits.}}",
  "refresh.notKept":
    "{count, plural, one {# cell has} other {# cells have}} no kept answer: Refresh does not look {count, plural, one {it} other {them}} up.",
  "refresh.run": "{count, plural, one {Look up # answer again} other {Look up # answers again}}",
  "refresh.working": "Looking up the old answers again…",
  "refresh.noFormulas": "The selection has no MAIL formula. Select the cells to refresh.",
  "refresh.spendingOff":
    "Spending is off: nothing was looked up again. Turn spending on (Lookups) to refresh.",
  "refresh.overBudget":
    "The session budget has {left, number} credits left and this refresh may cost up to {max, number}: nothing was looked up again. Raise the budget (Lookups) or refresh fewer cells.",
  "refresh.asked":
    "{count, plural, one {# answer looked up again} other {# answers looked up again}} ({credits, number} credits):",
  "refresh.nothingChanged": "nothing changed",
  "refresh.changes": "{list}.",
  "refresh.changeStatus": "{count, number} {from} -> {to}",
  "refresh.changeNewEmail": "{count, plural, one {# new email} other {# new emails}}",
  "refresh.changeLost": "{count, plural, one {# no longer found} other {# no longer found}}",
  "refresh.changeList": "{count, plural, one {# list changed} other {# lists changed}}",
  "refresh.stopped":
    "Stopped: {count, plural, one {# answer was} other {# answers were}} not looked up again and keep the old answer.",
  "refresh.failed":
    "{count, plural, one {# lookup} other {# lookups}} failed and keep the old answer ({reason}).",
  "refresh.notAsked":
    "{count, plural, one {# answer was} other {# answers were}} not asked by any cell (changed since the count).",
  "refresh.listRewritten": "{count, plural, one {# row rewritten.} other {# rows rewritten.}}",
  "refresh.readListFirst": "Read your list first (Use the selection above).",
  "refresh.listBouncedToWrite":
    "{count, plural, one {# row shows an address reported bounced: it is rewritten as bounced, without a lookup.} other {# rows show addresses reported bounced: they are rewritten as bounced, without a lookup.}}",
  "refresh.listTypedInto":
    "{count, plural, one {# row was} other {# rows were}} not rewritten: {count, plural, one {its cells were} other {their cells were}} changed meanwhile.",
} as const;
