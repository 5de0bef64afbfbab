import http from "node:http";
import net from "node:net";

// Excel on the web's host names for Firefox and WebKitGTK, which have no host resolver rules as
// Chromium has (officeHostArgs): an HTTP proxy on the loopback that answers CONNECT to Excel on
// the web's and office.js's host names (port 443) with the Office host page server, passes the
// loopback's own ports through (MiniBrowser sends them to the proxy: WebKitWebDriver's session
// leaves its --ignore-host unapplied, measured), and refuses everything else.

export const OFFICE_HOSTS = ["excel.officeapps.live.com", "appsforoffice.microsoft.com"];

export interface OfficeProxy {
  port: number;
  close(): void;
}

export async function startOfficeProxy(hostPort: number): Promise<OfficeProxy> {
  const server = http.createServer((_req, res) => res.writeHead(403).end("CONNECT only"));
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [name, port] = (req.url ?? "").split(":");
    const loopback = name === "127.0.0.1" && /^\d+$/.test(port ?? "");
    if (!loopback && (!OFFICE_HOSTS.includes(name ?? "") || port !== "443")) {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = net.connect(loopback ? Number(port) : hostPort, "127.0.0.1", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const drop = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on("error", drop);
    client.on("error", drop);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
}
