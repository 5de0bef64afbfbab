import { useCallback, useEffect, useRef, useState } from "react";
import { paneRequests, type PaneRequest } from "../../runtime/pane-requests";

/** A request from a command, numbered so that the same operation asked twice is acted on twice. */
export type NumberedRequest<R extends PaneRequest = PaneRequest> = R & { id: number };

let lastId = 0;

/**
 * The commands' requests to the pane (ribbon, context menu): the one that arrived before the
 * view mounted, then each new one. `onRequest` shows the request's tab; the request waits in
 * `request` until that tab's panel acts on it and calls `taken`.
 */
export function usePaneRequests(onRequest: (request: PaneRequest) => void): {
  request: NumberedRequest | null;
  taken: () => void;
} {
  const [request, setRequest] = useState<NumberedRequest | null>(null);
  const show = useRef(onRequest);
  show.current = onRequest;
  useEffect(() => {
    const requests = paneRequests();
    const accept = (): void => {
      const next = requests.take();
      if (!next) return;
      setRequest({ ...next, id: ++lastId });
      show.current(next);
    };
    accept();
    return requests.subscribe(accept);
  }, []);
  return { request, taken: useCallback(() => setRequest(null), []) };
}
