/** JSX in content: lowercase HTML elements, <Callout> written inline, string expressions, comments (../jsx.ts). */
import { esmToHast, esmToMarkdown, expressionToHast, expressionToMarkdown, jsxToHast, jsxToMarkdown } from '../jsx';
import type { ContentConstruct } from './types';

export const jsx: ContentConstruct = {
  name: 'jsx',
  hast: { mdxJsxFlowElement: jsxToHast, mdxJsxTextElement: jsxToHast, mdxFlowExpression: expressionToHast, mdxTextExpression: expressionToHast, mdxjsEsm: esmToHast },
  markdown: { mdxJsxFlowElement: jsxToMarkdown, mdxJsxTextElement: jsxToMarkdown, mdxFlowExpression: expressionToMarkdown, mdxTextExpression: expressionToMarkdown, mdxjsEsm: esmToMarkdown },
  marker: /<kbd>Ctrl<\/kbd>/,
  example: [
    "按 <kbd>Ctrl</kbd> + <kbd>C</kbd> 复制{' '}选中的文字。{/* 编辑的注释 */}",
    '',
    '<details>',
    '<summary>为什么不用快捷菜单</summary>',
    '',
    '菜单在<strong>远程桌面</strong>里打不开。',
    '',
    '</details>',
    '',
  ].join('\n'),
};
