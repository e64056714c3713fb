/**
 * Tabs: Docusaurus's <Tabs> / <TabItem> with every prop it documents (groupId, defaultValue,
 * values, lazy, queryString, className; value, label, default, className, attributes), with or without
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
 * - the Markdown version (tabsToMarkdown): a list, one item per tab, its label in bold, then its content;
 * - search: the page's text, i.e. every panel under its label (the buttons are not indexed).
 * Mistakes (unknown attributes, missing or repeated values, a stray <TabItem>, other content in
 * <Tabs>) stop the build with the file's line.
 * Pure functions over plain syntax-tree objects: unit-testable under jest.
 */
import type { BlockContent, Content, List, Paragraph, PhrasingContent, Root } from 'mdast';
import type { MarkdownConvert } from './constructs/types';
import { syntaxError, type Positioned } from './errors';
import { h, text, type Element, type ElementContent } from './hast';
import { esmNotAllowed, jsxAttributes, type MdxNode } from './jsx';

/** The imports Docusaurus pages carry for tabs and admonitions: accepted and dropped. */
export const KNOWN_IMPORTS: Readonly<Record<string, string>> = { '@theme/Tabs': 'Tabs', '@theme/TabItem': 'TabItem', '@theme/Admonition': 'Admonition' };

export interface TabItemNode {
  type: 'tabItem';
  value: string;
  label: string;
  /** Docusaurus's TabItem className: on the panel. */
  className?: string;
  /** Docusaurus's TabItem attributes (or the values entry's): on the tab's button. */
  attributes?: Record<string, string>;
  children: BlockContent[];
  position?: Content['position'];
}

export interface TabsNode {
  type: 'tabs';
  groupId: string | null;
  /** The value shown first (the default). */
  defaultValue: string;
  /** Docusaurus's Tabs className: on the tab list. */
  className?: string;
  queryString?: string;
  children: TabItemNode[];
  position?: Content['position'];
}

/** An estree node, as far as staticValue reads it. */
interface EstreeNode {
  type: string;
  value?: unknown;
  operator?: string;
  argument?: EstreeNode;
  elements?: Array<EstreeNode | null>;
  properties?: Array<{ type: string; computed?: boolean; kind?: string; key?: { type: string; name?: string; value?: unknown }; value?: EstreeNode }>;
  expressions?: EstreeNode[];
  quasis?: Array<{ value: { cooked: string } }>;
  expression?: EstreeNode;
}

interface JsxAttributeNode {
  type: string;
  name?: string;
  value?: string | { type: string; value: string; data?: { estree?: { body?: EstreeNode[] } } } | null;
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
 * Attributes accepted on each component: every prop Docusaurus documents. `lazy` (render panels on
 * demand) changes nothing here (every panel is in the page, for readers without JavaScript and for
 * search); `queryString` (keep the choice in ?query) is written on the set as data-query-string
 * and otherwise left to the per-groupId memory. `values` (the tabs' values and labels, in order,
 * taking precedence over the TabItems') and `attributes` (extra attributes of a tab's button) are
 * JavaScript objects, read statically (staticValue). Anything else is likely a typo.
 */
const TABS_ATTRIBUTES = new Set(['groupId', 'defaultValue', 'values', 'lazy', 'queryString', 'className', 'block']);
const ITEM_ATTRIBUTES = new Set(['value', 'label', 'default', 'className', 'attributes']);
/** The props whose values are objects, not strings. */
const OBJECT_ATTRIBUTES = new Set(['values', 'attributes']);

const isJsx = (node: unknown, name: string): node is JsxNode => {
  const n = node as JsxNode;
  return (n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n.name === name;
};

const isBlank = (node: Content) => node.type === 'text' && node.value.trim() === '';

/** An estree expression as the JSON value it spells (literals, arrays, objects, `-1`, templates without ${}); undefined for anything computed. */
export function staticValue(node: EstreeNode | null | undefined): unknown {
  if (!node) return undefined;
  switch (node.type) {
    case 'Literal':
      return node.value;
    case 'TemplateLiteral':
      return node.expressions?.length ? undefined : (node.quasis ?? []).map((q) => q.value.cooked).join('');
    case 'UnaryExpression': {
      const value = staticValue(node.argument);
      return node.operator === '-' && typeof value === 'number' ? -value : undefined;
    }
    case 'ArrayExpression': {
      const items = (node.elements ?? []).map((e) => staticValue(e));
      return items.some((v) => v === undefined) ? undefined : items;
    }
    case 'ObjectExpression': {
      const entries: Array<[string, unknown]> = [];
      for (const prop of node.properties ?? []) {
        const key = prop.type === 'Property' && !prop.computed ? (prop.key?.type === 'Identifier' ? prop.key.name : prop.key?.value) : undefined;
        const value = prop.type === 'Property' && prop.kind === 'init' ? staticValue(prop.value) : undefined;
        if (typeof key !== 'string' && typeof key !== 'number') return undefined;
        if (value === undefined) return undefined;
        entries.push([String(key), value]);
      }
      return Object.fromEntries(entries);
    }
    default:
      return undefined;
  }
}

/** The value of an object prop (`values={[…]}`, `attributes={{…}}`), or a build error naming it. */
function objectAttribute(file: string, node: JsxNode, attribute: JsxAttributeNode): unknown {
  const expression = typeof attribute.value === 'object' && attribute.value ? attribute.value.data?.estree?.body?.[0] : undefined;
  const value = expression?.type === 'ExpressionStatement' ? staticValue(expression.expression) : undefined;
  if (value === undefined || value === null) throw syntaxError(file, node, `<${node.name} ${attribute.name}={…}> 只能写固定的值（字符串、数组、对象），不能计算`);
  return value;
}

interface ReadAttributes {
  strings: Record<string, string | true>;
  objects: Record<string, unknown>;
  /** Props written as {null} (Docusaurus's defaultValue={null}). */
  nulls: Set<string>;
}

/** The attributes of a Tabs/TabItem element (jsx.ts; object props read statically), checked against the known names. */
function attributesOf(file: string, node: JsxNode, known: Set<string>): ReadAttributes {
  const all = node.attributes ?? [];
  const unknown = all.find((attribute) => attribute.name && !known.has(attribute.name));
  if (unknown) throw syntaxError(file, node, `<${node.name}> 没有属性 ${unknown.name}（可用：${[...known].join('、')}）`);
  const objects: Record<string, unknown> = {};
  const nulls = new Set<string>();
  const rest = all.filter((attribute) => {
    const a = attribute as JsxAttributeNode;
    if (a.name && OBJECT_ATTRIBUTES.has(a.name)) {
      objects[a.name] = objectAttribute(file, node, a);
      return false;
    }
    if (a.name && typeof a.value === 'object' && a.value?.value.trim() === 'null') {
      nulls.add(a.name);
      return false;
    }
    return true;
  });
  return { strings: jsxAttributes(file, { ...(node as MdxNode), attributes: rest }), objects, nulls };
}

/** `values={[{ value, label, attributes }]}` of a <Tabs>, checked. */
function tabValues(file: string, node: JsxNode, values: unknown): Array<{ value: string; label?: string; attributes?: Record<string, string> }> | undefined {
  if (values === undefined) return undefined;
  const ok = Array.isArray(values) && values.every((v) => v && typeof v === 'object' && typeof (v as { value?: unknown }).value === 'string' && ['undefined', 'string'].includes(typeof (v as { label?: unknown }).label));
  if (!ok) throw syntaxError(file, node, `<Tabs values={…}> 要写成 [{ label: '苹果', value: 'apple' }, …]：每一项有字符串 value，可以有 label`);
  return (values as Array<{ value: string; label?: string; attributes?: unknown }>).map((v) => ({ value: v.value, label: v.label, attributes: buttonAttributes(file, node, v.attributes) }));
}

/** `attributes={{ className: '…', 'data-x': '…' }}`: extra attributes of a tab's button (strings only). */
function buttonAttributes(file: string, node: JsxNode, attributes: unknown): Record<string, string> | undefined {
  if (attributes === undefined) return undefined;
  if (!attributes || typeof attributes !== 'object' || Array.isArray(attributes) || Object.values(attributes).some((v) => typeof v !== 'string')) {
    throw syntaxError(file, node, `<${node.name} attributes={…}> 要写成一个对象，值都是字符串（如 {{ className: 'red' }}）`);
  }
  // Presentation and data only: nothing that would run (on…) or change what the button is.
  const other = Object.keys(attributes).find((key) => !/^(className|title|lang|data-[a-z][\w-]*)$/.test(key));
  if (other) throw syntaxError(file, node, `<${node.name} attributes={…}> 里的 ${other} 不能用（可用：className、title、lang、data-*）`);
  return attributes as Record<string, string>;
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
  const { strings: attrs, objects, nulls } = attributesOf(file, element, TABS_ATTRIBUTES);
  const values = tabValues(file, element, objects.values);
  const seen = new Set<string>();
  let marked: string | undefined;
  let children = itemElements(file, element).map((item): TabItemNode => {
    const { strings: itemAttrs, objects: itemObjects } = attributesOf(file, item, ITEM_ATTRIBUTES);
    const value = stringAttribute(itemAttrs, 'value');
    if (!value) throw syntaxError(file, item, '<TabItem> 需要 value（如 value="mac"），同一组里各不相同');
    if (seen.has(value)) throw syntaxError(file, item, `同一个 <Tabs> 里有两个 value="${value}" 的 <TabItem>`);
    seen.add(value);
    if (itemAttrs.default !== undefined && itemAttrs.default !== 'false') {
      if (marked !== undefined) throw syntaxError(file, item, `<Tabs> 里只能有一个 default 的 <TabItem>（已有 value="${marked}"）`);
      marked = value;
    }
    // Docusaurus: the Tabs' values take precedence over the TabItem's props.
    const given = values?.find((v) => v.value === value);
    if (values && !given) throw syntaxError(file, item, `<TabItem value="${value}"> 不在 <Tabs values={…}> 里（有：${values.map((v) => v.value).join('、')}）`);
    const attributes = given?.attributes ?? buttonAttributes(file, item, itemObjects.attributes);
    const className = stringAttribute(itemAttrs, 'className');
    return {
      type: 'tabItem',
      value,
      // With values, a tab is labelled by its entry (or its value), as Docusaurus's tab list does.
      label: given ? (given.label ?? value) : (stringAttribute(itemAttrs, 'label') ?? value),
      ...(className ? { className } : {}),
      ...(attributes ? { attributes } : {}),
      children: itemContent(item),
      position: item.position,
    };
  });
  if (!children.length) throw syntaxError(file, element, '<Tabs> 里至少要有一个 <TabItem>');
  if (values) {
    const missing = values.find((v) => !seen.has(v.value));
    if (missing) throw syntaxError(file, element, `<Tabs values={…}> 里的 ${missing.value} 没有对应的 <TabItem value="${missing.value}">`);
    // The tabs in the order of `values`, as Docusaurus shows them.
    children = values.map((v) => children.find((c) => c.value === v.value) as TabItemNode);
  }
  const defaultValue = nulls.has('defaultValue') ? undefined : stringAttribute(attrs, 'defaultValue');
  if (defaultValue !== undefined && !seen.has(defaultValue)) throw syntaxError(file, element, `<Tabs defaultValue="${defaultValue}"> 不是其中任何一个 <TabItem> 的 value（有：${[...seen].join('、')}）`);
  const className = stringAttribute(attrs, 'className');
  const queryString = attrs.queryString === true ? (stringAttribute(attrs, 'groupId') ?? '') : stringAttribute(attrs, 'queryString');
  return {
    type: 'tabs',
    groupId: stringAttribute(attrs, 'groupId') || null,
    defaultValue: defaultValue ?? marked ?? (children[0] as TabItemNode).value,
    ...(className ? { className } : {}),
    ...(queryString ? { queryString } : {}),
    children,
    position: element.position,
  };
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
export function tabsElement(
  node: Pick<TabsNode, 'groupId' | 'defaultValue' | 'className' | 'queryString'>,
  items: Array<{ value: string; label: string; className?: string; attributes?: Record<string, string>; content: ElementContent[] }>,
): Element {
  const isDefault = (value: string) => (value === node.defaultValue ? { dataDefault: '' } : {});
  const classes = (base: string, extra?: string) => [base, ...(extra ? extra.split(/\s+/).filter(Boolean) : [])];
  const button = (item: (typeof items)[number]) => {
    const { className, ...rest } = item.attributes ?? {};
    return h('button', { ...rest, type: 'button', className: classes('tab', className), dataValue: item.value, ...isDefault(item.value) }, [text(item.label)]);
  };
  return h('div', { className: ['tabs'], dataTabs: node.groupId ?? '', ...(node.queryString ? { dataQueryString: node.queryString } : {}) }, [
    h('div', { className: classes('tab-list', node.className) }, items.map(button)),
    ...items.map((item) => h('div', { className: classes('tab-panel', item.className), dataValue: item.value, ...isDefault(item.value) }, [h('p', { className: ['tab-label'] }, [text(item.label)]), ...item.content])),
  ]);
}

/** remark-rehype handler for tabs nodes. */
export function tabsToHast(state: HastState, node: TabsNode): Element {
  return tabsElement(
    node,
    node.children.map((item) => ({ value: item.value, label: item.label, className: item.className, attributes: item.attributes, content: state.all(item) })),
  );
}

/** The Markdown version's tabs: a list, one item per tab: its label in bold, then its content. */
export function tabsToMarkdown(node: TabsNode, convert: Pick<MarkdownConvert, 'flow'>): List {
  return {
    type: 'list',
    ordered: false,
    spread: true,
    children: node.children.map((item) => ({
      type: 'listItem',
      spread: true,
      children: [{ type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: item.label }] }] }, ...convert.flow(item.children)],
    })),
  };
}
