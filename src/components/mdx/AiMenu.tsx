import type { KeyboardEvent, MouseEvent } from 'react';
import { AI_MENU_LABEL } from '../../lib/markdown/copy-labels';

/** Click, Enter, Space or ↓/↑ on the button: the menu's code (./ai-menu.ts) loads then, not before. */
function use(event: MouseEvent<HTMLButtonElement> | KeyboardEvent<HTMLButtonElement>) {
  const key = 'key' in event ? event.key : '';
  if (event.type === 'keydown' && key !== 'ArrowDown' && key !== 'ArrowUp') return;
  event.preventDefault();
  const button = event.currentTarget;
  void import(/* webpackChunkName: "page-actions" */ './ai-menu').then((m) => m.activate(button, key));
}

/**
 * 在 AI 中打开: a WAI-ARIA menu button. Its items, real links to the assistants (src/lib/assistants.ts),
 * and its behaviour come with ./ai-menu.ts on the button's first use, so pages whose readers never
 * open it load nothing more. The button needs JavaScript (hidden without it, like 复制 Markdown); the page's
 * title and Markdown version come from the page (its h1, the 复制 Markdown button's address).
 */
export function AiMenu() {
  return (
    <span className="ai-menu">
      <button type="button" className="copy-button" id="ai-menu-button" aria-haspopup="menu" aria-expanded="false" aria-controls="ai-menu" onClick={use} onKeyDown={use}>
        <span>{AI_MENU_LABEL}</span>
      </button>
      <ul role="menu" id="ai-menu" aria-labelledby="ai-menu-button" hidden />
    </span>
  );
}
