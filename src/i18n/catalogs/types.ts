/** A translation of an English catalog: every id, each a string (missing ids fail the type check). */
export type Translation<English> = { readonly [Id in keyof English]: string };
