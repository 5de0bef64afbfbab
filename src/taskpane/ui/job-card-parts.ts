import { makeStyles } from "@fluentui/react-components";
import { t } from "../../i18n/i18n";
import type { JobRecord } from "../../workbook/job-store";

/** A job's kind on its card, in the user's language (read when shown). */
export const KIND_LABEL: Readonly<Record<JobRecord["kind"], string>> = {
  get bulk() {
    return t("jobs.kindBulk");
  },
  get geo_lead() {
    return t("jobs.kindGeoLead");
  },
  get domain_file() {
    return t("jobs.kindDomainFile");
  },
  get enrich() {
    return t("jobs.kindEnrichBulk");
  },
  get enrich_lookups() {
    return t("jobs.kindEnrich");
  },
};

/** The colour of a job's status badge. */
export function statusColor(
  status: string | null
): "success" | "danger" | "informative" | "warning" {
  if (status === "completed" || status === "ready") return "success";
  if (status === "failed" || status === "deleted") return "danger";
  if (status === "paused" || status === "stopped") return "warning";
  return "informative";
}

/** The layout of a job's card in Jobs. */
export const useJobCardStyles = makeStyles({
  list: { display: "flex", flexDirection: "column", gap: "8px" },
  card: { padding: "8px 10px", display: "flex", flexDirection: "column", gap: "6px" },
  head: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: "6px" },
  row: { display: "flex", gap: "6px", flexWrap: "wrap", alignItems: "center" },
});
