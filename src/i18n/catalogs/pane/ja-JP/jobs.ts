import type { Translation } from "../../types";
import type { jobsEn } from "../en-US/jobs";

export const jobs: Translation<typeof jobsEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const jobsSame: ReadonlyArray<keyof typeof jobsEn> = [];
