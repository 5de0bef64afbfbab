import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A throwaway certificate for 127.0.0.1 and localhost (openssl, from Debian's packages), for
 * serving HTTPS with HTTP/2 in tests and benchmarks; browsers accept it with
 * --ignore-certificate-errors, node clients with rejectUnauthorized: false.
 */
export function selfSignedCertificate(directory: string): { cert: string; key: string } {
  const cert = join(directory, "host.crt");
  const key = join(directory, "host.key");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" }
  );
  return { cert, key };
}
