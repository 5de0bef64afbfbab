import "fake-indexeddb/auto";
import { ResultCache } from "../../src/client/result-cache";
import { IndexedDbStore } from "../../src/client/storage";

// IndexedDB as a browser gives it (fake-indexeddb implements the W3C API in Node).

describe("IndexedDB store", () => {
  test("entries by prefix, writes, removals, and a cache reloaded from it", async () => {
    const store = new IndexedDbStore(indexedDB, "test-db-1");
    await store.setMany([
      ["mf.cache.v1.a.k1", "1"],
      ["mf.cache.v1.a.k2", "2"],
      ["mf.cache.v1.b.k1", "3"],
      ["other", "4"],
    ]);
    expect(await store.entries("mf.cache.v1.a.")).toEqual([
      ["mf.cache.v1.a.k1", "1"],
      ["mf.cache.v1.a.k2", "2"],
    ]);
    await store.removeMany(["mf.cache.v1.a.k1"]);
    expect(await store.entries("mf.cache.v1.a.")).toEqual([["mf.cache.v1.a.k2", "2"]]);

    const cache = new ResultCache({ store, namespace: "c" });
    cache.set("person|x", { status: "ok", value: { email: "x@example.com" } });
    cache.set("company|y", { status: "not_found", code: "no_result", message: "none" });
    await cache.flush();
    const reopened = new ResultCache({
      store: new IndexedDbStore(indexedDB, "test-db-1"),
      namespace: "c",
    });
    await reopened.ready;
    expect(reopened.keys().sort()).toEqual(["company|y", "person|x"]);
    expect(reopened.get("company|y")?.outcome).toEqual({
      status: "not_found",
      code: "no_result",
      message: "none",
    });
  });
});
