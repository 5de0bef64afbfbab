import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TaskPaneHost } from "../../src/runtime/task-pane-host";

// What the runtime's tests of a host on the pane's own origin share: a node:http server on a
// free port standing for that origin, and a task pane that answers every spending question Run.

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A node:http server on a free port; its origin. */
export async function serve(handler: Handler): Promise<{ origin: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, server };
}

/** Stops the server, its open connections too. */
export const close = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });

/** A task pane that is always there and answers Run. */
export const runningPane: TaskPaneHost = {
  askInTaskPane: async () => true,
  present: () => () => undefined,
  onLeave: () => undefined,
};
