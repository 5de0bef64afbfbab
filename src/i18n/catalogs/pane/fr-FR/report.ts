import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "Adresse e-mail",
  "report.fromCell": "Depuis la cellule sélectionnée",
  "report.why": "Pourquoi est-elle invalide ? ({length, number}/{max, number})",
  "report.bounce": "Message de rejet (facultatif)",
  "report.submit": "Signaler",
  "report.cellEmpty": "La cellule sélectionnée est vide.",
  "report.invalidEmail": "Entrez une adresse e-mail valide.",
  "report.whyRequired":
    "Indiquez pourquoi l’adresse e-mail est invalide (par exemple : rejet définitif).",
  "report.whyTooLong":
    "{max, plural, one {# caractère au maximum.} other {# caractères au maximum.}}",
  "report.refunded":
    "{credits, plural, one {Signalée. # crédit a été remboursé.} other {Signalée. # crédits ont été remboursés.}}",
  "report.thanks": "Signalée. Merci.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
