/**
 * A rendered page (the static HTML of gatsby/markdown/render.ts) cut into its search sections:
 * the text before the first heading, then one section per h2/h3 with the heading's id exactly as
 * the page and its table of contents have it (rehype-slug ran on that very HTML). Text is what a
 * reader sees: tags and entities resolved, heading anchors and copy buttons left out; code blocks
 * contribute only their identifiers (BINDER_WRITE_READ, onTransact, file_hash_module.py).
 */

export interface PageSection {
  /** Heading id, or null for the text before the first h2/h3. */
  id: string | null;
  heading: string;
  depth: 0 | 2 | 3;
  text: string;
  /** Identifiers found in the section's code blocks, space-separated. */
  code: string;
}

const TAG_OR_TEXT = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|<!--[\s\S]*?-->|([^<]+)/g;
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const BLOCK = new Set(['p', 'li', 'td', 'th', 'tr', 'div', 'br', 'pre', 'blockquote', 'aside', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'figcaption', 'summary', 'details', 'table']);
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return NAMED[code.toLowerCase()] ?? whole;
  });
}

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(attrs);
  return m ? decodeEntities(m[1] as string) : undefined;
}

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

export function sectionsFromHtml(html: string): PageSection[] {
  const sections: PageSection[] = [];
  let current = { id: null as string | null, heading: '', depth: 0 as 0 | 2 | 3, text: '', code: '' };
  /** Inside the h2/h3 being read, and how deep into elements we are that contribute nothing. */
  let inHeading: 'h2' | 'h3' | null = null;
  let skipDepth = 0;
  let skipTag = '';
  let preDepth = 0;
  const finish = () => {
    const code = codeIdentifiers(current.code).join(' ');
    sections.push({ id: current.id, heading: squash(current.heading), depth: current.depth, text: squash(current.text), code });
  };
  for (const m of html.matchAll(TAG_OR_TEXT)) {
    const [, closing, rawName, attrs = '', text] = m;
    if (text !== undefined) {
      if (skipDepth) continue;
      const value = decodeEntities(text);
      if (preDepth) current.code += value;
      else if (inHeading) current.heading += value;
      else current.text += value;
      continue;
    }
    if (!rawName) continue; // a comment
    const name = rawName.toLowerCase();
    if (skipDepth) {
      if (name === skipTag && !VOID.has(name)) skipDepth += closing ? -1 : attrs.trimEnd().endsWith('/') ? 0 : 1;
      continue;
    }
    if (!closing && !VOID.has(name) && (name === 'button' || name === 'script' || name === 'style' || name === 'svg' || (name === 'a' && /heading-anchor/.test(attr(attrs, 'class') ?? '')) || (name === 'div' && /code-header/.test(attr(attrs, 'class') ?? '')))) {
      skipTag = name;
      skipDepth = 1;
      continue;
    }
    if ((name === 'h2' || name === 'h3') && !closing) {
      const id = attr(attrs, 'id');
      if (id) {
        finish();
        current = { id, heading: '', depth: name === 'h2' ? 2 : 3, text: '', code: '' };
        inHeading = name;
        continue;
      }
    }
    if (inHeading && closing && name === inHeading) {
      inHeading = null;
      continue;
    }
    if (name === 'pre') {
      preDepth += closing ? -1 : 1;
      current.code += ' ';
    }
    if (BLOCK.has(name)) {
      if (inHeading) current.heading += ' ';
      else current.text += ' ';
    }
  }
  finish();
  return sections.filter((s, i) => i > 0 || s.text || s.code);
}
