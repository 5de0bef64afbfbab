import {
  associateCommands,
  findEmails,
  refreshAnswers,
  verifyEmails,
} from "../../src/commands/commands";
import { paneRequests } from "../../src/runtime/pane-requests";

// The add-in commands (ribbon and cell menu): each opens the task pane on the Enrich tab with
// its operation, and tells Office it has finished on every path (event.completed).

const holder = globalThis as { Office?: unknown };
let shown: number;
let refuse: boolean;
let associated: Map<string, (event: unknown) => unknown>;

beforeEach(() => {
  shown = 0;
  refuse = false;
  associated = new Map();
  paneRequests().take();
  holder.Office = {
    addin: {
      showAsTaskpane: async () => {
        shown++;
        if (refuse) throw new Error("the host cannot show it");
      },
    },
    actions: { associate: (id: string, fn: (event: unknown) => unknown) => associated.set(id, fn) },
  };
});
afterAll(() => {
  delete holder.Office;
});

const event = () => ({ completed: jest.fn() });

test("the manifest's function names are associated", () => {
  associateCommands();
  expect([...associated.keys()]).toEqual(["findEmails", "verifyEmails", "refreshAnswers"]);
  expect(associated.get("findEmails")).toBe(findEmails);
  expect(associated.get("verifyEmails")).toBe(verifyEmails);
  expect(associated.get("refreshAnswers")).toBe(refreshAnswers);
});

test("Refresh old answers opens the pane on Lookups to count the selection, then completes", async () => {
  const done = event();
  await refreshAnswers(done as never);
  expect(paneRequests().take()).toEqual({ tab: "lookups", refresh: true });
  expect(shown).toBe(1);
  expect(done.completed).toHaveBeenCalledTimes(1);
  refuse = true;
  const refused = event();
  await refreshAnswers(refused as never);
  expect(refused.completed).toHaveBeenCalledTimes(1);
});

test("Find emails opens the pane on Enrich with the person operation, then completes", async () => {
  const e = event();
  await findEmails(e as unknown as Office.AddinCommands.Event);
  expect(shown).toBe(1);
  expect(e.completed).toHaveBeenCalledTimes(1);
  expect(paneRequests().take()).toEqual({ tab: "enrich", operation: "person" });
});

test("Verify emails asks for the verify operation; a view already open hears it at once", async () => {
  const heard: unknown[] = [];
  const stop = paneRequests().subscribe((request) => heard.push(request));
  const e = event();
  await verifyEmails(e as unknown as Office.AddinCommands.Event);
  stop();
  expect(heard).toEqual([{ tab: "enrich", operation: "verify" }]);
  expect(e.completed).toHaveBeenCalledTimes(1);
});

test("a pane that cannot be shown still completes the command, and the request waits", async () => {
  refuse = true;
  const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
  const e = event();
  await findEmails(e as unknown as Office.AddinCommands.Event);
  warn.mockRestore();
  expect(e.completed).toHaveBeenCalledTimes(1);
  expect(paneRequests().take()).toEqual({ tab: "enrich", operation: "person" });
  expect(paneRequests().take()).toBeNull();
});
