/**
 * Callouts (../callouts.ts): `:::tip` fences, GitHub alerts and <Callout>, one `callout` node. The
 * `:::` container syntax read here (../directives.ts) is also what steps are written in (./steps.ts).
 */
import { css } from '@emotion/react';
import { calloutToHast, calloutToMarkdown, remarkCallouts, type CalloutNode } from '../callouts';
import { directiveSyntax, remarkDirective } from '../directives';
import { c } from '../../../src/theme/tokens';
import type { ContentConstruct } from './types';

export const callouts: ContentConstruct = {
  name: 'callouts',
  parse: [
    { order: 20, use: () => remarkDirective },
    { order: 30, use: () => directiveSyntax },
    // After steps (./steps.ts): every other container directive is a callout.
    { order: 60, use: () => remarkCallouts },
  ],
  hast: { callout: calloutToHast },
  markdown: { callout: (node: CalloutNode, convert) => [calloutToMarkdown(node, convert)] },
  styles: css`
    .callout {
      margin: 0 0 1.2em;
      padding: 0.8em 1em;
      border: 1px solid ${c('border')};
      border-left: 4px solid var(--callout-accent);
      border-radius: 6px;
      background: ${c('bgSoft')};
      > p:last-child {
        margin-bottom: 0;
      }
    }
    .callout-title {
      display: block;
      font-weight: 650;
      color: var(--callout-accent);
      margin-bottom: 0.3em;
    }
    /* One accent per kind (gatsby/markdown/callouts.ts); each title colour is in src/theme/contrast.ts. */
    .callout-note {
      --callout-accent: ${c('textSoft')};
    }
    .callout-info {
      --callout-accent: ${c('info')};
    }
    .callout-tip {
      --callout-accent: ${c('tip')};
    }
    .callout-important {
      --callout-accent: ${c('important')};
    }
    .callout-warning,
    .callout-caution {
      --callout-accent: ${c('warning')};
    }
    .callout-danger {
      --callout-accent: ${c('danger')};
    }
  `,
  audit: [{ feature: 'callout', pattern: /class="callout[\s"]/ }],
  example: [':::tip 先备份', '改配置前先复制一份。', ':::', '', '> [!WARNING]', '> 这一步不能撤销。', '', '<Callout type="info" title="背景">', '', '旧版本把配置写在别处。', '', '</Callout>', ''].join('\n'),
};
