// The task pane's "lookups" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/lookups.ts.

export const lookupsEn = {} as const;
