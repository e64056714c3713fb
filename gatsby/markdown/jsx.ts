/**
 * How the MDX-only syntax in content becomes HTML at build time (remark-rehype handlers) and plain
 * Markdown in the page's Markdown version. Content may use the <Callout> component, plain lowercase HTML elements
 * (<kbd>, <br />, <details> …), string-literal expressions ({'{'}) and comments ({/* … *\/}).
 * Anything that needs JavaScript to run (imports, exports, other components, computed
 * expressions) stops the build with the file and line, instead of rendering a wrong page; the
 * Markdown version stops at the same places with the same words.
 *
 * In the Markdown version:
 *   <details><summary>    → the summary as a bold paragraph, then the content
 *   <kbd>, <code>         → inline code; <br /> → a line break; <strong>/<b>, <em>/<i>, <del>/<s> → their Markdown
 *   <a href>, <img src>   → links and images; <h2>…, <p>, <hr>, <ul>/<ol>/<li>, <blockquote>, <pre> → the same in Markdown
 *   other lowercase tags  → their content
 *   {'text'}              → the text; {/* comments *\/} are dropped
 */
import type { BlockContent, Content, Heading, Link, List, ListItem } from 'mdast';
import { CALLOUT_COMPONENTS, calloutElement, calloutFromComponent, calloutToMarkdown } from './callouts';
import type { MarkdownConvert } from './constructs/types';
import { syntaxError, type Positioned } from './errors';
import { h, text, type ElementContent } from './hast';
import { withBase } from './links';
import { asFlow, asPhrasing, plain, text as textNode } from './markdown-version-nodes';

interface JsxAttribute {
  type: 'mdxJsxAttribute' | 'mdxJsxExpressionAttribute';
  name?: string;
  value?: string | { type: string; value: string } | null;
}
export interface MdxNode {
  type: string;
  name?: string | null;
  value?: string;
  attributes?: JsxAttribute[];
  children?: unknown[];
  position?: { start: { line: number; column?: number } };
}
interface State {
  all(node: unknown): ElementContent[];
}

/** A JS string literal ('…', "…") as its value, or null for anything else. */
export function stringLiteral(source: string): string | null {
  const trimmed = source.trim();
  if (!/^(['"]).*\1$/s.test(trimmed)) return null;
  try {
    return trimmed.startsWith('"') ? (JSON.parse(trimmed) as string) : (JSON.parse(`"${trimmed.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string);
  } catch {
    return null;
  }
}

const isComment = (source: string) => /^\s*\/\*[\s\S]*\*\/\s*$/.test(source);

/** The attributes of a JSX element in content: string values only (true for a bare attribute or {true}; {false} leaves it out). */
export function jsxAttributes(file: string, node: MdxNode): Record<string, string | true> {
  const result: Record<string, string | true> = {};
  for (const attribute of node.attributes ?? []) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) {
      throw syntaxError(file, node, `<${node.name}> 的属性展开 {...} 需要 JavaScript，内容中不支持`);
    }
    const value = attribute.value;
    if (value === null || value === undefined) result[attribute.name] = true;
    else if (typeof value === 'string') result[attribute.name] = value;
    else if (value.value.trim() === 'true') result[attribute.name] = true;
    else if (value.value.trim() !== 'false') {
      const literal = stringLiteral(value.value);
      if (literal === null) throw syntaxError(file, node, `<${node.name} ${attribute.name}={…}> 只能使用字符串`);
      result[attribute.name] = literal;
    }
  }
  return result;
}

/** remark-rehype handler for JSX elements in content. */
export function jsxToHast(state: State, node: MdxNode, { file }: { file: string }): ElementContent | ElementContent[] | null {
  const name = node.name;
  if (!name) return state.all(node); // <>…</> fragment
  const attrs = jsxAttributes(file, node);
  if (CALLOUT_COMPONENTS.includes(name)) {
    // Written inline (a block <Callout> is a callout node by now, see callouts.ts).
    const { kind } = calloutFromComponent(node, file);
    return calloutElement(kind, typeof attrs.title === 'string' ? [text(attrs.title)] : undefined, state.all(node));
  }
  // hastscript gives attributes hast's property names (class → className, for → htmlFor, data-x → dataX).
  if (isHtmlTagName(name)) return h(name, attrs, state.all(node));
  throw unknownComponent(file, node);
}

/** Content may use <Callout> (<Admonition>) and lowercase HTML elements only. */
export function isHtmlTagName(name: string): boolean {
  return /^[a-z][a-z0-9-]*$/.test(name);
}

export function unknownComponent(file: string, node: MdxNode): Error {
  return syntaxError(file, node, `未知的 MDX 组件 <${node.name}>（内容中可用的组件只有 <Callout>、<Tabs> 和 <TabItem>；步骤写 :::steps，文件树写 \`\`\`filetree；其他 HTML 标签请用小写）`);
}

/** The text an expression stands for: its string literal, null for a comment; anything else stops the build. */
export function expressionText(file: string, node: MdxNode): string | null {
  const source = node.value ?? '';
  if (isComment(source)) return null;
  const literal = stringLiteral(source);
  if (literal === null) throw syntaxError(file, node, `表达式 {${source.trim()}} 需要 JavaScript，内容中只支持字符串（如 {'{'}）和注释`);
  return literal;
}

export function esmNotAllowed(file: string, node: Positioned): Error {
  return syntaxError(file, node, `内容中不支持 import / export（组件由站点统一提供）`);
}

/** remark-rehype handler for expressions: a string literal's text, nothing for a comment. */
export function expressionToHast(_state: State, node: MdxNode, { file }: { file: string }): ElementContent | null {
  const literal = expressionText(file, node);
  return literal === null ? null : text(literal);
}

/** remark-rehype handler for import / export: they stop the build. */
export function esmToHast(_state: State, node: MdxNode, { file }: { file: string }): null {
  throw esmNotAllowed(file, node);
}

function attribute(attrs: Record<string, string | true>, name: string): string | undefined {
  const value = attrs[name];
  return typeof value === 'string' ? value : undefined;
}

/** One JSX element in content → Markdown nodes for the Markdown version (inline or block; the parent sorts them out). */
export function jsxToMarkdown(node: MdxNode, convert: MarkdownConvert): Content[] {
  const children = () => convert.all((node.children ?? []) as Content[]);
  const name = node.name;
  if (!name) return children(); // <>…</>
  const attrs = jsxAttributes(convert.file, node);
  if (CALLOUT_COMPONENTS.includes(name)) {
    // Written inline (a block <Callout> is a callout node by now, see callouts.ts).
    return [calloutToMarkdown(calloutFromComponent(node, convert.file), convert)];
  }
  if (!isHtmlTagName(name)) throw unknownComponent(convert.file, node);
  switch (name) {
    case 'summary':
      return [{ type: 'paragraph', children: [{ type: 'strong', children: asPhrasing(children()) }] }];
    case 'kbd':
    case 'code':
    case 'samp':
      return [{ type: 'inlineCode', value: plain(children()) }];
    case 'br':
      return [{ type: 'break' }];
    case 'strong':
    case 'b':
      return [{ type: 'strong', children: asPhrasing(children()) }];
    case 'em':
    case 'i':
      return [{ type: 'emphasis', children: asPhrasing(children()) }];
    case 'del':
    case 's':
    case 'strike':
      return [{ type: 'delete', children: asPhrasing(children()) }];
    case 'a': {
      const href = attribute(attrs, 'href');
      return href ? [{ type: 'link', url: withBase(href, convert.basePath), children: asPhrasing(children()) as Link['children'] }] : children();
    }
    case 'img': {
      const src = attribute(attrs, 'src');
      return src ? [{ type: 'image', url: convert.imageUrl(src), alt: attribute(attrs, 'alt') ?? '' }] : [];
    }
    case 'p':
      return [{ type: 'paragraph', children: asPhrasing(children()) }];
    case 'hr':
      return [{ type: 'thematicBreak' }];
    case 'blockquote':
      return [{ type: 'blockquote', children: asFlow(children()) as BlockContent[] }];
    case 'pre':
      return [{ type: 'code', lang: null, value: plain(children()).replace(/\n$/, '') }];
    case 'ul':
    case 'ol': {
      const items = children().map((child): ListItem => (child.type === 'listItem' ? child : { type: 'listItem', spread: false, children: asFlow([child]) as BlockContent[] }));
      return [{ type: 'list', ordered: name === 'ol', spread: false, children: items.filter((item) => item.children.length > 0) } as List];
    }
    case 'li':
      return [{ type: 'listItem', spread: false, children: asFlow(children()) as BlockContent[] }];
    default: {
      const heading = /^h([1-6])$/.exec(name);
      if (heading) return [{ type: 'heading', depth: Number(heading[1]) as Heading['depth'], children: asPhrasing(children()) }];
      return children();
    }
  }
}

/** The Markdown version of an expression: its text ({'…'}), nothing for a comment. */
export function expressionToMarkdown(node: MdxNode, convert: MarkdownConvert): Content[] {
  const value = expressionText(convert.file, node);
  return value === null ? [] : [textNode(value)];
}

/** import / export stop the Markdown version as they stop the page. */
export function esmToMarkdown(node: MdxNode, convert: MarkdownConvert): never {
  throw esmNotAllowed(convert.file, node);
}
