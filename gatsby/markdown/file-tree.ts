/**
 * File trees: a ```filetree fence, one entry per line, nesting by indentation (two spaces, or a
 * hand-drawn tree's │ ├── └── prefixes as they are), a directory ending in `/` (or holding
 * entries), an optional note after ` # `, `**name**` to highlight an entry, `...` for “more files”:
 *
 *   ```filetree
 *   wing/
 *     bin/
 *       **wing**          # 命令行入口
 *     config.json
 *     ...
 *   ```
 *
 * remarkFileTree() turns the fence into one mdast node, `fileTree` (its entries), in the shared
 * parser's tree (parse.ts), so together:
 * - the page (fileTreeToHast): nested lists (<ul aria-label="文件树">), directories and files told
 *   apart by text the screen reader reads (“目录”), not by icon alone; no JavaScript;
 * - the Markdown version (fileTreeToMarkdown): a ```text block with the tree drawn in │ ├── └──;
 * - search: the names and notes (the page's text).
 * A fence with no entries, a line with only a note, or entries under `...` stop the build with the file's line.
 * Pure functions over text and plain syntax-tree objects: unit-testable under jest.
 */
import type { Code, Content, Root } from 'mdast';
import { ContentSyntaxError } from './errors';
import { h, text, type Element, type ElementContent } from './hast';

export const FILE_TREE_LANG = 'filetree';

export interface FileTreeEntry {
  name: string;
  directory: boolean;
  highlighted: boolean;
  /** `...`: the folder holds more than is listed. */
  more: boolean;
  note: string | null;
  children: FileTreeEntry[];
}

export interface FileTreeNode {
  type: 'fileTree';
  entries: FileTreeEntry[];
  position?: Content['position'];
}

/** The prefix that only places an entry: spaces, tabs and tree-drawing characters. */
const PREFIX = /^[ \t│├└─┃┣┗━|`+\\-]*(?=[^ \t│├└─┃┣┗━|`+\\-]|$)/;
const DRAWN = /[│├└┃┣┗|`+]/;
const NOTE = /(?:^|\s+)#\s+(.*)$/;

/** Reads the lines of a ```filetree fence; `line` is the file's line of its first entry, for errors. */
export function parseFileTree(source: string, file: string, line: number): FileTreeEntry[] {
  const roots: FileTreeEntry[] = [];
  const stack: Array<{ indent: number; entry: FileTreeEntry }> = [];
  source.split('\n').forEach((raw, index) => {
    if (!raw.trim()) return;
    let prefix = PREFIX.exec(raw)?.[0] ?? '';
    // A name may start with "-" or "+" (a hand-drawn tree never puts them right before a name without a space).
    if (!DRAWN.test(prefix) && /[-+`\\]$/.test(prefix)) prefix = prefix.replace(/[-+`\\]+$/, '');
    const indent = prefix.replace(/\t/g, '  ').length;
    let rest = raw.slice(prefix.length).trim();
    const note = NOTE.exec(rest);
    if (note) rest = rest.slice(0, note.index).trim();
    if (!rest) throw new ContentSyntaxError(file, { line: line + index }, '文件树里这一行没有文件名（说明写在文件名后面，以“ # ”隔开）');
    const highlighted = /^\*\*.+\*\*$/.test(rest);
    if (highlighted) rest = rest.slice(2, -2).trim();
    const more = rest === '...' || rest === '…';
    const entry: FileTreeEntry = { name: more ? '…' : rest, directory: rest.endsWith('/'), highlighted, more, note: note ? (note[1] as string).trim() : null, children: [] };
    while (stack.length && (stack[stack.length - 1] as { indent: number }).indent >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) {
      if (parent.entry.more) throw new ContentSyntaxError(file, { line: line + index }, '文件树里 ... 下面不能再有条目');
      parent.entry.children.push(entry);
      parent.entry.directory = true;
    } else roots.push(entry);
    stack.push({ indent, entry });
  });
  if (!roots.length) throw new ContentSyntaxError(file, { line: line - 1 }, '```filetree 里没有条目：每行写一个文件或目录（目录以 / 结尾），用缩进表示层级');
  return roots;
}

/** remark transformer: every ```filetree fence → a fileTree node. */
export function remarkFileTree() {
  return (tree: Root, vfile: { path?: string }) => {
    const file = vfile.path ?? '';
    const walk = (parent: { children: Content[] }) => {
      parent.children = parent.children.map((child) => {
        if ('children' in child) walk(child as { children: Content[] });
        if (child.type !== 'code' || child.lang !== FILE_TREE_LANG) return child;
        const code = child as Code;
        if (code.meta?.trim()) throw new ContentSyntaxError(file, { line: code.position?.start.line ?? 0 }, '```filetree 后面不带标题或其他设置');
        const node: FileTreeNode = { type: 'fileTree', entries: parseFileTree(code.value, file, (code.position?.start.line ?? 0) + 1), position: code.position };
        return node as unknown as Content;
      });
    };
    walk(tree as { children: Content[] });
  };
}

function entryElement(entry: FileTreeEntry): Element {
  const kind = entry.more ? 'ft-more' : entry.directory ? 'ft-dir' : 'ft-file';
  const name: ElementContent[] = entry.more
    ? [h('span', { className: ['ft-name'] }, [text('…')]), h('span', { className: ['visually-hidden'] }, [text('（还有其他文件）')])]
    : [
        ...(entry.directory ? [h('span', { className: ['visually-hidden'] }, [text('目录 ')])] : []),
        h(entry.highlighted ? 'strong' : 'span', { className: ['ft-name'] }, [text(entry.directory ? entry.name.replace(/\/$/, '') : entry.name)]),
      ];
  const note: ElementContent[] = entry.note ? [text(' '), h('span', { className: ['ft-note'] }, [text(entry.note)])] : [];
  const children: ElementContent[] = entry.children.length ? [h('ul', {}, entry.children.map(entryElement))] : [];
  return h('li', { className: [kind] }, [...name, ...note, ...children]);
}

/** The page's tree: <div class="file-tree"><ul aria-label="文件树"> of <li class="ft-dir|ft-file|ft-more">. */
export function fileTreeElement(entries: FileTreeEntry[]): Element {
  return h('div', { className: ['file-tree'] }, [h('ul', { ariaLabel: '文件树' }, entries.map(entryElement))]);
}

/** remark-rehype handler for fileTree nodes. */
export function fileTreeToHast(_state: unknown, node: FileTreeNode): Element {
  return fileTreeElement(node.entries);
}

/** The tree drawn in text, as `tree` prints it; notes after `  # `. */
export function drawFileTree(entries: FileTreeEntry[]): string {
  const lines: string[] = [];
  const label = (e: FileTreeEntry) => `${e.more ? '…' : e.directory && !e.name.endsWith('/') ? `${e.name}/` : e.name}${e.note ? `  # ${e.note}` : ''}`;
  const draw = (list: FileTreeEntry[], indent: string) =>
    list.forEach((entry, i) => {
      const last = i === list.length - 1;
      lines.push(`${indent}${last ? '└── ' : '├── '}${label(entry)}`);
      draw(entry.children, `${indent}${last ? '    ' : '│   '}`);
    });
  for (const root of entries) {
    lines.push(label(root));
    draw(root.children, '');
  }
  return lines.join('\n');
}

/** The Markdown version's tree: a text block drawn as `tree` does. */
export function fileTreeToMarkdown(node: FileTreeNode): Code {
  return { type: 'code', lang: 'text', meta: null, value: drawFileTree(node.entries) };
}
