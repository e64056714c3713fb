/** File trees (../file-tree.ts): a ```filetree fence as nested lists on the page, drawn with │ ├── └── in the twin. */
import { fileTreeToHast, fileTreeToTwin, remarkFileTree, type FileTreeNode } from '../file-tree';
import type { ContentConstruct } from './types';

export const fileTree: ContentConstruct = {
  name: 'file-tree',
  parse: [{ order: 80, use: () => remarkFileTree }],
  hast: { fileTree: fileTreeToHast },
  twin: { fileTree: (node: FileTreeNode) => [fileTreeToTwin(node)] },
  // The page tells folders and “more files” in words for screen readers; the twin draws them.
  searchText: { pageOnly: ['目录', '还有其他文件'] },
  // Nested lists with guide lines: colours of their own.
  audit: [{ feature: 'file-tree', pattern: /<div class="file-tree"/ }],
  example: ['```filetree', 'wing/', '  bin/', '    **wing**  # 命令行入口', '  config.json', '  ...', '```', ''].join('\n'),
};
