import type { Translation } from "../../types";
import type { geoEn } from "../en-US/geo";

export const geo: Translation<typeof geoEn> = {
  "geo.query": "Pesquisar",
  "geo.queryPlaceholder": "dentista",
  "geo.latitude": "Latitude",
  "geo.longitude": "Longitude",
  "geo.radius": "Raio (km, 1-25)",
  "geo.resultLimit": "Limite de resultados (opcional)",
  "geo.companyEmails": "Encontrar emails de empresas",
  "geo.decisionMakers": "Tomadores de decisão (opcional, o mais importante primeiro)",
  "geo.label": "Rótulo (opcional)",
  "geo.costNote":
    "Criar a pesquisa é gratuito; os resultados são pagos no download (1 crédito por email válido, 2 por tomador de decisão), após uma prévia gratuita.",
  "geo.submit": "Iniciar a pesquisa GeoLead",
  "geo.queryRequired": "Informe o que pesquisar (por exemplo: dentista).",
  "geo.queryTooLong": "A consulta é longa demais (no máximo {max, number} caracteres).",
  "geo.latitudeInvalid": "A latitude deve ser um número de -90 a 90.",
  "geo.longitudeInvalid": "A longitude deve ser um número de -180 a 180.",
  "geo.radiusInvalid": "O raio deve ser de 1 a 25 km.",
  "geo.nothingToFind": "Pesquise emails de empresas, tomadores de decisão ou ambos.",
  "geo.resultLimitInvalid":
    "O limite de resultados deve ser um número inteiro maior ou igual a 1, ou ficar vazio.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const geoSame: ReadonlyArray<keyof typeof geoEn> = ["geo.latitude", "geo.longitude"];
