import type { Translation } from "../../types";
import type { enrichEn } from "../en-US/enrich";

export const enrich: Translation<typeof enrichEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const enrichSame: ReadonlyArray<keyof typeof enrichEn> = [];
