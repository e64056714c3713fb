/**
 * Tabs (../tabs.ts): Docusaurus's <Tabs>/<TabItem>. Readable without JavaScript; the WAI-ARIA
 * behaviour loads only on pages that have tabs.
 */
import { css } from '@emotion/react';
import { remarkTabs, tabsToHast, tabsToMarkdown, type TabsNode } from '../tabs';
import { c } from '../../../src/theme/tokens';
import type { ContentConstruct } from './types';

export const tabs: ContentConstruct = {
  name: 'tabs',
  parse: [{ order: 70, use: () => remarkTabs }],
  hast: { tabs: tabsToHast },
  markdown: { tabs: (node: TabsNode, convert) => [tabsToMarkdown(node, convert)] },
  behaviour: 'src/components/mdx/tabs.ts',
  /*
   * Without JavaScript every panel shows under its label and the buttons are hidden. With it, the
   * buttons show and only the default panel, before the script arrives, so nothing jumps when it
   * does (a remembered choice is shown from the start by the head script, src/lib/head-script.ts).
   */
  styles: css`
    .tabs {
      margin: 0 0 1.2em;
    }
    .tab-list {
      display: flex;
      flex-wrap: wrap;
      gap: 2px;
      margin: 0 0 0.9em;
      border-bottom: 1px solid ${c('border')};
    }
    .tab {
      font: inherit;
      font-size: 0.95em;
      line-height: 1.5;
      margin: 0 0 -1px;
      padding: 6px 14px;
      border: 0;
      border-bottom: 2px solid transparent;
      border-radius: 6px 6px 0 0;
      background: none;
      color: ${c('textSoft')};
      cursor: pointer;
    }
    .tab:hover {
      color: ${c('text')};
      background: ${c('bgSoft')};
    }
    .tab[aria-selected='true'],
    .tabs:not([data-tabs-ready]) > .tab-list > .tab[data-default] {
      color: ${c('primary')};
      border-bottom-color: ${c('primary')};
    }
    .tab:focus-visible {
      outline: 2px solid ${c('focus')};
      outline-offset: -2px;
    }
    .tab-label {
      font-weight: 650;
      margin: 0 0 0.4em;
    }
    .tab-panel > :last-child {
      margin-bottom: 0;
    }
    .tab-panel:focus-visible {
      outline: 2px solid ${c('focus')};
      outline-offset: 4px;
      border-radius: 2px;
    }
    html:not([data-js]) & .tab-list,
    html[data-js] & .tab-label,
    html[data-js] & .tabs:not([data-tabs-ready]) > .tab-panel:not([data-default]),
    .tab-panel[hidden] {
      display: none;
    }
    html:not([data-js]) & .tab-panel + .tab-panel {
      margin-top: 1em;
    }
  `,
  // The script turns them into a WAI-ARIA tab widget.
  audit: [{ feature: 'tabs', pattern: /class="tabs" data-tabs=/ }],
  example: ['<Tabs groupId="os">', '<TabItem value="mac" label="macOS">', '', '用 Homebrew 安装。', '', '</TabItem>', '<TabItem value="linux" label="Linux">', '', '用 apt 安装。', '', '</TabItem>', '</Tabs>', ''].join(
    '\n',
  ),
};
