// How the page writes amounts, budgets and months (English, as the rest of the admin page).

const CREDITS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });

export function formatCredits(credits: number): string {
  return CREDITS.format(credits);
}

export function formatBudget(budget: number | null): string {
  return budget === null ? "No limit" : `${formatCredits(budget)} credits`;
}

const MONTH = new Intl.DateTimeFormat("en-US", {
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** "2026-11" as "Nov 2026". */
export function formatMonth(month: string): string {
  const [year, number] = month.split("-").map(Number);
  return MONTH.format(new Date(Date.UTC(year!, number! - 1, 1)));
}

export function formatTime(iso: string | null): string {
  return iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) + " UTC" : "never";
}

/** A budget as typed: empty for no limit, or a number; undefined when it is not one. */
export function parseBudget(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** A budget as its field shows it: empty for no limit. */
export function budgetText(budget: number | null): string {
  return budget === null ? "" : String(budget);
}

/** The budget typed (null for no limit); the page's own refusal when it is not a number. */
export function typedBudget(text: string): number | null {
  const budget = parseBudget(text);
  if (budget === undefined) throw new Error(NOT_A_NUMBER);
  return budget;
}

export const BUDGET_HINT = "Credits per month; leave empty for no limit.";
export const NOT_A_NUMBER = "Enter a number of credits, or leave the field empty for no limit.";
