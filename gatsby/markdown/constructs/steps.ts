/** Steps (../steps.ts): a `:::steps` ordered list, numbered and joined by a line in CSS. */
import { remarkSteps, stepsToHast, stepsToTwin, type StepsNode } from '../steps';
import type { ContentConstruct } from './types';

export const steps: ContentConstruct = {
  name: 'steps',
  // Before callouts take the other `:::` containers (./callouts.ts).
  parse: [{ order: 50, use: () => remarkSteps }],
  hast: { steps: stepsToHast },
  twin: { steps: (node: StepsNode, convert) => stepsToTwin(node, convert) },
  // Numbered circles drawn in CSS: colours of their own.
  audit: [{ feature: 'steps', pattern: /<ol class="steps"/ }],
  example: [':::steps', '1. 安装依赖', '', '   ```bash', '   npm install', '   ```', '', '2. 启动预览', ':::', ''].join('\n'),
};
