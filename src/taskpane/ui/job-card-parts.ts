import { makeStyles } from "@fluentui/react-components";
import type { JobRecord } from "../../workbook/job-store";

export const KIND_LABEL: Record<JobRecord["kind"], string> = {
  bulk: "Bulk",
  geo_lead: "GeoLead",
  domain_file: "Domain file",
  enrich: "Enrich (bulk search)",
  enrich_lookups: "Enrich",
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
