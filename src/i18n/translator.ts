import { IntlMessageFormat, type Formatters } from "intl-messageformat";
import { formatNumber } from "./numbers";

// ICU messages (FormatJS intl-messageformat) in one language, with numbers and dates in
// another: plural categories follow the message's language, digits and separators the
// user's content language (DESIGN 4e).

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Catalog = Readonly<Record<string, string>>;

export class Translator {
  private readonly compiled = new Map<string, IntlMessageFormat>();
  private readonly formatters: Formatters;

  constructor(
    /** The language of the messages. */
    readonly locale: string,
    /** The locale numbers and dates are written in. */
    readonly numbersLocale: string,
    private readonly catalog: Catalog,
    /** English, for an id the catalog lacks (a test keeps every catalog complete). */
    private readonly fallback: Catalog
  ) {
    const numberFormats = new Map<string, Intl.NumberFormat>();
    const dateFormats = new Map<string, Intl.DateTimeFormat>();
    const pluralRules = new Map<string, Intl.PluralRules>();
    this.formatters = {
      getNumberFormat: (_locales, options) => {
        const key = JSON.stringify(options ?? {});
        let format = numberFormats.get(key);
        if (!format)
          numberFormats.set(
            key,
            (format = new Intl.NumberFormat(numbersLocale, options as Intl.NumberFormatOptions))
          );
        return format;
      },
      getDateTimeFormat: (_locales, options) => {
        const key = JSON.stringify(options ?? {});
        let format = dateFormats.get(key);
        if (!format)
          dateFormats.set(
            key,
            (format = new Intl.DateTimeFormat(numbersLocale, options as Intl.DateTimeFormatOptions))
          );
        return format;
      },
      getPluralRules: (_locales, options) => {
        const key = JSON.stringify(options ?? {});
        let rules = pluralRules.get(key);
        if (!rules)
          pluralRules.set(
            key,
            (rules = new Intl.PluralRules(locale, options as Intl.PluralRulesOptions))
          );
        return rules;
      },
    };
  }

  /** The message `id` with `values` filled in. */
  format(id: string, values?: MessageValues): string {
    let message = this.compiled.get(id);
    if (!message) {
      const source = this.catalog[id] ?? this.fallback[id];
      if (source === undefined) return id;
      message = new IntlMessageFormat(source, this.locale, undefined, {
        formatters: this.formatters,
        ignoreTag: true,
      });
      this.compiled.set(id, message);
    }
    try {
      return String(message.format(values as Record<string, string | number | Date>));
    } catch {
      // A value left out by a caller: the message as written beats an error where text goes.
      return this.catalog[id] ?? this.fallback[id] ?? id;
    }
  }

  /** A number written for the user's content language. */
  number(value: number, maximumFractionDigits = 0): string {
    return formatNumber(value, this.numbersLocale, maximumFractionDigits);
  }
}
