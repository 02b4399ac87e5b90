// An upload over a raw socket, for the refused-body cases (issue 43) in the server's tests and in
// `npm run bench:serve`: what a client sees when the server refuses a body it is still sending.
import net from "node:net";

export interface UploadOptions {
  /** The body in chunked transfer coding (the head says Transfer-Encoding: chunked). */
  readonly chunked?: boolean;
  /**
   * Whether the client reads while it sends (curl does). One that reads its answer only once its
   * body is sent (as many simple clients do) loses that answer if the server resets the connection
   * meanwhile.
   */
  readonly readWhileSending?: boolean;
}

export interface UploadResult {
  /** What came back, then `[CODE]` when the socket failed. */
  readonly answer: string;
  /** Body bytes the client got to send. */
  readonly sent: number;
}

/** `head` (request line and headers), then `size` bytes of body sent as fast as the socket takes them. */
export function upload(port: number, head: string, size: number, options: UploadOptions = {}): Promise<UploadResult> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, "x");
    const framed = options.chunked
      ? [Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]
      : [chunk];
    socket.on("data", (data: Buffer) => (answer += data.toString()));
    socket.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ answer: `${answer}[${error.code ?? "error"}]`, sent }),
    );
    socket.on("close", () => resolve({ answer, sent }));
    if (!options.readWhileSending) socket.pause();
    socket.write(head);
    const pump = () => {
      while (sent < size && !socket.destroyed) {
        sent += chunk.length;
        if (!framed.map((part) => socket.write(part)).every(Boolean)) return void socket.once("drain", pump);
      }
      if (socket.destroyed) return;
      socket.end(options.chunked ? "0\r\n\r\n" : "");
      socket.resume();
    };
    pump();
  });
}

/** A POST to /api/cypher with a body of `type`, its length header(s) given. */
export const cypherPost = (type: string, length: string): string =>
  `POST /api/cypher HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\n${length}\r\n`;
