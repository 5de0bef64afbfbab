import type { Translation } from "../../types";
import type { geoEn } from "../en-US/geo";

export const geo: Translation<typeof geoEn> = {
  "geo.query": "Buscar",
  "geo.queryPlaceholder": "dentista",
  "geo.latitude": "Latitud",
  "geo.longitude": "Longitud",
  "geo.radius": "Radio (km, 1-25)",
  "geo.resultLimit": "Límite de resultados (opcional)",
  "geo.companyEmails": "Buscar correos electrónicos de empresa",
  "geo.decisionMakers": "Responsables de decisiones (opcional, el más importante primero)",
  "geo.label": "Etiqueta (opcional)",
  "geo.costNote":
    "Crear la búsqueda es gratis; los resultados se pagan al descargar (1 crédito por correo electrónico válido, 2 por responsable de decisiones), tras una vista previa gratuita.",
  "geo.submit": "Iniciar la búsqueda GeoLead",
  "geo.queryRequired": "Debe indicar qué buscar (por ejemplo: dentista).",
  "geo.queryTooLong": "La consulta es demasiado larga (como máximo {max, number} caracteres).",
  "geo.latitudeInvalid": "La latitud debe ser un número entre -90 y 90.",
  "geo.longitudeInvalid": "La longitud debe ser un número entre -180 y 180.",
  "geo.radiusInvalid": "El radio debe estar entre 1 y 25 km.",
  "geo.nothingToFind":
    "Busque correos electrónicos de empresa, responsables de decisiones o ambos.",
  "geo.resultLimitInvalid":
    "El límite de resultados debe ser un número entero mayor o igual que 1, o quedar vacío.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const geoSame: ReadonlyArray<keyof typeof geoEn> = [];
