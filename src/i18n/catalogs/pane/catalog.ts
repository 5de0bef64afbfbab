import type { Catalog } from "../../translator";
import type { Translation } from "../types";
import type { paneEnParts } from "./en-US";

// A language's catalog of the pane, put together from its parts. The parts are English's
// (en-US/index.ts): a part a language leaves out, or one English does not have, fails the type
// check. Each part's module also names the ids it writes exactly as English on purpose
// (`<part>Same`), which only the tests read (test/i18n/catalogs.test.ts).

type EnglishParts = typeof paneEnParts;

export type PaneParts = { readonly [Part in keyof EnglishParts]: Translation<EnglishParts[Part]> };

export function paneCatalog(parts: PaneParts): Catalog {
  return Object.assign({}, ...Object.values(parts));
}
