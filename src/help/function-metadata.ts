import { sitePrefix } from "../i18n/locales";
// The part of functions.json (written by custom-functions-metadata from the JSDoc of
// src/functions/functions.ts) that the help pages are built from: the one source of each
// function's description, arguments and help URL.

/** The namespace the manifest gives the functions; functions.json does not hold it. */
export const NAMESPACE = "MAIL";

export interface ParameterMetadata {
  name: string;
  description?: string;
  optional?: boolean;
}

export interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  helpUrl?: string;
  parameters: ParameterMetadata[];
}

export interface FunctionsMetadata {
  functions: FunctionMetadata[];
}

export function parseFunctionsMetadata(json: string): FunctionsMetadata {
  const parsed = JSON.parse(json) as Partial<FunctionsMetadata>;
  if (!Array.isArray(parsed.functions)) throw new Error("functions.json has no functions list.");
  return { functions: parsed.functions.map((f) => ({ ...f, parameters: f.parameters ?? [] })) };
}

/** `=MAIL.FINDEMAIL(name, last_name, company, [linkedin_url], [fields])` */
export function syntaxOf(fn: FunctionMetadata, separator = ", "): string {
  const names = fn.parameters.map((p) => (p.optional ? `[${p.name}]` : p.name));
  return `=${NAMESPACE}.${fn.name}(${names.join(separator)})`;
}

/**
 * A formula with the given arguments (formula text by argument name) in the function's order:
 * an argument left out before one that is given stays an empty place, as Excel writes it.
 */
export function formulaOf(
  fn: FunctionMetadata,
  given: Readonly<Record<string, string>>,
  separator = ", "
): string {
  const values = fn.parameters.map((p) => given[p.name]);
  while (values.length > 0 && values[values.length - 1] === undefined) values.pop();
  return `=${NAMESPACE}.${fn.name}(${values.map((v) => v ?? "").join(separator)})`;
}

/** A function's help page, in the help folder. */
export const helpPageName = (id: string): string => `${id.toLowerCase()}.html`;

/** Where a language's copy of the site starts (one rule for the build and the pane). */
export { sitePrefix };

/** The page a function's help URL points at, relative to the add-in's origin. */
export const helpPagePath = (id: string, locale?: string): string =>
  `${sitePrefix(locale)}help/${helpPageName(id)}`;
