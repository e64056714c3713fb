/**
 * Marks the words of a search on the page a result led to. Loaded with import() by
 * gatsby-browser.tsx only when the address carries `?highlight=` (src/lib/search/page-url.ts):
 * a page reached any other way loads nothing for it.
 *
 * Why a URL parameter and not Text Fragments (#:~:text=): the words to mark are the ones the
 * site's own search matched — Simplified for a Traditional query, every word of a synonym group,
 * the word a typo stood for — which the browser's exact-text matching cannot find; a fragment also
 * highlights only one passage. The parameter is taken out of the address bar as soon as the page
 * is marked (reload, bookmark and copy give the clean URL), and the canonical link never has it.
 *
 * Only the body (the static HTML in `.markdown`, which React never re-renders) is marked. A bar
 * fixed at the bottom of the window says how many places are marked and clears them; its button is
 * the first thing in the body in tab order.
 */
import { markRanges } from '../../lib/search/marks';
import { readMarks } from '../../lib/search/page-url';
import { MAIN_CONTENT_ID } from '../layout/SkipLink';

export const MARK_CLASS = 'search-mark';
export const BAR_CLASS = 'search-marks-bar';
export const CLEAR_LABEL = '清除标记';
/** A page with more occurrences marks the first ones only. */
export const MAX_MARKS = 300;

/** Elements whose text is not the reader's (controls, anchors, code block headers) or is already marked. */
const SKIP = 'script, style, svg, button, mark, .heading-anchor, .code-header, [aria-hidden="true"]';

export function clearMarks(root: ParentNode = document): void {
  root.querySelectorAll(`.${BAR_CLASS}`).forEach((bar) => bar.remove());
  root.querySelectorAll(`mark.${MARK_CLASS}`).forEach((mark) => {
    const parent = mark.parentNode;
    mark.replaceWith(...mark.childNodes);
    parent?.normalize();
  });
}

/** Wraps each occurrence of the words in `root`'s text in <mark>; returns the words as the page spells them, in order of first occurrence, and how many places. */
export function markWords(root: Element, terms: string[]): { words: string[]; count: number } {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.parentElement?.closest(SKIP) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const found: Array<{ node: Text; ranges: Array<[number, number]> }> = [];
  let count = 0;
  for (let node = walker.nextNode(); node && count < MAX_MARKS; node = walker.nextNode()) {
    const ranges = markRanges(node.nodeValue ?? '', terms).slice(0, MAX_MARKS - count);
    if (ranges.length) found.push({ node: node as Text, ranges });
    count += ranges.length;
  }
  const words = new Set<string>();
  for (const { node, ranges } of found) for (const [start, end] of ranges) words.add((node.nodeValue ?? '').slice(start, end));
  for (const { node, ranges } of found) {
    // From the last range back, so the earlier offsets stay valid as the node is split.
    for (const [start, end] of [...ranges].reverse()) {
      const word = node.splitText(start);
      word.splitText(end - start);
      const mark = document.createElement('mark');
      mark.className = MARK_CLASS;
      word.replaceWith(mark);
      mark.appendChild(word);
    }
  }
  return { words: [...words], count: Math.min(count, MAX_MARKS) };
}

const quoted = (words: string[]) =>
  words
    .slice(0, 3)
    .map((t) => `“${t}”`)
    .join('');

/** The bar: what is marked and the button that clears it. */
function addBar(root: Element, { words, count }: { words: string[]; count: number }): void {
  const bar = document.createElement('div');
  bar.className = BAR_CLASS;
  bar.setAttribute('role', 'group');
  bar.setAttribute('aria-label', '搜索词标记');
  const text = document.createElement('span');
  text.textContent = `已标出${quoted(words)}${words.length > 3 ? '等' : ''}共 ${count} 处`;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = CLEAR_LABEL;
  button.addEventListener('click', () => {
    clearMarks(root);
    // The button is gone: keep keyboard focus in the content rather than on <body>.
    (document.getElementById(MAIN_CONTENT_ID) ?? (root as HTMLElement)).focus({ preventScroll: true });
  });
  bar.append(text, button);
  root.prepend(bar);
}

/** Marks the page's body with the words in the address, then takes them out of the address. */
export function markArrival(): void {
  const { terms, rest } = readMarks(window.location.search);
  if (terms.length === 0) return;
  // The same history entry, without the words: Back, reload and a copied address stay clean.
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest}${window.location.hash}`);
  const root = document.querySelector('main .markdown');
  if (!root) return;
  clearMarks(root);
  const marked = markWords(root, terms);
  if (marked.count > 0) addBar(root, marked);
}
