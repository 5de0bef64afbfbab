import type { Translation } from "../../types";
import type { domainEn } from "../en-US/domain";

export const domain: Translation<typeof domainEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const domainSame: ReadonlyArray<keyof typeof domainEn> = [];
