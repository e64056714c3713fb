/**
 * Where the reader is on a page (browser only): the h2/h3 a node of the body sits under or, with no
 * node, the last heading scrolled past the top of the window (below the sticky navbar). Used by the
 * 纠错 link (components/mdx/report-issue-refresh.ts).
 */

const HEADINGS = 'article h2[id], article h3[id]';
/** Below the sticky navbar: a heading above this line has been scrolled past. */
const TOP_LINE = 96;

/** A heading's text without its anchor icon and the 复制本节 button's words, and its id. */
function headingOf(element: Element): { text: string; id: string } {
  const clone = element.cloneNode(true) as Element;
  clone.querySelectorAll('button, [aria-hidden="true"]').forEach((node) => node.remove());
  return { text: (clone.textContent ?? '').trim(), id: element.id };
}

export function headingAt(doc: Document, node: Node | null): { text: string; id: string } | undefined {
  const headings = Array.from(doc.querySelectorAll(HEADINGS));
  const under = node
    ? headings.filter((h) => h === node || h.contains(node) || Boolean(h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)).pop()
    : headings.filter((h) => h.getBoundingClientRect().top <= TOP_LINE).pop();
  return under ? headingOf(under) : undefined;
}
