/**
 * Which server `atx upload` may talk to. The key travels in a header, so the endpoint must be
 * https, except to this machine (a local `atx serve`), where plain http cannot be overheard.
 * The endpoint text is never echoed back in an error: people paste keys into the wrong flag.
 */
import { PATHS } from '../api/wire.js';
import { usageError } from '../errors.js';

const EXPECTED = 'expected https://host[:port][/path]';

export function parseEndpoint(text: string, where: string): URL {
  const trimmed = text.trim();
  if (trimmed === '') throw usageError(`${where}: empty endpoint (${EXPECTED})`);
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    const hint = trimmed.includes('://') ? '' : '; the scheme is missing';
    throw usageError(`${where}: not a URL${hint} (${EXPECTED})`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(`${where}: unsupported scheme ${url.protocol.replace(/:$/, '')} (${EXPECTED})`);
  }
  if (url.username !== '' || url.password !== '') {
    throw usageError(`${where}: the endpoint must not contain a user name or password; remove it (the submission key is sent in the Authorization header, from --key-file or ATX_KEY)`);
  }
  if (url.hostname === '') throw usageError(`${where}: the endpoint has no host (${EXPECTED})`);
  if (url.search !== '' || url.hash !== '') {
    throw usageError(`${where}: the endpoint must not have a query or fragment (${EXPECTED})`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw usageError(`${where}: plain http:// is only allowed to this machine (localhost, 127.0.0.1, [::1]); use https://${url.host}${url.pathname === '/' ? '' : url.pathname}`);
  }
  url.pathname = url.pathname.replace(/\/+$/, '') || '/';
  return url;
}

/** `url.hostname` as the WHATWG parser leaves it: lowercase, IPv4 normalized, IPv6 in brackets. */
export function isLoopbackHost(hostname: string): boolean {
  if (hostname === 'localhost') return true;
  if (hostname === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** `https://host/api` → `https://host/api/v1/transcripts`. */
export function transcriptsUrl(base: URL): URL {
  const prefix = base.pathname.replace(/\/+$/, '');
  return new URL(`${prefix}${PATHS.transcripts}`, base.origin);
}

/** The endpoint as it may be stored or shown: origin and path only, never credentials or a query. */
export function describeEndpoint(url: URL): string {
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path}`;
}
