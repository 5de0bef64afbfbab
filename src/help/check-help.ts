import { FIELD_LISTS, type FunctionDoc } from "./function-docs";
import { helpPagePath, type FunctionsMetadata } from "./function-metadata";

// What fails the build (help generated from one source, never a second list that
// drifts): a function without docs or docs without a function, docs or examples naming an
// argument the function does not have, and a help URL missing, off the add-in's origin or not
// at the page the build writes. Each problem is one sentence that says what to fix.

function checkDoc(
  id: string,
  doc: FunctionDoc,
  parameters: ReadonlySet<string>,
  required: readonly string[]
): string[] {
  const problems: string[] = [];
  const unknown = (argument: string, where: string): void => {
    if (!parameters.has(argument))
      problems.push(`${id}: ${where} names the argument "${argument}", which ${id} does not have.`);
  };
  for (const argument of Object.keys(doc.argumentNotes ?? {})) unknown(argument, "a note");
  if (doc.fields) unknown(doc.fields.argument, "the fields list");
  doc.examples.forEach((example, i) => {
    const where = `example ${i + 1}`;
    for (const argument of Object.keys(example.arguments)) unknown(argument, where);
    for (const argument of required.filter((name) => example.arguments[name] === undefined))
      problems.push(`${id}: ${where} leaves out the required argument "${argument}".`);
    const fields = doc.fields && example.arguments[doc.fields.argument];
    // A quoted list is checked against the fields the function accepts; a cell is not.
    if (doc.fields && fields?.startsWith('"')) {
      const allowed: readonly string[] = FIELD_LISTS[doc.fields.list];
      for (const name of fields
        .replace(/"/g, "")
        .split(",")
        .map((n) => n.trim()))
        if (!allowed.includes(name))
          problems.push(`${id}: ${where} asks for the unknown field "${name}".`);
    }
  });
  return problems;
}

function checkHelpUrl(
  id: string,
  helpUrl: string | undefined,
  origin: string,
  locale: string
): string[] {
  const expected = `${origin}${helpPagePath(id, locale)}`;
  if (!helpUrl) return [`${id} has no helpUrl: add "@helpurl ${expected}" to its JSDoc.`];
  if (!helpUrl.startsWith(origin))
    return [`${id}: its helpUrl ${helpUrl} is not on the add-in's origin ${origin}.`];
  if (helpUrl !== expected)
    return [`${id}: its helpUrl ${helpUrl} is not the page the build writes, ${expected}.`];
  return [];
}

/** Every problem of the help's sources; none when the pages can be built and are reachable. */
export function checkHelp(
  metadata: FunctionsMetadata,
  docs: Readonly<Record<string, FunctionDoc>>,
  origin: string,
  locale = "en-US"
): string[] {
  const problems: string[] = [];
  // An origin without its trailing slash would still match the URLs it rewrote, but lead nowhere.
  if (!/^https:\/\/[^/?#]+\/([^?#]*\/)?$/.test(origin))
    problems.push(`The add-in's origin ${origin} must be an https URL that ends with "/".`);
  const ids = new Set(metadata.functions.map((fn) => fn.id));
  for (const fn of metadata.functions) {
    problems.push(...checkHelpUrl(fn.id, fn.helpUrl, origin, locale));
    const doc = docs[fn.id];
    if (!doc) {
      problems.push(`${fn.id} has no entry in the help's docs table (src/help/function-docs.ts).`);
      continue;
    }
    const parameters = new Set(fn.parameters.map((p) => p.name));
    const required = fn.parameters.filter((p) => !p.optional).map((p) => p.name);
    problems.push(...checkDoc(fn.id, doc, parameters, required));
  }
  for (const id of Object.keys(docs).filter((id) => !ids.has(id)))
    problems.push(`The help's docs table has an entry for ${id}, which is not a function.`);
  return problems;
}

const placeholders = (text: string): string =>
  [...text.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1])
    .sort()
    .join(",");

/**
 * What keeps a language's strings table from standing in for the English one: a
 * text missing or empty, a list of paragraphs longer or shorter, a {placeholder} lost or
 * invented, a `code` span left open, or a text still in English that is not listed in `same`
 * (dotted paths, e.g. "site.support" where the language says "Support" too).
 */
export function checkHelpStrings(
  english: unknown,
  translated: unknown,
  same: readonly string[],
  locale: string
): string[] {
  const where = `src/i18n/catalogs/help/${locale}.ts`;
  const problems: string[] = [];
  const walk = (en: unknown, tr: unknown, path: string): void => {
    if (typeof en === "string") {
      if (typeof tr !== "string" || tr.trim() === "")
        return void problems.push(`${where}: ${path} has no text.`);
      if (path === "lang") return;
      if (tr === en && !same.includes(path))
        problems.push(`${where}: ${path} is still in English ("${en}").`);
      if (placeholders(tr) !== placeholders(en))
        problems.push(`${where}: ${path} must have the placeholders {${placeholders(en)}}.`);
      if ((tr.split("`").length - 1) % 2 !== 0)
        problems.push(`${where}: ${path} leaves a \`code\` span open.`);
      return;
    }
    if (Array.isArray(en)) {
      if (!Array.isArray(tr) || tr.length !== en.length)
        return void problems.push(`${where}: ${path} must have ${en.length} paragraphs.`);
      return en.forEach((item, i) => walk(item, tr[i], `${path}.${i}`));
    }
    const trObject = (tr ?? {}) as Record<string, unknown>;
    for (const [key, item] of Object.entries(en as Record<string, unknown>))
      walk(item, trObject[key], path ? `${path}.${key}` : key);
  };
  walk(english, translated, "");
  return problems;
}
