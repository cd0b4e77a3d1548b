// `npm run lint` runs this (D98): no import circle anywhere, and in the server no import from a lower layer to a higher
// one: contract ← base (db, http, llm, crypto, passwords, config, logging) ← services (identity, uploads, jobs, workers,
// plugins) ← domains (knowledge, chat, sqlbase, tools, testcases, sys-mgr) ← routes ← app (the composition roots: the
// app plugin, the process, Fastify's extended types and the text worker's entry).
const BASE = '^server/(db|http|llm|crypto|passwords|errors|logging|config|config-(env|login|llm|outbound|dirs)|http-error|fastify-types|deps|banner)([./]|$)';
const SERVICES = '^server/(identity|uploads|jobs|workers|plugins)/';
const DOMAINS = '^server/(knowledge|chat|sqlbase|tools|testcases|sys-mgr)/';
const ROUTES = '^server/routes/';
const APP = '^server/(app|main|fastify-augment|text-worker|worker-main|worker-process)\\.ts$';

/** A layer may import only itself and the layers below it. */
const above = (name, from, higher) => ({
  name,
  severity: 'error',
  comment: 'A lower layer of server/ imports a higher one; move the shared part down instead.',
  from: { path: from, pathNot: '\\.test\\.ts$' },
  to: { path: higher },
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: split out what both sides need (types, errors, constants) into a module of its own.',
      from: {},
      to: { circular: true },
    },
    above('contract-imports-server', '^contract/', '^(server|src|electron)/'),
    above('base-imports-higher', BASE, `${SERVICES}|${DOMAINS}|${ROUTES}|${APP}`),
    above('services-import-higher', SERVICES, `${DOMAINS}|${ROUTES}|${APP}`),
    above('domains-import-routes', DOMAINS, `${ROUTES}|${APP}`),
    above('routes-import-app', ROUTES, APP),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|^dist' },
    // Type-only imports count: a circle of types is still a circle to read.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.node.json' },
  },
};
