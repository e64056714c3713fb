/**
 * How the MDX-only syntax in content becomes HTML at build time (remark-rehype handlers).
 * Content may use the <Callout> component, plain lowercase HTML elements (<kbd>, <br />,
 * <details> …), string-literal expressions ({'{'}) and comments ({/* … *\/}). Anything that
 * needs JavaScript to run (imports, exports, other components, computed expressions) stops the
 * build with the file and line, instead of rendering a wrong page.
 */
import { CALLOUT_COMPONENTS, calloutElement, calloutFromComponent } from './callouts';
import { syntaxError, type Positioned } from './errors';
import { h, text, type ElementContent } from './hast';

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

function jsxElement(file: string) {
  return (state: State, node: MdxNode): ElementContent | ElementContent[] | null => {
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
  };
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

function expression(file: string) {
  return (_state: State, node: MdxNode): ElementContent | null => {
    const literal = expressionText(file, node);
    return literal === null ? null : text(literal);
  };
}

function esm(file: string) {
  return (_state: State, node: MdxNode): null => {
    throw esmNotAllowed(file, node);
  };
}

/** remark-rehype `handlers` for one content file. */
export function mdxHandlers(file: string) {
  const element = jsxElement(file);
  const expr = expression(file);
  return {
    mdxJsxFlowElement: element,
    mdxJsxTextElement: element,
    mdxFlowExpression: expr,
    mdxTextExpression: expr,
    mdxjsEsm: esm(file),
  };
}
