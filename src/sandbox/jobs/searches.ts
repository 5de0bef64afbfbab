import type { Directory } from "../directory/directory";
import type { Clock } from "../services/clock";
import type { Ledger } from "../services/ledger";
import type { Lookups } from "../services/lookups";
import type { WebhookOutbox } from "../services/webhooks";
import type { Db } from "../storage/db";

export interface SearchServiceDeps {
  db: Db;
  clock: Clock;
  directory: Directory;
  lookups: Lookups;
  ledger: Ledger;
  webhooks: WebhookOutbox;
}

/** Bulk searches and GeoLead searches: creation, state, processing steps, payment, downloads. */
export class SearchService {
  constructor(readonly deps: SearchServiceDeps) {}
}
