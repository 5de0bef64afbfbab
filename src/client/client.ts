import type {
  Account,
  BadEmailReport,
  BulkJsonRequest,
  BulkLayout,
  BulkSearch,
  DomainEmailFileInfo,
  DownloadOptions,
  GeoLead,
  GeoLeadRequest,
  LegacyAccount,
  LegacyCompanyRequest,
  LegacyCompanyResult,
  LegacyEmployeesRequest,
  LegacyEmployeesResult,
  LegacyPersonRequest,
  LegacyPersonResult,
  LegacyValidateRequest,
  LegacyValidateResult,
  ServiceStatus,
  SuccessWithInput,
  BulkFieldIndex,
  DecisionMakerCategory,
} from "../api/types";
import {
  CELL_OPERATIONS,
  LEGACY,
  OPERATIONS,
  pathOf,
  type CellLookup,
  type CellOperationName,
  type RequestOf,
  type ResponseOf,
  type WebhookLookupName,
} from "../api/operations";
import { ApiError } from "./errors";
import { CreditsLedger } from "./credits";
import { Transport, type RequestOptions, type RetryMode, type TransportOptions } from "./transport";
import { t } from "../i18n/i18n";

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * The result goes to this URL (docs/interface.md, Webhooks) instead of the answer (task pane jobs
   * only).
   */
  webhookUrl?: string;
}

/** `withdraw` drops the request only while it still waits for a connection (see ConnectionLimiter). */
export interface LookupCallOptions {
  signal?: AbortSignal;
  withdraw?: AbortSignal;
  /** Called as the request goes on the wire (each attempt), with where it goes. */
  onSend?: RequestOptions["onSend"];
  /** Called with where the answer came from, once it is read (not for a failure). */
  onAnswer?: (answer: AnswerOrigin) => void;
}

/**
 * Where an answer came from. `shared`: a team host answered it from the answers its team bought
 * already, free (`credits_charged` 0) and without asking the service.
 */
export interface AnswerOrigin {
  shared: boolean;
}

/**
 * The team host's mark on an answer given from the team's shared answers (docs/architecture.md, The
 * production host and its stores).
 */
export const ANSWER_ORIGIN_HEADER = "x-mail-finder-answer";

export const answerOriginOf = (headers: Headers): AnswerOrigin => ({
  shared: headers.get(ANSWER_ORIGIN_HEADER)?.trim().toLowerCase() === "shared",
});

export interface DownloadedFile {
  contentType: string;
  fileName: string | null;
  bytes: Uint8Array;
  text(): string;
}

export interface BulkMultipartRequest extends Partial<Record<BulkFieldIndex, number>> {
  file: Blob;
  fileName: string;
  has_header?: boolean;
  file_name?: string;
  decision_maker_category?: DecisionMakerCategory[];
  webhook_url?: string;
}

export interface BulkDownloadOptions extends DownloadOptions {
  format?: BulkLayout;
}

export type GeoLeadDownloadOptions = Omit<DownloadOptions, "format">;

export interface ClientOptions extends TransportOptions {
  credits?: CreditsLedger;
}

/**
 * What a legacy search costs when it is charged (docs/interface.md, Credits: a successful person or
 * company search costs one credit; verification and employee searches are charged per call). Person
 * and company searches are never charged twice for one query, which the client cannot know, so only
 * the per-call charges are recorded.
 */
const LEGACY_CHARGE = 1;

function downloadQuery(options: DownloadOptions = {}): RequestOptions["query"] {
  const flag = (value: boolean | undefined): string | undefined =>
    value === undefined ? undefined : value ? "1" : "0";
  return {
    preview_only: options.preview_only === undefined ? undefined : String(options.preview_only),
    partially_verified: flag(options.partially_verified),
    not_found: flag(options.not_found),
    fully_verified: flag(options.fully_verified),
    format: options.format,
    file_name_column_name: options.file_name_column_name,
    download_as: options.download_as,
  };
}

function fileNameOf(headers: Headers): string | null {
  const disposition = headers.get("content-disposition") ?? "";
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  return match ? decodeURIComponent(match[1]!) : null;
}

/**
 * Typed operations for every endpoint of the service, both generations (docs/interface.md,
 * Operations), over one transport. Every answer's `credits_charged` feeds the credits ledger.
 */
export class EmailServiceClient {
  readonly transport: Transport;
  readonly credits: CreditsLedger;

  constructor(options: ClientOptions) {
    this.transport = new Transport(options);
    this.credits = options.credits ?? new CreditsLedger();
  }

  /**
   * `{healthy}` (docs/interface.md, Status); a 503 is an answer here ("downtime"), not an error.
   */
  async status(signal?: AbortSignal): Promise<ServiceStatus> {
    try {
      return (
        await this.transport.request<ServiceStatus>({
          method: "GET",
          path: OPERATIONS.status.path,
          auth: false,
          retry: "once",
          signal,
        })
      ).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 503) return { healthy: false };
      throw error;
    }
  }

  async account(signal?: AbortSignal): Promise<Account> {
    const account = await this.get<Account>(OPERATIONS.account.path, signal);
    this.credits.setBalance(account.credits_left);
    return account;
  }

  /**
   * A lookup a cell can ask for, by its kind: sent as its operation (src/api/operations.ts) and
   * charged as its generation charges.
   */
  cellLookup<L extends CellLookup>(
    kind: L,
    request: RequestOf<CellOperationName<L>>,
    options: LookupCallOptions = {}
  ): Promise<ResponseOf<CellOperationName<L>>> {
    const operation = CELL_OPERATIONS[kind];
    return (
      operation.generation === LEGACY
        ? this.legacyEmployees(operation.path, request as LegacyEmployeesRequest, options)
        : this.lookup(operation.path, request, options)
    ) as Promise<ResponseOf<CellOperationName<L>>>;
  }

  /**
   * A lookup with `x-webhook-url` (docs/interface.md, Webhooks), by its operation's name; the
   * service answers `{input}` and POSTs the result to the URL. Worksheet functions never use
   * this: a cell needs its answer.
   */
  toWebhook<N extends WebhookLookupName>(
    name: N,
    request: RequestOf<N>,
    webhookUrl: string,
    signal?: AbortSignal
  ): Promise<SuccessWithInput> {
    return this.post<SuccessWithInput>(OPERATIONS[name].path, request, "idempotent", {
      signal,
      webhookUrl,
    });
  }

  /**
   * A bad-email report (docs/interface.md, Bad-email reports). Not resent after a lost answer: a
   * report is not a lookup.
   */
  async reportBadEmail(
    report: BadEmailReport,
    signal?: AbortSignal
  ): Promise<SuccessWithInput<BadEmailReport>> {
    return this.post<SuccessWithInput<BadEmailReport>>(
      OPERATIONS["report/bad-email"].path,
      report,
      "once",
      { signal }
    );
  }

  readonly domainEmailFile = {
    info: (domain: string, signal?: AbortSignal) =>
      this.get<DomainEmailFileInfo>(pathOf("domain/info", { domain }), signal),
    /** Ordering twice is harmless (the service does not charge again), so a lost answer may be resent. */
    order: (domain: string, options: CallOptions = {}) =>
      this.post<SuccessWithInput<{ domain: string }>>(
        pathOf("domain/order", { domain }),
        undefined,
        "idempotent",
        options
      ),
    download: (domain: string, signal?: AbortSignal) =>
      this.download(pathOf("domain/download", { domain }), {}, signal),
  };

  readonly bulk = {
    createJson: (request: BulkJsonRequest, options: CallOptions = {}) =>
      this.post<BulkSearch>(OPERATIONS["bulk/json"].path, request, "once", options),
    createMultipart: (request: BulkMultipartRequest, options: CallOptions = {}) => {
      const form = new FormData();
      form.set("file", request.file, request.fileName);
      for (const [name, value] of Object.entries(request)) {
        if (name === "file" || name === "fileName" || value === undefined) continue;
        if (Array.isArray(value)) for (const item of value) form.append(name, String(item));
        else form.set(name, String(value));
      }
      return this.transport
        .request<BulkSearch>({
          method: "POST",
          path: OPERATIONS["bulk/multipart"].path,
          form,
          retry: "once",
          ...this.webhook(options),
          signal: options.signal,
        })
        .then((r) => r.data);
    },
    ...this.searchResults<BulkSearch, BulkDownloadOptions>("bulk"),
  };

  readonly geoLead = {
    create: (request: GeoLeadRequest, options: CallOptions = {}) =>
      this.post<GeoLead>(OPERATIONS["geo-lead/create"].path, request, "once", options),
    ...this.searchResults<GeoLead, GeoLeadDownloadOptions>("geo-lead"),
  };

  /** The legacy generation (docs/interface.md, Legacy v5.0). */
  readonly legacy = {
    account: (signal?: AbortSignal) =>
      this.get<LegacyAccount>(OPERATIONS["meta/account"].path, signal),
    person: (request: LegacyPersonRequest, signal?: AbortSignal) =>
      this.post<LegacyPersonResult>(OPERATIONS["search/person"].path, request, "idempotent", {
        signal,
      }),
    company: (request: LegacyCompanyRequest, signal?: AbortSignal) =>
      this.post<LegacyCompanyResult>(OPERATIONS["search/company"].path, request, "idempotent", {
        signal,
      }),
    /** Charged on every call (docs/interface.md, Credits): a lost answer is not resent. */
    validate: async (request: LegacyValidateRequest, signal?: AbortSignal) => {
      const result = await this.post<LegacyValidateResult>(
        OPERATIONS.validate.path,
        request,
        "once",
        { signal }
      );
      this.credits.recordCharge(LEGACY_CHARGE);
      return result;
    },
  };

  private webhook(options: CallOptions): { headers?: Record<string, string> } {
    return options.webhookUrl ? { headers: { "x-webhook-url": options.webhookUrl } } : {};
  }

  private async get<T>(path: string, signal?: AbortSignal): Promise<T> {
    return (await this.transport.request<T>({ method: "GET", path, retry: "idempotent", signal }))
      .data;
  }

  private async post<T>(
    path: string,
    json: unknown,
    retry: RetryMode,
    options: CallOptions & LookupCallOptions
  ): Promise<T> {
    const response = await this.transport.request<T>({
      method: "POST",
      path,
      json,
      retry,
      signal: options.signal,
      withdraw: options.withdraw,
      onSend: options.onSend,
      ...this.webhook(options),
    });
    options.onAnswer?.(answerOriginOf(response.headers));
    return response.data;
  }

  /** A v5.1 lookup: resent safely (a repeat within 30 days is free); its charge is recorded. */
  private async lookup<T extends { credits_charged: number }>(
    path: string,
    json: unknown,
    options: LookupCallOptions = {}
  ): Promise<T> {
    const data = await this.post<T>(path, json, "idempotent", options);
    if (!data || typeof data !== "object" || typeof data.credits_charged !== "number") {
      throw new ApiError({
        kind: "malformed",
        status: 200,
        code: "malformed_response",
        message: t("cells.lacksCreditsCharged"),
      });
    }
    this.credits.recordCharge(data.credits_charged);
    return data;
  }

  /**
   * A legacy employee search, charged on every call that finds someone (docs/interface.md,
   * Credits): a lost answer is not resent.
   */
  private async legacyEmployees(
    path: string,
    request: LegacyEmployeesRequest,
    options: LookupCallOptions
  ): Promise<LegacyEmployeesResult> {
    const result = await this.post<LegacyEmployeesResult>(path, request, "once", options);
    // Legacy answers carry no credits_charged; this charge is certain.
    if (result.employees?.length > 0) this.credits.recordCharge(LEGACY_CHARGE);
    return result;
  }

  /** A search's state, its results file, and its results as rows, alike for both searches. */
  private searchResults<Search, Options extends DownloadOptions>(search: "bulk" | "geo-lead") {
    const read = `${search}/read` as const;
    const download = `${search}/download` as const;
    return {
      get: (searchId: string, signal?: AbortSignal) =>
        this.get<Search>(pathOf(read, { searchId }), signal),
      download: (searchId: string, options?: Options, signal?: AbortSignal) =>
        this.download(pathOf(download, { searchId }), downloadQuery(options), signal),
      /** The results as rows (`json_arr`, header first), read and checked like any JSON answer. */
      downloadTable: (
        searchId: string,
        options?: Omit<Options, "download_as">,
        signal?: AbortSignal
      ) => this.downloadTable(pathOf(download, { searchId }), options, signal),
    };
  }

  private async downloadTable(
    path: string,
    options: DownloadOptions = {},
    signal?: AbortSignal
  ): Promise<unknown[][]> {
    const response = await this.transport.request<unknown>({
      method: "GET",
      path,
      query: downloadQuery({ ...options, download_as: "json_arr" }),
      retry: "idempotent",
      signal,
    });
    const rows = response.data;
    if (!Array.isArray(rows) || !rows.every(Array.isArray)) {
      throw new ApiError({
        kind: "malformed",
        status: response.status,
        code: "malformed_response",
        message: t("cells.downloadNotTable"),
      });
    }
    return rows as unknown[][];
  }

  private async download(
    path: string,
    query: RequestOptions["query"],
    signal?: AbortSignal
  ): Promise<DownloadedFile> {
    const response = await this.transport.request<Uint8Array>({
      method: "GET",
      path,
      query,
      retry: "idempotent",
      responseType: "bytes",
      signal,
    });
    const bytes = response.data;
    return {
      contentType: response.headers.get("content-type") ?? "application/octet-stream",
      fileName: fileNameOf(response.headers),
      bytes,
      text: () => new TextDecoder().decode(bytes),
    };
  }
}
