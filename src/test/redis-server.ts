// A Redis of its own for a test file (Debian's redis-server: `apt-get install -y redis-server`), on
// PUBLISH_REDIS_TEST_PORT (default 9440) plus the file's offset, keeping nothing on disk.
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

export interface TestRedis {
  readonly url: string;
  stop(): Promise<void>;
}

const answersPing = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write("PING\r\n"));
    socket.once("data", (data) => {
      socket.destroy();
      resolve(data.toString().startsWith("+PONG"));
    });
    socket.once("error", () => resolve(false));
  });

export async function startTestRedis(offset = 0): Promise<TestRedis> {
  const port = (Number(process.env.PUBLISH_REDIS_TEST_PORT) || 9440) + offset;
  let server: ChildProcess;
  try {
    server = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      {
        stdio: "ignore",
      },
    );
  } catch (error) {
    throw new Error(`redis-server cannot be started (apt-get install -y redis-server): ${String(error)}`);
  }
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  let spawnError: Error | null = null;
  server.once("error", (error) => (spawnError = error));
  for (const deadline = Date.now() + 10_000; !(await answersPing(port));) {
    if (spawnError)
      throw new Error(`redis-server cannot be started (apt-get install -y redis-server): ${String(spawnError)}`);
    if (server.exitCode !== null) throw new Error(`redis-server stopped at once: is port ${port} taken?`);
    if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port} within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      server.kill("SIGTERM");
      await exited;
    },
  };
}
