import { refundEvidenceSuite } from "./refund-evidence";

// Refunds need evidence (issue 42 item 1) on the SQLite store of one host.
describe("team mode: bounce refunds with evidence, SQLite", () => {
  refundEvidenceSuite("sqlite");
});
