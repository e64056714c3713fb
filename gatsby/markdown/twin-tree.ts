/**
 * The Markdown twin's syntax tree: the parsed MDX (the same mdast the HTML renderer starts from,
 * see parse.ts) with everything MDX-only turned into what it means in plain Markdown:
 *   callouts (:::tip, > [!NOTE], <Callout>) → a blockquote opening with its label in bold (提示, 注意 … or the title)
 *   <Tabs>/<TabItem>      → a list, one item per tab: its label in bold, then its content
 *   ```lang meta          → the code the page shows (magic comments out), with its title="…" only
 *   <details><summary>    → the summary as a bold paragraph, then the content
 *   <kbd>, <code>         → inline code; <br /> → a line break; <strong>/<b>, <em>/<i>, <del>/<s> → their Markdown
 *   <a href>, <img src>   → links and images; <h2>…, <p>, <hr>, <ul>/<ol>/<li>, <blockquote>, <pre> → the same in Markdown
 *   other lowercase tags  → their content
 *   {'text'}              → the text; {/* comments *\/} are dropped
 *   ## 标题 {#id}          → the same: the heading keeps its explicit id (heading-ids.ts)
 *   :::steps              → its ordered list (steps.ts)
 *   ```filetree           → a ```text block, the tree drawn with │ ├── └── (file-tree.ts)
 * Images get absolute URLs (a served file), site-absolute links get the base URL. What needs
 * JavaScript stops the build with the file and line, exactly as in the HTML renderer (jsx.ts).
 * Pure functions over plain mdast objects: no unified import, unit-testable.
 */
import type { BlockContent, Content, Heading, Link, List, ListItem, PhrasingContent, Root } from 'mdast';
import { readCodeBlock } from './code-meta';
import { CALLOUT_COMPONENTS, calloutFromComponent, calloutToTwin, type CalloutNode, type TwinConvert } from './callouts';
import { esmNotAllowed, expressionText, isHtmlTagName, jsxAttributes, unknownComponent, type MdxNode } from './jsx';
import { isSiteAbsolute, withBase } from './links';
import { lastUpdatedText, type LastUpdated } from '../../src/lib/last-updated';
import { tabsToTwin, type TabsNode } from './tabs';
import { explicitId } from './heading-ids';
import { stepsToTwin, type StepsNode } from './steps';
import { fileTreeToTwin, type FileTreeNode } from './file-tree';
import { formatDateZh } from '../../src/lib/format';
import { SERIES_LATER_LABEL, seriesHeading, type SeriesBox } from '../../src/lib/series';

export interface TwinTreeOptions {
  /** The content file as editors know it, for error messages. */
  file: string;
  /** The line of the file the body starts on (after the frontmatter), for error messages. */
  firstLine?: number;
  /** The page title: the twin's h1. */
  title: string;
  /** The base URL the site is built for ('' at the root). */
  basePath: string;
  /** The URL an image written in the content is served at (absolute), given the src as written. */
  imageUrl: (src: string) => string;
  /** A cover shown above the body (posts): it follows the title. */
  cover?: { url: string; alt: string };
  /** “最后更新于 …” (src/lib/last-updated.ts): a paragraph under the title, as on the page. */
  lastUpdated?: LastUpdated;
  /** A post's series box (src/lib/series.ts): a line under the title and the list of parts at the end, as on the page. */
  series?: SeriesBox;
}

type Flow = Content;

const PHRASING = new Set(['text', 'emphasis', 'strong', 'delete', 'inlineCode', 'break', 'link', 'linkReference', 'image', 'imageReference', 'footnoteReference', 'html']);

const isPhrasing = (node: Content): node is PhrasingContent => PHRASING.has(node.type);

const text = (value: string): PhrasingContent => ({ type: 'text', value });

/** Plain text of converted nodes (for <kbd>, <code>, <pre>). */
function plain(nodes: Content[]): string {
  return nodes
    .map((node) => {
      if ('value' in node && typeof node.value === 'string') return node.value;
      if (node.type === 'break') return '\n';
      return 'children' in node ? plain(node.children as Content[]) : '';
    })
    .join('');
}

/** Block content: consecutive inline nodes become paragraphs. */
function asFlow(nodes: Content[]): Flow[] {
  const out: Flow[] = [];
  let run: PhrasingContent[] = [];
  const flush = () => {
    const visible = run.filter((n) => n.type !== 'text' || n.value.trim() !== '');
    // Images that stood alone (a body image, an <img> on its own line) stay one paragraph each.
    if (visible.length && visible.every((n) => n.type === 'image')) out.push(...visible.map((image): Flow => ({ type: 'paragraph', children: [image] })));
    else if (visible.length) out.push({ type: 'paragraph', children: run });
    run = [];
  };
  for (const node of nodes) {
    if (isPhrasing(node)) run.push(node);
    else {
      flush();
      out.push(node);
    }
  }
  flush();
  return out;
}

/** Inline content: blocks give their inline content, paragraphs separated by line breaks. */
function asPhrasing(nodes: Content[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    if (isPhrasing(node)) out.push(node);
    else if ('children' in node) {
      if (out.length && node.type === 'paragraph') out.push({ type: 'break' });
      out.push(...asPhrasing(node.children as Content[]));
    } else if ('value' in node && typeof node.value === 'string') out.push(text(node.value));
  }
  return out;
}

function attribute(attrs: Record<string, string | true>, name: string): string | undefined {
  const value = attrs[name];
  return typeof value === 'string' ? value : undefined;
}

export function twinLink(url: string, basePath: string): string {
  return isSiteAbsolute(url) ? withBase(url, basePath) : url;
}

/** One JSX element in content → Markdown nodes (inline or block; the parent sorts them out). */
function element(node: MdxNode, options: TwinTreeOptions): Content[] {
  const children = () => convertAll((node.children ?? []) as Content[], options);
  const name = node.name;
  if (!name) return children(); // <>…</>
  const attrs = jsxAttributes(options.file, node);
  if (CALLOUT_COMPONENTS.includes(name)) {
    // Written inline (a block <Callout> is a callout node by now, see callouts.ts).
    return [calloutToTwin(calloutFromComponent(node, options.file), converter(options))];
  }
  if (!isHtmlTagName(name)) throw unknownComponent(options.file, node);
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
      return href ? [{ type: 'link', url: twinLink(href, options.basePath), children: asPhrasing(children()) as Link['children'] }] : children();
    }
    case 'img': {
      const src = attribute(attrs, 'src');
      return src ? [{ type: 'image', url: options.imageUrl(src), alt: attribute(attrs, 'alt') ?? '' }] : [];
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

function convert(node: Content, options: TwinTreeOptions): Content[] {
  const mdx = node as unknown as MdxNode;
  switch (mdx.type) {
    case 'mdxjsEsm':
      throw esmNotAllowed(options.file, mdx);
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const value = expressionText(options.file, mdx);
      return value === null ? [] : [text(value)];
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return element(mdx, options);
    case 'callout':
      return [calloutToTwin(node as unknown as CalloutNode, converter(options))];
    case 'tabs':
      return [tabsToTwin(node as unknown as TabsNode, converter(options))];
    case 'steps':
      return stepsToTwin(node as unknown as StepsNode, converter(options));
    case 'fileTree':
      return [fileTreeToTwin(node as unknown as FileTreeNode)];
    default:
      break;
  }
  if (node.type === 'image') return [{ ...node, url: options.imageUrl(node.url) }];
  if (node.type === 'code' && node.lang !== 'mermaid') {
    // The code as the page shows it (magic comments out), its title kept; highlights are the page's business.
    const spec = readCodeBlock(options.file, node, node.lang, node.meta, node.value);
    return [{ ...node, meta: spec.title === null ? null : `title=${JSON.stringify(spec.title)}`, value: spec.twin }];
  }
  if (node.type === 'link' || node.type === 'definition')
    return [{ ...node, url: twinLink(node.url, options.basePath), ...('children' in node ? { children: asPhrasing(convertAll(node.children, options)) } : {}) } as Content];
  if ('children' in node) {
    const converted = convertAll(node.children as Content[], options);
    // A paragraph of HTML elements written inline (`<h2>…</h2>` then `<p>…</p>` on the next line)
    // holds blocks: they become blocks, the text between them paragraphs.
    if (node.type === 'paragraph' && converted.some((child) => !isPhrasing(child))) return asFlow(converted);
    const inlineParent = node.type === 'paragraph' || node.type === 'heading' || node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete' || node.type === 'tableCell' || node.type === 'linkReference';
    const childrenOf = node.type === 'table' || node.type === 'tableRow' || node.type === 'list' ? converted : inlineParent ? asPhrasing(converted) : asFlow(converted);
    // A heading's own id stays written after it, as in the source: links into the twin can name it.
    const id = node.type === 'heading' ? explicitId(node) : undefined;
    if (id) childrenOf.push(text(` {#${id}}`));
    return [{ ...node, children: childrenOf } as Content];
  }
  return [node];
}

function convertAll(nodes: Content[], options: TwinTreeOptions): Content[] {
  return nodes.flatMap((node) => convert(node, options));
}

/** Content → Markdown, inline or as blocks: for the constructs' own modules (callouts.ts …). */
function converter(options: TwinTreeOptions): TwinConvert {
  return { phrasing: (nodes) => asPhrasing(convertAll(nodes, options)), flow: (nodes) => asFlow(convertAll(nodes, options)) as BlockContent[] };
}

/**
 * The twin's tree for a parsed content file: the title as h1, the last-updated line and the cover
 * (if any), then the body converted as described above. The input tree is not modified.
 */
/** The series box as Markdown: a bold heading line, then the parts (links, dates, the current part, later parts labelled). */
export function seriesTwin(series: SeriesBox, basePath: string): Content[] {
  const item = (part: SeriesBox['parts'][number]): ListItem => {
    const name: PhrasingContent = part.current ? { type: 'strong', children: [text(part.title)] } : { type: 'link', url: withBase(part.path, basePath), children: [{ type: 'text', value: part.title }] };
    const notes = [part.current ? '本篇' : '', formatDateZh(part.date), part.later ? SERIES_LATER_LABEL : ''].filter(Boolean).join('，');
    return { type: 'listItem', spread: false, children: [{ type: 'paragraph', children: [name, text(`（${notes}）`)] }] };
  };
  return [
    { type: 'thematicBreak' },
    { type: 'paragraph', children: [{ type: 'strong', children: [text(`系列：${seriesHeading(series)}`)] }] },
    { type: 'list', ordered: true, start: 1, spread: false, children: series.parts.map(item) },
  ];
}

export function twinTree(tree: Root, options: TwinTreeOptions): Root {
  const title: Heading = { type: 'heading', depth: 1, children: [text(options.title)] };
  const updated: Content[] = options.lastUpdated ? [{ type: 'paragraph', children: [text(lastUpdatedText(options.lastUpdated))] }] : [];
  const cover: Content[] = options.cover ? [{ type: 'paragraph', children: [{ type: 'image', url: options.cover.url, alt: options.cover.alt }] }] : [];
  const body = asFlow(convertAll(tree.children, options));
  const seriesNote: Content[] = options.series ? [{ type: 'paragraph', children: [text(`本文属于 ${seriesHeading(options.series)}（见文末）`)] }] : [];
  const seriesBox = options.series ? seriesTwin(options.series, options.basePath) : [];
  return { type: 'root', children: [title, ...updated, ...seriesNote, ...cover, ...body, ...seriesBox] };
}
