import { formatNumber } from "../../src/i18n/numbers";

// The fast path for small whole numbers must write exactly what Intl writes, in every locale
// the add-in speaks, or a number would change its look as it crosses 1,000.
const LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES", "pt-BR", "ja-JP"];

describe("formatNumber", () => {
  test.each(LOCALES)("%s: whole numbers under 1,000 are what Intl writes", (locale) => {
    const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    for (const value of [0, 1, 7, 42, 999, -1, -999])
      expect([value, formatNumber(value, locale, 2)]).toEqual([value, intl.format(value)]);
    // A balance rounded to nothing is no negative number.
    expect(formatNumber(-0, locale, 2)).toBe("0");
  });

  test("larger and fractional numbers go through Intl for the locale", () => {
    expect(formatNumber(1234.5, "en-US", 2)).toBe("1,234.5");
    expect(formatNumber(1234.5, "de-DE", 2)).toBe("1.234,5");
    expect(formatNumber(0.125, "de-DE", 2)).toBe("0,13");
    expect(formatNumber(4250.8, "fr-FR", 2)).toBe(
      new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(4250.8)
    );
    expect(formatNumber(1_000_000, "ja-JP")).toBe("1,000,000");
    expect(formatNumber(2.5, "en-US")).toBe("3");
  });
});
