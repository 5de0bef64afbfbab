import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { formatToParts, IntlMessageFormat, type Formatters } from "intl-messageformat";
import { formatNumber } from "./numbers";

// ICU messages (FormatJS) in one language, with numbers and dates in another: plural
// categories follow the message's language, digits and separators the user's content language.
//
// Messages are parsed once and formatted with FormatJS's formatToParts and formatters of our
// own, not through `new IntlMessageFormat`: its constructor resolves the locale with
// Intl.NumberFormat.supportedLocalesOf, and the first such call of a page loads ICU's number
// data (50 to 120 ms in the pane's first screen on this machine), which a message without a
// number to write does not need (load time).

export type MessageValues = Record<string, string | number | Date | null | undefined>;
export type Catalog = Readonly<Record<string, string>>;

/** What formatToParts calls a number format for: its `format` only. */
type NumberWriter = Pick<Intl.NumberFormat, "format">;

const noOptions = (options: object | undefined): boolean =>
  options === undefined || Object.keys(options).length === 0;

/** `make` once for each options (the same when their JSON is). */
function byOptions<Options extends object, Made>(
  make: (options?: Options) => Made
): (options?: Options) => Made {
  const made = new Map<string, Made>();
  return (options) => {
    const key = JSON.stringify(options ?? {});
    let value = made.get(key);
    if (value === undefined) made.set(key, (value = make(options)));
    return value;
  };
}

export class Translator {
  private readonly compiled = new Map<string, MessageFormatElement[]>();
  private readonly formatters: Formatters;
  private resolvedNumbersLocale: string | null = null;

  constructor(
    /** The language of the messages. */
    readonly locale: string,
    /**
     * The locale numbers and dates are written in, or how to find it when the first one is
     * written (resolving a locale loads Intl's data: not before a number needs it).
     */
    private readonly numbersLocaleOf: string | (() => string),
    private readonly catalog: Catalog,
    /** English, for an id the catalog lacks (a test keeps every catalog complete). */
    private readonly fallback: Catalog
  ) {
    const numbersLocale = (): string => this.numbersLocale;
    // A plain number ("#" in a plural, {n, number}): formatNumber, which writes small whole
    // numbers without Intl.
    const numberFormat = byOptions((options?: Intl.NumberFormatOptions): NumberWriter =>
      noOptions(options)
        ? { format: (value: number | bigint) => formatNumber(Number(value), numbersLocale, 3) }
        : new Intl.NumberFormat(numbersLocale(), options)
    );
    const dateFormat = byOptions(
      (options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(numbersLocale(), options)
    );
    const pluralRules = byOptions(
      (options?: Intl.PluralRulesOptions) => new Intl.PluralRules(locale, options)
    );
    this.formatters = {
      getNumberFormat: (_locales, options) =>
        numberFormat(options as Intl.NumberFormatOptions | undefined) as Intl.NumberFormat,
      getDateTimeFormat: (_locales, options) =>
        dateFormat(options as Intl.DateTimeFormatOptions | undefined),
      getPluralRules: (_locales, options) =>
        pluralRules(options as Intl.PluralRulesOptions | undefined),
    };
  }

  /** The locale numbers and dates are written in. */
  get numbersLocale(): string {
    return (this.resolvedNumbersLocale ??=
      typeof this.numbersLocaleOf === "string" ? this.numbersLocaleOf : this.numbersLocaleOf());
  }

  /** The message `id` with `values` filled in; never throws. */
  format(id: string, values?: MessageValues): string {
    const source = this.catalog[id] ?? this.fallback[id];
    if (source === undefined) return id;
    try {
      let message = this.compiled.get(id);
      if (!message) {
        message = parse(source, { ignoreTag: true });
        this.compiled.set(id, message);
      }
      if (message.length === 1 && message[0]!.type === TYPE.literal) return message[0]!.value;
      return formatToParts<never>(
        message,
        this.locale,
        this.formatters,
        IntlMessageFormat.formats,
        values as Record<string, string | number | Date>
      )
        .map((part) => String(part.value))
        .join("");
    } catch {
      // A value left out by a caller: the message as written beats an error where text goes.
      return source;
    }
  }

  /** A number written for the user's content language. */
  number(value: number, maximumFractionDigits = 0): string {
    return formatNumber(value, () => this.numbersLocale, maximumFractionDigits);
  }
}
