/**
 * 复制本节: one section of a page's Markdown version, found by its heading's text as the page shows it.
 * The section runs from its heading to the next heading of the same or a higher level (fenced code
 * is skipped, so a `#` comment in code is no heading). Pure: the browser fetches the Markdown version on click.
 */

/** Heading text as the page shows it: Markdown's inline marks and link targets dropped, spaces folded. */
export function plainHeading(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_~]/g, '')
    .replace(/\\(.)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The Markdown of the section under the h2/h3 whose text is `heading` (its first match), or null. */
export function markdownSection(markdown: string, heading: string, level: 2 | 3): string | null {
  const lines = markdown.split('\n');
  const wanted = plainHeading(heading);
  let fence: string | null = null;
  let start = -1;
  let end = lines.length;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] as string;
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const depth = (h[1] as string).length;
    if (start < 0) {
      if (depth === level && plainHeading(h[2] as string) === wanted) start = i;
    } else if (depth <= level) {
      end = i;
      break;
    }
  }
  if (start < 0) return null;
  return `${lines.slice(start, end).join('\n').trim()}\n`;
}
