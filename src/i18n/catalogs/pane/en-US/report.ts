// The task pane's "report" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/report.ts.

export const reportEn = {} as const;
