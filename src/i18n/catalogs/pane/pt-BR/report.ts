import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "E-mail",
  "report.fromCell": "Da célula selecionada",
  "report.why": "Por que ele é inválido? ({length, number}/{max, number})",
  "report.bounce": "Mensagem de devolução (opcional)",
  "report.submit": "Relatar",
  "report.cellEmpty": "A célula selecionada está vazia.",
  "report.invalidEmail": "Insira um endereço de e-mail válido.",
  "report.whyRequired": "Diga por que o e-mail é inválido (por exemplo: devolução permanente).",
  "report.whyTooLong":
    "{max, plural, one {No máximo # caractere.} other {No máximo # caracteres.}}",
  "report.refunded":
    "{credits, plural, one {Relatado. # crédito foi devolvido.} other {Relatado. # créditos foram devolvidos.}}",
  "report.thanks": "Relatado. Obrigado.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
