import { refundEvidenceSuite } from "./refund-evidence";

// Refunds need evidence (issue 42 item 1) on the PostgreSQL store of several hosts.
describe("team mode: bounce refunds with evidence, PostgreSQL", () => {
  refundEvidenceSuite("postgres");
});
