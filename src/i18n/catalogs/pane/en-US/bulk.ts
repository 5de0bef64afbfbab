// The task pane's "bulk" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/bulk.ts.

export const bulkEn = {} as const;
