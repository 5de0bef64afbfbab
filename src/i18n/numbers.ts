// Numbers as the user's locale writes them, through Intl.NumberFormat, one formatter per locale
// and style. A whole number under 1,000 is written as its digits in every locale the add-in
// speaks (no grouping, no decimals, Latin digits), so it skips Intl: the first Intl call of a
// page loads the locale's ICU data (tens of milliseconds on a slow machine), which the pane's
// first screen (credits "–", "0" spent) need not wait for (load time).

const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(locale: string, maximumFractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${maximumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { maximumFractionDigits });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * `value` written for `locale` with at most `maximumFractionDigits` decimals ("-0" is "0");
 * `locale` may be a function, called only when Intl is needed.
 */
export function formatNumber(
  value: number,
  locale: string | (() => string) = "en-US",
  maximumFractionDigits = 0
): string {
  if (value === 0) return "0";
  if (Number.isInteger(value) && Math.abs(value) < 1000) return String(value);
  return formatterOf(typeof locale === "string" ? locale : locale(), maximumFractionDigits).format(
    value
  );
}
