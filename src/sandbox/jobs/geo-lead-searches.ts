import type { GeoLead } from "../../api/types";
import type { GeoLeadParams } from "./geo-lead-rows";
import { searchHead, startedRunningAt, type SearchRow } from "./search-records";

// GeoLead searches (docs/interface.md, GeoLead searches): what a creation asks for, and the search
// object the service answers with.

/** What a GeoLead creation asks for, with the route's defaults applied. */
export type GeoLeadInput = Omit<GeoLeadParams, "kind" | "row_cap"> & {
  fileName: string | null;
  webhookUrl: string | null;
};

/** The stored parameters of a search: `rowCap` is the most places its account may get (Try mode). */
export const geoLeadParams = (input: GeoLeadInput, rowCap: number | null): GeoLeadParams => ({
  kind: "geo",
  query: input.query.trim(),
  latitude: input.latitude,
  longitude: input.longitude,
  radius_km: input.radius_km,
  find_company_emails: input.find_company_emails,
  find_decision_maker_categories: [...new Set(input.find_decision_maker_categories)],
  result_limit: input.result_limit,
  row_cap: rowCap,
});

export function geoLeadOf(row: SearchRow, creditsNeededMilli: number): GeoLead {
  const params = JSON.parse(row.params) as GeoLeadParams;
  return {
    ...searchHead(row, creditsNeededMilli),
    file_name: row.file_name,
    find_company_emails: params.find_company_emails,
    find_decision_maker_categories: params.find_decision_maker_categories,
    latitude: params.latitude,
    longitude: params.longitude,
    paid: row.paid === 1,
    query: params.query,
    radius_km: params.radius_km,
    result_limit: params.result_limit,
    started_running_at: startedRunningAt(row),
  };
}
