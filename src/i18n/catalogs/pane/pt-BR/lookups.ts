import type { Translation } from "../../types";
import type { lookupsEn } from "../en-US/lookups";

export const lookups: Translation<typeof lookupsEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const lookupsSame: ReadonlyArray<keyof typeof lookupsEn> = [];
