import { Listeners } from "../client/listeners";

/** What a ribbon or context-menu command asks of the task pane. */
export interface EnrichRequest {
  tab: "enrich";
  operation: "person" | "verify";
}

/** The cell menu's Refresh: the Lookups tab counts the selection's old answers. */
export interface RefreshRequest {
  tab: "lookups";
  refresh: true;
}

export type PaneRequest = EnrichRequest | RefreshRequest;

/**
 * Requests from the add-in commands to the task pane, in the shared runtime: a command may run
 * before the pane's view exists (the pane opens for it), so the last request waits until a
 * view takes it.
 */
export class PaneRequests {
  private pending: PaneRequest | null = null;
  private readonly listeners = new Listeners<[PaneRequest]>();

  /** Asks the pane; a view that listens takes it at once, else the next view that mounts. */
  request(request: PaneRequest): void {
    this.pending = request;
    this.listeners.emit(request);
  }

  /** The request not yet taken (once: a later call answers null). */
  take(): PaneRequest | null {
    const request = this.pending;
    this.pending = null;
    return request;
  }

  /** A view follows requests while mounted; the returned function stops it. */
  subscribe(listener: (request: PaneRequest) => void): () => void {
    return this.listeners.add(listener);
  }
}

const GLOBAL_KEY = "__mailFinderPaneRequests";

/** The runtime's one channel from the commands to the pane. */
export function paneRequests(): PaneRequests {
  const holder = globalThis as { [GLOBAL_KEY]?: PaneRequests };
  return (holder[GLOBAL_KEY] ??= new PaneRequests());
}
