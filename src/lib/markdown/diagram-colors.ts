/**
 * The colour variables the diagram renderer (beautiful-mermaid, see diagrams.ts) draws with, each
 * mapped to the theme token it takes. The site's build-time stylesheet sets them on every diagram
 * (the diagrams construct's styles, gatsby/markdown/constructs/diagrams.ts), so one inline SVG
 * follows light and dark with the rest of the page; theme/contrast.ts checks each text and line colour against the fills it is drawn on.
 * No imports: the stylesheet, the contrast check and the renderer's cache key all read this.
 */
import type { ColorTokens } from '../../theme/tokens';

export const DIAGRAM_COLORS = {
  /** Behind link labels. */
  '--bg': 'bg',
  /** Node and participant names. */
  '--_text': 'text',
  /** Link labels, group and block titles. */
  '--_text-sec': 'textSoft',
  /** Message and note text. */
  '--_text-muted': 'textSoft',
  /** Links, lifelines. */
  '--_line': 'textMute',
  '--_arrow': 'textSoft',
  '--_node-fill': 'bgSoft',
  '--_node-stroke': 'textMute',
  '--_group-fill': 'bg',
  '--_group-hdr': 'bgSoft',
  /** Note fill and the frame of link labels. */
  '--_inner-stroke': 'bgMute',
} as const satisfies Record<string, keyof ColorTokens>;

export type DiagramColorVariable = keyof typeof DIAGRAM_COLORS;
