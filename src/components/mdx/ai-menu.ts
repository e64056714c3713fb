/**
 * Behaviour of the 在 AI 中打开 menu button (AiMenu.tsx), loaded on first use: the WAI-ARIA menu
 * button pattern (Enter, Space or ↓ open on the first item, ↑ on the last; ↑/↓ wrap, Home/End,
 * a letter jumps to the next item starting with it; Escape closes and returns to the button; Tab
 * and a click outside close), and for assistants whose address cannot carry the prompt, the prompt
 * copied as the link opens the app (click, middle-click or Enter).
 */
import { siteConfig } from '../../config/site';
import { assistantLinks, PROMPT_COPIED_STATUS } from '../../lib/assistants';
import { copyBySelection } from './copy-code';

const wired = new WeakSet<HTMLElement>();

const menuOf = (button: HTMLElement) => document.getElementById(button.getAttribute('aria-controls') ?? '');
const itemsOf = (menu: HTMLElement) => Array.from(menu.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]'));

/** Copies within the reader's gesture, before the new tab takes the focus: the synchronous way first. */
function copyNow(text: string): void {
  let ok = false;
  try {
    ok = copyBySelection(text);
  } catch {
    ok = false;
  }
  if (!ok) void navigator.clipboard?.writeText(text).catch(() => undefined);
}

export function closeMenu(button: HTMLElement, returnFocus: boolean): void {
  const menu = menuOf(button);
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  button.setAttribute('aria-expanded', 'false');
  if (returnFocus) button.focus();
}

function wire(button: HTMLElement, menu: HTMLElement): void {
  if (wired.has(menu)) return;
  wired.add(menu);
  const status = button.closest('.markdown-links')?.querySelector('[role="status"]');
  menu.addEventListener('keydown', (event) => {
    const items = itemsOf(menu);
    const at = items.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      closeMenu(button, true);
    } else if (event.key === 'Tab') closeMenu(button, false);
    else if (event.key.length === 1 && /\S/.test(event.key)) {
      const key = event.key.toLowerCase();
      const order = [...items.slice(at + 1), ...items.slice(0, at + 1)];
      const next = order.find((item) => (item.firstChild?.textContent ?? '').trim().toLowerCase().startsWith(key));
      if (next) move(items.indexOf(next));
    }
  });
  const take = (event: MouseEvent) => {
    const item = (event.target as Element).closest<HTMLAnchorElement>('[role="menuitem"]');
    if (!item) return;
    const prompt = item.dataset.aiPrompt;
    if (prompt) {
      copyNow(prompt);
      if (status) status.textContent = PROMPT_COPIED_STATUS;
    }
    if (event.type === 'click') closeMenu(button, false);
  };
  menu.addEventListener('click', take);
  menu.addEventListener('auxclick', take);
  document.addEventListener('pointerdown', (event) => {
    const target = event.target as Node;
    if (!menu.contains(target) && !button.contains(target)) closeMenu(button, false);
  });
}

/** The menu's items, once: a real link per assistant (src/lib/assistants.ts), with what it does. */
function fill(button: HTMLElement, menu: HTMLElement): void {
  if (menu.childElementCount) return;
  // The Markdown version's address on the site's domain: the 复制 Markdown button holds its path (with the base URL).
  const markdownUrl = `${siteConfig.url}${button.closest('.markdown-links')?.querySelector<HTMLElement>('[data-copy-markdown]')?.dataset.copyMarkdown ?? ''}`;
  const title = (document.querySelector('article h1')?.textContent ?? document.title).trim();
  for (const link of assistantLinks(title, markdownUrl)) {
    const li = document.createElement('li');
    li.setAttribute('role', 'none');
    const a = document.createElement('a');
    a.setAttribute('role', 'menuitem');
    a.tabIndex = -1;
    a.href = link.href;
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    a.dataset.testid = 'ai-menu-item';
    if (link.copy) a.dataset.aiPrompt = link.copy;
    const note = document.createElement('small');
    note.textContent = link.note;
    a.append(link.name, note);
    li.appendChild(a);
    menu.appendChild(li);
  }
}

export function openMenu(button: HTMLElement, focus: 'first' | 'last' = 'first'): void {
  const menu = menuOf(button);
  if (!menu) return;
  fill(button, menu);
  wire(button, menu);
  menu.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  const items = itemsOf(menu);
  items[focus === 'last' ? items.length - 1 : 0]?.focus();
}

export function toggleMenu(button: HTMLElement): void {
  if (button.getAttribute('aria-expanded') === 'true') closeMenu(button, true);
  else openMenu(button, 'first');
}

/** The button's use (AiMenu.tsx): ↓ opens on the first item, ↑ on the last, a click (Enter, Space) toggles. */
export function activate(button: HTMLElement, key: string): void {
  if (key === 'ArrowDown' || key === 'ArrowUp') openMenu(button, key === 'ArrowUp' ? 'last' : 'first');
  else toggleMenu(button);
}
