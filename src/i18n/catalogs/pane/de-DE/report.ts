import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "E-Mail-Adresse",
  "report.fromCell": "Aus der ausgewählten Zelle",
  "report.why": "Warum ist sie ungültig? ({length, number}/{max, number})",
  "report.bounce": "Unzustellbarkeitsnachricht (optional)",
  "report.submit": "Melden",
  "report.cellEmpty": "Die ausgewählte Zelle ist leer.",
  "report.invalidEmail": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "report.whyRequired":
    "Geben Sie an, warum die E-Mail-Adresse ungültig ist (zum Beispiel: Hard Bounce).",
  "report.whyTooLong": "{max, plural, one {Höchstens # Zeichen.} other {Höchstens # Zeichen.}}",
  "report.refunded":
    "{credits, plural, one {Gemeldet. # Credit wurde erstattet.} other {Gemeldet. # Credits wurden erstattet.}}",
  "report.thanks": "Gemeldet. Vielen Dank.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
