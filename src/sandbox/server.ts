import { OPERATIONS } from "../api/operations";
import { buildApp } from "./app";
import { USAGE, parseArgs, wantsHelp } from "./cli";

// Entry of `npm run sandbox`: starts the service and prints its base URL and the demo key.
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (wantsHelp(argv)) {
    console.log(USAGE);
    process.exit(0);
  }
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const app = await buildApp(options);
  const address = await app.listen({ port: options.port, host: options.host });
  const baseUrl = address.replace("://127.0.0.1", "://localhost");
  console.log(`Sandbox service listening at ${baseUrl} (Node ${process.version})`);
  console.log(`  base URL : ${baseUrl}`);
  console.log(`  demo key : ${app.sandbox.demoApiKey}`);
  console.log(`  database : ${options.db}`);
  console.log(
    `  try      : curl -H "Authorization: Bearer ${app.sandbox.demoApiKey}" ${baseUrl}${OPERATIONS.account.path}`
  );
  console.log(`  examples : ${baseUrl}/sandbox/examples`);
  const shutdown = async (signal: string): Promise<void> => {
    console.log(`\n${signal}: stopping the sandbox`);
    await app.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

void main();
