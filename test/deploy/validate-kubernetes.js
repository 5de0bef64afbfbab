// Validates Kubernetes objects against the API's schemas with kubernetes-models, which is ESM
// only and so cannot load under jest: test/deploy/kubernetes.test.ts runs this file with Node
// (import() of ESM from CommonJS), the objects as a JSON array on stdin; it prints one line per
// object, "ok" or the schema's complaint.
const MODELS = {
  v1: "kubernetes-models/v1",
  "apps/v1": "kubernetes-models/apps/v1",
  "policy/v1": "kubernetes-models/policy/v1",
};

async function main() {
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  for (const object of JSON.parse(input)) {
    const from = MODELS[object.apiVersion];
    const Model = from ? (await import(from))[object.kind] : undefined;
    if (!Model) {
      console.log(`${object.apiVersion} ${object.kind}: no model`);
      continue;
    }
    try {
      new Model(object).validate();
      console.log("ok");
    } catch (error) {
      console.log(`${object.kind} ${object.metadata?.name}: ${error.message.replace(/\s+/g, " ")}`);
    }
  }
}

void main();
