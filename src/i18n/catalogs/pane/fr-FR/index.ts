// The task pane's strings in fr-FR, by part of the pane.
import { app, appSame } from "./app";
import { settings, settingsSame } from "./settings";
import { bulk, bulkSame } from "./bulk";
import { geo, geoSame } from "./geo";
import { domain, domainSame } from "./domain";
import { jobs, jobsSame } from "./jobs";
import { enrich, enrichSame } from "./enrich";
import { report, reportSame } from "./report";
import { lookups, lookupsSame } from "./lookups";
import { refresh, refreshSame } from "./refresh";

export const pane = {
  ...app,
  ...settings,
  ...bulk,
  ...geo,
  ...domain,
  ...jobs,
  ...enrich,
  ...report,
  ...lookups,
  ...refresh,
};

export const paneSame: readonly string[] = [
  ...appSame,
  ...settingsSame,
  ...bulkSame,
  ...geoSame,
  ...domainSame,
  ...jobsSame,
  ...enrichSame,
  ...reportSame,
  ...lookupsSame,
  ...refreshSame,
];
