/**
 * The Markdown version's syntax tree: the parsed MDX (the same mdast the HTML renderer starts from,
 * see parse.ts) with everything MDX-only turned into what it means in plain Markdown. Each node
 * type a content construct converts goes to its converter (constructs/: callouts become a
 * blockquote opening with their label in bold, tabs a list, JSX elements their Markdown, code the
 * lines the page shows …); every other node keeps its type, its children converted.
 * Images get absolute URLs (a served file), site-absolute links get the base URL. What needs
 * JavaScript stops the build with the file and line, exactly as in the HTML renderer (jsx.ts).
 * Pure functions over plain mdast objects: no unified import, unit-testable.
 */
import type { BlockContent, Content, Heading, ListItem, PhrasingContent, Root } from 'mdast';
import { withBase } from './links';
import { lastUpdatedText, type LastUpdated } from '../../src/lib/last-updated';
import { formatDateZh } from '../../src/lib/format';
import { SERIES_LATER_LABEL, seriesHeading, type SeriesBox } from '../../src/lib/series';
import { MARKDOWN_CONVERTERS } from './constructs';
import type { MarkdownConvert } from './constructs/types';
import { asFlow, asPhrasing, isPhrasing, text } from './markdown-version-nodes';

export interface MarkdownVersionTreeOptions {
  /** The content file as editors know it, for error messages. */
  file: string;
  /** The line of the file the body starts on (after the frontmatter), for error messages. */
  firstLine?: number;
  /** The page title: the Markdown version's h1. */
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

function convert(node: Content, convert: MarkdownConvert): Content[] {
  const own = MARKDOWN_CONVERTERS.get(node.type)?.(node as never, convert);
  if (own) return own;
  if ('children' in node) {
    const converted = convert.all(node.children as Content[]);
    // A paragraph of HTML elements written inline (`<h2>…</h2>` then `<p>…</p>` on the next line)
    // holds blocks: they become blocks, the text between them paragraphs.
    if (node.type === 'paragraph' && converted.some((child) => !isPhrasing(child))) return asFlow(converted);
    const inlineParent = node.type === 'paragraph' || node.type === 'heading' || node.type === 'emphasis' || node.type === 'strong' || node.type === 'delete' || node.type === 'tableCell' || node.type === 'linkReference';
    const childrenOf = node.type === 'table' || node.type === 'tableRow' || node.type === 'list' ? converted : inlineParent ? asPhrasing(converted) : asFlow(converted);
    return [{ ...node, children: childrenOf } as Content];
  }
  return [node];
}

/** How content becomes Markdown for one file: handed to the converters. */
function markdownConvert(options: MarkdownVersionTreeOptions): MarkdownConvert {
  const self: MarkdownConvert = {
    file: options.file,
    basePath: options.basePath,
    imageUrl: options.imageUrl,
    all: (nodes) => nodes.flatMap((node) => convert(node, self)),
    phrasing: (nodes) => asPhrasing(self.all(nodes)),
    flow: (nodes) => asFlow(self.all(nodes)) as BlockContent[],
  };
  return self;
}

/** The series box as Markdown: a bold heading line, then the parts (links, dates, the current part, later parts labelled). */
export function seriesMarkdown(series: SeriesBox, basePath: string): Content[] {
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

/**
 * The Markdown version's tree for a parsed content file: the title as h1, the last-updated line and the cover
 * (if any), then the body converted as described above. The input tree is not modified.
 */
export function markdownVersionTree(tree: Root, options: MarkdownVersionTreeOptions): Root {
  const title: Heading = { type: 'heading', depth: 1, children: [text(options.title)] };
  const updated: Content[] = options.lastUpdated ? [{ type: 'paragraph', children: [text(lastUpdatedText(options.lastUpdated))] }] : [];
  const cover: Content[] = options.cover ? [{ type: 'paragraph', children: [{ type: 'image', url: options.cover.url, alt: options.cover.alt }] }] : [];
  const body = asFlow(markdownConvert(options).all(tree.children));
  const seriesNote: Content[] = options.series ? [{ type: 'paragraph', children: [text(`本文属于 ${seriesHeading(options.series)}（见文末）`)] }] : [];
  const seriesBox = options.series ? seriesMarkdown(options.series, options.basePath) : [];
  return { type: 'root', children: [title, ...updated, ...seriesNote, ...cover, ...body, ...seriesBox] };
}
