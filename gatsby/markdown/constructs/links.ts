/** Links (../links.ts): site-absolute ones get the base URL, on the page and in the Markdown version; other sites open in a new tab. */
import type { Definition, Link } from 'mdast';
import { rehypeLinks, withBase } from '../links';
import type { ContentConstruct } from './types';

export const links: ContentConstruct = {
  name: 'links',
  rehype: [{ order: 50, use: ({ pathPrefix }) => [rehypeLinks, { pathPrefix }] }],
  markdown: {
    link: (node: Link, convert) => [{ ...node, url: withBase(node.url, convert.basePath), children: convert.phrasing(node.children) as Link['children'] }],
    definition: (node: Definition, convert) => [{ ...node, url: withBase(node.url, convert.basePath) }],
  },
  marker: /<a href="https:\/\/www\.gatsbyjs\.com\/" target="_blank" rel="noopener noreferrer">/,
  example: '见[部署文档](/docs/deploy)和 [Gatsby](https://www.gatsbyjs.com/)。\n',
};
