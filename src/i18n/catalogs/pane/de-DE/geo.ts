import type { Translation } from "../../types";
import type { geoEn } from "../en-US/geo";

export const geo: Translation<typeof geoEn> = {
  "geo.query": "Suchen nach",
  "geo.queryPlaceholder": "Zahnarzt",
  "geo.latitude": "Breitengrad",
  "geo.longitude": "Längengrad",
  "geo.radius": "Radius (km, 1-25)",
  "geo.resultLimit": "Ergebnislimit (optional)",
  "geo.companyEmails": "E-Mail-Adressen von Unternehmen finden",
  "geo.decisionMakers": "Entscheidungsträger (optional, wichtigste zuerst)",
  "geo.label": "Bezeichnung (optional)",
  "geo.costNote":
    "Das Erstellen der Suche ist kostenlos; die Ergebnisse werden nach einer kostenlosen Vorschau beim Herunterladen bezahlt (1 Credit pro gültiger E-Mail-Adresse, 2 pro Entscheidungsträger).",
  "geo.submit": "GeoLead-Suche starten",
  "geo.queryRequired": "Geben Sie an, wonach gesucht werden soll (zum Beispiel: Zahnarzt).",
  "geo.queryTooLong": "Der Suchbegriff ist zu lang (höchstens {max, number} Zeichen).",
  "geo.latitudeInvalid": "Der Breitengrad muss eine Zahl von -90 bis 90 sein.",
  "geo.longitudeInvalid": "Der Längengrad muss eine Zahl von -180 bis 180 sein.",
  "geo.radiusInvalid": "Der Radius muss zwischen 1 und 25 km liegen.",
  "geo.nothingToFind":
    "Suchen Sie E-Mail-Adressen von Unternehmen, Entscheidungsträger oder beides.",
  "geo.resultLimitInvalid":
    "Das Ergebnislimit muss eine ganze Zahl von mindestens 1 sein oder leer bleiben.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const geoSame: ReadonlyArray<keyof typeof geoEn> = ["geo.radius"];
