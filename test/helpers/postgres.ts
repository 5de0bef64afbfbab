import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { promisify } from "node:util";
import { Client } from "pg";
import { withoutPassword } from "../../src/server/team/open-store";

// A real PostgreSQL server for the tests, never a mock. TEST_DATABASE_URL names one (its role
// must be allowed to create databases); otherwise the machine's Debian cluster is started and a
// login role for the tests created in it (this needs root or the postgres user; CI and
// scripts/setup.sh install the postgresql package). Each call gives a database of its own,
// dropped by drop(). Without any PostgreSQL the tests fail, saying so: they do not skip.

const run = promisify(execFile);

// A role of the local test cluster only, reachable on the loopback interface.
const ROLE = "mf_test";
const PASSWORD = "mf_test";

export interface TestDatabase {
  /** A fresh, empty database. */
  url: string;
  /** A URL of this database whose connections work in a new, empty schema of their own. */
  schemaUrl(): Promise<string>;
  /** Drops the database (connections still open to it are ended). */
  drop(): Promise<void>;
}

let server: Promise<string> | undefined;

export async function startTestDatabase(): Promise<TestDatabase> {
  server ??= process.env.TEST_DATABASE_URL
    ? Promise.resolve(process.env.TEST_DATABASE_URL)
    : localCluster();
  const adminUrl = await server;
  const name = `mf_test_${randomBytes(6).toString("hex")}`;
  await withClient(adminUrl, async (client) => {
    await client.query(`CREATE DATABASE ${name}`);
    // Commits need not wait for the disk: nothing here must outlive a crash of the server.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  }).catch((error: Error) => {
    throw new Error(
      `Cannot create a test database on ${withoutPassword(adminUrl)}: ${error.message || String(error)}`
    );
  });
  const url = inDatabase(adminUrl, name);
  return {
    url,
    async schemaUrl() {
      const schema = `s_${randomBytes(6).toString("hex")}`;
      await withClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));
      const scoped = new URL(url);
      scoped.searchParams.set("options", `-c search_path=${schema}`);
      return scoped.toString();
    },
    async drop() {
      for (let attempt = 1; ; attempt++) {
        try {
          await withClient(adminUrl, (client) =>
            client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
          );
          return;
        } catch (error) {
          // A server's own worker on it (autovacuum) cannot be ended by the test role: it ends
          // by itself shortly.
          if ((error as { code?: string }).code !== "42501" || attempt >= 10) throw error;
          await new Promise((done) => setTimeout(done, 300));
        }
      }
    },
  };
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function inDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function canConnect(url: string): Promise<boolean> {
  try {
    await withClient(url, (client) => client.query("SELECT 1"));
    return true;
  } catch {
    return false;
  }
}

interface Cluster {
  version: string;
  name: string;
  port: number;
  online: boolean;
}

/** Starts the machine's cluster if needed and answers the test role's URL in it. */
async function localCluster(): Promise<string> {
  const cluster = await findCluster();
  const url = `postgresql://${ROLE}:${PASSWORD}@127.0.0.1:${cluster.port}/postgres`;
  if (cluster.online && (await canConnect(url))) return url;
  if (!cluster.online) {
    const start = [cluster.version, cluster.name, "start"];
    // Another test file may start it at the same moment: its failure is then no failure.
    await (
      process.getuid?.() === 0
        ? runTool("pg_ctlcluster", start)
        : asPostgres("pg_ctlcluster", start)
    ).catch(async (error: unknown) => {
      if (!(await findCluster()).online) throw error;
    });
  }
  const role = `DO $$ BEGIN
      IF EXISTS (SELECT FROM pg_roles WHERE rolname = '${ROLE}') THEN
        ALTER ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}';
      ELSE
        CREATE ROLE ${ROLE} LOGIN CREATEDB PASSWORD '${PASSWORD}';
      END IF;
    END $$`;
  let failure: unknown = "the password was refused";
  for (let attempt = 1; attempt <= 3; attempt++) {
    // Two test files creating the role at once: one of them fails, and the role exists.
    await asPostgres("psql", [
      "-p",
      String(cluster.port),
      "-v",
      "ON_ERROR_STOP=1",
      "-qc",
      role,
    ]).catch((error: unknown) => (failure = error));
    if (await canConnect(url)) return url;
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(
    `PostgreSQL ${cluster.version}/${cluster.name} is running, but the test role ${ROLE} cannot sign in on 127.0.0.1:${cluster.port}: ${String(failure)}`
  );
}

async function findCluster(): Promise<Cluster> {
  let listing: string;
  try {
    listing = (await run("pg_lsclusters", ["--no-header"])).stdout;
  } catch {
    throw new Error(
      "No PostgreSQL for the tests: set TEST_DATABASE_URL to a server whose role may create " +
        "databases, or install PostgreSQL (scripts/setup.sh installs Debian's postgresql package)."
    );
  }
  const clusters = listing
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((fields) => fields.length >= 4)
    .map(([version, name, port, status]) => ({
      version: version!,
      name: name!,
      port: Number(port),
      online: status === "online",
    }));
  const cluster = clusters.find((candidate) => candidate.online) ?? clusters[0];
  if (!cluster)
    throw new Error(
      "PostgreSQL is installed but has no cluster: create one (pg_createcluster) or set TEST_DATABASE_URL."
    );
  return cluster;
}

/** Runs a PostgreSQL tool as the postgres user (root switches to it; others use sudo). */
async function asPostgres(command: string, args: string[]): Promise<void> {
  const user = process.getuid?.() === 0 ? "root" : (await run("id", ["-un"])).stdout.trim();
  if (user === "postgres") return runTool(command, args);
  if (user === "root") return runTool("runuser", ["-u", "postgres", "--", command, ...args]);
  return runTool("sudo", ["-n", "-u", "postgres", command, ...args]);
}

async function runTool(program: string, args: string[]): Promise<void> {
  try {
    // cwd: the postgres user may not enter the tests' directory.
    await run(program, args, { cwd: "/tmp", timeout: 60_000 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${program} ${args.join(" ")} failed: ${stderr || String(error)}`);
  }
}
