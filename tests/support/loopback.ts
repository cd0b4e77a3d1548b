import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Listens on a loopback port (a free one unless given). Its close drops open connections first: `server.close`
 * alone waits for the kept-alive ones the client under test holds.
 */
export async function listenOnLoopback(server: http.Server, port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
