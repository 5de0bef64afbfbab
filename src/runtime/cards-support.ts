import { officeSupports } from "./requirement-sets";

// Answers as cards need entity values from custom functions: CustomFunctionsRuntime
// 1.4 (Excel on the web, Windows Microsoft 365 2208+, Mac 16.64+). Asked of the host each time:
// a runtime may start before Office is ready.

export const CARDS_REQUIREMENT = { name: "CustomFunctionsRuntime", version: "1.4" } as const;

/** Whether this Excel shows entity values that a custom function returns. */
export function cardsSupported(): boolean {
  return officeSupports(CARDS_REQUIREMENT);
}
