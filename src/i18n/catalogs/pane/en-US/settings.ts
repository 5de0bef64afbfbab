// The task pane's "settings" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/settings.ts.

export const settingsEn = {} as const;
