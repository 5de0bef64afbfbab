import type { Locale } from "../../locales";

// The functions' descriptions and argument descriptions in another language. The
// English is the JSDoc of src/functions/functions.ts (functions.json); a table per language
// holds the rest, keyed by function id and parameter name. The shape below lists them, so a
// table that leaves one out (or has one too many) is a type error; the build also compares
// this shape with the generated functions.json (src/help/localized-metadata.ts), so the list
// cannot drift from the JSDoc unnoticed.

/** Every function id of functions.json, with its parameter names in order. */
export interface FunctionParameters {
  FINDEMAIL: "name" | "last_name" | "company" | "linkedin_url" | "fields";
  VERIFYEMAIL: "email";
  DECISIONMAKER: "company" | "categories" | "fields";
  COMPANYEMAILS: "company" | "email_type";
  LINKEDINEMAIL: "linkedin_url" | "fields";
  EMPLOYEES: "company" | "preferred_title" | "country_code";
  CREDITS: never;
}

export type FunctionId = keyof FunctionParameters;

/** One language's texts of every function: what Excel's formula AutoComplete and Insert Function show. */
export type FunctionsTranslation = {
  readonly [Id in FunctionId]: {
    readonly description: string;
    readonly parameters: { readonly [Name in FunctionParameters[Id]]: string };
  };
};

/** The languages a table is written for: every one but English (the JSDoc). */
export type TranslatedLocale = Exclude<Locale, "en-US">;
