import { useId } from "react";
import { tokens } from "@fluentui/react-components";
import { axisTop, type ChartData } from "./chart-data";
import { DataTable, type Column } from "./DataTable";
import { formatCredits, formatMonth } from "./format";
import { useAdminStyles } from "./styles";

// Spend per month, a bar per month stacked by member: an SVG described for screen readers
// (its title and summary), with the same figures as a table after it.

const COLORS = [
  tokens.colorPaletteBlueBorderActive,
  tokens.colorPaletteDarkOrangeBorderActive,
  tokens.colorPaletteGreenBorderActive,
  tokens.colorPaletteGrapeBorderActive,
  tokens.colorPaletteMarigoldBorderActive,
  tokens.colorPaletteTealBorderActive,
  tokens.colorPaletteCranberryBorderActive,
  tokens.colorPaletteSteelBorderActive,
];

const WIDTH = 720;
const HEIGHT = 260;
const PLOT = { left: 56, right: 8, top: 12, bottom: 28 };
const GRID_LINES = 4;

function colorOf(index: number): string {
  return COLORS[index % COLORS.length]!;
}

export function UsageChart(props: { data: ChartData }): JSX.Element {
  const styles = useAdminStyles();
  const titleId = useId();
  const descriptionId = useId();
  const { months, series, totals } = props.data;
  const top = axisTop(Math.max(0, ...totals));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / months.length;
  const barWidth = Math.max(4, slot * 0.6);
  const y = (credits: number) => PLOT.top + plotHeight * (1 - credits / top);
  const busiest = totals.indexOf(Math.max(...totals));
  const summary = totals.every((total) => total === 0)
    ? `No credits spent from ${formatMonth(months[0]!)} to ${formatMonth(months[months.length - 1]!)}.`
    : `Credits spent per month from ${formatMonth(months[0]!)} to ${formatMonth(months[months.length - 1]!)}; the most in ${formatMonth(months[busiest]!)}: ${formatCredits(totals[busiest]!)}. The table below has every figure.`;

  return (
    <div className={styles.section}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        style={{ maxWidth: `${WIDTH}px` }}
        role="img"
        aria-labelledby={`${titleId} ${descriptionId}`}
        data-testid="admin-chart"
        data-months={months.length}
      >
        <title id={titleId}>Spend per month</title>
        <desc id={descriptionId}>{summary}</desc>
        {Array.from({ length: GRID_LINES + 1 }, (_, line) => {
          const credits = (top / GRID_LINES) * line;
          return (
            <g key={line} aria-hidden="true">
              <line
                x1={PLOT.left}
                x2={WIDTH - PLOT.right}
                y1={y(credits)}
                y2={y(credits)}
                stroke={tokens.colorNeutralStroke2}
              />
              <text
                x={PLOT.left - 6}
                y={y(credits) + 4}
                textAnchor="end"
                fontSize="11"
                fill={tokens.colorNeutralForeground3}
              >
                {formatCredits(credits)}
              </text>
            </g>
          );
        })}
        {months.map((month, column) => {
          const x = PLOT.left + slot * column + (slot - barWidth) / 2;
          let base = 0;
          return (
            <g
              key={month}
              data-testid="admin-chart-bar"
              data-month={month}
              data-credits={totals[column]}
            >
              {series.map((s, index) => {
                const credits = s.credits[column]!;
                if (credits <= 0) return null;
                const bottom = base;
                base += credits;
                return (
                  <rect
                    key={s.member}
                    x={x}
                    width={barWidth}
                    y={y(base)}
                    height={y(bottom) - y(base)}
                    fill={colorOf(index)}
                  >
                    <title>{`${s.label}, ${formatMonth(month)}: ${formatCredits(credits)} credits`}</title>
                  </rect>
                );
              })}
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize="11"
                fill={tokens.colorNeutralForeground2}
                aria-hidden="true"
              >
                {formatMonth(month).slice(0, 3)}
              </text>
            </g>
          );
        })}
      </svg>
      {series.length > 0 && (
        <ul
          className={styles.inline}
          aria-label="Chart legend"
          style={{ listStyle: "none", padding: 0 }}
        >
          {series.map((s, index) => (
            <li key={s.member} className={styles.inline}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={colorOf(index)} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      )}
      <DataTable
        label="Spend per month, in credits"
        size="small"
        testId="admin-chart-table"
        columns={[
          { key: "month", header: "Month", cell: (month) => formatMonth(month) },
          ...series.map((s): Column<string> => ({
            key: `member:${s.member}`,
            header: s.label,
            cell: (_, column) => formatCredits(s.credits[column]!),
          })),
          { key: "total", header: "Total", cell: (_, column) => formatCredits(totals[column]!) },
        ]}
        rows={months}
        rowKey={(month) => month}
        rowAttributes={(month) => ({ "data-testid": "admin-chart-row", "data-month": month })}
      />
    </div>
  );
}
