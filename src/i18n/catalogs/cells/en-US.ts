// What a cell shows (its #VALUE! / #N/A message), in English: the source every language
// translates (src/i18n/catalogs/cells/<locale>.ts). ICU MessageFormat. Also the client's and
// the runtime's messages that reach a user (through a cell or the task pane's errorText).
// Argument names ({argument}: first_name, domain, ...) are the functions' parameter names and
// stay as they are in every language.

export const cellsEn = {
  // A cell argument the function cannot use (#VALUE!).
  "cells.argumentErrorValue": "{argument} is an error value.",
  "cells.argumentRange": "{argument} must be a single cell, not a range.",
  "cells.argumentBoolean": "{argument} must be text, not TRUE or FALSE.",
  "cells.argumentText": "{argument} must be text.",
  "cells.argumentTooLong":
    "{argument} is too long (at most {max, plural, one {# character} other {# characters}}).",
  "cells.argumentInvalidCharacters": "{argument} contains invalid characters.",
  "cells.argumentRequired": "{argument} is required.",
  "cells.argumentWebsite": "{argument} is not a valid website address.",
  "cells.argumentProfileUrl":
    "{argument} must be a profile URL such as https://www.linkedin.com/in/name.",
  "cells.argumentEmail": "{argument} is not a valid email address.",
  "cells.argumentCategoriesRequired": "{argument} is required: one or more of {categories}.",
  "cells.argumentUnknownCategory": '{argument}: "{value}" is not a category ({categories}).',
  "cells.argumentOneOf": "{argument} must be one of {values}.",
  "cells.argumentCountryCode": "{argument} must be a two-letter country code such as US.",
  "cells.argumentUnknownField": '{argument}: "{value}" is not a field ({fields}).',

  // A failed lookup as the cell shows it ({message}: the service's own text, or the client's).
  "cells.unauthorized": "API key missing or rejected: set it in the task pane.",
  "cells.unauthorizedTeam":
    "Team token missing or rejected: enter the one your admin gave you in the task pane (Settings).",
  "cells.microsoftSignIn":
    "Microsoft 365 sign-in needed: sign in again in the task pane (Settings).",
  "cells.settings": "Settings: {message} Change it in the task pane.",
  "cells.badRequest": "The service rejected the request: {message}",
  "cells.outOfCredits": "Out of credits.",
  "cells.notFound": "Not found.",
  "cells.blacklisted": "Removed from the database at the owner''s request (blacklisted).",
  "cells.busy":
    "{attempts, plural, =1 {The service is busy (503); recalculate to try again.} other {The service is busy (503) after # attempts; recalculate to try again.}}",
  "cells.timeout": "{message} Recalculate to try again.",
  /** {message}: cells.unreachable without its final full stop. */
  "cells.networkAfterAttempts":
    "{message} after {attempts, plural, one {# attempt} other {# attempts}}.",
  "cells.serverFailed":
    "{attempts, plural, =1 {The service failed (HTTP {status}).} other {The service failed (HTTP {status}) after # attempts.}}",
  "cells.malformed":
    "{attempts, plural, =1 {The service sent an unreadable answer.} other {The service sent an unreadable answer after # attempts.}}",
  "cells.cancelled": "Cancelled.",
  "cells.unexpected": "Unexpected error: {message}",
  "cells.noEmailFound": "No email found.",
  "cells.bounced": "Bounced (reported on {date}).",
  "cells.noEmployeesFound": "No employees found.",
  /** The title of an answer card's collapsed section of further fields. */
  "cells.cardMore": "More",

  // The spending guard's refusals (#N/A), also shown in the task pane. (Lookups) is the tab.
  "cells.refusedSpendingOff":
    "Spending is off: only kept answers are shown. Turn spending on in the task pane (Lookups).",
  "cells.refusedDeclined": "Not run: declined in the task pane. Recalculate to be asked again.",
  "cells.refusedStopped": "Stopped from the task pane. Recalculate to run it.",
  "cells.refusedBudget":
    "Session budget reached ({budget, plural, one {# credit} other {# credits}} for cells): change it in the task pane (Lookups).",
  "cells.preview": "Preview: press Enter to look up.",
  "cells.refusedRefreshOnly":
    "Not looked up: Refresh asks again only the old answers it counted. Recalculate the cell to look it up.",
  "cells.refusedUnconfirmed":
    'Not run: this recalculation may spend more than {max, plural, one {# credit} other {# credits}} and the task pane could not ask you. Change "Ask before spending more than" in the task pane (Lookups).',
  "cells.refusedAnswersGone":
    "Not run: the answers this workbook kept are no longer in this browser, and the task pane could not ask you before buying them again. Open the task pane and recalculate.",

  // The client's own failures (ApiError messages; shown in cells and in the task pane).
  "cells.missingApiKey": "API key missing: set it in the task pane.",
  "cells.requestCancelled": "The request was cancelled.",
  "cells.notJson": "The service sent an answer that is not valid JSON.",
  "cells.noAnswerWithin": "No answer from the service within {seconds, number} s.",
  /** {detail}: the runtime's reason (ECONNREFUSED, Failed to fetch). */
  "cells.unreachable": "Could not reach the service ({detail}).",
  "cells.httpStatus": "The service answered HTTP {status}.",
  "cells.baseUrlPath": "The base URL path may contain only letters, digits and / . _ ~ -.",
  "cells.baseUrlInvalid": "The base URL is not a valid URL (for example https://api.example.com).",
  "cells.baseUrlCredentials": "The base URL must not contain credentials.",
  "cells.baseUrlQuery": "The base URL must not have a query or fragment.",
  "cells.baseUrlHttps": "The base URL must use https (plain http is allowed only for localhost).",
  "cells.signInOtherOrigin":
    "The Microsoft 365 sign-in goes only to the team host this add-in comes from; this request was for {origin} and was not sent.",
  "cells.lacksCreditsCharged": "The service''s answer lacks credits_charged.",
  "cells.downloadNotTable": "The download is not a table of rows.",
  "cells.requestWithdrawn": "The request was withdrawn before it was sent.",
  "cells.calculationCancelled": "The calculation was cancelled.",
  "cells.lookupWithdrawn": "The lookup was withdrawn before it was sent.",

  // Where kept answers are stored (the task pane's Lookups tab shows why not IndexedDB).
  "cells.indexedDbUnavailable": "IndexedDB is not available in this runtime.",
  /** {reason}: the browser's error name and message. */
  "cells.indexedDbUnusable": "IndexedDB cannot be used here ({reason}).",
  "cells.indexedDbOpenTimeout": "IndexedDB did not open within {seconds, number} s.",
  /** {error}: why the pane's code or catalog did not load. */
  "cells.paneFailed": "Mail Finder could not start its task pane: {error}",
  // The browser denies the add-in's frame its storage (docs/user-guide.md): never its own message.
  "cells.storageDenied":
    "This browser denies the add-in its storage (third-party cookies and site data are blocked): the task pane says what to allow.",
} as const;
