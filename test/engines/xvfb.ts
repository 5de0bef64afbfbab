import { spawn } from "node:child_process";

// A virtual X display for a browser that cannot run headless (WebKitGTK's MiniBrowser). Xvfb
// picks a free display itself and writes its number to the file descriptor of -displayfd.

export const XVFB_PATH = "/usr/bin/Xvfb";

export interface VirtualDisplay {
  /** The DISPLAY value, e.g. ":99". */
  display: string;
  close(): Promise<void>;
}

export function startXvfb(timeoutMs = 10_000): Promise<VirtualDisplay> {
  const xvfb = spawn(
    XVFB_PATH,
    ["-displayfd", "3", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"],
    { stdio: ["ignore", "ignore", "pipe", "pipe"] }
  );
  let stderr = "";
  xvfb.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => xvfb.once("exit", () => resolve()));
  const close = async (): Promise<void> => {
    if (xvfb.exitCode === null && xvfb.signalCode === null) xvfb.kill("SIGTERM");
    await exited;
  };
  return new Promise<VirtualDisplay>((resolve, reject) => {
    let output = "";
    const fail = (why: string): void => {
      clearTimeout(timer);
      void close();
      reject(new Error(`Xvfb did not start: ${why}\n${stderr}`));
    };
    const timer = setTimeout(() => fail(`no display after ${timeoutMs} ms`), timeoutMs);
    xvfb.once("error", (error) => fail(error.message));
    const onExit = (code: number | null): void => fail(`exited with ${code}`);
    xvfb.once("exit", onExit);
    (xvfb.stdio[3] as NodeJS.ReadableStream).on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const number = output.match(/^(\d+)\n/)?.[1];
      if (number === undefined) return;
      clearTimeout(timer);
      xvfb.off("exit", onExit);
      resolve({ display: `:${number}`, close });
    });
  });
}
