import { DECISION_MAKER_CATEGORIES, type DecisionMakerCategory } from "../api/types";
import { t } from "../i18n/i18n";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * "ceo, Sales" -> ["ceo", "sales"], in the order given (docs/interface.md, Decision-maker
 * categories); unknown names refused.
 */
export function parseCategories(text: string): Parsed<DecisionMakerCategory[]> {
  const names = text
    .split(/[,;\s]+/)
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.find((n) => !(DECISION_MAKER_CATEGORIES as readonly string[]).includes(n));
  if (unknown)
    return {
      ok: false,
      error: t("bulk.unknownCategory", {
        name: unknown.slice(0, 30),
        categories: DECISION_MAKER_CATEGORIES.join(", "),
      }),
    };
  return { ok: true, value: [...new Set(names)] as DecisionMakerCategory[] };
}
