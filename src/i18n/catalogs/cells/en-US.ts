// What a cell shows (its #VALUE! / #N/A message), in English: the source every language
// translates (src/i18n/catalogs/cells/<locale>.ts). ICU MessageFormat.

export const cellsEn = {} as const;
