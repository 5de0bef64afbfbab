import type { Translation } from "../../types";
import type { settingsEn } from "../en-US/settings";

export const settings: Translation<typeof settingsEn> = {};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const settingsSame: ReadonlyArray<keyof typeof settingsEn> = [];
