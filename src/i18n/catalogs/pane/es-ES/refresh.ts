import type { Translation } from "../../types";
import type { refreshEn } from "../en-US/refresh";

export const refresh: Translation<typeof refreshEn> = {
  "refresh.title": "Actualizar respuestas antiguas",
  "refresh.cellsNote":
    "Seleccione celdas con fórmulas MAIL: solo se vuelven a buscar sus respuestas más antiguas que esto.",
  "refresh.listNote":
    "Las filas de esta lista con respuestas más antiguas se vuelven a buscar; solo se reescriben sus celdas de resultado.",
  "refresh.age": "Respuestas de más de (días)",
  "refresh.ageInvalid": "Escriba un número entero de días entre 0 y {max, number}.",
  "refresh.check": "Contar respuestas antiguas de la selección",
  "refresh.checkList": "Contar respuestas antiguas de la lista",
  "refresh.count":
    "{count, plural, =0 {Ninguna respuesta aquí tiene más de {days, plural, one {# día} other {# días}}.} one {# respuesta tiene más de {days, plural, one {# día} other {# días}}: volver a buscarla cuesta como máximo {credits, number} créditos.} other {# respuestas tienen más de {days, plural, one {# día} other {# días}}: volver a buscarlas cuesta como máximo {credits, number} créditos.}}",
  "refresh.notKept":
    "{count, plural, one {# celda no tiene} other {# celdas no tienen}} respuesta guardada: Actualizar no las busca.",
  "refresh.run":
    "{count, plural, one {Volver a buscar # respuesta} other {Volver a buscar # respuestas}}",
  "refresh.working": "Volviendo a buscar las respuestas antiguas…",
  "refresh.noFormulas":
    "La selección no tiene ninguna fórmula MAIL. Seleccione las celdas que quiere actualizar.",
  "refresh.spendingOff":
    "El gasto está desactivado: no se volvió a buscar nada. Active el gasto (Búsquedas) para actualizar.",
  "refresh.overBudget":
    "Al presupuesto de la sesión le quedan {left, number} créditos y esta actualización puede costar hasta {max, number}: no se volvió a buscar nada. Aumente el presupuesto (Búsquedas) o actualice menos celdas.",
  "refresh.asked":
    "{count, plural, one {# respuesta buscada de nuevo} other {# respuestas buscadas de nuevo}} ({credits, number} créditos):",
  "refresh.nothingChanged": "nada cambió",
  "refresh.changes": "{list}.",
  "refresh.changeStatus": "{count, number} {from} -> {to}",
  "refresh.changeNewEmail": "{count, plural, one {# correo nuevo} other {# correos nuevos}}",
  "refresh.changeLost": "{count, plural, one {# ya no encontrada} other {# ya no encontradas}}",
  "refresh.changeList": "{count, plural, one {# lista cambiada} other {# listas cambiadas}}",
  "refresh.stopped":
    "Detenido: {count, plural, one {# respuesta no se volvió a buscar} other {# respuestas no se volvieron a buscar}} y conservan la respuesta anterior.",
  "refresh.failed":
    "{count, plural, one {# búsqueda falló} other {# búsquedas fallaron}} y conservan la respuesta anterior ({reason}).",
  "refresh.notAsked":
    "{count, plural, one {# respuesta no fue pedida} other {# respuestas no fueron pedidas}} por ninguna celda (cambiadas desde el recuento).",
  "refresh.listRewritten": "{count, plural, one {# fila reescrita.} other {# filas reescritas.}}",
  "refresh.readListFirst": "Lea primero su lista (Usar la selección, arriba).",
  "refresh.listBouncedToWrite":
    "{count, plural, one {# fila muestra una dirección notificada como rebotada: se reescribe como «bounced», sin búsqueda.} other {# filas muestran direcciones notificadas como rebotadas: se reescriben como «bounced», sin búsqueda.}}",
  "refresh.listTypedInto":
    "{count, plural, one {# fila no se reescribió} other {# filas no se reescribieron}}: sus celdas se cambiaron mientras tanto.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const refreshSame: ReadonlyArray<keyof typeof refreshEn> = [
  "refresh.changes",
  "refresh.changeStatus",
];
