/**
 * A rendered page (the static HTML of gatsby/markdown/render.ts) cut into its search sections:
 * the text before the first heading, then one section per h2/h3 with the heading's id exactly as
 * the page and its table of contents have it (headings.ts gave them on that very HTML). Text is what a
 * reader sees: tags and entities resolved, controls left out, and what the content constructs say
 * (searchText in gatsby/markdown/constructs): heading anchors and drawings left out, code blocks
 * contributing only their identifiers (BINDER_WRITE_READ, onTransact, file_hash_module.py). It reads
 * the hast tree (the renderer's own, or the page data's HTML parsed by parse5, the HTML parser
 * rehype itself uses: gatsby/markdown/html-tree.ts): no pattern matching on HTML.
 */
import type { Element, Root } from 'hast';
import type { PageSection } from '../../src/lib/types/page-section';
import { SEARCH_TEXT } from '../markdown/constructs';
import type { ElementMatch } from '../markdown/constructs/types';
import { htmlTree } from '../markdown/html-tree';

const BLOCK = new Set(['p', 'li', 'td', 'th', 'tr', 'div', 'br', 'pre', 'blockquote', 'aside', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'figcaption', 'summary', 'details', 'table']);
/** Elements whose text a reader does not read as the page's: controls, scripts (and what the content constructs leave out). */
const SKIPPED = new Set(['button', 'script', 'style']);

/** Element matches by tag name: the classes that make one (empty: any element of the tag). */
function byTag(matches: readonly ElementMatch[]): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  for (const { tag, className } of matches) out.set(tag, [...(out.get(tag) ?? []), className ?? '']);
  return out;
}

const CONSTRUCT_SKIPPED = byTag(SEARCH_TEXT.skip);
const CODE = byTag(SEARCH_TEXT.code);

const matches = (rules: ReadonlyMap<string, readonly string[]>, tag: string, cls: readonly string[]) => rules.get(tag)?.some((name) => name === '' || cls.includes(name)) ?? false;

/** The renderer's tree with the HTML it holds as raw nodes (allowDangerousHtml) parsed into elements. */
function withoutRaw<T extends Root | Element>(node: T): T {
  return {
    ...node,
    children: node.children.flatMap((child) => {
      const type = (child as { type: string }).type;
      if (type === 'raw') return htmlTree((child as unknown as { value: string }).value).children;
      return child.type === 'element' ? [withoutRaw(child)] : [child];
    }),
  } as T;
}

const classes = (node: Element): string[] => {
  const value = node.properties?.className;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/\s+/) : [];
};

/** Identifier-looking words of code: with `_`, `.` between words or an inner capital (not plain words). */
export function codeIdentifiers(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*/g)) {
    const word = m[0].replace(/^[_$]+|[_$]+$/g, '');
    if (word.length >= 4 && (/[a-z][A-Z]/.test(word) || /[A-Za-z0-9]_[A-Za-z0-9]/.test(word) || /\w\.\w/.test(word))) found.add(word);
  }
  return [...found];
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The h2/h3 ids of a page, in order. */
export function headingIds(tree: Root): string[] {
  const ids: string[] = [];
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type !== 'element') continue;
      const id = child.properties?.id;
      if ((child.tagName === 'h2' || child.tagName === 'h3') && typeof id === 'string' && id) ids.push(id);
      walk(child);
    }
  };
  walk(tree);
  return ids;
}

/**
 * A rendered page's hast tree cut into sections. HTML the tree still holds as raw nodes (allowed
 * by the renderer) is parsed first, so the renderer's own tree and its HTML parsed again (the
 * page data `gatsby build` wrote) give the same sections.
 */
export function sectionsFromTree(input: Root): PageSection[] {
  const tree = withoutRaw(input);
  const sections: PageSection[] = [];
  let current: PageSection = { id: null, heading: '', depth: 0, text: '', code: '' };
  let target: 'text' | 'heading' | 'code' = 'text';
  const finish = () => {
    sections.push({ id: current.id, heading: squash(current.heading), depth: current.depth, text: squash(current.text), code: codeIdentifiers(current.code).join(' ') });
  };
  const walk = (node: Root | Element) => {
    for (const child of node.children) {
      if (child.type === 'text') {
        current[target] += child.value;
        continue;
      }
      if (child.type !== 'element') continue;
      const name = child.tagName;
      const cls = classes(child);
      if (SKIPPED.has(name) || matches(CONSTRUCT_SKIPPED, name, cls)) continue;
      const id = child.properties?.id;
      if ((name === 'h2' || name === 'h3') && typeof id === 'string' && id && target === 'text') {
        finish();
        current = { id, heading: '', depth: name === 'h2' ? 2 : 3, text: '', code: '' };
        target = 'heading';
        walk(child);
        target = 'text';
        continue;
      }
      const block = BLOCK.has(name);
      const space = () => {
        if (block) current[target === 'code' ? 'text' : target] += ' ';
      };
      space();
      if (matches(CODE, name, cls)) {
        current.code += ' ';
        const outer = target;
        target = 'code';
        walk(child);
        target = outer;
        current.code += ' ';
      } else {
        walk(child);
      }
      space();
    }
  };
  walk(tree);
  finish();
  return sections.filter((s, i) => i > 0 || s.text || s.code);
}

/** sectionsFromTree of a page's HTML. */
export function sectionsFromHtml(html: string): PageSection[] {
  return sectionsFromTree(htmlTree(html));
}
