import { t } from "../i18n/i18n";

/**
 * What kind of failure an ApiError is, in the terms a caller acts on (docs/interface.md, Errors):
 * - `bad_request` 400, `unauthorized` 401, `out_of_credits` 402, `not_found` 404,
 *   `blacklisted` 451, `busy` 503 (after retries), `server` other 5xx;
 * - `network`: no answer (connection refused, dropped); `timeout`: no answer in time;
 * - `malformed`: an answer that is not the JSON the interface promises;
 * - `cancelled`: the caller gave up; `config`: the client's own settings are unusable;
 * - `refused`: the spending guard did not let a paid lookup go out (spending.ts).
 */
export type ApiErrorKind =
  | "bad_request"
  | "unauthorized"
  | "out_of_credits"
  | "not_found"
  | "blacklisted"
  | "busy"
  | "server"
  | "network"
  | "timeout"
  | "malformed"
  | "cancelled"
  | "config"
  | "refused";

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number | null;
  code: string;
  message: string;
  field?: string;
  /** Attempts made before giving up (retries included). */
  attempts?: number;
}

/** The one error type of the client, for both error body shapes and for transport failures. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string;
  readonly field: string | undefined;
  readonly attempts: number;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = "ApiError";
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.field = init.field;
    this.attempts = init.attempts ?? 1;
  }

  /**
   * 503 and transport failures may succeed if sent again ("retry after a few seconds":
   * docs/interface.md, Limits).
   */
  get retryable(): boolean {
    return this.kind === "busy" || this.kind === "network";
  }
}

export function kindOfStatus(status: number): ApiErrorKind {
  switch (status) {
    case 400:
      return "bad_request";
    case 401:
      return "unauthorized";
    case 402:
      return "out_of_credits";
    case 404:
      return "not_found";
    case 451:
      return "blacklisted";
    case 503:
      return "busy";
    default:
      return status >= 500 ? "server" : "bad_request";
  }
}

/**
 * Reads an error answer: v5.1 `{error, message}` or v5.0 `{success:false, error,
 * error_explained, field?}`; anything else keeps the status and a generic message.
 */
export function errorFromResponse(status: number, bodyText: string): ApiError {
  let code = `http_${status}`;
  let message = t("cells.httpStatus", { status: String(status) });
  let field: string | undefined;
  try {
    const body = JSON.parse(bodyText) as Record<string, unknown>;
    if (body && typeof body === "object") {
      if (typeof body.error === "string") code = body.error;
      if (typeof body.message === "string") message = body.message;
      else if (typeof body.error_explained === "string") message = body.error_explained;
      if (typeof body.field === "string") field = body.field;
    }
  } catch {
    // Not JSON: keep the generic message; the body may be an HTML error page.
  }
  return new ApiError({ kind: kindOfStatus(status), status, code, message, field });
}

/**
 * A team host's refusal: a member's or the team's monthly budget is spent. A 402 like the service's
 * "out of credits", told apart by its code; its message names the budget.
 */
export const BUDGET_EXCEEDED = "budget_exceeded";

/** A team host's Microsoft 365 sign-in that Office could not renew without the user. */
export const SIGN_IN_REQUIRED = "sign_in_required";

export const isBudgetExceeded = (error: unknown): error is ApiError =>
  error instanceof ApiError && error.kind === "out_of_credits" && error.code === BUDGET_EXCEEDED;

/** The message of anything thrown. */
export const errorText = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** The same error with some of its fields changed (its attempts, a redacted message). */
export function copyError(error: ApiError, changes: Partial<ApiErrorInit>): ApiError {
  return new ApiError({
    kind: error.kind,
    status: error.status,
    code: error.code,
    message: error.message,
    field: error.field,
    attempts: error.attempts,
    ...changes,
  });
}

/** A request that got no answer (refused, dropped, unreachable), with the runtime's reason. */
export function networkError(error: unknown): ApiError {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const detail =
    cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
  return new ApiError({
    kind: "network",
    status: null,
    code: "network_error",
    message: t("cells.unreachable", { detail }),
  });
}
