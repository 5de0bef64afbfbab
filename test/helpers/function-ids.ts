/** The `functions.json` ids of the MAIL namespace, in alphabetical order. */
export const MAIL_FUNCTION_IDS = [
  "COMPANYEMAILS",
  "CREDITS",
  "DECISIONMAKER",
  "EMPLOYEES",
  "FINDEMAIL",
  "LINKEDINEMAIL",
  "VERIFYEMAIL",
];
