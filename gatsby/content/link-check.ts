/**
 * Internal link checking, shared by the content check script and the build's post-build report.
 * A link is internal when it starts with "/" (site-absolute) and is not protocol-relative.
 */

export interface LinkTarget {
  /** Heading ids (and other element ids) that exist on the page. */
  anchors: ReadonlySet<string>;
}

export type LinkVerdict =
  | { ok: true }
  | { ok: false; reason: 'missing-page'; path: string }
  | { ok: false; reason: 'missing-anchor'; path: string; anchor: string };

/** `/docs/desktop/wing/Get%20start/#安装` → { path: '/docs/desktop/wing/Get start', anchor: '安装' } */
export function splitInternalHref(href: string): { path: string; anchor: string | null } | null {
  if (!href.startsWith('/') || href.startsWith('//')) return null;
  const hashIndex = href.indexOf('#');
  const beforeHash = hashIndex >= 0 ? href.slice(0, hashIndex) : href;
  const rawAnchor = hashIndex >= 0 ? href.slice(hashIndex + 1) : null;
  const pathOnly = beforeHash.split('?')[0] as string;
  let path = safeDecode(pathOnly).replace(/\/index\.html$/, '').replace(/\.html$/, '');
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return { path: path === '' ? '/' : path, anchor: rawAnchor ? safeDecode(rawAnchor) : null };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Files served as they are (static/ folder, feeds), not pages. */
export function isAssetPath(path: string): boolean {
  return /\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.html');
}

export function checkInternalLink(href: string, pages: ReadonlyMap<string, LinkTarget>): LinkVerdict {
  const parts = splitInternalHref(href);
  if (!parts || isAssetPath(parts.path)) return { ok: true };
  const target = pages.get(parts.path);
  if (!target) return { ok: false, reason: 'missing-page', path: parts.path };
  if (parts.anchor && !target.anchors.has(parts.anchor)) {
    return { ok: false, reason: 'missing-anchor', path: parts.path, anchor: parts.anchor };
  }
  return { ok: true };
}

export function describeVerdict(verdict: LinkVerdict): string {
  if (verdict.ok) return 'ok';
  return verdict.reason === 'missing-page'
    ? `目标页面不存在：${verdict.path}`
    : `目标页面 ${verdict.path} 没有锚点 #${verdict.anchor}`;
}

/** A page's element ids and the links it holds (each with whatever its caller needs to report it). */
export interface PageWithLinks<L extends { href: string }> {
  anchors: ReadonlySet<string>;
  links: readonly L[];
}

export interface LinkProblem<L> {
  /** The page the link is on. */
  page: string;
  link: L;
  message: string;
}

/** A link with neither a scheme (https:, mailto:) nor a leading `/` or `#`: `./files/x.zip`, `a.png`. */
const isRelative = (href: string) => !/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(href);

const RELATIVE_LEFT = '相对链接留在了生成的页面里：它指向的文件没有被发布（链接里的文件没有被复制到 public/）';

/**
 * The one internal-link check, over a set of pages and the links on them: a link to a page of
 * the set (and to one of its anchors) is fine, `#id` alone points into its own page; links to
 * other sites, protocol-relative ones and files (isAssetPath, or `isFile` for folders the caller
 * knows hold files) are not checked. With a path prefix (a site served under /fomosite) every site
 * link must carry it. Used by the content check (npm run check:content), the content tests and the
 * post-build link report of the built HTML.
 *
 * `built`: the pages are the build's HTML, which has no relative links (site links are written
 * from the site's root, and gatsby-remark-copy-linked-files publishes a file beside the content
 * and rewrites its link), so one still relative names a file that was not published. In content
 * sources a relative link is how an editor names such a file, and is not checked.
 */
export function checkPageLinks<L extends { href: string }>(
  pages: ReadonlyMap<string, PageWithLinks<L>>,
  { pathPrefix = '', isFile = () => false, built = false }: { pathPrefix?: string; isFile?: (path: string) => boolean; built?: boolean } = {},
): Array<LinkProblem<L>> {
  const problems: Array<LinkProblem<L>> = [];
  for (const [page, { links }] of pages) {
    for (const link of links) {
      let href = link.href.startsWith('#') ? `${pathPrefix}${encodeURI(page)}${link.href}` : link.href;
      if (!href.startsWith('/') || href.startsWith('//')) {
        if (built && isRelative(href)) problems.push({ page, link, message: RELATIVE_LEFT });
        continue;
      }
      if (pathPrefix) {
        if (!href.startsWith(`${pathPrefix}/`) && href !== pathPrefix) {
          problems.push({ page, link, message: `链接没有带上站点基础路径 ${pathPrefix}` });
          continue;
        }
        href = href.slice(pathPrefix.length) || '/';
      }
      if (isFile(href)) continue;
      const verdict = checkInternalLink(href, pages);
      if (!verdict.ok) problems.push({ page, link, message: describeVerdict(verdict) });
    }
  }
  return problems;
}
