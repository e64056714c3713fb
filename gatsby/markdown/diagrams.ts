/**
 * ```mermaid fences → inline SVG at build time (remark plugin, before code blocks and Prism see
 * them). No JavaScript on the page and no browser in the build: beautiful-mermaid (pure
 * TypeScript, ELK layout) draws the diagram — loaded and cached by the build's DrawSvg
 * (gatsby/markdown/draw-diagrams.ts); mermaid-source.ts reads and checks the source first.
 *
 * What a reader gets, inside <figure class="diagram">:
 * - the SVG, role="img", named by its <title> (the diagram's accTitle or title, else 流程图 / 时序图),
 *   its labels real <text> (selectable). Its colours are CSS variables that the site's stylesheet
 *   maps to theme tokens (DIAGRAM_COLORS, used by constructs/diagrams.ts and contrast.ts), so one
 *   SVG follows light and dark without JavaScript. The library's own <style> (a web-font @import and a
 *   colour-mix palette) is removed, and ids get a per-page prefix (several diagrams on one page).
 * - a <figcaption> when the diagram has a title;
 * - <details> “文字版”: the diagram's statements as a list (who calls whom, in order, with the
 *   labels). Inside role="img" the SVG's text is not read out, so this is the text alternative; it
 *   works without JavaScript, is there for everyone (a phone too narrow for the drawing), and is
 *   what search indexes (search skips <svg>).
 *
 * A fence that cannot be drawn stops the build: `file:line` of the fence and the diagram's kind.
 */
import type { Code, Root } from 'mdast';
import { decodeEntities } from './html-tree';
import { ContentSyntaxError } from './errors';
import { DiagramSyntaxError, expectedLabels, KIND_NAMES, readDiagram, type DiagramSource, type Statement } from './mermaid-source';

/** Spacing passed to the renderer (its defaults leave 40 px of empty margin). */
export const RENDER_OPTIONS = { padding: 12, transparent: true, font: 'sans-serif' } as const;

export type DrawSvg = (renderSource: string) => Promise<string>;

export class DiagramError extends ContentSyntaxError {
  constructor(file: string, line: number | undefined, kindName: string, detail: string) {
    super(file, line ? { line } : null, `无法绘制的 Mermaid 图（${kindName}）：${detail}`);
    this.name = 'DiagramError';
  }
}

/** The renderer's SVG without its <style> block and root inline style (the theme sets both). */
export function cleanSvg(svg: string): string {
  return svg.replace(/<style>[\s\S]*?<\/style>\s*/g, '').replace(/^<svg([^>]*?)\s+style="[^"]*"/, '<svg$1');
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The text the SVG shows: its <text> contents, tags removed, entities decoded. */
export function svgText(svg: string): string[] {
  return [...svg.matchAll(/<text\b[^>]*>([\s\S]*?)<\/text>/g)].map((m) => decodeEntities((m[1] as string).replace(/<[^>]+>/g, '')));
}

/** Labels of `diagram` that the drawing does not show (none, unless the renderer dropped something). */
export function missingLabels(diagram: DiagramSource, svg: string): string[] {
  const squash = (s: string) => s.replace(/\s+/g, '');
  const shown = squash(svgText(svg).join(''));
  return expectedLabels(diagram).filter((label) => !shown.includes(squash(label)));
}

/** The accessible name: 时序图：<accTitle or title>, or just the kind. */
export function diagramName(diagram: Pick<DiagramSource, 'kind' | 'title' | 'accTitle'>): string {
  const title = diagram.accTitle ?? diagram.title;
  return title ? `${KIND_NAMES[diagram.kind]}：${title}` : KIND_NAMES[diagram.kind];
}

/** The SVG of one diagram on a page: role="img" named by <title>, ids prefixed with `id`. */
export function accessibleSvg(svg: string, diagram: DiagramSource, id: string): string {
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  const described = diagram.description ? ` aria-describedby="${descId}"` : '';
  const head = `<title id="${titleId}">${escapeXml(diagramName(diagram))}</title>` + (diagram.description ? `<desc id="${descId}">${escapeXml(diagram.description)}</desc>` : '');
  return svg
    .replace(/\bid="([^"]+)"/g, `id="${id}-$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${id}-$1)`)
    .replace(/^<svg([^>]*)>/, `<svg$1 class="diagram-svg" role="img" aria-labelledby="${titleId}"${described} focusable="false">${head}`);
}

const BLOCK_NAMES: Record<string, string> = { loop: '循环', alt: '条件', else: '否则', opt: '可选', par: '并行', and: '同时', critical: '关键区', break: '中断' };

/** One statement as a sentence of the text alternative. */
function sentence(s: Statement, names: Map<string, string>): string {
  const name = (id: string) => names.get(id) ?? id;
  switch (s.type) {
    case 'node':
      return name(s.id);
    case 'link':
      return `${name(s.from)} → ${name(s.to)}${s.label ? `（${s.label}）` : ''}`;
    case 'message':
      return `${s.number ? `${s.number}. ` : ''}${name(s.from)} → ${name(s.to)}：${s.label}`;
    case 'note':
      return `注（${s.over.map(name).join('、')}）：${s.label}`;
    case 'group':
      return `分组：${s.label}`;
    case 'block':
      return `${BLOCK_NAMES[s.keyword] ?? s.keyword}${s.label ? `：${s.label}` : ''}`;
    default:
      return '';
  }
}

/** The text alternative's list: groups and blocks (and their else/and parts) nest what they hold. */
export function textAlternative(diagram: DiagramSource): string {
  const out: string[] = ['<ul>'];
  let open = 0;
  for (const s of diagram.statements) {
    if (s.type === 'blockEnd') {
      out.push('</ul></li>');
      open -= 1;
    } else if (s.type === 'block' && (s.keyword === 'else' || s.keyword === 'and')) {
      out.push(`</ul></li><li>${escapeXml(sentence(s, diagram.names))}<ul>`);
    } else if (s.type === 'group' || s.type === 'block') {
      out.push(`<li>${escapeXml(sentence(s, diagram.names))}<ul>`);
      open += 1;
    } else out.push(`<li>${escapeXml(sentence(s, diagram.names))}</li>`);
  }
  out.push('</ul></li>'.repeat(Math.max(open, 0)), '</ul>');
  // A group or block with nothing in it leaves an empty list: not valid for assistive technology.
  return out.join('').replace(/<ul><\/ul>/g, '');
}

function summaryOf(diagram: DiagramSource): string {
  const title = diagram.accTitle ?? diagram.title;
  return title ? `${title}（${KIND_NAMES[diagram.kind]}）` : KIND_NAMES[diagram.kind];
}

/** The whole figure: drawing, caption, text alternative. */
export function diagramFigure(svg: string, diagram: DiagramSource, id: string): string {
  const caption = diagram.title ? `<figcaption>${escapeXml(diagram.title)}</figcaption>` : '';
  return (
    `<figure class="diagram" data-diagram="${diagram.kind}">` +
    `<div class="diagram-drawing">${accessibleSvg(svg, diagram, id)}</div>${caption}` +
    `<details class="diagram-text"><summary>文字版：${escapeXml(summaryOf(diagram))}</summary>${textAlternative(diagram)}</details>` +
    `</figure>`
  );
}

/** Reads, checks and draws one fence's source; errors say what is wrong, without the position. */
export async function renderDiagram(source: string, draw: DrawSvg, id: string): Promise<string> {
  const diagram = readDiagram(source);
  let svg: string;
  try {
    svg = await draw(diagram.renderSource);
  } catch (error) {
    throw new DiagramSyntaxError(`渲染器无法绘制：${error instanceof Error ? error.message : String(error)}`, 1, KIND_NAMES[diagram.kind]);
  }
  const missing = missingLabels(diagram, svg);
  if (missing.length) throw new DiagramSyntaxError(`画出的图缺少 ${missing.map((l) => `“${l}”`).join('、')}`, 1, KIND_NAMES[diagram.kind]);
  return diagramFigure(svg, diagram, id);
}

export interface DiagramOptions {
  /** The content file as editors know it, for error messages. */
  file: string;
  /** How a checked source becomes SVG: the build's cached renderer (gatsby/markdown/draw-diagrams.ts). */
  draw?: DrawSvg;
}

const NO_RENDERER: DrawSvg = () => Promise.reject(new Error('没有提供绘图函数（renderMdx 的 drawDiagram 选项）'));

/**
 * remark plugin: every ```mermaid code node becomes the figure above (as raw HTML). A diagram
 * that cannot be drawn throws DiagramError `file:line 无法绘制的 Mermaid 图（kind）：…`, the line
 * being the fence's line in the source given to the renderer.
 */
export function remarkDiagrams({ file, draw = NO_RENDERER }: DiagramOptions) {
  return async (tree: Root) => {
    const fences: Code[] = [];
    const visit = (node: { type: string; children?: unknown[] }) => {
      if (node.type === 'code' && (node as Code).lang === 'mermaid') fences.push(node as Code);
      for (const child of (node.children ?? []) as Array<{ type: string; children?: unknown[] }>) visit(child);
    };
    visit(tree);
    let n = 0;
    for (const fence of fences) {
      n += 1;
      let html: string;
      try {
        html = await renderDiagram(fence.value, draw, `diagram-${n}`);
      } catch (error) {
        if (!(error instanceof DiagramSyntaxError)) throw error;
        throw new DiagramError(file, fence.position?.start.line, error.kindName, error.message);
      }
      // An mdast `html` node becomes raw HTML in remark-rehype (allowDangerousHtml): the figure as built.
      Object.assign(fence, { type: 'html', value: html, lang: undefined, meta: undefined });
    }
  };
}
