import { spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv-draft-04";

// Both manifests against Microsoft's schemas, offline: the XML one with xmllint and the XSDs
// in test/fixtures/manifest-xsd (their origin and license in its README.txt), the unified one and
// its language files with ajv and the schemas
// @microsoft/app-manifest ships.

const ROOT = join(__dirname, "..", "..");
export const XSD_DIR = join(ROOT, "test", "fixtures", "manifest-xsd");
const MAIN_XSD = "OfficeAppManifestV1_1.xsd";

// These XSDs are Microsoft's 2018/2019 copies, older than ExtendedOverrides (the keyboard
// shortcuts file). This patch adds it where the element reference puts it, after
// VersionOverrides: Url required, ResourcesUrl optional, both URLs.
const EXTENDED_OVERRIDES = `<!-- PATCH (test/helpers/manifest-schemas.ts): ExtendedOverrides, after VersionOverrides, as the
               add-in only manifest's element reference describes it (RECONSTRUCTED). -->
          <xs:element name="ExtendedOverrides" minOccurs="0" maxOccurs="1">
            <xs:complexType>
              <xs:attribute name="Url" type="URL" use="required"/>
              <xs:attribute name="ResourcesUrl" type="URL" use="optional"/>
            </xs:complexType>
          </xs:element>
          `;
const SIGNATURE_ANCHOR = '<xs:any id="TaskPaneAppSignature"';

let patchedDir: string | undefined;

/** The XSDs, with ExtendedOverrides added unless they already know it. */
function schemaDir(): string {
  if (patchedDir) return patchedDir;
  const main = readFileSync(join(XSD_DIR, MAIN_XSD), "utf8");
  if (main.includes('name="ExtendedOverrides"')) return (patchedDir = XSD_DIR);
  if (main.split(SIGNATURE_ANCHOR).length !== 2)
    throw new Error(`${MAIN_XSD} changed: the ExtendedOverrides patch has no single anchor`);
  const dir = mkdtempSync(join(tmpdir(), "manifest-xsd-"));
  for (const file of readdirSync(XSD_DIR)) copyFileSync(join(XSD_DIR, file), join(dir, file));
  writeFileSync(
    join(dir, MAIN_XSD),
    main.replace(SIGNATURE_ANCHOR, EXTENDED_OVERRIDES + SIGNATURE_ANCHOR)
  );
  return (patchedDir = dir);
}

/** xmllint's complaints about a manifest ("" when it validates); scripts/setup.sh installs it. */
export function xmlSchemaErrors(file: string, options: { unpatched?: boolean } = {}): string {
  const schema = join(options.unpatched ? XSD_DIR : schemaDir(), MAIN_XSD);
  const run = spawnSync("xmllint", ["--noout", "--nonet", "--schema", schema, file], {
    encoding: "utf8",
  });
  if (run.error)
    throw new Error(`xmllint could not run (apt-get install libxml2-utils): ${run.error.message}`);
  return run.status === 0 ? "" : run.stderr;
}

/** xmllint's complaints about a manifest's text ("" when it validates), as xmlSchemaErrors. */
export function xmlTextSchemaErrors(xml: string): string {
  const dir = mkdtempSync(join(tmpdir(), "manifest-"));
  try {
    writeFileSync(join(dir, "manifest.xml"), xml);
    return xmlSchemaErrors(join(dir, "manifest.xml"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const UNIFIED_SCHEMA_DIR = join(
  ROOT,
  "node_modules",
  "@microsoft",
  "app-manifest",
  "build",
  "json-schemas",
  "teams",
  "v1.30"
);

let validateUnified: ReturnType<Ajv["compile"]> | undefined;

/** ajv's complaints about a unified manifest against the v1.30 schema ([] when it validates). */
export function unifiedSchemaErrors(manifest: unknown): string[] {
  if (!validateUnified) {
    // Microsoft's schema uses keywords and defaults that strict mode refuses (e.g. "default":
    // "false" on a boolean); its one format is "uri", checked here without ajv-formats.
    const ajv = new Ajv({ allErrors: true, strict: false });
    ajv.addFormat("uri", (value: string) => URL.canParse(value));
    const schema = JSON.parse(
      readFileSync(join(UNIFIED_SCHEMA_DIR, "MicrosoftTeams.schema.json"), "utf8")
    );
    // compile() fails on a $ref it cannot resolve: the schema refers only to its own definitions.
    validateUnified = ajv.compile(schema);
  }
  if (validateUnified(manifest)) return [];
  return (validateUnified.errors ?? []).map(
    (e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`
  );
}

let validateLocalization: ReturnType<Ajv["compile"]> | undefined;

/** ajv's complaints about a language file against the v1.30 localization schema ([] when valid). */
export function localizationSchemaErrors(file: unknown): string[] {
  if (!validateLocalization) {
    // Two of Microsoft's patterns (activities.activityTypes) hold a lone "]", which only a
    // regular expression without the u flag accepts.
    const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
    ajv.addFormat("uri", (value: string) => URL.canParse(value));
    validateLocalization = ajv.compile(
      JSON.parse(
        readFileSync(join(UNIFIED_SCHEMA_DIR, "MicrosoftTeams.Localization.schema.json"), "utf8")
      )
    );
  }
  if (validateLocalization(file)) return [];
  return (validateLocalization.errors ?? []).map(
    (e) => `${e.instancePath || "/"} ${e.message ?? ""} ${JSON.stringify(e.params)}`
  );
}
