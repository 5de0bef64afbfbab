// The task pane's "geo" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/geo.ts.

export const geoEn = {} as const;
