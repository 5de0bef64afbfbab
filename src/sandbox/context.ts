import type { Directory } from "./directory/directory";
import type { Clock } from "./services/clock";
import type { DomainFiles } from "./services/domain-files";
import type { Faults } from "./services/faults";
import type { Ledger, AccountRow } from "./services/ledger";
import type { Lookups } from "./services/lookups";
import type { LookupQueue } from "./services/queue";
import type { WebhookOutbox } from "./services/webhooks";
import type { World } from "./services/world";
import type { SearchService } from "./jobs/searches";
import type { JobRunner } from "./jobs/runner";
import type { Db } from "./storage/db";

/** The sandbox's services, attached once to the fastify instance as `app.sandbox`. */
export interface SandboxContext {
  db: Db;
  clock: Clock;
  directory: Directory;
  lookups: Lookups;
  ledger: Ledger;
  queue: LookupQueue;
  faults: Faults;
  webhooks: WebhookOutbox;
  domainFiles: DomainFiles;
  searches: SearchService;
  runner: JobRunner;
  /** The clock moved forward and the people changed (sandbox-only endpoints). */
  world: World;
  latencyMs: number;
  demoApiKey: string;
}

declare module "fastify" {
  interface FastifyInstance {
    sandbox: SandboxContext;
  }
  interface FastifyRequest {
    /** The authenticated account (set by the auth hook on the paths of both generations). */
    account: AccountRow;
  }
}
