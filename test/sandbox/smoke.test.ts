import { startSandbox, type TestSandbox } from "../helpers/sandbox";

describe("sandbox smoke", () => {
  let sandbox: TestSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  test("every person example produces its outcome over HTTP", async () => {
    const account = await sandbox.account(10);
    const examples = await sandbox.examples();
    for (const [outcome, body] of Object.entries(examples.person!)) {
      const response = await account.request("POST", "/v5.1/find-email/person", body);
      expect(response.status).toBe(200);
      expect(response.body.email_status).toBe(outcome);
    }
  });
});
