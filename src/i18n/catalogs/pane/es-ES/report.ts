import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "Correo electrónico",
  "report.fromCell": "De la celda seleccionada",
  "report.why": "¿Por qué es incorrecto? ({length, number}/{max, number})",
  "report.bounce": "Mensaje de rebote (opcional)",
  "report.submit": "Notificar",
  "report.cellEmpty": "La celda seleccionada está vacía.",
  "report.invalidEmail": "Escriba una dirección de correo electrónico válida.",
  "report.whyRequired":
    "Indique por qué el correo electrónico es incorrecto (por ejemplo: rebote permanente).",
  "report.whyTooLong":
    "{max, plural, one {Como máximo, # carácter.} other {Como máximo, # caracteres.}}",
  "report.refunded":
    "{credits, plural, one {Notificado. Se devolvió # crédito.} other {Notificado. Se devolvieron # créditos.}}",
  "report.thanks": "Notificado. Gracias.",
  "report.bouncesTitle": "Muchos rebotes a la vez",
  "report.bouncesHint":
    "El crédito de un correo verificado que rebotó se devuelve una vez notificado. Seleccione una columna de direcciones rebotadas (con sus mensajes de rebote en la columna de la derecha, si los tiene) o elija la exportación de rebotes de su herramienta de correo.",
  "report.fromSelection": "Usar la selección",
  "report.fileLabel": "Exportación de rebotes (CSV o XLSX)",
  "report.working": "Procesando…",
  "report.sourceSelection": "Desde {source}",
  "report.sourceFile": "Desde el archivo {fileName}",
  "report.firstRowIsHeader": "La primera fila es un encabezado",
  "report.bouncesSummary":
    "{count, plural, one {# dirección distinta} other {# direcciones distintas}}, {bought, plural, one {# comprada con este complemento (su crédito puede devolverse).} other {# compradas con este complemento (su crédito puede devolverse).}}",
  "report.countingBought":
    "{count, plural, one {# dirección distinta;} other {# direcciones distintas;}} buscando las compradas con este complemento…",
  "report.leftOut":
    "Descartadas: {duplicates, plural, one {# duplicada} other {# duplicadas}}, {malformed, plural, one {# dirección mal formada} other {# direcciones mal formadas}}.",
  "report.infoAll":
    "¿Por qué no son válidas? Se envía con cada notificación ({length, number}/{max, number})",
  "report.defaultInfo": "Rebote permanente",
  "report.sendBounces":
    "{count, plural, one {Notificar # dirección} other {Notificar # direcciones}}",
  "report.stop": "Detener",
  "report.progress": "{done, number} de {total, number} notificadas",
  "report.returned":
    "{credits, plural, one {# crédito devuelto} other {# créditos devueltos}} (saldo antes: {before, number}, después: {after, number}).",
  "report.balanceUnknown":
    "No se pudo leer el saldo después de las notificaciones, así que no se conocen los créditos devueltos: {error}",
  "report.resultCounts":
    "{reported, plural, one {# notificada} other {# notificadas}}, {refused, plural, one {# rechazada} other {# rechazadas}}, {failed, plural, one {# fallida} other {# fallidas}}.",
  "report.stoppedUnsent":
    "{count, plural, one {Detenido: # dirección no se envió y queda sin notificar.} other {Detenido: # direcciones no se enviaron y quedan sin notificar.}}",
  "report.marked":
    "{count, plural, one {# dirección queda marcada como rebotada en las respuestas guardadas: ningún recálculo la volverá a comprar.} other {# direcciones quedan marcadas como rebotadas en las respuestas guardadas: ningún recálculo las volverá a comprar.}}",
  "report.markFailed": "No se pudieron marcar como rebotadas las direcciones notificadas: {error}",
  "report.refusedTitle": "No notificadas",
  "report.outcomesWritten": "El resultado de cada dirección está en la columna {column}.",
  "report.outcomesNotWritten":
    "La columna {column}, junto a la lista, no está vacía: los resultados no se escribieron allí.",
  "report.outcomeHeader": "Resultado de la notificación",
  "report.outcomeReported": "notificada",
  "report.outcomeRefused": "rechazada: {reason}",
  "report.outcomeFailed": "no notificada: {reason}",
  "report.outcomeUnsent": "no notificada (detenido)",
  "report.outcomeMalformed": "no es una dirección de correo",
  "report.tooManyRows":
    "{max, plural, one {La lista tiene más de # fila: divídala y notifique cada parte.} other {La lista tiene más de # filas: divídala y notifique cada parte.}}",
  "report.noEmailColumn":
    "No se encontró ninguna columna de direcciones de correo: no se leyó nada.",
  "report.nothingToReport": "No hay ninguna dirección de correo válida que notificar.",
  "report.selectionTooWide":
    "Seleccione una columna de direcciones, o dos: las direcciones y sus mensajes de rebote.",
  "report.fileTooLarge": "Este archivo supera los {megabytes, number} MB: no se leyó.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
