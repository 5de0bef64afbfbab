// Wire types of the email finding and verification service (docs/interface.md).
// Declared once; used by the sandbox, the client and the worksheet functions alike.

/** docs/interface.md, Decision-maker categories */
export const DECISION_MAKER_CATEGORIES = [
  "ceo",
  "engineering",
  "finance",
  "hr",
  "it",
  "logistics",
  "marketing",
  "operations",
  "buyer",
  "sales",
] as const;
export type DecisionMakerCategory = (typeof DECISION_MAKER_CATEGORIES)[number];

/** docs/interface.md, Email statuses */
export type FindEmailStatus = "valid" | "risky" | "not_found" | "blacklisted";
export type VerifyEmailStatus = "valid" | "risky" | "invalid";

/** docs/interface.md, Errors */
export interface ErrorBody {
  error: string;
  message: string;
}

/** docs/interface.md, Input echo */
export interface SuccessWithInput<I = Record<string, unknown>> {
  input: I;
}

/** docs/interface.md, Account */
export interface Account {
  credits_left: number;
  email: string;
}

/** docs/interface.md, Domain email files */
export type DomainEmailFileStatus = "queued" | "ready" | null;
export interface DomainEmailFileInfo {
  credits_required: number;
  domain: string;
  email_count: number;
  status: DomainEmailFileStatus;
}

/** docs/interface.md, Search states (plus `failed`, described in the text) */
export const SEARCH_STATUSES = [
  "on_deck",
  "queued",
  "running",
  "paused",
  "completed",
  "deleted",
  "extraction_queued",
  "extraction_running",
  "failed",
] as const;
export type SearchStatus = (typeof SEARCH_STATUSES)[number];

export interface SearchCounts {
  failed: number;
  found_unknown: number;
  found_valid: number;
  not_found: number;
  total: number;
}

/** docs/interface.md, The bulk search object */
export interface BulkSearch {
  id: string;
  status: SearchStatus;
  counts: SearchCounts;
  created_at: string;
  credits_needed: number;
  decision_maker_category: string | null;
  file_name: string;
  paid: boolean;
  started_running_at: string | null;
}

/** docs/interface.md, GeoLead searches */
export interface GeoLead {
  id: string;
  status: SearchStatus;
  counts: SearchCounts;
  created_at: string;
  credits_needed: number;
  file_name: string;
  find_company_emails: boolean;
  find_decision_maker_categories: DecisionMakerCategory[];
  latitude: number;
  longitude: number;
  paid: boolean;
  query: string;
  radius_km: number;
  result_limit: number | null;
  started_running_at: string | null;
}

/** docs/interface.md, Common answer fields */
export interface LookupResultCommon<I> {
  input: I;
  credits_charged: number;
  mx_host: string | null;
  mx_domain: string | null;
}

/** docs/interface.md, Person */
export interface PersonRequest {
  domain?: string;
  company_name?: string;
  full_name?: string;
  first_name?: string;
  last_name?: string;
  linkedin_url?: string;
}
export interface PersonResult extends LookupResultCommon<PersonRequest> {
  email_status: FindEmailStatus;
  email: string | null;
  valid_email: string | null;
  person_full_name: string | null;
  person_company_name: string | null;
  person_job_title: string | null;
}

/** docs/interface.md, Company */
export type CompanyEmailType = "any" | "generic" | "personal";
export const COMPANY_EMAIL_TYPES: readonly CompanyEmailType[] = ["any", "generic", "personal"];
export interface CompanyRequest {
  domain?: string;
  company_name?: string;
  email_type?: CompanyEmailType;
}
export interface CompanyResult extends LookupResultCommon<CompanyRequest> {
  email_status: FindEmailStatus;
  emails: string[];
  valid_emails: string[];
}

/** docs/interface.md, Decision maker */
export interface DecisionMakerRequest {
  decision_maker_category: DecisionMakerCategory[];
  domain?: string;
  company_name?: string;
}
export interface DecisionMakerResult extends LookupResultCommon<DecisionMakerRequest> {
  email_status: FindEmailStatus;
  decision_maker_category: DecisionMakerCategory | null;
  email: string | null;
  valid_email: string | null;
  person_first_name: string | null;
  person_last_name: string | null;
  person_full_name: string | null;
  person_job_title: string | null;
  person_linkedin_url: string | null;
}

/** docs/interface.md, Profile URL */
export interface LinkedinUrlRequest {
  linkedin_url: string;
}
export interface LinkedinUrlResult extends LookupResultCommon<LinkedinUrlRequest> {
  email_status: FindEmailStatus;
  email: string | null;
  valid_email: string | null;
  person_full_name: string | null;
  person_job_title: string | null;
  person_company_name: string | null;
}

/** docs/interface.md, Verify email */
export interface VerifyEmailRequest {
  email: string;
}
export interface VerifyEmailResult extends LookupResultCommon<VerifyEmailRequest> {
  email_status: VerifyEmailStatus;
}

/** docs/interface.md, Bad-email reports */
export interface BadEmailReport {
  email: string;
  additional_info: string;
  bounce_message?: string;
}

/**
 * docs/interface.md, Creating a bulk search: the column-index fields shared by bulk/json and
 * bulk/multipart.
 */
export const BULK_FIELD_INDEXES = [
  "company_name_field_index",
  "domain_field_index",
  "email_field_index",
  "first_name_field_index",
  "last_name_field_index",
  "full_name_field_index",
  "linkedin_url_field_index",
] as const;
export type BulkFieldIndex = (typeof BULK_FIELD_INDEXES)[number];

export type BulkCell = string | number | boolean | null;
export interface BulkJsonRequest extends Partial<Record<BulkFieldIndex, number>> {
  data: BulkCell[][];
  has_header?: boolean;
  file_name?: string;
  decision_maker_category?: DecisionMakerCategory[];
  webhook_url?: string;
}

/** The download query of bulk and GeoLead searches (docs/interface.md, Downloading results). */
export type DownloadFormat = "csv" | "json_arr" | "json_obj" | "xlsx";
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ["csv", "json_arr", "json_obj", "xlsx"];
export type BulkLayout = "default" | "company-one-email-per-line";
export interface DownloadOptions {
  preview_only?: boolean;
  partially_verified?: boolean;
  not_found?: boolean;
  fully_verified?: boolean;
  format?: BulkLayout;
  file_name_column_name?: string;
  download_as?: DownloadFormat;
}

/** docs/interface.md, GeoLead searches */
export interface GeoLeadRequest {
  query: string;
  latitude: number;
  longitude: number;
  radius_km: number;
  find_company_emails?: boolean;
  find_decision_maker_categories?: DecisionMakerCategory[];
  file_name?: string;
  result_limit?: number | null;
}

/** docs/interface.md, Status */
export interface ServiceStatus {
  healthy: boolean;
}

// ---- Legacy v5.0 (docs/interface.md, Legacy v5.0) ----

export interface LegacyErrorBody {
  success: false;
  error: string;
  error_explained: string;
  field?: string;
  status?: string;
}

export interface LegacyAccount {
  success: true;
  credits_left: number;
  credits_total: number;
  credits_used_not_verified: number;
  credits_used_verified: number;
}

export type LegacyValidation = "valid" | "unknown";

export interface LegacyPersonInput {
  full_name: string | null;
  first_name: string | null;
  last_name: string | null;
  domain: string | null;
  company_name: string | null;
  country_code: string | null;
}
export interface LegacyPersonResult {
  success: true;
  input: LegacyPersonInput;
  results: { email: string; validation: LegacyValidation; alternatives: string[] };
}

export interface LegacyCompanyInput {
  domain: string | null;
  company_name: string | null;
}
export interface LegacyCompanyResult {
  success: true;
  input: LegacyCompanyInput;
  results: { emails: string[]; validation: LegacyValidation; totalCount: number };
}

export interface LegacyEmployeesInput {
  domain: string | null;
  company_name: string | null;
  preferred_title: string | null;
  country_code: string | null;
}
export interface LegacyEmployee {
  company: string;
  linkedin_url: string | null;
  name: string;
  title: string;
}
export interface LegacyEmployeesResult {
  success: true;
  input: LegacyEmployeesInput;
  company_name_used: string;
  employees: LegacyEmployee[];
}

export interface LegacyValidateInput {
  email: string | null;
}
export interface LegacyValidateResult {
  success: true;
  input: LegacyValidateInput;
  validation: "valid" | "invalid" | "unknown";
}

/** The body of a legacy person search (docs/interface.md, Legacy v5.0). */
export interface LegacyPersonRequest {
  full_name?: string;
  first_name?: string;
  last_name?: string;
  domain?: string;
  company_name?: string;
  country_code?: string;
}
export interface LegacyCompanyRequest {
  domain?: string;
  company_name?: string;
}
export interface LegacyEmployeesRequest {
  domain?: string;
  company_name?: string;
  preferred_title: string;
  country_code?: string;
}
export interface LegacyValidateRequest {
  email: string;
}

/** A file the service sends (a domain's emails, a search's results). */
export type FileAnswer = Uint8Array;

/**
 * Each operation of src/api/operations.ts by its name: what it is sent (`void`: no body) and
 * what it answers. The registry has a row for exactly these names.
 */
export interface OperationTypes {
  status: { request: void; response: ServiceStatus };
  account: { request: void; response: Account };
  "domain/info": { request: void; response: DomainEmailFileInfo };
  "domain/order": { request: void; response: SuccessWithInput<{ domain: string }> };
  "domain/download": { request: void; response: FileAnswer };
  "report/bad-email": { request: BadEmailReport; response: SuccessWithInput<BadEmailReport> };
  "bulk/json": { request: BulkJsonRequest; response: BulkSearch };
  "bulk/multipart": { request: FormData; response: BulkSearch };
  "bulk/read": { request: void; response: BulkSearch };
  "bulk/download": { request: void; response: FileAnswer };
  "find-email/company": { request: CompanyRequest; response: CompanyResult };
  "find-email/decision-maker": { request: DecisionMakerRequest; response: DecisionMakerResult };
  "find-email/linkedin-url": { request: LinkedinUrlRequest; response: LinkedinUrlResult };
  "find-email/person": { request: PersonRequest; response: PersonResult };
  "geo-lead/create": { request: GeoLeadRequest; response: GeoLead };
  "geo-lead/read": { request: void; response: GeoLead };
  "geo-lead/download": { request: void; response: FileAnswer };
  "verify-email": { request: VerifyEmailRequest; response: VerifyEmailResult };
  "meta/account": { request: void; response: LegacyAccount };
  "search/person": { request: LegacyPersonRequest; response: LegacyPersonResult };
  "search/company": { request: LegacyCompanyRequest; response: LegacyCompanyResult };
  "search/employees": { request: LegacyEmployeesRequest; response: LegacyEmployeesResult };
  validate: { request: LegacyValidateRequest; response: LegacyValidateResult };
}
