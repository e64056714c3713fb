/**
 * Code highlighting at build time: prism-react-renderer's Prism (jsx, tsx, swift, kotlin,
 * objectivec, go, cpp, python … built in) plus java, bash, groovy, ini and diff from prismjs,
 * run by a rehype plugin over every fenced code block. Pages ship highlighted HTML and no
 * highlighting code at all.
 */
import './setup';
import 'prismjs/components/prism-java';
import 'prismjs/components/prism-bash';
import 'prismjs/components/prism-groovy';
import 'prismjs/components/prism-ini';
import 'prismjs/components/prism-diff';
import { Prism } from 'prism-react-renderer';
import { codeLanguage } from '../code-language';
import { h, isElement, mapElements, text, textContent, type Element, type ElementContent, type Root } from '../hast';

const ALIASES: Record<string, string> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  objc: 'objectivec',
  'objective-c': 'objectivec',
  xml: 'markup',
  html: 'markup',
  gradle: 'groovy',
  toml: 'ini',
  kt: 'kotlin',
  'c++': 'cpp',
  golang: 'go',
  py: 'python',
  js: 'javascript',
  ts: 'typescript',
  yml: 'yaml',
};

export function prismLanguage(language: string): string | null {
  const lang = ALIASES[language] ?? language;
  return Prism.languages[lang] ? lang : null;
}

type PrismToken = string | { type: string; alias?: string | string[]; content: PrismToken | PrismToken[] };

function toHast(token: PrismToken | PrismToken[]): ElementContent[] {
  if (Array.isArray(token)) return token.flatMap(toHast);
  if (typeof token === 'string') return [text(token)];
  const aliases = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
  return [h('span', { className: ['token', token.type, ...aliases] }, toHast(token.content))];
}

/** Highlighted hast children for a code text, or null when the language is unknown. */
export function highlightToHast(code: string, language: string): ElementContent[] | null {
  const lang = prismLanguage(language);
  const grammar = lang ? Prism.languages[lang] : undefined;
  if (!grammar) return null;
  return toHast(Prism.tokenize(code, grammar) as PrismToken[]);
}

/** rehype plugin: tokenizes `pre > code.language-*` in place. */
export function rehypePrism() {
  return (tree: Root) => {
    mapElements(tree, (el) => {
      if (el.tagName !== 'pre') return undefined;
      for (const code of el.children) {
        if (!isElement(code, 'code')) continue;
        const highlighted = highlightToHast(textContent(code), codeLanguage(code));
        if (highlighted) code.children = highlighted;
      }
      return [el];
    });
  };
}

/**
 * Highlighted (or plain) code split into its lines, for line marks (code-blocks.ts). A token that
 * spans lines (a block comment, a template string) is cut at each line break into one copy of its
 * span per line, so every line holds whole, balanced spans and keeps its colours. The line breaks
 * themselves are left out: line i is the i-th line of the text.
 */
export function splitLines(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]];
  /** The spans open on the current line: each token span of the input and its copy on this line. */
  let open: Array<{ source: Element; copy: Element }> = [];
  const append = (ancestors: readonly Element[], value: string) => {
    let depth = 0;
    while (depth < open.length && open[depth]?.source === ancestors[depth]) depth += 1;
    open = open.slice(0, depth);
    const into = () => open[open.length - 1]?.copy.children ?? (lines[lines.length - 1] as ElementContent[]);
    for (const source of ancestors.slice(depth)) {
      const copy: Element = { ...source, children: [] };
      into().push(copy);
      open.push({ source, copy });
    }
    into().push(text(value));
  };
  const visit = (node: ElementContent, ancestors: readonly Element[]) => {
    if (node.type === 'text') {
      node.value.split('\n').forEach((part, i) => {
        if (i > 0) {
          lines.push([]);
          open = [];
        }
        if (part) append(ancestors, part);
      });
    } else if (node.type === 'element') for (const child of node.children) visit(child, [...ancestors, node]);
  };
  for (const node of nodes) visit(node, []);
  return lines;
}
