import type { BulkCell, DecisionMakerCategory } from "../../api/types";
import type { Place } from "../directory/directory";
import { PRICE_MILLI } from "../routes/serve";
import type { Lookups } from "../services/lookups";
import { billingKey, companyEmailsQueryKey, decisionMakerQueryKey } from "../services/query-keys";
import type { Outcome, ResultValue, RowCharge, RowResult } from "./bulk-rows";

// GeoLead searches (docs/interface.md, GeoLead searches and Search states): extraction of the
// places around a point that match the query, then the email search at each place's website with
// the single lookups' answers.

export interface GeoLeadParams {
  kind: "geo";
  query: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  find_company_emails: boolean;
  find_decision_maker_categories: DecisionMakerCategory[];
  result_limit: number | null;
  /** The most places its account's allowance leaves it (Try mode), or null. */
  row_cap?: number | null;
}

/** The input columns of a GeoLead result file: what extraction found about each place. */
export const PLACE_COLUMNS = [
  "name",
  "category",
  "address",
  "city",
  "latitude",
  "longitude",
  "phone",
  "website",
];
const WEBSITE = PLACE_COLUMNS.indexOf("website");

export const GEO_COMPANY_COLUMNS = ["company_emails", "company_email_status"];
export const GEO_DECISION_MAKER_COLUMNS = [
  "decision_maker_category",
  "decision_maker_email",
  "decision_maker_email_status",
  "decision_maker_full_name",
  "decision_maker_job_title",
  "decision_maker_linkedin_url",
];
export const GEO_PAID_COLUMNS: ReadonlySet<string> = new Set([
  "company_emails",
  "decision_maker_email",
]);

export function geoResultColumns(params: GeoLeadParams): string[] {
  return [
    ...(params.find_company_emails ? GEO_COMPANY_COLUMNS : []),
    ...(params.find_decision_maker_categories.length > 0 ? GEO_DECISION_MAKER_COLUMNS : []),
    "mx_host",
    "mx_domain",
  ];
}

const EARTH_RADIUS_KM = 6371.0088;
const radians = (degrees: number): number => (degrees * Math.PI) / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** "Bakeries" -> "bakery", "dentists" -> "dentist", "law firms" -> "law firm", "coffee shops" -> "coffee shop". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

function terms(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map(singular)
    .join(" ");
}

/** Case-insensitive and plural-tolerant: the query's words appear, in order, in the category or the name. */
export function placeMatches(place: Place, query: string): boolean {
  const wanted = ` ${terms(query)} `;
  if (wanted.trim() === "") return false;
  return ` ${terms(place.category)} `.includes(wanted) || ` ${terms(place.name)} `.includes(wanted);
}

/** Extraction: matching places within the radius, nearest first, at most `result_limit` and `row_cap`. */
export function extractPlaces(places: readonly Place[], params: GeoLeadParams): BulkCell[][] {
  const found = places
    .filter((p) => placeMatches(p, params.query))
    .map((p) => ({
      p,
      km: haversineKm(params.latitude, params.longitude, p.latitude, p.longitude),
    }))
    .filter((x) => x.km <= params.radius_km)
    .sort((a, b) => a.km - b.km || a.p.id.localeCompare(b.p.id));
  const limit = Math.min(params.result_limit ?? Infinity, params.row_cap ?? Infinity);
  const kept = found.slice(0, limit);
  return kept.map(({ p }) => [
    p.name,
    p.category,
    p.address,
    p.city,
    p.latitude,
    p.longitude,
    p.phone,
    p.company?.domain ?? "",
  ]);
}

const RANK: Record<Outcome, number> = { valid: 3, risky: 2, not_found: 1, failed: 0 };
const outcomeOf = (status: string): Outcome =>
  status === "valid" ? "valid" : status === "risky" ? "risky" : "not_found";

/** The email search at one place. A place counts by its best answer; one without a website is not found. */
export function processPlace(
  lookups: Lookups,
  params: GeoLeadParams,
  cells: readonly BulkCell[]
): RowResult {
  const website = typeof cells[WEBSITE] === "string" ? (cells[WEBSITE] as string) : "";
  const values: Record<string, ResultValue> = {};
  for (const column of geoResultColumns(params)) values[column] = null;
  const charges: RowCharge[] = [];
  let outcome: Outcome = "not_found";
  const better = (candidate: Outcome): void => {
    if (RANK[candidate] > RANK[outcome]) outcome = candidate;
  };
  const ref = { domain: website };
  if (params.find_company_emails) {
    values.company_emails = [];
    values.company_email_status = "not_found";
    if (website !== "") {
      const answer = lookups.company(ref, "any");
      values.company_emails = answer.emails;
      values.company_email_status = answer.email_status;
      values.mx_host = answer.mx_host;
      values.mx_domain = answer.mx_domain;
      better(outcomeOf(answer.email_status));
      if (answer.email_status === "valid") {
        charges.push({
          operation: "company",
          key: billingKey("company", companyEmailsQueryKey(ref, "any")),
          amountMilli: PRICE_MILLI.company,
          email: null,
        });
      }
    }
  }
  const categories = params.find_decision_maker_categories;
  if (categories.length > 0) {
    values.decision_maker_email_status = "not_found";
    if (website !== "") {
      const answer = lookups.decisionMaker(ref, categories);
      const person =
        answer.email_status === "valid" || answer.email_status === "risky" ? answer.person : null;
      values.decision_maker_category = answer.decision_maker_category;
      values.decision_maker_email = answer.email;
      values.decision_maker_email_status = answer.email_status;
      values.decision_maker_full_name = person?.fullName ?? null;
      values.decision_maker_job_title = person?.title ?? null;
      values.decision_maker_linkedin_url = person?.linkedinUrl ?? null;
      values.mx_host ??= answer.mx_host;
      values.mx_domain ??= answer.mx_domain;
      better(outcomeOf(answer.email_status));
      if (answer.email_status === "valid") {
        charges.push({
          operation: "decision_maker",
          key: billingKey("decision_maker", decisionMakerQueryKey(ref, categories)),
          amountMilli: PRICE_MILLI.decision_maker,
          email: answer.email,
        });
      }
    }
  }
  return { outcome, values, charges };
}
