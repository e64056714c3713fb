/**
 * The spec's route table (__tests__/routes.txt, the repository's copy of the spec's routes.txt;
 * docs/spec.md): the one list of pages the content must keep. `npm run check:content` reports a
 * /blog or /docs route the content no longer makes (a post deleted or its slug changed, too few
 * posts left for a list's last page), naming the route's line, before the content and route tests
 * fail on it. Pure apart from readSpecRoutes().
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Where the route table lives, relative to the repository. */
export const SPEC_ROUTES_FILE = '__tests__/routes.txt';

export interface SpecRoute {
  /** As a reader types it: `/docs/desktop/wing/Get%20start`. */
  route: string;
  /** Its line in SPEC_ROUTES_FILE, from 1. */
  line: number;
}

/** The routes of a route table's text: each line starting with `/`, its first word. */
export function parseSpecRoutes(text: string): SpecRoute[] {
  return text.split('\n').flatMap((raw, i) => {
    const line = raw.trim();
    return line.startsWith('/') ? [{ route: line.split(/\s+/)[0] as string, line: i + 1 }] : [];
  });
}

/** The route table under `root`, or null when that tree has none (the bad-content fixtures). */
export function readSpecRoutes(root: string): SpecRoute[] | null {
  const file = path.join(root, SPEC_ROUTES_FILE);
  return existsSync(file) ? parseSpecRoutes(readFileSync(file, 'utf8')) : null;
}

/** Routes made by the content: the blog's and the docs' (the rest are the code's). */
const CONTENT_ROUTE = /^\/(blog|docs)(\/|$)/;

/**
 * One message per content route of the table that `built` (decoded page paths of the site plan,
 * drafts left out) has no page for: where it is listed, and what to do.
 */
export function missingSpecRoutes(routes: readonly SpecRoute[], built: ReadonlySet<string>): string[] {
  return routes
    .filter(({ route }) => CONTENT_ROUTE.test(route) && !built.has(decodeURIComponent(route)))
    .map(
      ({ route, line }) =>
        `${SPEC_ROUTES_FILE}:${line} 规格的路由 ${route} 没有页面了：路由表是规格的（docs/spec.md），内容要在这里留一个页面。` +
        '文章删了或改了 slug 的，把它恢复；列表少了一页的，少删几篇。确实要去掉这个路由，先改规格，再改 __tests__/routes.txt。',
    );
}
