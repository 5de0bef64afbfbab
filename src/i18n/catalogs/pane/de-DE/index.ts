// The task pane's strings in de-DE, by part of the pane (../catalog.ts checks them against English's).
import { paneCatalog } from "../catalog";
import { app } from "./app";
import { settings } from "./settings";
import { bulk } from "./bulk";
import { geo } from "./geo";
import { domain } from "./domain";
import { jobs } from "./jobs";
import { enrich } from "./enrich";
import { report } from "./report";
import { lookups } from "./lookups";
import { refresh } from "./refresh";

const parts = { app, settings, bulk, geo, domain, jobs, enrich, report, lookups, refresh };
export const pane = paneCatalog(parts);
