import { hostileMembersSuite } from "./hostile-members";

// Team mode under hostile members (issue 34) on the PostgreSQL store of several hosts.
describe("team mode under hostile members, PostgreSQL", () => {
  hostileMembersSuite({ store: "postgres", runs: 25, hangUps: 8 });
});
