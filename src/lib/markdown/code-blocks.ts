/**
 * rehype plugin: every fenced code block (`pre > code.language-*`, already split into Prism token
 * spans by src/lib/prism) becomes the site's code block: a header with the language's name and a
 * copy button (with a status region announcing the copy), and a focusable, horizontally scrolling <pre>. The button works through one
 * delegated listener (src/components/mdx/copy-code.ts); without JavaScript it is hidden by CSS.
 */
import { classList, h, isElement, mapElements, text, type Element, type Root } from './hast';

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

export const COPY_LABEL = '复制';
export const COPIED_TEXT = '已复制';
export const COPY_FAILED_TEXT = '复制失败';
/** Announced to screen readers once the code is on the clipboard. */
export const COPIED_ANNOUNCEMENT = '代码已复制到剪贴板';

/** The label shown in a code block's header: a known name, else the fence's language as written. */
export function codeLabel(language: string): string {
  return LABELS[language] ?? language;
}

export function codeLanguage(code: Element): string {
  return classList(code).find((name) => name.startsWith('language-'))?.slice('language-'.length) || 'text';
}

export function codeBlock(pre: Element): Element | null {
  const code = pre.children.find((child) => isElement(child, 'code'));
  if (!code || !isElement(code)) return null;
  const language = codeLanguage(code);
  return h('div', { className: ['code-block'], dataLanguage: language }, [
    h('div', { className: ['code-header'] }, [
      h('span', {}, [text(codeLabel(language))]),
      // The button is named by its visible text; what copying did is announced by the status region.
      h('button', { type: 'button', className: ['copy-button'], dataCopyButton: '' }, [text(COPY_LABEL)]),
      h('span', { className: ['visually-hidden'], role: 'status', dataCopyStatus: '' }, []),
    ]),
    h('pre', { className: ['code-pre', `language-${language}`], tabIndex: 0 }, [h('code', {}, code.children)]),
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
