/**
 * Steps: a numbered procedure (install, build, set-up) written as an ordered list in a `:::steps`
 * directive; each item is one step, its first line the step's title, then anything Markdown holds
 * (paragraphs, code, callouts, images):
 *
 *   :::steps
 *   1. 安装依赖
 *
 *      ```bash
 *      npm install
 *      ```
 *
 *   2. 启动
 *   :::
 *
 * remarkSteps() turns the directive into one mdast node, `steps` (its child: the list), in the
 * shared parser's tree (parse.ts), so together:
 * - the page (stepsToHast): the list as an <ol class="steps">, numbered and joined by a line in
 *   CSS (constructs/steps.ts): an ordered list to assistive technology, no JavaScript;
 * - the Markdown version (stepsToMarkdown): the ordered list, as written;
 * - search: the page's text, step by step.
 * A `:::steps` without exactly one ordered list in it stops the build with the file's line.
 * Pure functions over plain syntax-tree objects: unit-testable under jest.
 */
import type { BlockContent, Content, List, Root } from 'mdast';
import { syntaxError } from './errors';
import type { Element, ElementContent } from './hast';
import { classList } from './hast';

export const STEPS_NAME = 'steps';

export interface StepsNode {
  type: 'steps';
  children: [List];
  position?: Content['position'];
}

interface DirectiveNode {
  type: 'containerDirective';
  name: string;
  attributes?: Record<string, string | null | undefined> | null;
  children: Content[];
  position?: Content['position'];
}

const USAGE = '写法：:::steps 下一行起写一个有序列表（1. 2. 3.），每一项是一步，最后单独一行 :::';

/** One `:::steps` directive → a steps node; anything but one ordered list inside stops the build. */
export function stepsNode(file: string, node: DirectiveNode): StepsNode {
  const label = node.children.find((c) => (c as { data?: { directiveLabel?: boolean } }).data?.directiveLabel);
  if (label || Object.keys(node.attributes ?? {}).length) throw syntaxError(file, node, `:::steps 不带标题或属性（${USAGE}）`);
  const [list, ...rest] = node.children;
  if (!list || list.type !== 'list' || !list.ordered) throw syntaxError(file, list ?? node, `:::steps 里要写一个有序列表（${USAGE}）`);
  const extra = rest[0];
  if (extra) throw syntaxError(file, extra, `:::steps 里只能有一个有序列表：这段内容要么缩进到某一步里，要么移到 ::: 之后（${USAGE}）`);
  return { type: 'steps', children: [list], position: node.position };
}

/** remark transformer: every `:::steps` directive (also inside callouts, tabs, other steps) → a steps node. */
export function remarkSteps() {
  return (tree: Root, vfile: { path?: string }) => {
    const file = vfile.path ?? '';
    const walk = (parent: { children: Content[] }) => {
      parent.children = parent.children.map((child) => {
        if ('children' in child) walk(child as { children: Content[] });
        const node = child as unknown as DirectiveNode;
        return node.type === 'containerDirective' && node.name === STEPS_NAME ? (stepsNode(file, node) as unknown as Content) : child;
      });
    };
    walk(tree as { children: Content[] });
  };
}

interface HastState {
  all(node: unknown): ElementContent[];
}

/** remark-rehype handler: the list as it would be, marked as steps: <ol class="steps">. */
export function stepsToHast(state: HastState, node: StepsNode): Element {
  const [ol] = state.all(node) as Element[];
  if (!ol || ol.type !== 'element') throw new Error('steps: the ordered list did not become an element');
  ol.properties = { ...ol.properties, className: [...classList(ol), 'steps'] };
  return ol;
}

/** The Markdown version's steps: the ordered list itself. */
export function stepsToMarkdown(node: StepsNode, convert: { flow(nodes: Content[]): BlockContent[] }): BlockContent[] {
  return convert.flow(node.children);
}
