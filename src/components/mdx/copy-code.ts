import { COPIED_ANNOUNCEMENT, COPIED_TEXT, COPY_FAILED_TEXT, COPY_LABEL } from '../../lib/markdown/copy-labels';
import { COPIED_MARKDOWN_STATUS, COPY_MARKDOWN_LABEL } from '../../lib/markdown-path';

/** Copies through a hidden textarea's selection: synchronous, so it still works in a click that opens a new tab. */
export function copyBySelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  return ok;
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API blocked (insecure origin, permissions): fall back to a hidden textarea.
    return copyBySelection(text);
  }
}

/** The text at a URL (a page's Markdown version), or the part of it `pick` returns (null: nothing to copy), copied. */
export async function copyFetched(url: string, pick: (text: string) => string | null = (t) => t): Promise<boolean> {
  const text = fetch(url)
    .then((response) => (response.ok ? response.text() : Promise.reject(new Error(String(response.status)))))
    .then((t) => pick(t) ?? Promise.reject(new Error('not found')));
  // Safari only copies within the click: hand the clipboard a promise of the text.
  if (typeof ClipboardItem !== 'undefined' && navigator.clipboard?.write) {
    try {
      await navigator.clipboard.write([new ClipboardItem({ 'text/plain': text.then((t) => new Blob([t], { type: 'text/plain' })) })]);
      return true;
    } catch {
      /* fall back to copying the text itself */
    }
  }
  try {
    return await copyText(await text);
  } catch {
    return false;
  }
}

const resetTimers = new WeakMap<HTMLElement, number>();

/** The copy result on the button's label for 2 s, and in a live region (`status`: what it says on success) when one is given. */
export function confirm(button: HTMLElement, ok: boolean, idle: string, status?: { region: Element; done: string } | null): void {
  const label = button.querySelector('span') ?? button;
  label.textContent = ok ? COPIED_TEXT : COPY_FAILED_TEXT;
  if (status) status.region.textContent = ok ? status.done : COPY_FAILED_TEXT;
  window.clearTimeout(resetTimers.get(button));
  resetTimers.set(
    button,
    window.setTimeout(() => {
      label.textContent = idle;
      if (status) status.region.textContent = '';
    }, 2000),
  );
}

/**
 * What a code block's copy button copies (gatsby/markdown/code-meta.ts decides, the HTML carries
 * it): the code as shown, without the last line break; with line marks, its lines but those
 * marked data-no-copy (removed lines of a diff-<lang>). Line numbers and markers are CSS, not text.
 */
function codeToCopy(code: Element): string {
  const lines = code.querySelectorAll('.code-line');
  if (!lines.length) return (code.textContent ?? '').replace(/\n$/, '');
  return Array.from(lines, (line) => (line.hasAttribute('data-no-copy') ? null : (line.textContent ?? '')))
    .filter((line): line is string => line !== null)
    .join('\n');
}

/** Delegated click handler for the copy buttons of build-time code blocks (gatsby/markdown/code-blocks.ts). */
export async function copyCodeOnClick(event: Event): Promise<void> {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy-button]');
  const code = button?.closest('.code-block')?.querySelector('pre code');
  if (!button || !code) return;
  const region = button.parentElement?.querySelector('[data-copy-status]');
  confirm(button, await copyText(codeToCopy(code)), COPY_LABEL, region ? { region, done: COPIED_ANNOUNCEMENT } : null);
}

/** The 复制 Markdown button (components/mdx/MarkdownLinks.tsx): copies the page's Markdown version at data-copy-markdown. */
export async function copyMarkdownOnClick(event: { currentTarget: HTMLButtonElement }): Promise<void> {
  const button = event.currentTarget;
  const url = button.dataset.copyMarkdown;
  if (!url) return;
  const region = button.parentElement?.querySelector('[role="status"]');
  confirm(button, await copyFetched(url), COPY_MARKDOWN_LABEL, region ? { region, done: COPIED_MARKDOWN_STATUS } : null);
}
