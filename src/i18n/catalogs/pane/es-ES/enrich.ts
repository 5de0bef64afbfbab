import type { Translation } from "../../types";
import type { enrichEn } from "../en-US/enrich";
import { enrichHeaders } from "./enrich-headers";

export const enrich: Translation<typeof enrichEn> = {
  ...enrichHeaders,
  "enrich.operationPerson": "Buscar el correo electrónico de cada persona",
  "enrich.operationVerify": "Verificar los correos electrónicos",
  "enrich.operationDecisionMaker": "Buscar un responsable de decisiones en cada empresa",
  "enrich.yourList": "Su lista",
  "enrich.onlyValid": "Escribir solo correos válidos",
  "enrich.onlyValidHint":
    "Para listas que se envían directamente: un correo arriesgado o no válido se omite (su celda queda vacía) y se escribe su estado.",
  "enrich.useSelection": "Usar la selección (o su tabla)",
  "enrich.whatToLookUp": "Qué buscar",
  "enrich.working": "Procesando…",
  "enrich.sourceRows":
    "{count, plural, one {# fila} other {# filas}} de {kind, select, table {la tabla {name}} other {{name}}}",
  "enrich.categoriesLabel": "Categorías de responsables de decisiones, la más importante primero",
  "enrich.categoriesHint": "Una o varias de: {categories}",
  "enrich.columnsToWrite": "Columnas que escribir",
  "enrich.costRowsToDo": "{count, plural, one {# fila pendiente} other {# filas pendientes}}",
  "enrich.costDone": "{count, plural, one {# ya procesada} other {# ya procesadas}}",
  "enrich.costNotPossible": "{count, plural, one {# no posible} other {# no posibles}}",
  "enrich.costWaiting":
    "{count, number} en espera en una búsqueda masiva o una ejecución (vea Trabajos)",
  "enrich.costCredits":
    "hasta {credits, plural, one {# crédito} other {# créditos}} por {lookups, plural, one {# búsqueda} other {# búsquedas}} (las respuestas guardadas y las no encontradas son gratuitas)",
  "enrich.bulkThreshold": "Usar una búsqueda masiva con más de N filas pendientes",
  "enrich.bulkThresholdInvalid": "Un número entero de filas, 0 o más.",
  "enrich.asBulk":
    "Se ejecuta como búsqueda masiva: las respuestas se escriben junto a la lista cuando termina (pestaña Trabajos: una vista previa gratuita y, después, la descarga, que indica antes su coste).",
  "enrich.submit": "Escribir las respuestas junto a la lista",
  "enrich.readAgain": "Vuelva a leer la selección para procesar más filas.",
  "enrich.jobLabel": "Enriquecer {name}",
  "enrich.conflicts":
    "Las respuestas sobrescribirían celdas en las que usted ha escrito: {cells}{more, plural, =0 {} other { y # más}}. Vacíelas o elija otras columnas que escribir y, después, vuelva a leer la selección.",
  "enrich.progress":
    "{state, select, done {Listo} stopped {Detenido} other {Procesando}}: {done, number} de {total, plural, one {# fila} other {# filas}} · {details}",
  "enrich.progressWritten": "{count, plural, one {# escrita} other {# escritas}}",
  "enrich.progressFailed": "{count, number} con error",
  "enrich.progressNotRun": "{count, plural, one {# no ejecutada} other {# no ejecutadas}}",
  "enrich.progressTypedInto":
    "{count, plural, one {# escrita a mano mientras tanto} other {# escritas a mano mientras tanto}}",
  "enrich.summaryReason":
    "{count, plural, one {# fila} other {# filas}}: {reason} (se dejan vacías: vuelva a ejecutar para procesarlas)",
  "enrich.summaryTyped": "No escritas, se escribió en ellas mientras tanto: {cells}",
  "enrich.runStatus":
    "{status, select, running {en curso} interrupted {interrumpido} stopped {detenido} completed {completado} failed {con error} other {{status}}}",
  "enrich.runCounts":
    "Enriquecer · {kind, select, table {tabla {name}} other {hoja “{name}”}} · {done, number} de {total, plural, one {# fila} other {# filas}}: {details}",
  "enrich.rowsLeft": "{count, plural, one {# fila pendiente} other {# filas pendientes}}: {reason}",
  "enrich.continue": "Continuar: procesar las filas pendientes",
  "enrich.continueCost":
    "Hasta {rows, plural, one {# fila} other {# filas}}, como máximo {credits, plural, one {# crédito} other {# créditos}} (las filas escritas se omiten; las respuestas guardadas son gratuitas)",
  "enrich.continueDone":
    "{written, number} de {total, plural, one {# fila escrita} other {# filas escritas}}.",
  "enrich.mapEmail": "Asigne la columna de correo electrónico que verificar.",
  "enrich.mapCompany":
    "Asigne una columna de empresa o de dominio para buscar responsables de decisiones.",
  "enrich.mapBothNames": "Asigne el nombre y los apellidos, o una columna de nombre completo.",
  "enrich.mapPerson":
    "Asigne una columna de nombre (nombre completo, o nombre y apellidos) y una columna de empresa o de dominio, o una columna de URL de perfil.",
  "enrich.noOutputs": "Elija al menos una columna que escribir.",
  "enrich.unknownOutput": "“{field}” no es un campo de respuesta de esta búsqueda.",
  "enrich.outputTwice": "Cada columna se escribe una sola vez.",
  "enrich.skippedMissing":
    "{input, select, name {omitida: sin nombre} last_name {omitida: sin apellidos} company {omitida: sin empresa} linkedin_url {omitida: sin URL de perfil} email {omitida: sin correo electrónico} categories {omitida: sin categorías} other {omitida: falta {input}}}",
  "enrich.skipped": "omitida: {reason}",
  "enrich.inputWord":
    "{input, select, name {nombre} last_name {apellidos} company {empresa} linkedin_url {URL de perfil} email {correo electrónico} categories {categorías} other {{input}}}",
  "enrich.outOfCredits": "Sin créditos.",
  "enrich.notWritten": "No escrito: {error}",
  "enrich.notEnrichJob": "No es un trabajo de enriquecimiento.",
  "enrich.listMore": "{list} y {more, plural, one {# más} other {# más}}",
  "enrich.writtenBack":
    "{count, plural, one {# fila escrita} other {# filas escritas}} en {kind, select, table {la tabla {name}} other {la hoja “{name}”}}.",
  "enrich.writtenMoved":
    "{count, plural, one {# de ellas encontrada donde se había movido} other {# de ellas encontradas donde se habían movido}}.",
  "enrich.writtenNotFound": "No escritas (eliminadas o cambiadas desde entonces): filas {rows}.",
  "enrich.writtenFilled": "No escritas, sus celdas ya contienen algo: filas {rows}.",
  "enrich.writtenTyped": "No se escribió sobre celdas que ya contienen algo: {cells}.",
  "enrich.writtenFailed":
    "{count, plural, one {# fila no se pudo buscar} other {# filas no se pudieron buscar}} (se dejan vacías).",
  "enrich.writtenUnusable":
    "{count, plural, one {# resultado no coincidía} other {# resultados no coincidían}} con lo enviado.",
  "enrich.severalTables": "La selección abarca varias tablas: seleccione celdas de una sola tabla.",
  "enrich.listGone":
    "{kind, select, table {La tabla “{name}”} other {La hoja “{name}”}} se eliminó o se cambió de nombre.",
  "enrich.noOutputColumn": "Ninguna columna contiene la salida {field}.",
  "enrich.listChanged": "La lista ha cambiado desde que se leyó: vuelva a leer la selección.",
  "enrich.noEmptyColumn":
    "No hay ninguna columna vacía a la derecha de la selección en la que escribir.",
  "enrich.rowWidth": "La fila {row} tiene {count, number} valores para {width, number} columnas.",
  "enrich.rowTwice": "La fila {row} aparece dos veces.",
  "enrich.sheetGone":
    "La hoja “{name}” se cambió de nombre o se eliminó: {count, plural, one {# fila no se escribió} other {# filas no se escribieron}}.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const enrichSame: ReadonlyArray<keyof typeof enrichEn> = [];
