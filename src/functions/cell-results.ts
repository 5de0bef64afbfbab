import { ApiError, SIGN_IN_REQUIRED, isBudgetExceeded } from "../client/errors";
import { refusal } from "../client/spending";
import type { CheckedOutcome, LookupOutcome } from "../client/answer-record";
import type { LookupTypes, ScheduleOptions } from "../client/scheduler";
import type { LookupOperation } from "../client/lookup-key";
import { getServices } from "../runtime/services";
import { answerCard, type AnswerCard, type CardOperation } from "./answer-cards";
import { CHECKED_ON, dateCellValue, isoDay, withCheckedOn, type DateCellValue } from "./checked-on";
import { cardsSupported } from "../runtime/cards-support";
import { ArgumentError } from "./arguments";
import { bouncedOn } from "../client/bounces";
import { isStorageDenied } from "../client/storage-denial";
import { t } from "../i18n/i18n";

// From answers and failures to what a cell shows.

/** A cell value, a spilled matrix (of values or cards), or a typed Excel error. */
export type CellResult =
  | string
  | number
  | boolean
  | (string | number | boolean | AnswerCard | DateCellValue)[][]
  | CustomFunctions.Error;

const MAX_MESSAGE = 255;

export function excelError(
  code: "invalidValue" | "notAvailable",
  message: string
): CustomFunctions.Error {
  const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
  return new CustomFunctions.Error(CustomFunctions.ErrorCode[code], text);
}

/** Every failure becomes a typed error: a cell never stays #BUSY! because a request failed. */
export function errorCell(error: unknown): CustomFunctions.Error {
  if (error instanceof ArgumentError) return excelError("invalidValue", error.message);
  if (error instanceof ApiError) {
    const attempts = error.attempts;
    switch (error.kind) {
      case "unauthorized":
        // A Microsoft 365 sign-in Office could not renew, or the host refused, says why; any
        // other: the key, or on a team host the team token.
        if (error.code === SIGN_IN_REQUIRED) return excelError("invalidValue", error.message);
        return excelError(
          "invalidValue",
          t(getServices().team.view.team ? "cells.unauthorizedTeam" : "cells.unauthorized")
        );
      case "config":
        return excelError("invalidValue", t("cells.settings", { message: error.message }));
      case "bad_request":
        return excelError("invalidValue", t("cells.badRequest", { message: error.message }));
      case "out_of_credits":
        // A team host's budget refusal says which budget: the cell shows it as it is.
        return excelError(
          "notAvailable",
          isBudgetExceeded(error) && error.message ? error.message : t("cells.outOfCredits")
        );
      case "not_found":
        return excelError("notAvailable", t("cells.notFound"));
      case "blacklisted":
        return excelError("notAvailable", t("cells.blacklisted"));
      case "busy":
        return excelError("notAvailable", t("cells.busy", { attempts }));
      case "timeout":
        return excelError("notAvailable", t("cells.timeout", { message: error.message }));
      case "network":
        return excelError(
          "notAvailable",
          attempts > 1
            ? t("cells.networkAfterAttempts", {
                message: error.message.replace(/[.。]$/, ""),
                attempts,
              })
            : error.message
        );
      case "server":
        return excelError(
          "notAvailable",
          t("cells.serverFailed", { status: String(error.status ?? "?"), attempts })
        );
      case "malformed":
        return excelError("notAvailable", t("cells.malformed", { attempts }));
      case "cancelled":
        return excelError("notAvailable", t("cells.cancelled"));
      case "refused":
        return excelError("notAvailable", error.message);
    }
  }
  // The browser's words never reach a cell (docs/user-guide.md): a denied storage says where to look.
  if (isStorageDenied(error)) return excelError("notAvailable", t("cells.storageDenied"));
  return excelError(
    "notAvailable",
    t("cells.unexpected", { message: error instanceof Error ? error.message : String(error) })
  );
}

/**
 * Runs a cell's work in Microsoft's documented forms: a value or a spilled matrix is
 * returned (a matrix may hold CustomFunctions.Error elements, returned as they are); a failure
 * of the cell, whether thrown by the work or returned by it as a CustomFunctions.Error, rejects
 * the returned promise with a CustomFunctions.Error, and never with anything else.
 */
export async function cell(work: () => Promise<CellResult> | CellResult): Promise<CellResult> {
  let result: CellResult;
  try {
    result = await work();
  } catch (error) {
    throw error instanceof CustomFunctions.Error ? error : errorCell(error);
  }
  if (result instanceof CustomFunctions.Error) throw result;
  return result;
}

type Found = { email_status: string };

/** What a cell shows when a lookup found nothing, by status; null for a found answer. */
function nothingFound(status: string): string | null {
  if (status === "not_found") return t("cells.noEmailFound");
  if (status === "blacklisted") return t("cells.blacklisted");
  return null;
}

/** The answer's status, with 404 `no_result` the same as `not_found`. */
export function foundOrError<T extends Found>(
  outcome: LookupOutcome<T> & { checkedAt?: number }
): T | CustomFunctions.Error {
  if (outcome.status !== "ok") return excelError("notAvailable", nothingFound(outcome.status)!);
  const message = nothingFound(outcome.value.email_status);
  if (message) return excelError("notAvailable", message);
  return outcome.checkedAt === undefined
    ? outcome.value
    : withCheckedOn(outcome.value, outcome.checkedAt);
}

function cellValue(value: unknown): string | number | boolean {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return value;
  if (Array.isArray(value)) return value.join(", ");
  return String(value);
}

/** `checked_on` (ms): a date where Excel has data types, else the ISO day's text. */
function checkedOnValue(value: unknown): string | DateCellValue {
  if (typeof value !== "number") return "";
  return cardsSupported() ? dateCellValue(value) : isoDay(value);
}

/** One value, or the requested fields side by side as a one-row spill (never a header row). */
export function fieldsRow(result: object, names: string[]): CellResult {
  const fields = result as Record<string, unknown>;
  const values = names.map((name) =>
    name === CHECKED_ON ? checkedOnValue(fields[name]) : cellValue(fields[name])
  );
  return [values];
}

/** What a cell's lookups need from its invocation. */
export interface CellCall {
  signal: AbortSignal;
  /** Excel previews the formula while it is typed (CustomFunctionsRuntime 1.5): kept answers only. */
  preview: boolean;
}

/** Excel's flag, declared as a string in @types/custom-functions-runtime, a boolean in the docs. */
export const inValuePreview = (invocation?: CustomFunctions.Invocation): boolean =>
  String(invocation?.isInValuePreview) === "true";

/** What a previewed cell shows when no kept answer has it. */
export const previewError = (): CustomFunctions.Error => errorCell(refusal("preview"));

/** Wired as soon as Excel calls the function, so that a cancellation is never missed. */
export function cellCall(invocation?: CustomFunctions.CancelableInvocation): CellCall {
  const controller = new AbortController();
  if (invocation) invocation.onCanceled = () => controller.abort();
  return { signal: controller.signal, preview: inValuePreview(invocation) };
}

/**
 * A cell's lookup: through the scheduler (scheduledLookup), except that an address reported
 * bounced is shown as `#N/A` "Bounced (reported on <day>)":
 * a verification of one is not even sent, and a kept answer that shows one is not shown.
 */
export async function lookup<Op extends LookupOperation>(
  operation: Op,
  request: LookupTypes[Op]["request"],
  call?: CellCall
): Promise<CheckedOutcome<LookupTypes[Op]["result"]>> {
  const verified = operation === "verify" ? (request as { email?: unknown }).email : undefined;
  if (typeof verified === "string") await refuseBounced(verified);
  const outcome = await scheduledLookup(operation, request, call);
  const marked = bouncedOn(outcome);
  if (marked !== undefined) throw bouncedError(marked);
  const shown = outcome.status === "ok" ? (outcome.value as { email?: unknown }).email : undefined;
  if (typeof shown === "string" && operation !== "company") await refuseBounced(shown);
  return outcome;
}

/** What a cell that would show a bounced address shows: `#N/A` with the day it was reported. */
export const bouncedError = (reportedAt: number): CustomFunctions.Error =>
  excelError("notAvailable", t("cells.bounced", { date: isoDay(reportedAt) }));

async function refuseBounced(email: string): Promise<void> {
  const cache = await (await getServices().scheduler()).currentCache();
  const reportedAt = await cache.bouncedOf(email);
  if (reportedAt !== undefined) throw bouncedError(reportedAt);
}

/**
 * A lookup through the runtime's scheduler (cache, de-duplication, concurrency). In a formula
 * value preview only a kept answer is shown; else "Preview: press Enter to look up"
 * (every intermediate text typed would be a paid lookup).
 */
async function scheduledLookup<Op extends LookupOperation>(
  operation: Op,
  request: LookupTypes[Op]["request"],
  call?: CellCall
): Promise<CheckedOutcome<LookupTypes[Op]["result"]>> {
  const scheduler = await getServices().scheduler();
  const options: ScheduleOptions = call
    ? { signal: call.signal, keptOnly: call.preview, fromCell: true }
    : {};
  return scheduler.lookup(operation, request, options);
}

/**
 * A found person, profile or decision maker as the cell shows it: the fields asked for side by
 * side; else, with answers as cards on where Excel has them, an entity; else the email.
 */
export function foundCell(
  operation: CardOperation,
  found: object,
  names: string[] | null
): CellResult {
  if (names === null && getServices().answersAsCards()) return [[answerCard(operation, found)]];
  return fieldsRow(found, names ?? ["email"]);
}
