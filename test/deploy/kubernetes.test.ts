import { execFile, execFileSync } from "node:child_process";
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import { parseAllDocuments } from "yaml";
import { parseServerArgs } from "../../src/server/options";
import { readSecretFile } from "../../src/server/team/secret-file";
import { ROOT, imageEnvironment, imageUser } from "./dockerfile-reading";
import { SECRET_FILE_VARIABLES, unknownVariables } from "./host-command";

// The Kubernetes manifests: every object valid against the API's schemas
// (kubernetes-models), and what the Deployment says to the host checked against the host itself:
// the environment it builds (the image's ENV, the container's env, the example Secret's values)
// is one the host accepts in team mode on PostgreSQL, the probes ask the port it listens on, the
// secret files are what its secret-file rule accepts.

const FOLDER = join(ROOT, "deploy", "kubernetes");

type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  [key: string]: any;
};

/** Each YAML file's objects, read as kubectl reads them (YAML 1.1: 0440 is octal there). */
const files = new Map<string, K8sObject[]>(
  readdirSync(FOLDER)
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => {
      const documents = parseAllDocuments(readFileSync(join(FOLDER, file), "utf8"), {
        version: "1.1",
      });
      const list = Array.isArray(documents) ? documents : [documents];
      for (const document of list)
        if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return [file, list.map((document) => document.toJS() as K8sObject)];
    })
);
const objects = [...files.entries()].flatMap(([file, list]) =>
  file === "kustomization.yaml" ? [] : list
);
const only = (kind: string): K8sObject => {
  const found = objects.filter((object) => object.kind === kind);
  if (found.length !== 1) throw new Error(`${found.length} ${kind} objects, not 1`);
  return found[0]!;
};
const deployment = only("Deployment");
const service = only("Service");
const budget = only("PodDisruptionBudget");
const secret = only("Secret");
const pod = deployment.spec.template.spec;
const host = pod.containers.find((container: any) => container.name === "host");
const podLabels: Record<string, string> = deployment.spec.template.metadata.labels;

/** The example Secret's values by key. */
const secretValues: Record<string, string> = {
  ...secret.stringData,
  ...Object.fromEntries(
    Object.entries((secret.data ?? {}) as Record<string, string>).map(([key, value]) => [
      key,
      Buffer.from(value, "base64").toString("utf8"),
    ])
  ),
};

/** The host container's environment: the image's ENV, then its env with the Secret's values. */
function hostEnvironment(): Record<string, string> {
  const env = imageEnvironment();
  for (const variable of host.env) {
    const ref = variable.valueFrom?.secretKeyRef;
    if (ref) {
      expect(ref.name).toBe(secret.metadata.name);
      expect(Object.keys(secretValues)).toContain(ref.key);
      env[variable.name] = secretValues[ref.key]!;
    } else env[variable.name] = String(variable.value);
  }
  return env;
}

/** A label selector's labels select the pods. */
const selects = (selector: Record<string, string>): boolean =>
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => podLabels[key] === value);

/** The host container's port of that name or number. */
const containerPort = (port: string | number): number =>
  typeof port === "number"
    ? port
    : host.ports.find((candidate: any) => candidate.name === port)!.containerPort;

describe("the Kubernetes manifests", () => {
  test("every object is valid against the API's schemas (kubernetes-models)", () => {
    const output = execFileSync(process.execPath, [join(__dirname, "validate-kubernetes.js")], {
      input: JSON.stringify(objects),
      encoding: "utf8",
    });
    expect(output.trim().split("\n")).toEqual(objects.map(() => "ok"));
    // The check itself fails on a wrong type, so that a pass means something.
    const broken = structuredClone(deployment);
    broken.spec.replicas = "two";
    const complaint = execFileSync(process.execPath, [join(__dirname, "validate-kubernetes.js")], {
      input: JSON.stringify([broken]),
      encoding: "utf8",
    });
    expect(complaint).toMatch(/replicas must be integer/);
  });

  test("the kustomization lists every manifest but the example Secret", () => {
    const [kustomization] = files.get("kustomization.yaml")!;
    const manifests = [...files.entries()]
      .filter(
        ([file, list]) => file !== "kustomization.yaml" && list.every((o) => o.kind !== "Secret")
      )
      .map(([file]) => file);
    expect([...kustomization!.resources].sort()).toEqual(manifests.sort());
    expect(kustomization!.resources).not.toContain("secret.example.yaml");
  });

  test("the example Secret says its values are placeholders", () => {
    const text = readFileSync(join(FOLDER, "secret.example.yaml"), "utf8");
    expect(text).toMatch(/EXAMPLE ONLY/);
    for (const value of Object.values(secretValues)) expect(value).toMatch(/REPLACE-ME/);
  });

  test("two replicas, a PodDisruptionBudget and a Service that select them", () => {
    expect(deployment.spec.replicas).toBe(2);
    expect(selects(deployment.spec.selector.matchLabels)).toBe(true);
    expect(budget.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(budget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);
    expect(selects(service.spec.selector)).toBe(true);
    for (const port of service.spec.ports)
      expect(host.ports.map((p: any) => p.containerPort)).toContain(containerPort(port.targetPort));
  });

  test("the host runs in team mode on PostgreSQL from the Secret, with its public URL", () => {
    const env = hostEnvironment();
    expect(unknownVariables(env)).toEqual([]);
    expect(
      host.env
        .map((variable: any) => variable.name)
        .filter((n: string) => !n.startsWith("MAILFINDER_"))
    ).toEqual([]);
    const database = host.env.find((v: any) => v.name === "MAILFINDER_DATABASE_URL");
    expect(database.value).toBeUndefined();
    expect(database.valueFrom.secretKeyRef.key).toBe("database-url");
    const options = parseServerArgs(host.args ?? [], env);
    expect(options.team).not.toBeNull();
    expect(options.team!.databaseUrl).toBe(secretValues["database-url"]);
    expect(options.publicUrl?.protocol).toBe("https:");
    // Nothing of the image's SQLite volumes is written: the store is PostgreSQL, Try mode is off.
    expect(options.demo).toBe(false);
  });

  test("the probes ask /readyz and /healthz on the port the host listens on", () => {
    const options = parseServerArgs(host.args ?? [], hostEnvironment());
    expect(host.readinessProbe.httpGet.path).toBe("/readyz");
    expect(host.livenessProbe.httpGet.path).toBe("/healthz");
    for (const probe of [host.readinessProbe, host.livenessProbe, host.startupProbe].filter(
      Boolean
    ))
      expect(containerPort(probe.httpGet.port)).toBe(options.port);
  });

  test("resources: requests, and a memory limit", () => {
    for (const container of [...pod.initContainers, ...pod.containers]) {
      expect(container.resources.requests.cpu).toBeDefined();
      expect(container.resources.requests.memory).toBeDefined();
      expect(container.resources.limits.memory).toBeDefined();
    }
  });

  test("non-root, read-only root, no privilege, no capability, the runtime's seccomp profile", () => {
    const { uid, gid } = imageUser();
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: uid,
      ...(gid === null ? {} : { runAsGroup: gid }),
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    for (const container of [...pod.initContainers, ...pod.containers])
      expect(container.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ["ALL"] },
      });
    // What is writable is a volume of the pod's own, never the node's.
    const volumes = new Map(pod.volumes.map((volume: any) => [volume.name, volume]));
    for (const mount of host.volumeMounts.filter((m: any) => !m.readOnly))
      expect(Object.keys(volumes.get(mount.name) as object)).toEqual(["name", "emptyDir"]);
    expect(pod.volumes.some((volume: any) => volume.hostPath)).toBe(false);
  });

  test("stopping waits longer than the preStop pause and the host's shutdown grace", () => {
    const options = parseServerArgs(host.args ?? [], hostEnvironment());
    const pause = host.lifecycle?.preStop?.exec?.command ?? [];
    const pauseMs = pause[0] === "/bin/sleep" ? Number(pause[1]) * 1000 : 0;
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      pauseMs + options.shutdownGraceMs
    );
  });

  describe("the secret files", () => {
    const init = pod.initContainers.find((container: any) => container.name === "secret-files");
    const volumeOf = (name: string): any => pod.volumes.find((volume: any) => volume.name === name);
    const mountOf = (container: any, path: string): any =>
      container.volumeMounts.find((mount: any) => mount.mountPath === path);
    const initEnv = (name: string): string =>
      init.env.find((variable: any) => variable.name === name).value;

    test("every secret file the host reads is a key of the Secret, copied into memory", () => {
      const env = hostEnvironment();
      const fileVariables = Object.keys(env).filter((name) => SECRET_FILE_VARIABLES.has(name));
      expect(fileVariables.sort()).toEqual([
        "MAILFINDER_ADMIN_TOKEN_FILE",
        "MAILFINDER_METRICS_TOKEN_FILE",
        "MAILFINDER_SEALING_KEY_FILE",
        "MAILFINDER_SERVICE_KEY_FILE",
      ]);
      const from = mountOf(init, initEnv("SECRETS_FROM"));
      const to = mountOf(init, initEnv("SECRETS_TO"));
      const source = volumeOf(from.name).secret;
      expect(source.secretName).toBe(secret.metadata.name);
      expect(volumeOf(to.name).emptyDir.medium).toBe("Memory");
      const items = new Map<string, string>(source.items.map((item: any) => [item.path, item.key]));
      for (const name of fileVariables) {
        const path = env[name]!;
        // The host reads the copy, from the in-memory volume mounted read-only.
        const mount = mountOf(host, posix.dirname(path));
        expect(mount).toMatchObject({ name: to.name, readOnly: true });
        const key = items.get(posix.basename(path));
        expect(key).toBeDefined();
        expect(Object.keys(secretValues)).toContain(key);
      }
      // The same image (its user, its shell and `install`), and fsGroup lets that user read the
      // Secret's files.
      expect(init.image).toBe(host.image);
      expect(pod.securityContext.fsGroup).toBe(pod.securityContext.runAsGroup);
      expect(source.defaultMode).toBe(0o440);
    });

    test("the init container's copies pass the host's secret-file rule, which the Secret's files fail", async () => {
      const folder = mkdtempSync(join(tmpdir(), "secret-files-"));
      try {
        const from = join(folder, "from");
        const to = join(folder, "to");
        execFileSync("mkdir", [from, to]);
        // As the kubelet leaves a Secret's files with fsGroup: readable by the group.
        for (const [key, value] of Object.entries(secretValues)) {
          writeFileSync(join(from, key), `${value}\n`);
          chmodSync(join(from, key), 0o440);
        }
        expect(() => readSecretFile(join(from, "admin-token"), "admin token")).toThrow(
          /can be read by other users/
        );
        const [shell, ...shellArgs] = [...init.command, ...init.args];
        await promisify(execFile)(shell, shellArgs, {
          env: { ...process.env, SECRETS_FROM: from, SECRETS_TO: to },
        });
        for (const key of Object.keys(secretValues)) {
          expect(statSync(join(to, key)).mode & 0o777).toBe(0o400);
          if (key !== "database-url")
            expect(readSecretFile(join(to, key), key)).toBe(secretValues[key]);
        }
      } finally {
        chmodSync(folder, 0o700);
        rmSync(folder, { recursive: true, force: true });
      }
    });
  });
});
