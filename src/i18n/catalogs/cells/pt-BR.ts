import type { Translation } from "../types";
import type { cellsEn } from "./en-US";

export const cells: Translation<typeof cellsEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const cellsSame: ReadonlyArray<keyof typeof cellsEn> = [];
