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
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
