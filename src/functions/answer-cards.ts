import { DECISION_MAKER_FIELDS, PERSON_FIELDS, PROFILE_FIELDS } from "./answer-fields";
import { t } from "../i18n/i18n";
import { CHECKED_ON, dateCellValue, type DateCellValue } from "./checked-on";

// Answers as cards: a found person, profile or decision maker as an Excel entity
// whose text is the email and whose properties are every field of the answer, typed, so that
// `=B2.email_status` works, the card shows who it is, and the value stays readable in a
// workbook opened without the add-in. Built as plain JSON (Excel's data types schema), which
// is what a custom function returns.

export type CardOperation = "person" | "linkedin_url" | "decision_maker";

const FIELDS: Record<CardOperation, readonly string[]> = {
  person: PERSON_FIELDS,
  linkedin_url: PROFILE_FIELDS,
  decision_maker: DECISION_MAKER_FIELDS,
};

/** Shown first on the card, in this order, where the answer has them. */
const CARD_FIRST = [
  "email",
  "email_status",
  "person_job_title",
  "person_company_name",
  "decision_maker_category",
];

type PropertyValue =
  | DateCellValue
  | { type: "String"; basicValue: string }
  | { type: "Double"; basicValue: number }
  | { type: "Boolean"; basicValue: boolean }
  | { type: "Empty"; basicValue: "" };

/** A field's value as a typed cell value: text, number, boolean, or empty. */
function propertyValue(value: unknown): PropertyValue {
  if (value === null || value === undefined || value === "")
    return { type: "Empty", basicValue: "" };
  if (typeof value === "number" && Number.isFinite(value))
    return { type: "Double", basicValue: value };
  if (typeof value === "boolean") return { type: "Boolean", basicValue: value };
  if (Array.isArray(value)) return { type: "String", basicValue: value.join(", ") };
  return { type: "String", basicValue: String(value) };
}

export interface AnswerCard {
  type: "Entity";
  text: string;
  properties: Record<string, PropertyValue>;
  layouts: {
    compact: { icon: "Briefcase" };
    card: {
      title: string | { property: string };
      subTitle?: { property: string };
      sections: Array<{
        layout: "List";
        title?: string;
        collapsible?: boolean;
        collapsed?: boolean;
        properties: string[];
      }>;
    };
  };
  provider: { description: string };
}

/** The entity of a found answer (its email_status is valid or risky). */
export function answerCard(operation: CardOperation, answer: object): AnswerCard {
  const values = answer as Record<string, unknown>;
  const fields = FIELDS[operation];
  const properties = Object.fromEntries(
    fields.map((field) => [
      field,
      field === CHECKED_ON && typeof values[field] === "number"
        ? dateCellValue(values[field])
        : propertyValue(values[field]),
    ])
  );
  const has = (field: string): boolean => properties[field]?.type !== "Empty";
  const email = String(values.email ?? "");
  const first = CARD_FIRST.filter((field) => fields.includes(field));
  const rest = fields.filter((field) => !first.includes(field));
  return {
    type: "Entity",
    text: email,
    properties,
    layouts: {
      compact: { icon: "Briefcase" },
      card: {
        title: has("person_full_name") ? { property: "person_full_name" } : email,
        ...(has("person_job_title") ? { subTitle: { property: "person_job_title" } } : {}),
        sections: [
          { layout: "List", properties: first },
          {
            layout: "List",
            title: t("cells.cardMore"),
            collapsible: true,
            collapsed: true,
            properties: rest,
          },
        ],
      },
    },
    // i18n-exempt: the product's name, the same in every language.
    provider: { description: "Mail Finder" },
  };
}
