/**
 * Fenced code blocks, in two rehype steps around Prism (gatsby/markdown/prism):
 * - rehypeCodeMeta, before it: reads each block's meta and magic comments (code-meta.ts), puts the
 *   code the reader sees in place of the source and keeps the rest on the element (data.codeBlock);
 * - rehypeCodeBlocks, after it: the site's code block: the title (when given), a header with the
 *   language's name and a copy button (with a status region announcing the copy), and a focusable,
 *   horizontally scrolling <pre>. Blocks with line marks (highlights, numbers, diff) have one
 *   <span class="code-line"> per line (Prism's spans cut at line breaks, see splitLines) with '\n'
 *   between them as text (so selecting and copying by hand gives the code), data-line numbers and
 *   the added/removed lines marked; lines the copy leaves out (removed lines of a diff-<lang>)
 *   carry data-no-copy.
 * The button works through one delegated listener (src/components/mdx/copy-code.ts); without
 * JavaScript it is hidden by CSS.
 */
import { splitLines } from './prism';
import { codeLanguage } from './code-language';
import { hasLineMarks, readCodeBlock, type CodeBlockSpec } from './code-meta';
import { classList, h, isElement, mapElements, text, textContent, type Element, type ElementContent, type Root } from './hast';
import { COPY_LABEL } from '../../src/lib/markdown/copy-labels';

const LABELS: Record<string, string> = {
  bash: 'Shell',
  sh: 'Shell',
  shell: 'Shell',
  zsh: 'Shell',
  console: 'Shell',
  cpp: 'C++',
  c: 'C',
  objectivec: 'Objective-C',
  objc: 'Objective-C',
  jsx: 'JSX',
  tsx: 'TSX',
  js: 'JavaScript',
  javascript: 'JavaScript',
  ts: 'TypeScript',
  typescript: 'TypeScript',
  kotlin: 'Kotlin',
  kt: 'Kotlin',
  java: 'Java',
  swift: 'Swift',
  go: 'Go',
  python: 'Python',
  py: 'Python',
  xml: 'XML',
  html: 'HTML',
  json: 'JSON',
  yaml: 'YAML',
  yml: 'YAML',
  groovy: 'Groovy',
  gradle: 'Gradle',
  ini: 'INI',
  toml: 'TOML',
  diff: 'Diff',
  text: '文本',
};

/** The label shown in a code block's header: a known name, else the fence's language as written. */
export function codeLabel(language: string): string {
  return LABELS[language] ?? language;
}

/** Diagrams are drawn from their fence by their own step (not highlighted, no meta of ours). */
const NOT_CODE = new Set(['mermaid']);

interface CodeData {
  meta?: string;
  codeBlock?: CodeBlockSpec;
}

/** rehype plugin, before Prism: each block's meta and magic comments read (errors at the file's line). */
export function rehypeCodeMeta() {
  return (tree: Root, vfile: { path?: string }) => {
    mapElements(tree, (el) => {
      if (el.tagName !== 'pre') return undefined;
      const code = el.children.find((child) => isElement(child, 'code'));
      if (!code || !isElement(code)) return [el];
      const fence = codeLanguage(code);
      if (NOT_CODE.has(fence)) return [el];
      const data = (code.data ?? {}) as CodeData;
      const spec = readCodeBlock(vfile.path ?? '', code, classList(code).some((name) => name.startsWith('language-')) ? fence : '', data.meta, textContent(code).replace(/\n$/, ''));
      code.properties = { ...code.properties, className: [`language-${spec.language}`] };
      code.children = [text(`${spec.code}\n`)];
      code.data = { ...data, codeBlock: spec } as typeof code.data;
      return [el];
    });
  };
}

/** The lines of a block with line marks: <span class="code-line …" data-line> each, '\n' between them. */
function markedLines(children: ElementContent[], spec: CodeBlockSpec): ElementContent[] {
  const lines = splitLines(children);
  const out: ElementContent[] = [];
  spec.lines.forEach((line, i) => {
    const className = ['code-line', ...(line.highlight ? ['highlighted'] : []), ...(line.change ? [`diff-${line.change}`] : [])];
    const number = spec.firstLineNumber === null ? {} : { dataLine: String(spec.firstLineNumber + i) };
    const skip = spec.diff === 'lines' && line.change === 'remove' ? { dataNoCopy: '' } : {};
    out.push(h('span', { className, ...number, ...skip }, lines[i] ?? []), text('\n'));
  });
  return out;
}

export function codeBlock(pre: Element): Element | null {
  const code = pre.children.find((child) => isElement(child, 'code'));
  if (!code || !isElement(code)) return null;
  const language = codeLanguage(code);
  const spec = (code.data as CodeData | undefined)?.codeBlock;
  const lines = spec && hasLineMarks(spec);
  const codeClass = lines ? ['code-lines', ...(spec.firstLineNumber !== null ? ['line-numbers'] : []), ...(spec.diff === 'lines' ? ['diff-gutter'] : [])] : [];
  const label = spec?.diff === 'lines' ? `${codeLabel(language)} 差异` : codeLabel(language);
  return h('div', { className: ['code-block'], dataLanguage: language }, [
    // The title is a sibling of the header (search indexes it; the header's label and button it skips).
    ...(spec?.title ? [h('div', { className: ['code-title'] }, [text(spec.title)])] : []),
    h('div', { className: ['code-header'] }, [
      h('span', {}, [text(label)]),
      // The button is named by its visible text; what copying did is announced by the status region.
      h('button', { type: 'button', className: ['copy-button'], dataCopyButton: '' }, [text(COPY_LABEL)]),
      h('span', { className: ['visually-hidden'], role: 'status', dataCopyStatus: '' }, []),
    ]),
    h('pre', { className: ['code-pre', `language-${language}`], tabIndex: 0 }, [h('code', codeClass.length ? { className: codeClass } : {}, lines ? markedLines(code.children, spec) : code.children)]),
  ]);
}

export function rehypeCodeBlocks() {
  return (tree: Root) => {
    mapElements(tree, (el) => {
      if (el.tagName !== 'pre') return undefined;
      const block = codeBlock(el);
      return block ? [block] : undefined;
    });
  };
}
