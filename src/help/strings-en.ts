// The help's English strings table and its type live with the other catalogs
// (src/i18n/catalogs/help/en-US.ts), beside their translations; the pages' writers take them here.
export { EN, type HelpStrings } from "../i18n/catalogs/help/en-US";
