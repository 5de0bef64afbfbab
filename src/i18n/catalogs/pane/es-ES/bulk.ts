import type { Translation } from "../../types";
import type { bulkEn } from "../en-US/bulk";

export const bulk: Translation<typeof bulkEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const bulkSame: ReadonlyArray<keyof typeof bulkEn> = [];
