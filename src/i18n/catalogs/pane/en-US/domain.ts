// The task pane's "domain" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/domain.ts.

export const domainEn = {} as const;
