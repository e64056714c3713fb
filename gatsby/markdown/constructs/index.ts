/**
 * The content constructs: every way of writing content beyond CommonMark, GFM and MDX's own
 * syntax (callouts, tabs, steps, file trees, code blocks, diagrams, tables, images, headings,
 * links, CJK emphasis, explicit heading ids, JSX). Each is one module of this folder exporting one
 * object (./types.ts): its parse steps, its HTML, its Markdown version, how search reads it, its CSS,
 * the browser behaviour it gets, the markup the accessibility audit looks for, and an example.
 * CONSTRUCTS is the one list: the parser (../parse.ts), the renderer (../render.ts), the Markdown version
 * (../markdown-version-tree.ts), search (gatsby/search/sections.ts), the site-wide stylesheet (through
 * gatsby-ssr.tsx and gatsby-browser.tsx) and the audit (__tests__/e2e/support/audit-plan.ts)
 * read it, and __tests__/unit/constructs.test.ts renders every example through all of them.
 *
 * Order: the list orders the stylesheet and the audit's features. Pipeline steps carry their
 * own `order`, since one construct's steps may need to run between another's.
 *
 * Browser behaviour (tab sets, zoomable images, copy buttons) stays where the browser bundle has
 * it: src/components/mdx/Markdown.tsx loads each module on first use, and src/ does not import
 * gatsby/. A construct names that module (`behaviour`), so the pages' JavaScript is what it was.
 *
 * Styles and the light view. A construct module reaches build-time code only through the
 * implementation modules of gatsby/markdown/ (../callouts.ts, ../prism …), and what reads only
 * its light fields (name, styles, searchText, behaviour, audit, marker, example) reads it with
 * those imports replaced by an empty module (./light-view.cjs): webpack, which bundles
 * CONTENT_STYLES into the site-wide stylesheet (passed to src/components/layout/GlobalStyles.tsx
 * by gatsby-ssr.tsx, and in `gatsby develop` by gatsby-browser.tsx, since src/ does not import
 * gatsby/), through gatsby/framework/webpack/light-constructs.ts; and jest, where the audit plan
 * and search text read the list, through __tests__/resolver.js. So the parser, Prism and parse5
 * stay out of the server renderer's bundle and out of develop's browser bundle (production pages
 * never load the stylesheet's code: it is written into the HTML at build time), jest's CommonJS
 * never meets the ES-module-only parser, and a construct is still one module. Its light fields
 * are therefore written out, not computed from build-time imports, and its pipeline steps only
 * name build-time code (Step.use), never run it when the module loads; the registry test compares
 * the light view with the whole and looks into webpack's bundle.
 */
import type { ContentStyles } from '../../../src/lib/types/content-styles';
import { callouts } from './callouts';
import { cjkEmphasis } from './cjk-emphasis';
import { code } from './code';
import { diagrams } from './diagrams';
import { fileTree } from './file-tree';
import { headingIds } from './heading-ids';
import { headings } from './headings';
import { images } from './images';
import { jsx } from './jsx';
import { links } from './links';
import { steps } from './steps';
import { tables } from './tables';
import { tabs } from './tabs';
import type { AuditFeature, ContentConstruct, ElementMatch, HastHandler, HastState, RenderContext, Step, MarkdownConverter } from './types';

export const CONSTRUCTS = [jsx, cjkEmphasis, headingIds, headings, links, tables, code, callouts, tabs, images, diagrams, steps, fileTree] as const satisfies readonly ContentConstruct[];

/** The plugins of one pipeline, in their steps' order. */
function pipeline<C>(steps: (construct: ContentConstruct) => readonly Step<C>[] | undefined, context: C) {
  return CONSTRUCTS.flatMap((construct) => steps(construct) ?? [])
    .sort((a, b) => a.order - b.order)
    .map((step) => step.use(context));
}

/** The one parser's steps after MDX and GFM (../parse.ts). */
export const parseSteps = () => pipeline((c) => c.parse, undefined);

/** The page's remark steps after the parser (../render.ts). */
export const remarkSteps = (context: RenderContext) => pipeline((c) => c.remark, context);

/** The page's rehype steps (../render.ts). */
export const rehypeSteps = (context: RenderContext) => pipeline((c) => c.rehype, context);

/** Each node type's converter or handler among the constructs; a type two constructs claim is a mistake. */
function byType<T>(field: (construct: ContentConstruct) => Readonly<Record<string, T>> | undefined): ReadonlyMap<string, T> {
  const owners = new Map<string, string>();
  const out = new Map<string, T>();
  for (const construct of CONSTRUCTS) {
    for (const [type, value] of Object.entries(field(construct) ?? {})) {
      const owner = owners.get(type);
      if (owner) throw new Error(`content constructs ${owner} and ${construct.name} both handle ${type} nodes`);
      owners.set(type, construct.name);
      out.set(type, value);
    }
  }
  return out;
}

const HAST_HANDLERS = byType((c) => c.hast);

/** remark-rehype's handlers for one file. */
export function hastHandlers(context: RenderContext): Record<string, (state: HastState, node: never) => ReturnType<HastHandler>> {
  return Object.fromEntries([...HAST_HANDLERS].map(([type, handler]) => [type, (state: HastState, node: never) => handler(state, node, context)]));
}

/** The Markdown version's converter of each node type a construct converts (../markdown-version-tree.ts). */
export const MARKDOWN_CONVERTERS: ReadonlyMap<string, MarkdownConverter> = byType((c) => c.markdown);

/** Where search reads the constructs' HTML otherwise than as text (gatsby/search/sections.ts). */
export const SEARCH_TEXT: { skip: readonly ElementMatch[]; code: readonly ElementMatch[] } = {
  skip: CONSTRUCTS.flatMap((c) => c.searchText?.skip ?? []),
  code: CONSTRUCTS.flatMap((c) => c.searchText?.code ?? []),
};

/** The markup features of content the audit covers in every mode. */
export const AUDIT_FEATURES: readonly AuditFeature[] = CONSTRUCTS.flatMap((c) => c.audit ?? []);

/**
 * The constructs' CSS for the site-wide stylesheet, in the list's order. Emotion's styles are
 * joined as text into one interpolation: the stylesheet's text is then what it was when this CSS
 * was part of one css`` in src/components/mdx/prose.ts (its Emotion id, a hash of that text, is
 * in every page).
 */
export const CONTENT_STYLES: ContentStyles = {
  markdown: CONSTRUCTS.map((c) => c.styles?.styles ?? '').join(''),
  page: CONSTRUCTS.map((c) => c.pageStyles ?? '').join(''),
};
