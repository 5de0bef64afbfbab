// `checked_on`: the day an answer was bought from the service (kept answers keep it), shown as
// a date Excel can sort and compute with: where Excel has
// data types, a number formatted as a date; elsewhere the ISO date's text, which sorts the same.

export const CHECKED_ON = "checked_on";

/** Excel's number for a day: days since 1899-12-30 (the user's own calendar day). */
export function excelDay(ms: number): number {
  const day = new Date(ms);
  return Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()) / 86_400_000 + 25_569;
}

/** The day as text, year first ("2026-11-25"): the same order as the date's. */
export function isoDay(ms: number): string {
  const day = new Date(ms);
  const pad = (n: number): string => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A date cell value of Excel's data types. */
export interface DateCellValue {
  type: "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

/** An ISO date format Excel reads in every language (the cell shows 2026-11-25). */
export const DATE_FORMAT = "yyyy-mm-dd";

export const dateCellValue = (ms: number): DateCellValue => ({
  type: "FormattedNumber",
  basicValue: excelDay(ms),
  numberFormat: DATE_FORMAT,
});

/** A found answer with the time it was bought, under `checked_on`. */
export const withCheckedOn = <T extends object>(found: T, checkedAt: number): T =>
  ({ ...found, [CHECKED_ON]: checkedAt }) as T;
