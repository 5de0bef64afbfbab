/**
 * Every failure a sandbox route can produce. Routes throw these; one error handler
 * (see app.ts) writes them in the body shape of the request's generation (docs/interface.md, Errors
 * and Legacy answers).
 */
export class ServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const badRequest = (message: string, field?: string): ServiceError =>
  new ServiceError(400, "bad_request", message, field);

export const unauthorized = (): ServiceError =>
  new ServiceError(
    401,
    "unauthorized",
    "Missing or invalid API key: send Authorization: Bearer <API_KEY>."
  );

export const upgradeNeeded = (needed: number, left: number): ServiceError =>
  new ServiceError(
    402,
    "upgrade_needed",
    `Not enough credits: this request needs ${needed} and the account has ${left}. Upgrade your plan to continue.`
  );

export const notFound = (code: string, message: string): ServiceError =>
  new ServiceError(404, code, message);

export const serverBusy = (): ServiceError =>
  new ServiceError(
    503,
    "server_busy",
    "The server is busy under heavy load; retry after a few seconds."
  );
