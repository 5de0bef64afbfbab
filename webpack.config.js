/* eslint-disable no-undef */
const path = require("path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const { DefinePlugin } = require("webpack");
const { devCertificates } = require("./scripts/dev-certs");
const { ModuleChunksReportPlugin } = require("./scripts/module-chunks-plugin");
const { ManifestsPlugin } = require("./scripts/manifests-plugin");
const { PrecompressPlugin } = require("./scripts/precompress-plugin");
const { PreloadChunksPlugin } = require("./scripts/preload-chunks-plugin");
// The help pages' plugin and its sources are TypeScript, shared with the tests.
const { HelpPagesPlugin } = require("tsx/cjs/api").require(
  "./scripts/help-pages-plugin.ts",
  __filename
);

// The dev build is served by `npm start`; the production build by a host that knows its public
// URL only at start (--public-url): its files name a placeholder the host replaces.
const { DEV_ORIGIN: urlDev, PUBLIC_URL_PLACEHOLDER: urlProd } = require("tsx/cjs/api").require(
  "./src/manifest/origins.ts",
  __filename
);
const sandboxUrl = process.env.SANDBOX_URL || "http://localhost:4010";

module.exports = async (env, options) => {
  const dev = options.mode === "development";
  // One build serves any address: a build-time address would be silently replaced.
  if (!dev && process.env.ADDIN_PUBLIC_URL)
    throw new Error(
      `ADDIN_PUBLIC_URL is no longer read by the build: one build serves any address. Give the address to the host instead: npm run serve -- --public-url ${process.env.ADDIN_PUBLIC_URL} (MAILFINDER_PUBLIC_URL).`
    );
  const buildType = dev ? "dev" : "prod";
  // The dev build talks to the local sandbox through the dev server's same-origin relay.
  const defaultSettings = dev
    ? {
        apiKey: process.env.SANDBOX_DEMO_KEY || "sandbox-demo-key",
        baseUrl: "/api",
        webhookUrl: null,
      }
    : { apiKey: null, baseUrl: process.env.PRODUCTION_BASE_URL || "/api", webhookUrl: null };

  return {
    devtool: dev ? "source-map" : false,
    // One runtime, one copy: functions.js holds the webpack runtime and the runtime,
    // client and error modules; the task pane entry and its lazy chunks depend on it and reuse
    // those modules instead of bundling a second copy (two copies make `instanceof` lie).
    entry: {
      functions: "./src/functions/functions.ts",
      taskpane: { import: "./src/taskpane/taskpane.ts", dependOn: "functions" },
      // The team host's admin page: a page of its own, sharing nothing with the pane.
      admin: "./src/admin/index.tsx",
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      chunkFilename: "[name].[contenthash:8].js",
      // functions.js now holds the webpack runtime (see entry), and it must still load without
      // a document or `self` (test/addin/manifest.test.ts runs it in a bare context, as a
      // JavaScript-only functions runtime would): chunks are found next to the page rather than
      // by looking for functions.js's own <script> ("auto"), and the chunk registry is on
      // globalThis.
      publicPath: "",
      globalObject: "globalThis",
      clean: true,
    },
    resolve: { extensions: [".ts", ".tsx", ".js"] },
    optimization: {
      splitChunks: {
        cacheGroups: {
          // The catalog modules two lazy chunks need (Enrich's headers in every language: the
          // runtime's jobs match them, a language's chunk shows its own) are one small chunk
          // rather than a copy in each (test/addin/module-chunks.test.ts).
          sharedCatalogs: {
            name: "catalogs-shared",
            test: /[\\/]src[\\/]i18n[\\/]catalogs[\\/]/,
            chunks: "async",
            minChunks: 2,
            minSize: 0,
            enforce: true,
          },
        },
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: "ts-loader",
            options: { configFile: "tsconfig.web.json", transpileOnly: true },
          },
        },
      ],
    },
    performance: { hints: false },
    plugins: [
      new DefinePlugin({ __DEFAULT_SETTINGS__: JSON.stringify(defaultSettings) }),
      new CustomFunctionsMetadataPlugin({
        output: "functions.json",
        input: "./src/functions/functions.ts",
      }),
      // dist/help/<id>.html for every function, help/index.html, support.html, privacy.html; the
      // functions' helpUrls (JSDoc @helpurl, on the dev origin) are pointed at this build's origin
      // (production: the placeholder, which the host replaces with its --public-url).
      new HelpPagesPlugin({
        metadataFile: "functions.json",
        devOrigin: urlDev,
        origin: dev ? urlDev : urlProd,
      }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        // One page for the runtime, the functions and the task pane (shared runtime):
        // the functions register first, the task pane UI is loaded later on demand.
        chunks: ["functions", "taskpane"],
        chunksSortMode: "manual",
      }),
      new HtmlWebpackPlugin({
        filename: "admin.html",
        template: "./src/admin/admin.html",
        chunks: ["admin"],
        // The template places its tags itself, in the head.
        inject: false,
      }),
      new PreloadChunksPlugin({
        always: ["workbook-jobs", "i18n-pane"],
        whenVisible: ["taskpane-ui"],
      }),
      // Which source module went into which file, for test/addin/module-chunks.test.ts; kept
      // out of dist/ so that it is never served.
      // Only for `webpack build`: the dev server builds into memory, and its report would not
      // describe dist/.
      ...(env.WEBPACK_BUILD
        ? [
            new ModuleChunksReportPlugin({
              root: __dirname,
              output: path.resolve(__dirname, ".build", "module-chunks.json"),
            }),
          ]
        : []),
      new CopyWebpackPlugin({ patterns: [{ from: "assets/*.png", to: "assets/[name][ext]" }] }),
      // shortcuts.json; the dev build's manifests and zip (the host renders production's).
      new ManifestsPlugin({ buildType, root: __dirname }),
      // The production host serves these copies as they are.
      ...(dev ? [] : [new PrecompressPlugin()]),
    ],
    devServer: {
      static: { directory: path.join(__dirname, "dist") },
      headers: { "Access-Control-Allow-Origin": "*" },
      server: dev && !env.WEBPACK_BUILD ? { type: "https", options: devCertificates() } : "http",
      port: Number(
        process.env.DEV_SERVER_PORT || process.env.npm_package_config_dev_server_port || 3000
      ),
      // Same-origin relay to the service: /api/* -> the sandbox or any upstream.
      proxy: [
        {
          context: ["/api"],
          target: sandboxUrl,
          pathRewrite: { "^/api": "" },
          changeOrigin: true,
          secure: true,
        },
      ],
      client: { overlay: false },
      hot: false,
      liveReload: false,
    },
  };
};
