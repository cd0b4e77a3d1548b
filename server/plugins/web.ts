import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { familyOf } from '../../contract/api';
import { isApiPath } from './security';

const FileReply = { 200: Type.Unknown() };

function cacheFor(path: string): string {
  // Vite puts content-hashed files under /assets; everything else (index.html, runtime config) is revalidated.
  return path.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function sendWebFile(reply: FastifyReply, path: string) {
  reply.header('cache-control', cacheFor(path));
  return reply.sendFile(path, { cacheControl: false });
}

/** Serves the built web app from WEB_DIST when it exists (no SPA fallback: the router uses hashes). */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  if (!fs.existsSync(webDist)) return;
  await app.register(fastifyStatic, { root: webDist, serve: false });
  app.get('/', {
    config: { access: 'public' },
    schema: { querystring: Type.Object({}), response: FileReply },
  }, (_request, reply) => sendWebFile(reply, 'index.html'));
  app.get('/*', {
    config: { access: 'public' },
    schema: { params: Type.Object({ '*': Type.String() }), querystring: Type.Object({}), response: FileReply },
  }, (request, reply) => {
    const path = (request.params as { '*': string })['*'];
    if (isApiPath(request.url) || familyOf(request.url) === 'ai') return reply.callNotFound();
    return sendWebFile(reply, path);
  });
}
