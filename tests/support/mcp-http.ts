import type http from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * Answers one request with a server and transport of its own (the test servers are stateless). Both close with the
 * response: when the client closes the request (a cancelled call), the server closes, which aborts the handler.
 */
export function answerStateless(req: http.IncomingMessage, res: http.ServerResponse, server: Server, transport: StreamableHTTPServerTransport): void {
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  void server.connect(transport).then(() => transport.handleRequest(req, res));
}
