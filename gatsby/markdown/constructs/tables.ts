/** GFM tables (../tables.ts): each scrolls sideways in a named, focusable region instead of widening the page. */
import { rehypeScrollTables } from '../tables';
import type { ContentConstruct } from './types';

export const tables: ContentConstruct = {
  name: 'tables',
  rehype: [{ order: 40, use: () => rehypeScrollTables }],
  audit: [{ feature: 'table', pattern: /<table[\s>]/ }],
  example: '| 命令 | 作用 |\n| --- | --- |\n| `wing start` | 启动服务 |\n',
};
