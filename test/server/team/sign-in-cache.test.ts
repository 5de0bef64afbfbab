import { SignInCache } from "../../../src/server/team/sign-in-cache";
import type { Member } from "../../../src/server/team/store";

// Sign-ins remembered by a PostgreSQL instance (store-rules.ts SIGN_IN_CACHE_MS): a valid token
// for the bound and no longer, an unknown one never, all forgotten at once on a revocation.

const ada: Member = {
  id: "ada",
  name: "Ada",
  email: "ada@example.com",
  monthlyBudgetMilli: null,
  createdAt: "2026-03-01T00:00:00.000Z",
};

describe("SignInCache", () => {
  let now: number;
  let looks: number;
  let found: Member | null;
  let cache: SignInCache;
  const look = async () => {
    looks++;
    return found;
  };

  beforeEach(() => {
    now = 1_000_000;
    looks = 0;
    found = ada;
    cache = new SignInCache(1_000, () => now);
  });

  test("a valid token is remembered for the bound, then asked again", async () => {
    expect(await cache.member("a", look)).toBe(ada);
    now += 999;
    expect(await cache.member("a", look)).toBe(ada);
    expect(looks).toBe(1);
    now += 1;
    found = null;
    expect(await cache.member("a", look)).toBeNull();
    expect(looks).toBe(2);
  });

  test("an unknown token is asked every time", async () => {
    found = null;
    expect(await cache.member("x", look)).toBeNull();
    expect(await cache.member("x", look)).toBeNull();
    expect(looks).toBe(2);
  });

  test("requests of one token at once share one look", async () => {
    const answers = await Promise.all([1, 2, 3].map(() => cache.member("a", look)));
    expect(answers).toEqual([ada, ada, ada]);
    expect(looks).toBe(1);
  });

  test("a failed look is not remembered", async () => {
    const failing = async (): Promise<Member | null> => {
      looks++;
      throw new Error("database down");
    };
    await expect(cache.member("a", failing)).rejects.toThrow("database down");
    expect(await cache.member("a", look)).toBe(ada);
    expect(looks).toBe(2);
  });

  test("forget() forgets every token at once, and a look under way is not kept after it", async () => {
    await cache.member("a", look);
    cache.forget();
    found = null;
    expect(await cache.member("a", look)).toBeNull();
    found = ada;
    let answer!: (member: Member | null) => void;
    const pending = cache.member("b", () => new Promise((resolve) => (answer = resolve)));
    cache.forget();
    answer(ada);
    expect(await pending).toBe(ada);
    // Asked again: what the look under way found may be what was revoked.
    expect(await cache.member("b", look)).toBe(ada);
    expect(looks).toBe(3);
  });
});
