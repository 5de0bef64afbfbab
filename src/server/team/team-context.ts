import type { ReportDesk } from "./report-desk";
import type { EntraOptions, SignIn } from "./sign-in";
import type { ServiceKeyHolder } from "./service-key";
import type { SharedLookups } from "./shared-lookups";
import type { TeamSettings, TeamStore } from "./store";
import type { Upstream } from "./upstream";
import type { WebhookRelay } from "./webhooks";

// What the team host's routes share (made once at start by team-host.ts).

export interface TeamTimings {
  /** A reservation's life: longer than the wait for the service (a killed host's are released after). */
  reservationTtlMs: number;
  /** A lookup claim's lease across instances, renewed while it is out (a killed holder's is taken over after it). */
  claimTtlMs: number;
  /** How often a request waiting for another instance's lookup looks for its answer. */
  pollMs: number;
  /** A bad-email report's window (report-desk.ts): its lease, and the wait for paid requests out. */
  reportWindowTtlMs: number;
  reportDrainMs: number;
}

export interface TeamContext {
  store: TeamStore;
  signIn: SignIn;
  serviceKey: ServiceKeyHolder;
  upstream: Upstream;
  shared: SharedLookups;
  /** Bad-email reports of addresses the team bought, measured one at a time. */
  reports: ReportDesk;
  /** Lookups answered to a webhook through the host (null: no public URL, settled at their most). */
  webhooks: WebhookRelay | null;
  entra: EntraOptions | null;
  options: TeamTimings;
  now(): Date;
  /** The team's settings, read again at most every few seconds (every lookup needs them). */
  settings(): Promise<TeamSettings>;
}
