// The task pane's strings in English, by part of the pane.
import { appEn } from "./app";
import { settingsEn } from "./settings";
import { bulkEn } from "./bulk";
import { geoEn } from "./geo";
import { domainEn } from "./domain";
import { jobsEn } from "./jobs";
import { enrichEn } from "./enrich";
import { reportEn } from "./report";
import { lookupsEn } from "./lookups";
import { refreshEn } from "./refresh";

export const paneEn = {
  ...appEn,
  ...settingsEn,
  ...bulkEn,
  ...geoEn,
  ...domainEn,
  ...jobsEn,
  ...enrichEn,
  ...reportEn,
  ...lookupsEn,
  ...refreshEn,
} as const;
