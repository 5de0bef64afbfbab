import type { MonthlyUsageRow } from "./api-types";

// The chart's figures: credits per month and member over the months that end with this one,
// months without spend included (at 0), members in the order of their total spend.

export interface ChartSeries {
  member: string;
  label: string;
  /** Credits per month, in the order of `months`. */
  credits: number[];
}

export interface ChartData {
  months: string[];
  series: ChartSeries[];
  totals: number[];
}

/** The `count` months ("YYYY-MM", UTC) that end with the one of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1))
      .toISOString()
      .slice(0, 7)
  );
}

export function chartData(
  rows: MonthlyUsageRow[],
  months: string[],
  labelOf: (member: string) => string
): ChartData {
  const column = new Map(months.map((month, index) => [month, index]));
  const byMember = new Map<string, number[]>();
  for (const row of rows) {
    const index = column.get(row.month);
    if (index === undefined) continue;
    const credits = byMember.get(row.member) ?? months.map(() => 0);
    credits[index]! += row.credits;
    byMember.set(row.member, credits);
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const series = [...byMember]
    .map(([member, credits]) => ({ member, label: labelOf(member), credits }))
    .sort((a, b) => sum(b.credits) - sum(a.credits) || a.label.localeCompare(b.label));
  const totals = months.map((_, index) => sum(series.map((s) => s.credits[index]!)));
  return { months, series, totals };
}

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least `max`. */
export function axisTop(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= max)!;
}
