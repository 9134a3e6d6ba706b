/**
 * The Content-Security-Policy of the renderer's page, one constant for both transports: the
 * Electron main process adds it as a header to every response of a production build, the headless
 * server to every HTML page it serves. It mirrors the `<meta>` tag of src-renderer/index.html; a
 * header can also carry `frame-ancestors`, which a `<meta>` tag cannot.
 *
 * `default-src 'self'` also covers the headless page's WebSocket (`ws://` to its own host and
 * port counts as 'self' in CSP 3). This module must not import `electron`.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');
