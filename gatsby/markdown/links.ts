/**
 * rehype plugin for links in content: site-absolute links (`/docs/…`) get the base URL the site is
 * built for, so they work under any path prefix and without JavaScript (gatsby-plugin-catch-links
 * turns clicks on them into client-side navigation); links to other sites open in a new tab
 * without handing it `window.opener`.
 */
import { mapElements, type Root } from './hast';

export function isSiteAbsolute(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

export function withBase(href: string, pathPrefix: string): string {
  const prefix = pathPrefix.replace(/\/$/, '');
  if (!prefix || !isSiteAbsolute(href) || href === prefix || href.startsWith(`${prefix}/`)) return href;
  return `${prefix}${href}`;
}

export function rehypeLinks({ pathPrefix = '' }: { pathPrefix?: string } = {}) {
  return (tree: Root) => {
    mapElements(tree, (el) => {
      if (el.tagName !== 'a' || typeof el.properties?.href !== 'string') return undefined;
      const href = el.properties.href;
      if (isSiteAbsolute(href)) el.properties.href = withBase(href, pathPrefix);
      else if (/^https?:\/\//.test(href)) {
        el.properties.target = '_blank';
        el.properties.rel = ['noopener', 'noreferrer'];
      }
      return undefined;
    });
  };
}
