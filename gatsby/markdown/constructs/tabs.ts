/**
 * Tabs (../tabs.ts): Docusaurus's <Tabs>/<TabItem>. Readable without JavaScript; the WAI-ARIA
 * behaviour loads only on pages that have tabs.
 */
import { remarkTabs, tabsToHast, tabsToTwin, type TabsNode } from '../tabs';
import type { ContentConstruct } from './types';

export const tabs: ContentConstruct = {
  name: 'tabs',
  parse: [{ order: 70, use: () => remarkTabs }],
  hast: { tabs: tabsToHast },
  twin: { tabs: (node: TabsNode, convert) => [tabsToTwin(node, convert)] },
  behaviour: 'src/components/mdx/tabs.ts',
  // The script turns them into a WAI-ARIA tab widget.
  audit: [{ feature: 'tabs', pattern: /class="tabs" data-tabs=/ }],
  example: ['<Tabs groupId="os">', '<TabItem value="mac" label="macOS">', '', '用 Homebrew 安装。', '', '</TabItem>', '<TabItem value="linux" label="Linux">', '', '用 apt 安装。', '', '</TabItem>', '</Tabs>', ''].join(
    '\n',
  ),
};
