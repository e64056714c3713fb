/** CJK-friendly emphasis (../cjk-emphasis.ts): `**强调。**后文` is bold, as on VitePress and Rspress. */
import { cjkFriendlyEmphasis } from '../cjk-emphasis';
import type { ContentConstruct } from './types';

export const cjkEmphasis: ContentConstruct = {
  name: 'cjk-emphasis',
  parse: [{ order: 10, use: () => cjkFriendlyEmphasis }],
  marker: /<strong>强调。<\/strong>后文/,
  example: '句中的**强调。**后文照常。\n',
};
