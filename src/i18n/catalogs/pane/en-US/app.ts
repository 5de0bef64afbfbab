// The task pane's "app" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/app.ts.

export const appEn = {} as const;
