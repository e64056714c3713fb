/** The site's base URL (Gatsby's pathPrefix): "/" or "/name" — leading slash, no trailing slash. */
export function normalizeBaseUrl(raw: string): string {
  const trimmed = raw.trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '/' : `/${trimmed}`;
}

/** True when a page's pathname does not sit under the configured base URL. */
export function isUnderBase(pathname: string, baseUrl: string): boolean {
  const base = normalizeBaseUrl(baseUrl);
  if (base === '/') return true;
  return pathname === base || pathname.startsWith(`${base}/`);
}
