import type { GeoLeadRequest } from "../api/types";
import { t } from "../i18n/i18n";
import { parseCategories } from "./categories";

// The GeoLead form's rules (docs/interface.md, GeoLead searches), checked before anything is sent.

export type GeoFormField =
  "query" | "latitude" | "longitude" | "radius" | "categories" | "resultLimit" | "submit";

export interface GeoForm {
  query: string;
  latitude: string;
  longitude: string;
  radius: string;
  companyEmails: boolean;
  categories: string;
  resultLimit: string;
  label: string;
}

/** The longest query (docs/interface.md, GeoLead searches). */
const MAX_QUERY = 200;

const number = (text: string): number | null =>
  text.trim() === "" || !Number.isFinite(Number(text)) ? null : Number(text);

/** The rules of docs/interface.md, GeoLead searches, checked before anything is sent. */
export function geoLeadRequest(
  form: GeoForm
): { request: GeoLeadRequest } | { field: GeoFormField; message: string } {
  const query = form.query.trim();
  if (!query) return { field: "query", message: t("geo.queryRequired") };
  if (query.length > MAX_QUERY)
    return { field: "query", message: t("geo.queryTooLong", { max: MAX_QUERY }) };
  const latitude = number(form.latitude);
  if (latitude === null || latitude < -90 || latitude > 90)
    return { field: "latitude", message: t("geo.latitudeInvalid") };
  const longitude = number(form.longitude);
  if (longitude === null || longitude < -180 || longitude > 180)
    return { field: "longitude", message: t("geo.longitudeInvalid") };
  const radius = number(form.radius);
  if (radius === null || radius < 1 || radius > 25)
    return { field: "radius", message: t("geo.radiusInvalid") };
  const categories = parseCategories(form.categories);
  if (!categories.ok) return { field: "categories", message: categories.error };
  if (!form.companyEmails && categories.value.length === 0)
    return { field: "categories", message: t("geo.nothingToFind") };
  let resultLimit: number | null = null;
  if (form.resultLimit.trim() !== "") {
    resultLimit = number(form.resultLimit);
    if (resultLimit === null || !Number.isInteger(resultLimit) || resultLimit < 1)
      return { field: "resultLimit", message: t("geo.resultLimitInvalid") };
  }
  return {
    request: {
      query,
      latitude,
      longitude,
      radius_km: radius,
      find_company_emails: form.companyEmails,
      find_decision_maker_categories: categories.value,
      result_limit: resultLimit,
      ...(form.label.trim() ? { file_name: form.label.trim() } : {}),
    },
  };
}
