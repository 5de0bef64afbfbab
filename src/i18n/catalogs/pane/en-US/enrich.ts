// The task pane's "enrich" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/enrich.ts.

export const enrichEn = {} as const;
