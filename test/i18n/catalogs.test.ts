import { TYPE, parse, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { CELLS, CELLS_SAME } from "../../src/i18n/catalogs/cells";
import { paneEn, paneEnParts } from "../../src/i18n/catalogs/pane/en-US";
import { LOCALES, type Locale } from "../../src/i18n/locales";
import type { Catalog } from "../../src/i18n/translator";

// Every language's catalogs: every English id, nothing else, each message valid ICU with the
// same placeholders as English, plurals with the language's own categories, and nothing left
// in English but the ids each file names as the same on purpose (its `…Same` list).

interface Catalogs {
  messages(locale: Locale): Catalog | undefined;
  same(locale: Locale): readonly string[];
}

const paneMessages = (locale: Locale): Catalog =>
  locale === "en-US" ? paneEn : require(`../../src/i18n/catalogs/pane/${locale}`).pane;

/** The ids each part of the pane writes as English on purpose: `<part>Same` in its module. */
const paneSame = (locale: Locale): string[] =>
  Object.keys(paneEnParts).flatMap((part) => {
    const same = require(`../../src/i18n/catalogs/pane/${locale}/${part}`)[`${part}Same`];
    if (!Array.isArray(same)) throw new Error(`${locale}/${part}.ts names no ${part}Same`);
    return same;
  });

const CATALOGS: Array<[string, Catalogs]> = [
  ["cells", { messages: (locale) => CELLS[locale], same: (locale) => CELLS_SAME[locale] }],
  [
    "pane",
    { messages: paneMessages, same: (locale) => (locale === "en-US" ? [] : paneSame(locale)) },
  ],
];

/** Placeholder names and, for plurals/selects, the option keys, by argument. */
function argumentsOf(elements: MessageFormatElement[], found = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, found);
      continue;
    }
    found.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, found);
  }
  return found;
}

function pluralKeys(elements: MessageFormatElement[], found: string[][] = []): string[][] {
  for (const element of elements) {
    if (element.type === TYPE.plural) {
      found.push(Object.keys(element.options));
      for (const option of Object.values(element.options)) pluralKeys(option.value, found);
    } else if (element.type === TYPE.select) {
      for (const option of Object.values(element.options)) pluralKeys(option.value, found);
    } else if (element.type === TYPE.tag) pluralKeys(element.children, found);
  }
  return found;
}

describe.each(CATALOGS)("the %s catalogs", (_name, catalogs) => {
  const english = catalogs.messages("en-US")!;

  test("English is there and every message is valid ICU", () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const [id, message] of Object.entries(english))
      expect(() => parse(message, { ignoreTag: true })).not.toThrow(id);
  });

  test.each(LOCALES.filter((l) => l !== "en-US"))(
    "%s: complete, same placeholders, its own plurals, translated",
    (locale) => {
      const catalog = catalogs.messages(locale);
      expect(catalog).toBeDefined();
      expect(Object.keys(catalog!).sort()).toEqual(Object.keys(english).sort());
      const categories = new Set(new Intl.PluralRules(locale).resolvedOptions().pluralCategories);
      const allowedSame = new Set(catalogs.same(locale));
      const leftInEnglish: string[] = [];
      for (const [id, message] of Object.entries(catalog!)) {
        const ast = parse(message, { ignoreTag: true });
        const source = parse(english[id]!, { ignoreTag: true });
        expect([id, [...argumentsOf(ast)].sort()]).toEqual([id, [...argumentsOf(source)].sort()]);
        for (const keys of pluralKeys(ast)) {
          expect([id, keys.includes("other")]).toEqual([id, true]);
          for (const key of keys)
            if (!key.startsWith("="))
              expect([id, key, categories.has(key as Intl.LDMLPluralRule)]).toEqual([
                id,
                key,
                true,
              ]);
        }
        if (message === english[id] && /\p{L}{2}/u.test(message) && !allowedSame.has(id))
          leftInEnglish.push(id);
      }
      expect(leftInEnglish).toEqual([]);
    }
  );
});
