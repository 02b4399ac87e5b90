// A response that closes its connection while the request's body is still arriving (a refused
// upload: 413, 415, a cross-site call). Node destroys the socket as soon as the answer is written;
// the client, still sending, is then reset, and its kernel drops the answer it had not read yet
// (issue 43: a 200 MiB upload got its JSON 413 in 6 of 10 tries, and never when the client reads
// only once it has sent its body). Here the answer goes with a FIN, and the rest of the body is read
// and thrown away until it ends, up to a bound of bytes and of time, then the socket closes: nginx's
// lingering close.
import type { IncomingMessage } from "node:http";

/** How much of a refused body is read and thrown away before the connection closes regardless. */
export const REFUSED_BODY_DRAIN_BYTES = 32 * 1024 * 1024;
/** How long a refused body may take to end (a client dripping it is not waited for). */
export const REFUSED_BODY_DRAIN_MS = 5_000;

/** Whether the request's body is still to come in part (none declared, or all of it read: false). */
export function bodyStillArriving(request: IncomingMessage): boolean {
  return (
    !request.complete &&
    (request.headers["content-length"] !== undefined || request.headers["transfer-encoding"] !== undefined)
  );
}

/** Call before the answer is sent: once Node has written it and would destroy the socket, linger instead. */
export function lingerBeforeClosing(request: IncomingMessage): void {
  const socket = request.socket as IncomingMessage["socket"] & { destroySoon?: () => void };
  // Node's last step for a response marked to close (_http_server.js resOnFinish), on this socket only.
  socket.destroySoon = () => {
    socket.end();
    const close = () => socket.destroy();
    const deadline = setTimeout(close, REFUSED_BODY_DRAIN_MS);
    socket.once("close", () => clearTimeout(deadline));
    let read = 0;
    // What still reads the body (a multipart parser given up on) lets go of it; then every byte is counted.
    request.unpipe();
    request.on("data", (chunk: Buffer) => {
      read += chunk.length;
      if (read > REFUSED_BODY_DRAIN_BYTES) close();
    });
    request.once("end", close);
    request.resume();
  };
}
