/**
 * Tabs: Docusaurus's <Tabs groupId defaultValue> / <TabItem value label default>, with or without
 * its `import Tabs from '@theme/Tabs'` / `import TabItem from '@theme/TabItem'` lines (those two
 * are dropped; any other import or export stops the build at its own line).
 *
 * remarkTabs() turns the JSX into one mdast node, `tabs` (children: `tabItem` nodes holding the
 * content, so image and link plugins still reach it), in the shared parser's tree (parse.ts); from
 * it come, together:
 * - the page (tabsToHast): static HTML readable without JavaScript — every panel visible under
 *   its label — that components/mdx/tabs.ts, loaded only on pages with tabs, turns into the
 *   WAI-ARIA tabs pattern (the tab buttons are in the HTML from the start, shown once the page
 *   has JavaScript, so the panels do not jump when the script arrives);
 * - the twin (tabsToTwin): a list, one item per tab, its label in bold, then its content;
 * - search: the page's text, i.e. every panel under its label (the buttons are not indexed).
 * Mistakes (unknown attributes, missing or repeated values, a stray <TabItem>, other content in
 * <Tabs>) stop the build with the file's line.
 * Pure functions over plain syntax-tree objects: unit-testable under jest.
 */
import type { BlockContent, Content, List, Paragraph, PhrasingContent, Root } from 'mdast';
import type { TwinConvert } from './callouts';
import { syntaxError, type Positioned } from './errors';
import { h, text, type Element, type ElementContent } from './hast';
import { esmNotAllowed, jsxAttributes, type MdxNode } from './jsx';

/** The imports Docusaurus pages carry for tabs: accepted and dropped. */
export const KNOWN_IMPORTS: Readonly<Record<string, string>> = { '@theme/Tabs': 'Tabs', '@theme/TabItem': 'TabItem' };

export interface TabItemNode {
  type: 'tabItem';
  value: string;
  label: string;
  children: BlockContent[];
  position?: Content['position'];
}

export interface TabsNode {
  type: 'tabs';
  groupId: string | null;
  /** The value shown first (the default). */
  defaultValue: string;
  children: TabItemNode[];
  position?: Content['position'];
}

interface JsxNode {
  type: string;
  name?: string | null;
  attributes?: MdxNode['attributes'];
  children?: Content[];
  position?: Content['position'];
}

interface EsmNode {
  type: 'mdxjsEsm';
  value: string;
  position?: Content['position'];
  data?: { estree?: { body: Array<{ type: string; source?: { value?: unknown }; specifiers?: Array<{ type: string; local: { name: string } }>; loc?: { start: { line: number; column: number } } }> } };
}

/**
 * Attributes accepted on each component. Docusaurus's `lazy` (render panels on demand) and
 * `queryString` (sync with ?query) change nothing here (every panel is in the page; the choice is
 * kept per groupId), `className` neither: accepted and ignored. Anything else is likely a typo.
 */
const TABS_ATTRIBUTES = new Set(['groupId', 'defaultValue', 'lazy', 'queryString', 'className']);
const ITEM_ATTRIBUTES = new Set(['value', 'label', 'default', 'className']);

const isJsx = (node: unknown, name: string): node is JsxNode => {
  const n = node as JsxNode;
  return (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n.name === name;
};

const isBlank = (node: Content) => node.type === 'text' && node.value.trim() === '';

/** String attributes of a Tabs/TabItem element (jsx.ts), checked against the known names. */
function attributesOf(file: string, node: JsxNode, known: Set<string>): Record<string, string | true> {
  const unknown = (node.attributes ?? []).find((attribute) => attribute.name && !known.has(attribute.name));
  if (unknown) throw syntaxError(file, node, `<${node.name}> 没有属性 ${unknown.name}（可用：${[...known].join('、')}）`);
  return jsxAttributes(file, node as MdxNode);
}

const stringAttribute = (attrs: Record<string, string | true>, name: string) => (typeof attrs[name] === 'string' ? (attrs[name] as string) : undefined);

/** A <Tabs> element's TabItems: flow elements, or text elements in paragraphs (written on one line). */
function itemElements(file: string, tabs: JsxNode): JsxNode[] {
  const items: JsxNode[] = [];
  for (const child of tabs.children ?? []) {
    const inline = child.type === 'paragraph' ? child.children.filter((c) => !isBlank(c as Content)) : [child];
    for (const node of inline) {
      if (isJsx(node, 'TabItem')) items.push(node);
      else if (!isBlank(node as Content)) throw syntaxError(file, node as Positioned, '<Tabs> 里只能放 <TabItem>：把这段内容放进某个 <TabItem value="…" label="…"> 里');
    }
  }
  return items;
}

/** The content of a TabItem as blocks (inline content, written on one line, becomes a paragraph). */
function itemContent(item: JsxNode): BlockContent[] {
  const children = (item.children ?? []).filter((c) => !isBlank(c));
  if (item.type === 'mdxJsxTextElement') return children.length ? [{ type: 'paragraph', children: children as PhrasingContent[] } as Paragraph] : [];
  return children as BlockContent[];
}

export function tabsNode(file: string, element: JsxNode): TabsNode {
  const attrs = attributesOf(file, element, TABS_ATTRIBUTES);
  const seen = new Set<string>();
  let marked: string | undefined;
  const children = itemElements(file, element).map((item): TabItemNode => {
    const itemAttrs = attributesOf(file, item, ITEM_ATTRIBUTES);
    const value = stringAttribute(itemAttrs, 'value');
    if (!value) throw syntaxError(file, item, '<TabItem> 需要 value（如 value="mac"），同一组里各不相同');
    if (seen.has(value)) throw syntaxError(file, item, `同一个 <Tabs> 里有两个 value="${value}" 的 <TabItem>`);
    seen.add(value);
    if (itemAttrs.default !== undefined && itemAttrs.default !== 'false') {
      if (marked !== undefined) throw syntaxError(file, item, `<Tabs> 里只能有一个 default 的 <TabItem>（已有 value="${marked}"）`);
      marked = value;
    }
    return { type: 'tabItem', value, label: stringAttribute(itemAttrs, 'label') ?? value, children: itemContent(item), position: item.position };
  });
  if (!children.length) throw syntaxError(file, element, '<Tabs> 里至少要有一个 <TabItem>');
  const defaultValue = stringAttribute(attrs, 'defaultValue');
  if (defaultValue !== undefined && !seen.has(defaultValue)) throw syntaxError(file, element, `<Tabs defaultValue="${defaultValue}"> 不是其中任何一个 <TabItem> 的 value（有：${[...seen].join('、')}）`);
  return { type: 'tabs', groupId: stringAttribute(attrs, 'groupId') || null, defaultValue: defaultValue ?? marked ?? (children[0] as TabItemNode).value, children, position: element.position };
}

/**
 * Checks an import/export block: the known Docusaurus imports pass (the block is then dropped);
 * the first other statement stops the build at its own line.
 */
function checkImports(file: string, node: EsmNode): void {
  const body = node.data?.estree?.body;
  if (!body?.length) throw esmNotAllowed(file, node);
  for (const statement of body) {
    const at: Positioned = statement.loc ? { position: { start: { line: statement.loc.start.line, column: statement.loc.start.column + 1 } } } : node;
    const source = statement.source?.value;
    if (statement.type !== 'ImportDeclaration' || typeof source !== 'string' || !(source in KNOWN_IMPORTS)) throw esmNotAllowed(file, at);
    const [specifier, ...more] = statement.specifiers ?? [];
    const name = KNOWN_IMPORTS[source] as string;
    if (specifier?.type !== 'ImportDefaultSpecifier' || specifier.local.name !== name || more.length) {
      throw syntaxError(file, at, `请写成 import ${name} from '${source}'（内容里的组件名是固定的 <${name}>）`);
    }
  }
}

/**
 * remark transformer: drops the known imports, turns each <Tabs> into a tabs node (inner ones
 * first, so tabs nest) and stops at a <TabItem> outside <Tabs>.
 */
export function remarkTabs() {
  return (tree: Root, vfile: { path?: string }) => {
    const file = vfile.path ?? '';
    const walk = (parent: { children: Content[] }) => {
      const out: Content[] = [];
      for (const child of parent.children) {
        if (child.type === 'mdxjsEsm') {
          checkImports(file, child as unknown as EsmNode);
          continue;
        }
        // <Tabs …>…</Tabs> written on one line is a paragraph holding a text element.
        const lone = child.type === 'paragraph' ? child.children.filter((c) => !isBlank(c)) : [];
        const element = isJsx(child, 'Tabs') ? child : lone.length === 1 && isJsx(lone[0], 'Tabs') ? (lone[0] as JsxNode) : null;
        if (element) {
          for (const item of itemElements(file, element)) walk(item as { children: Content[] });
          out.push(tabsNode(file, element) as unknown as Content);
          continue;
        }
        if (isJsx(child, 'TabItem')) throw syntaxError(file, child, '<TabItem> 只能放在 <Tabs> 里');
        if ('children' in child) walk(child as { children: Content[] });
        out.push(child);
      }
      parent.children = out;
    };
    walk(tree as { children: Content[] });
  };
}

// ---------------------------------------------------------------------------------------------
// Output.

interface HastState {
  all(node: unknown): ElementContent[];
}

/**
 * <div class="tabs" data-tabs="os"> (the groupId, '' without one): a list of buttons (shown with JavaScript) and one panel per
 * tab, each opening with its label (shown without). The default tab's button and panel carry
 * data-default, so the CSS can show the right panel before the script arrives.
 */
export function tabsElement(node: Pick<TabsNode, 'groupId' | 'defaultValue'>, items: Array<{ value: string; label: string; content: ElementContent[] }>): Element {
  const isDefault = (value: string) => (value === node.defaultValue ? { dataDefault: '' } : {});
  return h('div', { className: ['tabs'], dataTabs: node.groupId ?? '' }, [
    h(
      'div',
      { className: ['tab-list'] },
      items.map((item) => h('button', { type: 'button', className: ['tab'], dataValue: item.value, ...isDefault(item.value) }, [text(item.label)])),
    ),
    ...items.map((item) => h('div', { className: ['tab-panel'], dataValue: item.value, ...isDefault(item.value) }, [h('p', { className: ['tab-label'] }, [text(item.label)]), ...item.content])),
  ]);
}

/** remark-rehype handler for tabs nodes. */
export function tabsToHast(state: HastState, node: TabsNode): Element {
  return tabsElement(
    node,
    node.children.map((item) => ({ value: item.value, label: item.label, content: state.all(item) })),
  );
}

/** The twin's tabs: a list, one item per tab: its label in bold, then its content. */
export function tabsToTwin(node: TabsNode, convert: TwinConvert): List {
  return {
    type: 'list',
    ordered: false,
    spread: true,
    children: node.children.map((item) => ({ type: 'listItem', spread: true, children: [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: item.label }] }] }, ...convert.flow(item.children)] })),
  };
}
