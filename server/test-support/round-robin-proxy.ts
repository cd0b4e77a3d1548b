// A small load balancer for tests and the bench: every request goes to the next backend in turn (round robin,
// no stickiness), bodies and answers streamed through as they come (server-sent events included). The answer
// names the backend that served it in `x-backend` (its index). A backend refusing connections is taken out of
// the turn, as a load balancer's health check would, and the request answers 502.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RoundRobinProxy = {
  url: string;
  /** Takes a backend out of the turn (killed) or puts it back. */
  setDown: (index: number, down: boolean) => void;
  /** How many requests each backend was given. */
  counts: number[];
  close: () => Promise<void>;
};

/** Listens on 127.0.0.1 (a free port) in front of `backends` (base URLs such as http://127.0.0.1:8081). */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const targets = backends.map((b) => new URL(b));
  const down = new Set<number>();
  const counts = targets.map(() => 0);
  let next = 0;

  const pick = (): number | null => {
    for (let tried = 0; tried < targets.length; tried++) {
      const index = next;
      next = (next + 1) % targets.length;
      if (!down.has(index)) return index;
    }
    return null;
  };

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const index = pick();
    if (index === null) {
      res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end('没有可用的后端');
      return;
    }
    counts[index]++;
    const target = targets[index];
    const upstream = httpRequest({
      host: target.hostname, port: target.port, method: req.method, path: req.url,
      headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' },
    }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-backend': String(index) });
      // Each piece goes on as it arrives: an event stream is never held back.
      res.flushHeaders();
      answer.on('data', (chunk: Buffer) => res.write(chunk));
      answer.on('end', () => res.end());
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') down.add(index);
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'x-backend': String(index) }).end('后端不可用');
      else res.destroy();
    });
    // The client going away (closing a stream) closes the backend's request too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  };

  const server: Server = createServer(forward);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setDown: (index, isDown) => void (isDown ? down.add(index) : down.delete(index)),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
