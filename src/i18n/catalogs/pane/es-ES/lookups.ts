import type { Translation } from "../../types";
import type { lookupsEn } from "../en-US/lookups";

export const lookups: Translation<typeof lookupsEn> = {
  "lookups.title": "Consultas de celdas en esta sesión",
  "lookups.waiting": "En espera (no enviadas)",
  "lookups.inFlight": "En curso",
  "lookups.answered": "Respondidas",
  "lookups.failed": "Fallidas",
  "lookups.notRun": "No ejecutadas (gasto, rechazadas, detenidas)",
  "lookups.cached": "De respuestas guardadas (sin solicitud)",
  "lookups.shared": "De las respuestas compartidas de su equipo (gratis)",
  "lookups.reasked": "Solicitadas de nuevo (el almacenamiento del dispositivo estaba lleno)",
  "lookups.agesTitle": "Respuestas guardadas según cuándo se comprobaron",
  "lookups.ageUnder30": "Hace menos de 30 días",
  "lookups.age30to90": "Hace de 30 a 90 días",
  "lookups.ageOver90": "Hace más de 90 días",
  "lookups.spent": "Créditos gastados por las celdas",
  "lookups.connection":
    "Conexión: {protocol} · {limit, plural, one {# solicitud simultánea} other {# solicitudes simultáneas}} ahora (hasta {ceiling, number})",
  "lookups.protocolUnknown": "protocolo aún desconocido",
  "lookups.stop": "Detener",
  "lookups.stopNote":
    "Retira las consultas aún no enviadas (sus celdas muestran #N/A «Detenido»); las solicitudes en curso terminan y sus respuestas se guardan.",
  "lookups.nothingWaiting": "No había nada en espera.",
  "lookups.withdrawn":
    "{count, plural, one {# consulta retirada; su celda muestra '#'N/A «Detenido». Recalcule para ejecutarla.} other {# consultas retiradas; sus celdas muestran '#'N/A «Detenido». Recalcule para ejecutarlas.}}",
  "lookups.spendingHeading": "Gasto",
  "lookups.spendingOn": "Gasto activado",
  "lookups.spendingOff": "Gasto desactivado: las celdas solo responden con respuestas guardadas",
  "lookups.confirmAbove": "Preguntar antes de que un recálculo pueda gastar más de (créditos)",
  "lookups.confirmAboveHint": "0 pregunta siempre; vacío no pregunta nunca.",
  "lookups.sessionBudget": "Presupuesto de sesión para celdas (créditos)",
  "lookups.sessionBudgetHint":
    "Una vez superado, las celdas solo responden con respuestas guardadas. Vacío: sin presupuesto.",
  "lookups.save": "Guardar",
  "lookups.saved": "Configuración de gasto guardada.",
  "lookups.savedOff":
    "El gasto está desactivado: las celdas solo responden con respuestas guardadas.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const lookupsSame: ReadonlyArray<keyof typeof lookupsEn> = [];
