import { COPIED_ANNOUNCEMENT, COPIED_TEXT, COPY_FAILED_TEXT, COPY_LABEL } from '../../lib/markdown/code-blocks';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Clipboard API blocked (insecure origin, permissions): fall back to a hidden textarea.
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
}

const resetTimers = new WeakMap<HTMLElement, number>();

/** Delegated click handler for the copy buttons of build-time code blocks (src/lib/markdown/code-blocks.ts). */
export async function copyCodeOnClick(event: Event): Promise<void> {
  const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-copy-button]');
  const code = button?.closest('.code-block')?.querySelector('pre code');
  if (!button || !code) return;
  const ok = await copyText((code.textContent ?? '').replace(/\n$/, ''));
  const status = button.parentElement?.querySelector('[data-copy-status]');
  button.textContent = ok ? COPIED_TEXT : COPY_FAILED_TEXT;
  if (status) status.textContent = ok ? COPIED_ANNOUNCEMENT : COPY_FAILED_TEXT;
  window.clearTimeout(resetTimers.get(button));
  resetTimers.set(
    button,
    window.setTimeout(() => {
      button.textContent = COPY_LABEL;
      // Emptied, so that the next copy is announced again.
      if (status) status.textContent = '';
    }, 2000),
  );
}
