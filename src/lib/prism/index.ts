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

interface HastText {
  type: 'text';
  value: string;
}
interface HastElement {
  type: 'element';
  tagName: string;
  properties?: { className?: string[] | string };
  children: HastNode[];
}
interface HastParent {
  type: string;
  children?: HastNode[];
}
type HastNode = HastText | HastElement | HastParent;

const childrenOf = (node: HastNode): HastNode[] => ('children' in node && node.children ? node.children : []);
type PrismToken = string | { type: string; alias?: string | string[]; content: PrismToken | PrismToken[] };

function toHast(token: PrismToken | PrismToken[]): HastNode[] {
  if (Array.isArray(token)) return token.flatMap(toHast);
  if (typeof token === 'string') return [{ type: 'text', value: token }];
  const aliases = token.alias === undefined ? [] : Array.isArray(token.alias) ? token.alias : [token.alias];
  return [{ type: 'element', tagName: 'span', properties: { className: ['token', token.type, ...aliases] }, children: toHast(token.content) }];
}

function textOf(node: HastNode): string {
  if (node.type === 'text') return (node as HastText).value;
  return childrenOf(node).map(textOf).join('');
}

function classes(node: HastElement): string[] {
  const value = node.properties?.className;
  return Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
}

/** Highlighted hast children for a code text, or null when the language is unknown. */
export function highlightToHast(code: string, language: string): HastNode[] | null {
  const lang = prismLanguage(language);
  const grammar = lang ? Prism.languages[lang] : undefined;
  if (!grammar) return null;
  return toHast(Prism.tokenize(code, grammar) as PrismToken[]);
}

/** rehype plugin: tokenizes `pre > code.language-*` in place. */
export function rehypePrism() {
  return (tree: HastNode) => {
    const walk = (node: HastNode) => {
      for (const child of childrenOf(node)) {
        if (node.type === 'element' && (node as HastElement).tagName === 'pre' && child.type === 'element' && (child as HastElement).tagName === 'code') {
          const code = child as HastElement;
          const language = classes(code).find((c) => c.startsWith('language-'))?.slice('language-'.length);
          const highlighted = language ? highlightToHast(textOf(code), language) : null;
          if (highlighted) code.children = highlighted;
        } else {
          walk(child);
        }
      }
    };
    walk(tree);
  };
}
