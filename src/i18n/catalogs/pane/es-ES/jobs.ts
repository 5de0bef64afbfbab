import type { Translation } from "../../types";
import type { jobsEn } from "../en-US/jobs";

export const jobs: Translation<typeof jobsEn> = {
  "jobs.none":
    "Aún no hay trabajos en este libro. Aquí aparecen las búsquedas masivas y GeoLead, los archivos de dominio y los enriquecimientos de sus listas.",
  "jobs.writtenToSheet": "Escrito en la hoja «{sheet}».",
  "jobs.counts":
    "{total, plural, one {# fila} other {# filas}}: {valid, plural, one {# válida} other {# válidas}}, {risky, plural, one {# de riesgo} other {# de riesgo}}, {notFound, plural, one {# no encontrada} other {# no encontradas}}",
  "jobs.countsWithFailed":
    "{total, plural, one {# fila} other {# filas}}: {valid, plural, one {# válida} other {# válidas}}, {risky, plural, one {# de riesgo} other {# de riesgo}}, {notFound, plural, one {# no encontrada} other {# no encontradas}}, {failed, plural, one {# con error} other {# con error}}",
  "jobs.lastCheckFailed":
    "Error en la última comprobación: {error} (el trabajo se conserva y se volverá a comprobar)",
  "jobs.filterValid": "válidas",
  "jobs.filterRisky": "de riesgo",
  "jobs.filterNotFound": "no encontradas",
  "jobs.layout": "Diseño",
  "jobs.layoutRowPerSearch": "una fila por búsqueda",
  "jobs.layoutEmailPerLine": "un correo electrónico por línea",
  "jobs.freePreview": "Vista previa gratuita",
  "jobs.writtenIntoList": "Escrito en la lista.",
  "jobs.downloadIntoList": "Descargar en la lista",
  "jobs.downloadIntoNewSheet": "Descargar en una hoja nueva",
  "jobs.sheets": "Hojas: {names}",
  "jobs.confirmTitle": "¿Descargar {label}?",
  "jobs.confirmButton": "Pagar {credits, plural, one {# crédito} other {# créditos}} y descargar",
  "jobs.confirmText":
    "Esta descarga paga los resultados: {credits, plural, one {# crédito} other {# créditos}}. Las descargas posteriores de este trabajo son gratuitas. Use primero la vista previa gratuita para revisarlos.",
  "jobs.kindBulk": "Búsqueda masiva",
  "jobs.kindGeoLead": "GeoLead",
  "jobs.kindDomainFile": "Archivo de dominio",
  "jobs.kindEnrichBulk": "Enriquecer (búsqueda masiva)",
  "jobs.kindEnrich": "Enriquecer",
  "jobs.jobName":
    "{kind, select, bulk {Búsqueda masiva} geo_lead {Búsqueda GeoLead} domain_file {Archivo de dominio} other {Enriquecimiento}} «{label}»",
  "jobs.noticeRunDone":
    "{name}: terminado, {count, plural, one {# fila escrita} other {# filas escritas}}.",
  "jobs.noticeRunStopped":
    "{name}: detenido con {count, plural, one {# fila pendiente} other {# filas pendientes}}. Abra Trabajos para continuarlo.",
  "jobs.noticeRunStoppedWhy":
    "{name}: detenido con {count, plural, one {# fila pendiente} other {# filas pendientes}} ({reason}). Abra Trabajos para continuarlo.",
  "jobs.noticeComplete": "{name}: proceso completado. Abra Trabajos para descargar.",
  "jobs.noticeCompleteRows":
    "{name}: proceso completado, {count, plural, one {# fila} other {# filas}}. Abra Trabajos para descargar.",
  "jobs.noticeReady": "{name}: disponible. Abra Trabajos para descargar.",
  "jobs.noticeDeleted": "El servicio eliminó {name}.",
  "jobs.noticeFailed": "{name}: error.",
  "jobs.noticeFailedWhy": "{name}: error. {error}",
  "jobs.unknownToService":
    "El servicio no conoce este trabajo (404): puede pertenecer a otra cuenta o clave.",
  "jobs.previewSheetName": "{label} vista previa",
  "jobs.demoSheetEnding": " (demo)",
  "jobs.fallbackSheetName": "Resultados",
  "jobs.tableWithoutColumns": "Una tabla necesita al menos una columna.",
  "jobs.tableTooWide":
    "La tabla tiene {count} columnas; una hoja de cálculo admite como máximo {max}.",
  "jobs.tableTooLong":
    "La tabla tiene {count} filas; una hoja de cálculo admite como máximo {max} debajo de su encabezado.",
  "jobs.rowTooWide":
    "La fila {row} tiene {cells} celdas, más que las {columns} columnas del encabezado.",
  "jobs.writeFailed": "Error al escribir los resultados en la hoja nueva «{sheet}»: {error}",
  "jobs.notSavable": "No es un trabajo que se pueda guardar: {job}.",
  "jobs.invalidChange": "No es un cambio válido para el trabajo {id}.",
  "jobs.saveFailed":
    "No se pudo guardar la lista de trabajos en el libro ({reason}). Se conserva durante esta sesión y se volverá a guardar en el próximo cambio.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const jobsSame: ReadonlyArray<keyof typeof jobsEn> = [
  "jobs.kindGeoLead",
  "jobs.demoSheetEnding",
];
