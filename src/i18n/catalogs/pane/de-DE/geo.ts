import type { Translation } from "../../types";
import type { geoEn } from "../en-US/geo";

export const geo: Translation<typeof geoEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const geoSame: ReadonlyArray<keyof typeof geoEn> = [];
