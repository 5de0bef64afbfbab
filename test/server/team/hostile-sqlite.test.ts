import { hostileMembersSuite } from "./hostile-members";

// Team mode under hostile members (issue 34) on the SQLite store of one host.
describe("team mode under hostile members, SQLite", () => {
  hostileMembersSuite({ store: "sqlite", runs: 25, hangUps: 8 });
});
