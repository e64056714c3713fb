/**
 * What a content construct is made of: the fields of the objects the registry lists (./index.ts).
 * Every field but `name` and `example` is optional; a construct has the ones its writing needs.
 */
import type { SerializedStyles } from '@emotion/react';
import type { ElementContent } from 'hast';
import type { BlockContent, Content, PhrasingContent } from 'mdast';
import type { Pluggable } from 'unified';
import type { DrawSvg } from '../diagrams';

/** What the page's steps know of the file they render (renderMdx's options). */
export interface RenderContext {
  /** The file as editors know it, for error messages. */
  file: string;
  /** The site's base URL ('' at the root). */
  pathPrefix: string;
  /** Old anchors of reworded headings → the heading id they land on now. */
  anchorAliases?: Readonly<Record<string, string>>;
  /** How ```mermaid diagrams are drawn (the build's cached renderer). */
  drawDiagram?: DrawSvg;
}

/**
 * One unified plugin of a pipeline. The steps of all constructs in one pipeline run by `order`,
 * lowest first, whatever the order of the list: the list orders the stylesheet and the audit,
 * and a construct's steps may have to run between another's (code blocks highlight before tables
 * scroll, steps are read before callouts take the other `:::` containers).
 */
export interface Step<Context = void> {
  order: number;
  /**
   * The plugin, with its options, made when a processor is. Made, not held: the construct module
   * only names it, so that a module reading the construct's styles alone never runs it (./index.ts).
   */
  use(context: Context): Pluggable;
}

/** remark-rehype's state, as far as the handlers read it. */
export interface HastState {
  all(node: unknown): ElementContent[];
}

/**
 * A remark-rehype handler for one node type, told which file it renders. (`node: never` lets
 * each handler name its own node type.)
 */
export type HastHandler = (state: HastState, node: never, context: RenderContext) => ElementContent | ElementContent[] | null | undefined;

/** How the Markdown version (../markdown-version-tree.ts) converts content, for the converters of constructs. */
export interface MarkdownConvert {
  /** The content file as editors know it, for error messages. */
  file: string;
  /** The base URL the site is built for ('' at the root). */
  basePath: string;
  /** The URL an image written in the content is served at (absolute), given the src as written. */
  imageUrl(src: string): string;
  /** Nodes converted, inline and block as they come (the parent sorts them out). */
  all(nodes: Content[]): Content[];
  /** Nodes converted into inline content: blocks give their inline content, paragraphs separated by line breaks. */
  phrasing(nodes: Content[]): PhrasingContent[];
  /** Nodes converted into block content: consecutive inline nodes become paragraphs. */
  flow(nodes: Content[]): BlockContent[];
}

/**
 * A node of one type in the Markdown version: what it becomes in plain Markdown, or undefined to be converted
 * like any node of its type (its children converted, the node kept).
 */
export type MarkdownConverter = (node: never, convert: MarkdownConvert) => Content[] | undefined;

/** An element of the rendered page: by tag name, and class when given. */
export interface ElementMatch {
  tag: string;
  className?: string;
}

/** How the construct's HTML reads in search (gatsby/search/sections.ts), where it is not as a reader sees the text. */
export interface SearchText {
  /** Elements left out: what is not read as the page's text (a label of a control, a drawing). */
  skip?: readonly ElementMatch[];
  /** Elements whose text is code: search keeps its identifiers only. */
  code?: readonly ElementMatch[];
  /**
   * Words the page says for its readers that the Markdown version says its own way (the page's 目录 before a
   * folder, where the Markdown version draws a `/`): the registry test allows them in search and not in the Markdown version.
   */
  pageOnly?: readonly string[];
}

/** A markup feature the accessibility audit covers in every mode (__tests__/e2e/support/audit-plan.ts). */
export interface AuditFeature {
  feature: string;
  /** Matches the built page's HTML (its <main>) when the page has the feature. */
  pattern: RegExp;
}

export interface ContentConstruct {
  /** Unique: names the construct in tests and errors. */
  name: string;
  /** Steps of the one parser (../parse.ts): the page, the Markdown version and search read what they make. */
  parse?: readonly Step[];
  /** remark steps of the page only, after the parser and before Gatsby's image plugins. */
  remark?: readonly Step<RenderContext>[];
  /** The page's HTML of the construct's own node types (remark-rehype handlers). */
  hast?: Readonly<Record<string, HastHandler>>;
  /** rehype steps of the page. */
  rehype?: readonly Step<RenderContext>[];
  /** What node types become in the Markdown version: every node type of `hast` has one. */
  markdown?: Readonly<Record<string, MarkdownConverter>>;
  /** Where search reads the construct's HTML otherwise than its text. */
  searchText?: SearchText;
  /** Its CSS, under the body's `.markdown` (Emotion's css``, minified at build time like the rest). */
  styles?: SerializedStyles;
  /** CSS for the whole page, after the body's: plain text, as written. */
  pageStyles?: string;
  /**
   * The browser behaviour its HTML gets, as the module under src/components/mdx/ that
   * Markdown.tsx loads (src/ does not import gatsby/, so Markdown.tsx names it, not this list).
   */
  behaviour?: string;
  /** Markup the accessibility audit looks for. */
  audit?: readonly AuditFeature[];
  /** HTML its example makes, for a construct the audit does not look for (the registry test checks one or the other). */
  marker?: RegExp;
  /** MDX that uses the construct: the registry test renders it to HTML, Markdown version and search text. */
  example: string;
}
