import { FUNCTION_TRANSLATIONS } from "../i18n/catalogs/functions/tables";
import type { FunctionsTranslation, TranslatedLocale } from "../i18n/catalogs/functions/types";
import { LOCALES } from "../i18n/locales";
import { helpPagePath, type FunctionsMetadata } from "./function-metadata";

// The functions' metadata in every language. JSDoc cannot be localized, so the
// build writes functions.<locale>.json from the English functions.json plus the language's
// table (src/i18n/catalogs/functions/): the same ids, names, parameters, types and options,
// the descriptions translated and the help URL at the language's help page. Both manifests
// point Office at the file of its display language (xml-manifest.ts, unified-manifest.ts).

/** Every language but English, in LOCALES' order. */
export const TRANSLATED_LOCALES = LOCALES.filter(
  (locale): locale is TranslatedLocale => locale !== "en-US"
);

/** A language's metadata file, beside functions.json. */
export const metadataFileOf = (locale: TranslatedLocale): string => `functions.${locale}.json`;

type Table = Readonly<
  Record<string, { description: string; parameters: Readonly<Record<string, string>> }>
>;

/**
 * What keeps a language's table from matching the English metadata: a function or argument the
 * table lacks or has too many of, an empty text, or a text left in English. None when it matches.
 */
export function checkFunctionTable(
  metadata: FunctionsMetadata,
  table: FunctionsTranslation,
  locale: string
): string[] {
  const where = `src/i18n/catalogs/functions/${locale}.ts`;
  const texts = table as unknown as Table;
  const problems: string[] = [];
  const checkText = (what: string, text: string | undefined, english: string | undefined) => {
    if (!text?.trim()) problems.push(`${where}: ${what} has no text.`);
    else if (english && text.trim() === english.trim())
      problems.push(`${where}: ${what} is still in English ("${english}").`);
  };
  for (const fn of metadata.functions) {
    const entry = texts[fn.id];
    if (!entry) {
      problems.push(`${where} has no entry for ${fn.id}: add its description and arguments.`);
      continue;
    }
    checkText(`${fn.id}'s description`, entry.description, fn.description);
    const names = new Set(fn.parameters.map((p) => p.name));
    for (const p of fn.parameters) {
      if (!(p.name in entry.parameters))
        problems.push(`${where}: ${fn.id} lacks the argument "${p.name}".`);
      else checkText(`${fn.id}'s argument "${p.name}"`, entry.parameters[p.name], p.description);
    }
    for (const name of Object.keys(entry.parameters).filter((n) => !names.has(n)))
      problems.push(`${where}: ${fn.id} has the argument "${name}", which ${fn.id} does not have.`);
  }
  const ids = new Set(metadata.functions.map((fn) => fn.id));
  for (const id of Object.keys(texts).filter((id) => !ids.has(id)))
    problems.push(`${where} has an entry for ${id}, which is not a function.`);
  return problems;
}

/**
 * A language's functions.json from the English one (its text, with the build's help URLs):
 * every field kept, the descriptions replaced, each helpUrl at the language's page.
 */
export function localizedMetadataJson(
  englishJson: string,
  table: FunctionsTranslation,
  locale: TranslatedLocale,
  origin: string
): string {
  const texts = table as unknown as Table;
  const metadata = JSON.parse(englishJson) as {
    functions: {
      id: string;
      description?: string;
      helpUrl?: string;
      parameters?: { name: string; description?: string }[];
    }[];
  };
  for (const fn of metadata.functions) {
    const entry = texts[fn.id];
    if (!entry) throw new Error(`No ${locale} texts for ${fn.id}.`);
    fn.description = entry.description;
    if (fn.helpUrl !== undefined) fn.helpUrl = `${origin}${helpPagePath(fn.id, locale)}`;
    for (const p of fn.parameters ?? []) {
      const text = entry.parameters[p.name];
      if (text === undefined) throw new Error(`No ${locale} text for ${fn.id}'s "${p.name}".`);
      p.description = text;
    }
  }
  return `${JSON.stringify(metadata, null, 2)}\n`;
}

export interface LocalizedMetadata {
  problems: string[];
  /** functions.<locale>.json's text by locale; none when there is a problem. */
  files: Map<TranslatedLocale, string>;
}

/** Every language's metadata, or every problem of every table. */
export function localizeMetadata(
  englishJson: string,
  metadata: FunctionsMetadata,
  origin: string,
  tables: Readonly<Record<TranslatedLocale, FunctionsTranslation>> = FUNCTION_TRANSLATIONS
): LocalizedMetadata {
  const problems = TRANSLATED_LOCALES.flatMap((locale) =>
    checkFunctionTable(metadata, tables[locale], locale)
  );
  const files = new Map<TranslatedLocale, string>();
  if (problems.length > 0) return { problems, files };
  for (const locale of TRANSLATED_LOCALES)
    files.set(locale, localizedMetadataJson(englishJson, tables[locale], locale, origin));
  return { problems, files };
}
