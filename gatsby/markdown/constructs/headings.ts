/**
 * Headings (../headings.ts): ids from their text, old anchors kept, a `#` link; after each h2/h3
 * a 复制本节 button (../section-buttons.ts), which search and the Markdown version leave out.
 */
import { rehypeHeadings } from '../headings';
import { rehypeSectionButtons } from '../section-buttons';
import type { ContentConstruct } from './types';

export const headings: ContentConstruct = {
  name: 'headings',
  rehype: [
    { order: 70, use: ({ anchorAliases }) => [rehypeHeadings, anchorAliases] },
    // After the ids: a button follows each heading that has one.
    { order: 80, use: () => rehypeSectionButtons },
  ],
  searchText: { skip: [{ tag: 'a', className: 'heading-anchor' }] },
  behaviour: 'src/components/mdx/copy-section.ts',
  marker: /<a class="heading-anchor" aria-hidden="true" tabindex="-1" href="#安装">/,
  example: '## 安装\n\n第一次安装。\n\n## 安装\n\n再装一次。\n',
};
