/**
 * Content-Security-Policy of the desktop renderer. Scripts come only from the app itself;
 * styles allow inline because antd injects its CSS-in-JS as <style> elements.
 * `server` lists the sources besides the app that fetch/XHR and images may use: the
 * configured server only (images from anywhere else could leak data out of chat answers).
 */
export function buildCsp(server: readonly string[], options: { forMeta?: boolean } = {}): string {
  const extra = server.length > 0 ? ` ${server.join(' ')}` : '';
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra}`,
    "font-src 'self' data:",
    `connect-src 'self'${extra}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
  ];
  // frame-ancestors is ignored (with a console warning) in a <meta> policy.
  if (!options.forMeta) directives.push("frame-ancestors 'none'");
  return directives.join('; ');
}

/**
 * Policy baked into the built index.html as a <meta> tag. The server is not known at build
 * time, so connect-src and img-src are wide here; the protocol handler adds a header policy naming the
 * configured server, and the browser enforces both (their intersection).
 */
export const DESKTOP_META_CSP = buildCsp(['http:', 'https:'], { forMeta: true });

/** Header policy for the configured server origin (none on first run). */
export function cspForServer(serverOrigin: string | null): string {
  return buildCsp(serverOrigin ? [serverOrigin] : []);
}
