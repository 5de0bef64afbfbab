import { resolveLocale, resolveNumbersLocale } from "../../src/i18n/locales";
import { pseudoMessage } from "../../src/i18n/pseudo";
import { Translator } from "../../src/i18n/translator";

describe("the language a user gets", () => {
  test("Office's display language, by region, then by language, else English", () => {
    expect(resolveLocale("de-DE")).toBe("de-DE");
    expect(resolveLocale("en-us")).toBe("en-US");
    expect(resolveLocale("en-GB")).toBe("en-US");
    expect(resolveLocale("sv-SE")).toBe("en-US");
    expect(resolveLocale("")).toBe("en-US");
    expect(resolveLocale(undefined)).toBe("en-US");
    expect(resolveLocale(42)).toBe("en-US");
    expect(resolveLocale("not a tag at all")).toBe("en-US");
  });

  test("numbers follow the content language when Intl knows it", () => {
    expect(resolveNumbersLocale("de-CH", "en-US")).toBe("de-CH");
    expect(resolveNumbersLocale(undefined, "fr-FR")).toBe("fr-FR");
    expect(resolveNumbersLocale("%%", "fr-FR")).toBe("fr-FR");
  });
});

describe("Translator", () => {
  const english = {
    rows: "{count, plural, one {# row} other {# rows}}",
    hello: "Hello {name}",
    only: "Only English",
  };

  test("ICU plurals by the message language, digits by the content language", () => {
    const t = new Translator("en-US", "de-DE", english, english);
    expect(t.format("rows", { count: 1 })).toBe("1 row");
    expect(t.format("rows", { count: 1234 })).toBe("1.234 rows");
    expect(t.number(1234.5, 2)).toBe("1.234,5");
  });

  test("a message loads no number data until it writes a number that needs it", () => {
    // The first Intl.NumberFormat of a page loads ICU's number data: the pane's first screen
    // (words and small counts) must not wait for it (load time).
    const supported = jest.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    const NumberFormat = jest.spyOn(Intl, "NumberFormat");
    try {
      const t = new Translator("en-US", () => "de-DE", english, english);
      expect(t.format("hello", { name: "Ada" })).toBe("Hello Ada");
      expect(t.format("rows", { count: 2 })).toBe("2 rows");
      expect(t.format("only")).toBe("Only English");
      expect(t.number(12)).toBe("12");
      expect(supported).not.toHaveBeenCalled();
      expect(NumberFormat).not.toHaveBeenCalled();
      expect(t.format("rows", { count: 1234.5 })).toBe("1.234,5 rows");
    } finally {
      supported.mockRestore();
      NumberFormat.mockRestore();
    }
  });

  test("a malformed message or a missing value shows the message as written", () => {
    const t = new Translator("en-US", "en-US", { broken: "Hello {name", rows: english.rows }, {});
    expect(t.format("broken", { name: "Ada" })).toBe("Hello {name");
    expect(t.format("rows")).toBe(english.rows);
  });

  test("a missing id falls back to English, an unknown one shows its id", () => {
    const t = new Translator("fr-FR", "fr-FR", { hello: "Bonjour {name}" }, english);
    expect(t.format("hello", { name: "Ada" })).toBe("Bonjour Ada");
    expect(t.format("only")).toBe("Only English");
    expect(t.format("nope")).toBe("nope");
  });
});

describe("the pseudo-locale", () => {
  test("accents literals, lengthens by 40%, keeps placeholders and plurals working", () => {
    const message = pseudoMessage(
      "{count, plural, one {# row left} other {# rows left}} for {name}"
    );
    expect(message.startsWith("[")).toBe(true);
    expect(message).toContain("{name}");
    const t = new Translator("en-US", "en-US", { m: message }, {});
    const text = t.format("m", { count: 2, name: "Ada" });
    expect(text).toContain("2 ŕóŵš ļéƒţ");
    expect(text).toContain("Ada");
    expect(text.length).toBeGreaterThanOrEqual(Math.floor("2 rows left for Ada".length * 1.4));
  });
});
