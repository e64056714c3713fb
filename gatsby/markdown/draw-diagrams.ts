/**
 * How the build draws ```mermaid diagrams (gatsby/markdown/diagrams.ts asks for a DrawSvg):
 * beautiful-mermaid, loaded on the first diagram not in the cache. It is ESM-only with an
 * exports map that has no `require` condition, and Gatsby compiles this code to CommonJS, so its
 * entry file is required by path (Node ≥ 20.19 loads an ES module through require).
 *
 * Drawn diagrams are kept in the build cache (gatsby/cache.ts, outlives `gatsby clean`), like the share
 * cards: one JSON file per diagram, named by the hash of everything the SVG depends on — the
 * checked source handed to the renderer, beautiful-mermaid's version, the render options, the
 * theme's colour mapping and the code that cleans the renderer's output. A build draws only new or
 * changed diagrams; a hit does not even load the renderer. Reading and checking the source
 * (mermaid-source.ts) still runs every time, so a bad diagram fails the build cached or not.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildCacheDir, jsonCache, stableKey } from '../cache';
import { DIAGRAM_COLORS } from '../../src/lib/markdown/diagram-colors';
import { cleanSvg, RENDER_OPTIONS, type DrawSvg } from './diagrams';

const RENDERER = 'beautiful-mermaid';

const rendererPackage = (root = process.cwd()) => path.join(root, 'node_modules', RENDERER, 'package.json');

/** The installed renderer's version (its package.json is not in its exports map: read from node_modules). */
export function rendererVersion(root = process.cwd()): string {
  return (JSON.parse(readFileSync(rendererPackage(root), 'utf8')) as { version: string }).version;
}

type Renderer = { renderMermaidSVG: (source: string, options: typeof RENDER_OPTIONS) => string };
let renderer: Renderer | undefined;

/** beautiful-mermaid's SVG for a checked source, cleaned (cleanSvg) for the theme to colour. */
export const drawWithRenderer: DrawSvg = async (renderSource) => {
  if (!renderer) {
    const manifest = rendererPackage();
    const { main } = JSON.parse(readFileSync(manifest, 'utf8')) as { main: string };
    renderer = createRequire(manifest)(path.join(path.dirname(manifest), main)) as Renderer;
  }
  return cleanSvg(renderer.renderMermaidSVG(renderSource, RENDER_OPTIONS));
};

/** The cache key of one diagram's SVG. */
export function diagramKey(renderSource: string, version: string): string {
  return stableKey({ source: renderSource, renderer: `${RENDERER}@${version}`, options: RENDER_OPTIONS, theme: DIAGRAM_COLORS, clean: cleanSvg.toString() });
}

export interface DiagramCacheStats {
  hits: number;
  drawn: number;
  /** Wall time spent drawing the new ones, ms. */
  drawMs: number;
}

export interface CachedDrawOptions {
  /** Default: `<build cache>/diagrams`. */
  dir?: string;
  /** Default: beautiful-mermaid (tests pass a counting stand-in). */
  draw?: DrawSvg;
  version?: string;
  stats?: DiagramCacheStats;
}

/** A DrawSvg that answers from the cache and draws (and stores) only on a miss. */
export function cachedDraw({ dir = path.join(buildCacheDir(), 'diagrams'), draw = drawWithRenderer, version, stats }: CachedDrawOptions = {}): DrawSvg {
  const cache = jsonCache<{ svg: string }>(dir);
  return async (renderSource) => {
    // Read on the first diagram: pages without one never touch the renderer.
    version ??= rendererVersion();
    const key = diagramKey(renderSource, version);
    const hit = cache.get(key);
    if (hit && typeof hit.svg === 'string' && hit.svg.startsWith('<svg') && hit.svg.trimEnd().endsWith('</svg>')) {
      if (stats) stats.hits += 1;
      return hit.svg;
    }
    const started = performance.now();
    const svg = await draw(renderSource);
    if (stats) {
      stats.drawn += 1;
      stats.drawMs += performance.now() - started;
    }
    cache.set(key, { svg });
    return svg;
  };
}

let shared: DrawSvg | undefined;
/** The build's one cached drawer (page rendering, search sections and check:content use it). */
export function buildDrawDiagram(): DrawSvg {
  shared ??= cachedDraw();
  return shared;
}
