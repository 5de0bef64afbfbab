import Papa from "papaparse";
import type { DomainEmailFileInfo } from "../../api/types";
import type { Company, Directory } from "../directory/directory";
import type { Db } from "../storage/db";
import { badRequest, notFound } from "../errors";
import type { Clock } from "./clock";
import { MILLI, type Ledger } from "./ledger";
import type { WebhookOutbox } from "./webhooks";

export interface DomainFilesDeps {
  db: Db;
  clock: Clock;
  directory: Directory;
  ledger: Ledger;
  webhooks: WebhookOutbox;
  readyAfterMs: number;
}

interface OrderRow {
  account_id: number;
  domain: string;
  status: "queued" | "ready";
  webhook_url: string | null;
  ordered_at: number;
  ready_at: number | null;
}

/** One credit per started ten emails of the file. */
const EMAILS_PER_CREDIT = 10;

interface FileRow {
  email: string;
  type: "generic" | "personal";
  first_name: string;
  last_name: string;
  full_name: string;
  job_title: string;
  linkedin_url: string;
}

/**
 * Per-domain email files (docs/interface.md, Domain email files): price, order (paid at once),
 * preparation from `queued` to `ready` in the background, CSV download, and the readiness webhook.
 */
export class DomainFiles {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: DomainFilesDeps) {}

  info(accountId: number, domain: string): DomainEmailFileInfo {
    this.promoteDue();
    const rows = this.rowsOf(domain);
    return {
      credits_required: this.priceOf(rows.length),
      domain,
      email_count: rows.length,
      status: this.order(accountId, domain)?.status ?? null,
    };
  }

  /** Pays for the file and queues it; ordering again is free and changes nothing. */
  orderFile(accountId: number, domain: string, webhookUrl: string | null): void {
    const { db, ledger, clock } = this.deps;
    db.transaction(() => {
      if (this.order(accountId, domain)) return;
      const count = this.rowsOf(domain).length;
      if (count === 0) throw badRequest(`No emails are on file for ${domain}.`, "domain");
      const price = this.priceOf(count) * MILLI;
      ledger.charge({
        accountId,
        generation: "v5.1",
        operation: "domain_file",
        key: `v5.1:domain_file|${domain}`,
        amountMilli: price,
        repeat: "never",
      });
      const now = clock.now();
      db.prepare(
        "INSERT INTO domain_orders (account_id, domain, status, credits_milli, webhook_url, ordered_at, ready_at) VALUES (?, ?, 'queued', ?, ?, ?, ?)"
      ).run(accountId, domain, price, webhookUrl, now, now + this.deps.readyAfterMs);
    })();
    this.schedule();
  }

  /** The CSV of a ready file; 404 before it was ordered, 400 while it is being prepared. */
  download(accountId: number, domain: string): string {
    this.promoteDue();
    const order = this.order(accountId, domain);
    if (!order) throw notFound("not_found", `No file was ordered for ${domain}: order it first.`);
    if (order.status !== "ready")
      throw badRequest(
        `The file for ${domain} is still being prepared; try again when its status is ready.`,
        "domain"
      );
    return Papa.unparse(this.rowsOf(domain), {
      columns: [
        "email",
        "type",
        "first_name",
        "last_name",
        "full_name",
        "job_title",
        "linkedin_url",
      ],
    });
  }

  start(): void {
    this.schedule();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Moves due orders to `ready` and announces them. Safe to call at any time. */
  promoteDue(): void {
    const { db, clock, webhooks } = this.deps;
    const due = db
      .prepare<[number], OrderRow>(
        "SELECT * FROM domain_orders WHERE status = 'queued' AND ready_at <= ?"
      )
      .all(clock.now());
    for (const order of due) {
      const changed = db
        .prepare(
          "UPDATE domain_orders SET status = 'ready' WHERE account_id = ? AND domain = ? AND status = 'queued'"
        )
        .run(order.account_id, order.domain).changes;
      if (changed && order.webhook_url)
        webhooks.enqueue(
          order.webhook_url,
          "domain-file.ready",
          this.info(order.account_id, order.domain)
        );
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    const next = this.deps.db
      .prepare<[], { at: number | null }>(
        "SELECT MIN(ready_at) AS at FROM domain_orders WHERE status = 'queued'"
      )
      .get();
    if (next?.at == null) return;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.promoteDue();
        this.schedule();
      },
      Math.max(10, next.at - this.deps.clock.now())
    );
  }

  private order(accountId: number, domain: string): OrderRow | undefined {
    return this.deps.db
      .prepare<[number, string], OrderRow>(
        "SELECT * FROM domain_orders WHERE account_id = ? AND domain = ?"
      )
      .get(accountId, domain);
  }

  private priceOf(count: number): number {
    return count === 0 ? 0 : Math.ceil(count / EMAILS_PER_CREDIT);
  }

  private rowsOf(domain: string): FileRow[] {
    const company: Company | undefined =
      this.deps.directory.findCompanyByDomain(domain) ??
      this.deps.directory.companyForDomain(domain);
    if (company.mailServer === "no_mx" || company.mailServer === "removed") return [];
    const blank = { first_name: "", last_name: "", full_name: "", job_title: "", linkedin_url: "" };
    return [
      ...company.genericEmails.map((email): FileRow => ({ email, type: "generic", ...blank })),
      ...company.people
        .filter((p) => !p.blacklisted && !p.mailboxClosed)
        .map((p): FileRow => ({
          email: p.email,
          type: "personal",
          first_name: p.firstName,
          last_name: p.lastName,
          full_name: p.fullName,
          job_title: p.title,
          linkedin_url: p.linkedinUrl ?? "",
        })),
    ];
  }
}
