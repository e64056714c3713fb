/**
 * Heading ids as the renderer makes them (headings.ts), from the same github-slugger: lower-case,
 * punctuation and symbols removed, spaces turned into "-", Chinese kept: "概述" → "概述",
 * "Get Start!" → "get-start". Repeated headings on one page get "-1", "-2" … The link checker
 * reads them from the Markdown source, before anything is rendered.
 */
import GithubSlugger, { slug } from 'github-slugger';

export { slug as slugifyHeading };

/** Text of the markdown headings (levels 2–6) outside fenced code, in order, with the id written as `{#id}` (heading-ids.ts) if any. */
export function markdownHeadings(markdown: string): Array<{ depth: number; text: string; id?: string }> {
  const headings: Array<{ depth: number; text: string; id?: string }> = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const fenceMatch = /^\s*(```+|~~~+)/.exec(line);
    if (fenceMatch) {
      const marker = (fenceMatch[1] as string).slice(0, 3);
      if (fence === null) fence = marker;
      else if (fence === marker) fence = null;
      continue;
    }
    if (fence) continue;
    const m = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const explicit = /^(.*?)\s+\{#([^\s{}]+)\}$/.exec(m[2] as string);
    if (explicit) headings.push({ depth: (m[1] as string).length, text: plainText(explicit[1] as string), id: explicit[2] as string });
    else headings.push({ depth: (m[1] as string).length, text: plainText(m[2] as string) });
  }
  return headings;
}

/**
 * Strips inline markdown so the text matches what the reader sees (and what the id is made of).
 * Code spans are kept as written (`BINDER_WRITE_READ` keeps its underscores); `_` and `__` are
 * emphasis only at word edges, as in CommonMark.
 */
export function plainText(inline: string): string {
  return inline
    .split(/(`+[^`]*`+)/)
    .map((part, i) =>
      i % 2 === 1
        ? part.replace(/^`+|`+$/g, '')
        : part
            .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
            .replace(/(\*\*|\*|~~)(.+?)\1/g, '$2')
            .replace(/(^|[^\p{L}\p{N}_])(__|_)(.+?)\2(?![\p{L}\p{N}_])/gu, '$1$3')
            .replace(/\\([\\`*_{}[\]()#+\-.!<>])/g, '$1'),
    )
    .join('')
    .trim();
}

export function headingIds(markdown: string): string[] {
  const slugger = new GithubSlugger();
  // Like the renderer: a heading with an id of its own does not take a slug (nor count towards "-1" …).
  return markdownHeadings(markdown).map((h) => h.id ?? slugger.slug(h.text));
}
