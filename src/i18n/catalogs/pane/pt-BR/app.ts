import type { Translation } from "../../types";
import type { appEn } from "../en-US/app";

export const app: Translation<typeof appEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const appSame: ReadonlyArray<keyof typeof appEn> = [];
