// The task pane's strings in English, by part of the pane: every other language has the same
// parts (../catalog.ts).
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

export const paneEnParts = {
  app: appEn,
  settings: settingsEn,
  bulk: bulkEn,
  geo: geoEn,
  domain: domainEn,
  jobs: jobsEn,
  enrich: enrichEn,
  report: reportEn,
  lookups: lookupsEn,
  refresh: refreshEn,
};

type Parts = typeof paneEnParts;
/** The ids of one part (distributed over the union of the parts). */
type IdsOf<Part> = Part extends unknown ? keyof Part : never;

export const paneEn: Readonly<Record<IdsOf<Parts[keyof Parts]>, string>> = Object.assign(
  {},
  ...Object.values(paneEnParts)
);
