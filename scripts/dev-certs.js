// The https certificate of the dev server. `office-addin-dev-certs install` writes these
// files; reading them directly works where it could not trust the CA (Linux, no sudo),
// which makes its getHttpsServerOptions() reject.
const fs = require("fs");
const os = require("os");
const path = require("path");

const CERT_DIR = path.join(os.homedir(), ".office-addin-dev-certs");

function certificatePaths() {
  return {
    ca: path.join(CERT_DIR, "ca.crt"),
    cert: path.join(CERT_DIR, "localhost.crt"),
    key: path.join(CERT_DIR, "localhost.key"),
  };
}

function devCertificates() {
  const files = certificatePaths();
  const missing = Object.values(files).filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `Dev certificates missing (${missing.join(", ")}): run "npx office-addin-dev-certs install" (npm start does).`
    );
  }
  return {
    ca: fs.readFileSync(files.ca),
    cert: fs.readFileSync(files.cert),
    key: fs.readFileSync(files.key),
  };
}

module.exports = { CERT_DIR, certificatePaths, devCertificates };
