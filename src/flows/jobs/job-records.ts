import type { BulkSearch, GeoLead } from "../../api/types";
import type { JobRecord } from "../../workbook/job-store";
import { t } from "../../i18n/i18n";

/** The record of a search just created, as the job store keeps it. */
export function jobOfSearch(kind: "bulk" | "geo_lead", search: BulkSearch | GeoLead): JobRecord {
  return {
    kind,
    id: search.id,
    label: search.file_name,
    createdAt: search.created_at,
    lastStatus: search.status,
    lastCounts: search.counts,
    lastCheckedAt: null,
    lastError: null,
    resultSheets: [],
  };
}

/** The record of a domain email file (its id is the domain). */
export function jobOfDomainFile(domain: string, status: "queued" | "ready"): JobRecord {
  return {
    kind: "domain_file",
    id: domain,
    label: t("domain.jobLabel", { domain }),
    createdAt: new Date().toISOString(),
    lastStatus: status,
    lastCounts: null,
    lastCheckedAt: null,
    lastError: null,
    resultSheets: [],
  };
}
