import { hostileMembersSuite } from "./hostile-members";
import { hostileMoneySuite } from "./hostile-money";

// Team mode under hostile members (issue 34) on the PostgreSQL store of several hosts.
describe("team mode under hostile members, PostgreSQL", () => {
  hostileMembersSuite({ store: "postgres", runs: 25, hangUps: 8 });
});

describe("team mode: reports and webhook results by hostile members, PostgreSQL", () => {
  hostileMoneySuite({ store: "postgres", runs: 20 });
});
