/**
 * Images: one alone in its paragraph stands on its own; body images open large (../images.ts,
 * ../zoom.ts, after Gatsby's image plugins made them responsive); the Markdown version links the served file.
 */
import type { Image } from 'mdast';
import { rehypeZoomableImages, remarkLoneImages } from '../images';
import type { ContentConstruct } from './types';

export const images: ContentConstruct = {
  name: 'images',
  parse: [{ order: 90, use: () => remarkLoneImages }],
  rehype: [{ order: 60, use: () => rehypeZoomableImages }],
  markdown: { image: (node: Image, convert) => [{ ...node, url: convert.imageUrl(node.url) }] },
  behaviour: 'src/components/mdx/zoom-trigger.ts',
  audit: [{ feature: 'image', pattern: /<(img|picture)[\s>]/ }],
  example: '部署的示意图：\n\n![部署示意图](./deploy.png)\n',
};
