/**
 * 复制本节 (the button after each h2/h3 of a body, added by Markdown.tsx), loaded on first use:
 * fetches the page's Markdown version (its address is on the 复制 Markdown button) and copies the
 * section under that heading (src/lib/markdown/section.ts).
 */
import { COPY_SECTION_LABEL, COPIED_SECTION_STATUS } from '../../lib/markdown/copy-labels';
import { markdownSection } from '../../lib/markdown/section';
import { confirm, copyFetched, copyText } from './copy-code';

/** Without a Markdown version (an unlisted page): the section's text as shown, heading to the next h2/h3 of its level or higher. */
function shownText(heading: Element, level: number): string {
  const parts = [(heading.textContent ?? '').replace(/#$/, '').trim()];
  for (let node = heading.nextElementSibling; node; node = node.nextElementSibling) {
    const depth = /^H([1-6])$/.exec(node.tagName)?.[1];
    if (depth && Number(depth) <= level) break;
    if (!node.classList.contains('copy-section')) parts.push((node as HTMLElement).innerText.trim());
  }
  return parts.filter(Boolean).join('\n\n');
}

export async function handle(_event: Event, button: HTMLElement): Promise<void> {
  const heading = button.previousElementSibling;
  const markdownUrl = document.querySelector<HTMLElement>('[data-copy-markdown]')?.dataset.copyMarkdown;
  if (!heading || !/^H[23]$/.test(heading.tagName)) return;
  const text = Array.from(heading.childNodes)
    .filter((node) => !(node instanceof Element && node.classList.contains('heading-anchor')))
    .map((node) => node.textContent ?? '')
    .join('');
  const level = heading.tagName === 'H2' ? 2 : 3;
  const region = document.querySelector('.markdown-links [role="status"]');
  const ok = markdownUrl ? await copyFetched(markdownUrl, (markdown) => markdownSection(markdown, text, level)) : await copyText(shownText(heading, level));
  confirm(button, ok, COPY_SECTION_LABEL, region ? { region, done: COPIED_SECTION_STATUS } : null);
}
