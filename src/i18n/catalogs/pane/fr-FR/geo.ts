import type { Translation } from "../../types";
import type { geoEn } from "../en-US/geo";

export const geo: Translation<typeof geoEn> = {
  "geo.query": "Rechercher",
  "geo.queryPlaceholder": "dentiste",
  "geo.latitude": "Latitude",
  "geo.longitude": "Longitude",
  "geo.radius": "Rayon (km, 1-25)",
  "geo.resultLimit": "Nombre maximal de résultats (facultatif)",
  "geo.companyEmails": "Trouver les e-mails d’entreprise",
  "geo.decisionMakers": "Décideurs (facultatif, le plus important en premier)",
  "geo.label": "Libellé (facultatif)",
  "geo.costNote":
    "La création de la recherche est gratuite ; les résultats sont payés au téléchargement (1 crédit par e-mail valide, 2 par décideur), après un aperçu gratuit.",
  "geo.submit": "Lancer la recherche GeoLead",
  "geo.queryRequired": "L’objet de la recherche est obligatoire (par exemple : dentiste).",
  "geo.queryTooLong": "La requête est trop longue ({max, number} caractères au maximum).",
  "geo.latitudeInvalid": "La latitude doit être un nombre compris entre -90 et 90.",
  "geo.longitudeInvalid": "La longitude doit être un nombre compris entre -180 et 180.",
  "geo.radiusInvalid": "Le rayon doit être compris entre 1 et 25 km.",
  "geo.nothingToFind": "Recherchez des e-mails d’entreprise, des décideurs, ou les deux.",
  "geo.resultLimitInvalid":
    "Le nombre maximal de résultats doit être un nombre entier supérieur ou égal à 1, ou rester vide.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const geoSame: ReadonlyArray<keyof typeof geoEn> = ["geo.latitude", "geo.longitude"];
