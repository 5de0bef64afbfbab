// The answer fields each lookup can show (docs/interface.md, Common answer fields and Lookups): the
// `fields` argument of the worksheet functions and the output columns of Enrich offer the same
// ones. `checked_on` is the add-in's own: the day the answer was bought.

export const PERSON_FIELDS = [
  "email",
  "email_status",
  "valid_email",
  "person_full_name",
  "person_company_name",
  "person_job_title",
  "mx_host",
  "mx_domain",
  "credits_charged",
  "checked_on",
] as const;

export const DECISION_MAKER_FIELDS = [
  "email",
  "email_status",
  "valid_email",
  "decision_maker_category",
  "person_first_name",
  "person_last_name",
  "person_full_name",
  "person_job_title",
  "person_linkedin_url",
  "mx_host",
  "mx_domain",
  "credits_charged",
  "checked_on",
] as const;

export const PROFILE_FIELDS = [
  "email",
  "email_status",
  "valid_email",
  "person_full_name",
  "person_job_title",
  "person_company_name",
  "mx_host",
  "mx_domain",
  "credits_charged",
  "checked_on",
] as const;

/** docs/interface.md, Verify email: a verification answers the common fields and its status. */
export const VERIFY_FIELDS = [
  "email_status",
  "mx_host",
  "mx_domain",
  "credits_charged",
  "checked_on",
] as const;

export type AnswerField =
  | (typeof DECISION_MAKER_FIELDS)[number]
  | (typeof PERSON_FIELDS)[number]
  | (typeof PROFILE_FIELDS)[number]
  | (typeof VERIFY_FIELDS)[number];
