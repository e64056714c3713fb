/**
 * Tabs in content, in the browser (loaded with import() only on pages that have them, see
 * Markdown.tsx). The HTML comes from the build (gatsby/markdown/tabs.ts): every panel under its
 * label, the tab buttons beside them. This makes each tab set the WAI-ARIA tabs pattern: roles,
 * aria-selected/-controls, roving tabindex, Left/Right/Home/End (the focused tab is shown), tab
 * sets with the same groupId switch together and the choice is remembered in localStorage (when
 * storage throws, the page still works for the open page). A link to a heading inside a hidden
 * panel shows that panel.
 */
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage';
import { initialTab, parseTabChoices, tabIndexForKey, TABS_ATTRIBUTE, TABS_READY, withTabChoice } from '../../lib/tabs';

interface TabSet {
  root: HTMLElement;
  tabs: HTMLButtonElement[];
  panels: HTMLElement[];
}

let sets = 0;

function tabSet(root: HTMLElement): TabSet {
  const tabs = Array.from(root.querySelectorAll<HTMLButtonElement>(':scope > .tab-list > .tab'));
  const panels = Array.from(root.querySelectorAll<HTMLElement>(':scope > .tab-panel'));
  return { root, tabs, panels };
}

/** Shows the tab of `value` in one set (if it has it); true when it did. */
function show({ tabs, panels }: TabSet, value: string, focus = false): boolean {
  if (!tabs.some((tab) => tab.dataset.value === value)) return false;
  tabs.forEach((tab, i) => {
    const selected = tab.dataset.value === value;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    const panel = panels[i];
    if (panel) panel.hidden = !selected;
    if (selected && focus) tab.focus();
  });
  return true;
}

function enhance(root: HTMLElement): void {
  const set = tabSet(root);
  const id = `tabs-${(sets += 1)}`;
  root.querySelector(':scope > .tab-list')?.setAttribute('role', 'tablist');
  set.tabs.forEach((tab, i) => {
    const panel = set.panels[i];
    tab.id = `${id}-tab-${i}`;
    tab.setAttribute('role', 'tab');
    if (!panel) return;
    panel.id = `${id}-panel-${i}`;
    tab.setAttribute('aria-controls', panel.id);
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', tab.id);
    panel.tabIndex = 0;
  });
  const values = set.tabs.map((tab) => tab.dataset.value ?? '');
  const fallback = set.tabs.find((tab) => tab.hasAttribute('data-default'))?.dataset.value ?? values[0] ?? '';
  const group = root.getAttribute(TABS_ATTRIBUTE);
  const remembered = group ? parseTabChoices(readStorage(STORAGE_KEYS.tabChoices))[group] : undefined;
  show(set, initialTab(values, fallback, remembered ?? null));
  root.setAttribute(TABS_READY, '');
}

/** The reader picked `tab`: its set shows it, and so does every set of its group on the page, remembered. */
function choose(tab: HTMLButtonElement, focus: boolean): void {
  const root = tab.closest<HTMLElement>(`[${TABS_READY}]`);
  const value = tab.dataset.value;
  if (!root || value === undefined) return;
  // Sets above may change height: keep the tab the reader is using where it was on the screen.
  const before = tab.getBoundingClientRect().top;
  show(tabSet(root), value, focus);
  const group = root.getAttribute(TABS_ATTRIBUTE);
  if (group) {
    writeStorage(STORAGE_KEYS.tabChoices, withTabChoice(readStorage(STORAGE_KEYS.tabChoices), group, value));
    document.querySelectorAll<HTMLElement>(`[${TABS_READY}]`).forEach((other) => {
      if (other !== root && other.getAttribute(TABS_ATTRIBUTE) === group) show(tabSet(other), value);
    });
  }
  const moved = tab.getBoundingClientRect().top - before;
  if (moved) window.scrollBy(0, moved);
}

function onClick(event: Event): void {
  const tab = (event.target as Element | null)?.closest<HTMLButtonElement>('[role="tab"]');
  if (tab) choose(tab, false);
}

function onKeyDown(event: KeyboardEvent): void {
  const tab = (event.target as Element | null)?.closest<HTMLButtonElement>('[role="tab"]');
  const root = tab?.closest<HTMLElement>(`[${TABS_READY}]`);
  if (!tab || !root) return;
  const { tabs } = tabSet(root);
  const next = tabIndexForKey(event.key, tabs.indexOf(tab), tabs.length);
  if (next === null) return;
  event.preventDefault();
  choose(tabs[next] as HTMLButtonElement, true);
}

/** A link to something inside a hidden panel (a heading in a tab) shows that panel first. */
function revealTarget(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  const panel = id ? document.getElementById(id)?.closest<HTMLElement>('[role="tabpanel"][hidden]') : null;
  const tab = panel ? document.getElementById(panel.getAttribute('aria-labelledby') ?? '') : null;
  if (!panel || !(tab instanceof HTMLButtonElement)) return;
  const root = panel.closest<HTMLElement>(`[${TABS_READY}]`);
  if (root && tab.dataset.value !== undefined) show(tabSet(root), tab.dataset.value);
  document.getElementById(id)?.scrollIntoView();
}

/** Makes every tab set under `container` a tab widget; returns what undoes the listeners. */
export function enhanceTabs(container: HTMLElement): () => void {
  container.querySelectorAll<HTMLElement>(`[${TABS_ATTRIBUTE}]:not([${TABS_READY}])`).forEach(enhance);
  container.addEventListener('click', onClick);
  container.addEventListener('keydown', onKeyDown);
  window.addEventListener('hashchange', revealTarget);
  revealTarget();
  return () => {
    container.removeEventListener('click', onClick);
    container.removeEventListener('keydown', onKeyDown);
    window.removeEventListener('hashchange', revealTarget);
  };
}
