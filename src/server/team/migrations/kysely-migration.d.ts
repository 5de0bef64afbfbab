// Kysely's migrator is exported as "kysely/migration", a subpath the project's moduleResolution
// ("node") does not read from package.json's exports: its types, named here.
declare module "kysely/migration" {
  export * from "kysely/dist/migration/index";
}
