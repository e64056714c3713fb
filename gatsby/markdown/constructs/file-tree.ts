/** File trees (../file-tree.ts): a ```filetree fence as nested lists on the page, drawn with │ ├── └── in the Markdown version. */
import { css } from '@emotion/react';
import { fileTreeToHast, fileTreeToMarkdown, remarkFileTree, type FileTreeNode } from '../file-tree';
import { c, fonts } from '../../../src/theme/tokens';
import type { ContentConstruct } from './types';

export const fileTree: ContentConstruct = {
  name: 'file-tree',
  parse: [{ order: 80, use: () => remarkFileTree }],
  hast: { fileTree: fileTreeToHast },
  markdown: { fileTree: (node: FileTreeNode) => [fileTreeToMarkdown(node)] },
  // The page tells folders and “more files” in words for screen readers; the Markdown version draws them.
  searchText: { pageOnly: ['目录', '还有其他文件'] },
  // Nested lists with guide lines.
  styles: css`
    .file-tree {
      margin: 0 0 1.1em;
      padding: 0.6em 1em;
      border: 1px solid ${c('border')};
      border-radius: 8px;
      background: ${c('bgSoft')};
      font-family: ${fonts.mono};
      font-size: 0.9em;
      line-height: 1.7;
      overflow-x: auto;
    }
    .file-tree ul {
      list-style: none;
      margin: 0;
      padding-left: 0;
    }
    .file-tree ul ul {
      padding-left: 1.2em;
      margin-left: 0.35em;
      border-left: 1px solid ${c('border')};
    }
    .file-tree li {
      margin: 0;
      white-space: nowrap;
    }
    .file-tree .ft-dir > .ft-name::after {
      /* Drawn, not read: the words “目录” before the name say it to a screen reader. */
      content: '/' / '';
      color: ${c('textMute')};
    }
    .file-tree strong.ft-name {
      color: ${c('primary')};
    }
    .file-tree .ft-note {
      margin-left: 0.6em;
      color: ${c('textSoft')};
      font-family: ${fonts.body};
      white-space: normal;
    }
  `,
  // Nested lists with guide lines: colours of their own.
  audit: [{ feature: 'file-tree', pattern: /<div class="file-tree"/ }],
  example: ['```filetree', 'wing/', '  bin/', '    **wing**  # 命令行入口', '  config.json', '  ...', '```', ''].join('\n'),
};
