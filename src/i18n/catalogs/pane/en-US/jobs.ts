// The task pane's "jobs" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/jobs.ts.

export const jobsEn = {} as const;
