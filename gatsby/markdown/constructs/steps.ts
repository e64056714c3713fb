/** Steps (../steps.ts): a `:::steps` ordered list, numbered and joined by a line in CSS. */
import { css } from '@emotion/react';
import { remarkSteps, stepsToHast, stepsToMarkdown, type StepsNode } from '../steps';
import { c } from '../../../src/theme/tokens';
import type { ContentConstruct } from './types';

export const steps: ContentConstruct = {
  name: 'steps',
  // Before callouts take the other `:::` containers (./callouts.ts).
  parse: [{ order: 50, use: () => remarkSteps }],
  hast: { steps: stepsToHast },
  markdown: { steps: (node: StepsNode, convert) => stepsToMarkdown(node, convert) },
  // An ordered list, its numbers drawn as circles joined by a line.
  styles: css`
    ol.steps {
      list-style: none;
      padding-left: 0;
      counter-reset: step;
    }
    ol.steps > li {
      counter-increment: step;
      position: relative;
      padding-left: 2.6em;
      padding-bottom: 0.4em;
      margin: 0;
    }
    ol.steps > li::before {
      content: counter(step);
      position: absolute;
      left: 0;
      top: 0.1em;
      width: 1.8em;
      height: 1.8em;
      line-height: 1.8em;
      border-radius: 50%;
      text-align: center;
      font-size: 0.9em;
      font-weight: 650;
      color: ${c('onPrimary')};
      background: ${c('primary')};
    }
    ol.steps > li:not(:last-child)::after {
      content: '';
      position: absolute;
      left: calc(0.81em - 1px);
      top: 2em;
      bottom: 0;
      border-left: 2px solid ${c('border')};
    }
    ol.steps > li > p:first-child {
      font-weight: 650;
    }
  `,
  // Numbered circles drawn in CSS: colours of their own.
  audit: [{ feature: 'steps', pattern: /<ol class="steps"/ }],
  example: [':::steps', '1. 安装依赖', '', '   ```bash', '   npm install', '   ```', '', '2. 启动预览', ':::', ''].join('\n'),
};
