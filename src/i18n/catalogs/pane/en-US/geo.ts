// The task pane's "geo" strings in English (ICU MessageFormat); every language translates
// them in catalogs/pane/<locale>/geo.ts. Also the GeoLead form's rules (lists/geo-lead-form).

export const geoEn = {
  "geo.query": "Search for",
  "geo.queryPlaceholder": "dentist",
  "geo.latitude": "Latitude",
  "geo.longitude": "Longitude",
  "geo.radius": "Radius (km, 1-25)",
  "geo.resultLimit": "Result limit (optional)",
  "geo.companyEmails": "Find company emails",
  "geo.decisionMakers": "Decision makers (optional, most important first)",
  "geo.label": "Label (optional)",
  "geo.costNote":
    "Creating the search is free; results are paid at download (1 credit per valid email, 2 per decision maker), after a free preview.",
  "geo.submit": "Start the GeoLead search",
  "geo.queryRequired": "What to search for is required (for example: dentist).",
  "geo.queryTooLong": "The query is too long (at most {max, number} characters).",
  "geo.latitudeInvalid": "Latitude must be a number from -90 to 90.",
  "geo.longitudeInvalid": "Longitude must be a number from -180 to 180.",
  "geo.radiusInvalid": "The radius must be from 1 to 25 km.",
  "geo.nothingToFind": "Search company emails, decision makers, or both.",
  "geo.resultLimitInvalid": "The result limit must be a whole number of at least 1, or empty.",
} as const;
