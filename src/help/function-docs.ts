import { DECISION_MAKER_FIELDS, PERSON_FIELDS, PROFILE_FIELDS } from "../functions/answer-fields";
import type { HelpStrings } from "./strings-en";

// What a function's help page says that its JSDoc cannot hold: what each outcome
// shows, what it costs, examples. Sentences are keys of the strings table; argument names are
// checked against functions.json at build time (check-help.ts), so nothing here can drift.

export type OutcomeKey = keyof HelpStrings["outcomes"];
export type MessageKey = keyof HelpStrings["messages"];
export type CostKey = Exclude<keyof HelpStrings["costs"], "repeats" | "question">;
export type ExampleKey = keyof HelpStrings["examples"];
export type ArgumentNoteKey = keyof HelpStrings["argumentNotes"];

/** The answer fields a `fields` argument accepts (src/functions/answer-fields.ts). */
export const FIELD_LISTS = {
  person: PERSON_FIELDS,
  decisionMaker: DECISION_MAKER_FIELDS,
  profile: PROFILE_FIELDS,
} as const;
export type FieldListName = keyof typeof FIELD_LISTS;

/** An outcome, with the cell messages it quotes when they are not its usual ones. */
export type Outcome = OutcomeKey | { outcome: OutcomeKey; messages: MessageKey[] };

export interface FunctionExample {
  /** Formula text (a cell, a range or a quoted value) by argument name. */
  arguments: Readonly<Record<string, string>>;
  result: ExampleKey;
}

export interface FunctionDoc {
  outcomes: Outcome[];
  cost: CostKey;
  /** A paid lookup: the page adds the free repeats and the spending question. */
  paid: boolean;
  examples: FunctionExample[];
  argumentNotes?: Readonly<Record<string, ArgumentNoteKey>>;
  fields?: { argument: string; list: FieldListName };
}

/** The usual messages of each outcome; "required" is filled with the first required argument. */
export const OUTCOME_MESSAGES: Record<OutcomeKey, MessageKey[]> = {
  foundEmail: [],
  verified: [],
  companyEmails: [],
  employeesTable: [],
  creditsLeft: [],
  notFound: ["noEmail"],
  blacklisted: ["blacklisted"],
  bounced: ["bounced"],
  badInput: ["required"],
  unauthorized: ["unauthorized"],
  outOfCredits: ["outOfCredits"],
  unavailable: ["busy"],
  spendingHeld: ["spendingOff", "declined", "stopped", "budgetReached", "unconfirmed"],
  preview: ["preview"],
};

/** What every paid lookup can also end in, after its own answers. */
const LOOKUP_FAILURES: Outcome[] = [
  "badInput",
  "unauthorized",
  "outOfCredits",
  "unavailable",
  "spendingHeld",
  "preview",
];

const EMAIL_ANSWERS: Outcome[] = [
  "foundEmail",
  "notFound",
  "blacklisted",
  "bounced",
  ...LOOKUP_FAILURES,
];

export const FUNCTION_DOCS: Readonly<Record<string, FunctionDoc>> = {
  FINDEMAIL: {
    outcomes: EMAIL_ANSWERS,
    cost: "person",
    paid: true,
    argumentNotes: { company: "company" },
    fields: { argument: "fields", list: "person" },
    examples: [
      {
        arguments: { name: '"Jane"', last_name: '"Doe"', company: '"example.com"' },
        result: "findByNames",
      },
      { arguments: { name: "A2", last_name: '""', company: "C2" }, result: "findByFullName" },
      {
        arguments: {
          name: "A2",
          last_name: "B2",
          company: "C2",
          fields: '"email,email_status,person_job_title"',
        },
        result: "findWithFields",
      },
      {
        arguments: { name: "A2", last_name: "B2", company: "C2", linkedin_url: "D2" },
        result: "findWithProfile",
      },
    ],
  },
  VERIFYEMAIL: {
    outcomes: ["verified", "bounced", ...LOOKUP_FAILURES],
    cost: "verify",
    paid: true,
    examples: [{ arguments: { email: "A2" }, result: "verifyCell" }],
  },
  DECISIONMAKER: {
    outcomes: EMAIL_ANSWERS,
    cost: "decisionMaker",
    paid: true,
    argumentNotes: { company: "company", categories: "categories" },
    fields: { argument: "fields", list: "decisionMaker" },
    examples: [
      { arguments: { company: '"example.com"', categories: '"ceo"' }, result: "decisionMakerOne" },
      {
        arguments: {
          company: "A2",
          categories: '"hr, ceo"',
          fields: '"email,decision_maker_category,person_full_name"',
        },
        result: "decisionMakerList",
      },
      { arguments: { company: "A2", categories: "F1:F3" }, result: "decisionMakerRange" },
    ],
  },
  COMPANYEMAILS: {
    outcomes: ["companyEmails", "notFound", "blacklisted", ...LOOKUP_FAILURES],
    cost: "company",
    paid: true,
    argumentNotes: { company: "company", email_type: "emailType" },
    examples: [
      { arguments: { company: '"example.com"' }, result: "companyAny" },
      { arguments: { company: "A2", email_type: '"generic"' }, result: "companyGeneric" },
    ],
  },
  LINKEDINEMAIL: {
    outcomes: EMAIL_ANSWERS,
    cost: "person",
    paid: true,
    fields: { argument: "fields", list: "profile" },
    examples: [
      { arguments: { linkedin_url: "A2" }, result: "profileCell" },
      {
        arguments: { linkedin_url: "A2", fields: '"email,person_full_name,person_company_name"' },
        result: "profileFields",
      },
    ],
  },
  EMPLOYEES: {
    outcomes: [
      "employeesTable",
      { outcome: "notFound", messages: ["noEmployees"] },
      "blacklisted",
      ...LOOKUP_FAILURES,
    ],
    cost: "employees",
    paid: true,
    argumentNotes: { company: "company" },
    examples: [
      {
        arguments: { company: '"example.com"', preferred_title: '"Sales Director"' },
        result: "employeesTitle",
      },
      {
        arguments: {
          company: '"example.com"',
          preferred_title: '"Sales Director"',
          country_code: '"US"',
        },
        result: "employeesCountry",
      },
    ],
  },
  CREDITS: {
    outcomes: ["creditsLeft", "unauthorized", "unavailable"],
    cost: "credits",
    paid: false,
    examples: [{ arguments: {}, result: "creditsLeft" }],
  },
};
