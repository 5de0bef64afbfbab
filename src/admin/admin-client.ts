import type {
  AddedMember,
  AdminAuditRow,
  AdminMember,
  AdminTeam,
  ApiErrorBody,
  BounceReportRow,
  DomainAnswers,
  IssuedToken,
  MemberPatch,
  MonthlyUsageRow,
  NewMember,
  PurgeResult,
  TeamPatch,
  UsageRow,
} from "./api-types";

// The admin REST API from the page: one request core that adds the admin
// token and turns the host's `{error, message}` bodies into AdminApiError; one thin method per
// route.

/** Where the host serves the admin API, on the page's own origin. */
export const ADMIN_API = "/admin/api";

/** An answer of the admin API other than a success, with the host's own message. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string
  ) {
    super(message);
    this.name = "AdminApiError";
  }

  /** The token was refused: the page asks for it again. */
  get unauthorized(): boolean {
    return this.status === 401;
  }
}

async function errorOf(response: Response): Promise<AdminApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ApiErrorBody> | null;
  return new AdminApiError(
    response.status,
    body?.error ?? "http_error",
    body?.message ?? `The host answered ${response.status} ${response.statusText}.`
  );
}

export class AdminClient {
  constructor(
    private readonly token: string,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init)
  ) {}

  private async request(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    let response: Response;
    try {
      response = await this.fetcher(ADMIN_API + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: "no-store",
      });
    } catch {
      throw new AdminApiError(0, "network_error", "The host could not be reached. Try again.");
    }
    if (!response.ok) throw await errorOf(response);
    return response;
  }

  private async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    return (await (await this.request(method, path, body)).json()) as T;
  }

  members(): Promise<AdminMember[]> {
    return this.json("GET", "/members");
  }

  addMember(member: NewMember): Promise<AddedMember> {
    return this.json("POST", "/members", member);
  }

  updateMember(id: string, patch: MemberPatch): Promise<AdminMember> {
    return this.json("PATCH", `/members/${encodeURIComponent(id)}`, patch);
  }

  async removeMember(id: string): Promise<void> {
    await this.request("DELETE", `/members/${encodeURIComponent(id)}`);
  }

  issueToken(memberId: string): Promise<IssuedToken> {
    return this.json("POST", `/members/${encodeURIComponent(memberId)}/tokens`);
  }

  async revokeToken(memberId: string, tokenId: string): Promise<void> {
    await this.request(
      "DELETE",
      `/members/${encodeURIComponent(memberId)}/tokens/${encodeURIComponent(tokenId)}`
    );
  }

  team(): Promise<AdminTeam> {
    return this.json("GET", "/team");
  }

  updateTeam(patch: TeamPatch): Promise<AdminTeam> {
    return this.json("PUT", "/team", patch);
  }

  usage(month?: string): Promise<UsageRow[]> {
    return this.json("GET", `/usage${month ? `?month=${encodeURIComponent(month)}` : ""}`);
  }

  monthlyUsage(months: number): Promise<MonthlyUsageRow[]> {
    return this.json("GET", `/usage/monthly?months=${months}`);
  }

  /** The latest admin actions, newest first. */
  adminActions(limit: number): Promise<AdminAuditRow[]> {
    return this.json("GET", `/admin-audit?limit=${limit}`);
  }

  async replaceServiceKey(key: string): Promise<void> {
    await this.request("PUT", "/service-key", { key });
  }

  /** Bad-email reports of the last 90 days, newest first. */
  bounceReports(): Promise<BounceReportRow[]> {
    return this.json("GET", "/bounce-reports");
  }

  sharedAnswers(domain: string): Promise<DomainAnswers> {
    return this.json("GET", `/shared-answers?domain=${encodeURIComponent(domain)}`);
  }

  purgeSharedAnswer(key: string): Promise<PurgeResult> {
    return this.json("DELETE", `/shared-answers?key=${encodeURIComponent(key)}`);
  }

  purgeDomainAnswers(domain: string): Promise<PurgeResult> {
    return this.json("DELETE", `/shared-answers?domain=${encodeURIComponent(domain)}`);
  }

  /** A CSV export as a file: its name from the host's content-disposition. */
  async csv(path: string): Promise<{ blob: Blob; filename: string }> {
    const response = await this.request("GET", path);
    const disposition = response.headers.get("content-disposition") ?? "";
    const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? "export.csv";
    return { blob: await response.blob(), filename };
  }
}
