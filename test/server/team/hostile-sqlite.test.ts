import { hostileMembersSuite } from "./hostile-members";
import { hostileMoneySuite } from "./hostile-money";

// Team mode under hostile members (issue 34) on the SQLite store of one host.
describe("team mode under hostile members, SQLite", () => {
  hostileMembersSuite({ store: "sqlite", runs: 25, hangUps: 8 });
});

describe("team mode: reports and webhook results by hostile members, SQLite", () => {
  hostileMoneySuite({ store: "sqlite", runs: 20 });
});
