import path from "node:path";
import { build } from "esbuild";

/**
 * The page script of kept-answers-seed.ts, bundled for the browser: evaluated in the runtime's
 * page, it defines `__seedKeptAnswers(baseUrl, apiKey, from, count)`, which writes answers of
 * an earlier session into the runtime's IndexedDB through the product's own store.
 */
export async function keptAnswersSeeder(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(__dirname, "kept-answers-seed.ts")],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2020",
    write: false,
  });
  return result.outputFiles[0]!.text;
}
