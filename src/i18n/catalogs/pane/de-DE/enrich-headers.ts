import type { Translation } from "../../types";
import type { enrichHeadersEn } from "../en-US/enrich-headers";

// The headers of the columns Enrich writes, in de-DE (see en-US/enrich-headers.ts). Plain text:
// no ICU syntax.

export const enrichHeaders: Translation<typeof enrichHeadersEn> = {
  "enrich.headerEmailFound": "Gefundene E-Mail",
  "enrich.headerEmailStatus": "E-Mail-Status",
  "enrich.headerValidEmail": "Gültige E-Mail",
  "enrich.headerDecisionMakerCategory": "Entscheiderkategorie",
  "enrich.headerPersonFirstName": "Vorname der Person",
  "enrich.headerPersonLastName": "Nachname der Person",
  "enrich.headerPersonFullName": "Vollständiger Name der Person",
  "enrich.headerPersonCompany": "Unternehmen der Person",
  "enrich.headerJobTitle": "Berufsbezeichnung",
  "enrich.headerProfileUrl": "Profil-URL der Person",
  "enrich.headerMxHost": "MX-Host",
  "enrich.headerMxDomain": "MX-Domäne",
  "enrich.headerCreditsCharged": "Berechnete Credits",
  "enrich.headerCheckedOn": "Geprüft am",
};
