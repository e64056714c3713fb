/**
 * The exports in `gatsby develop`: each post's and doc's Markdown version (its path + .md)
 * and its share card (/static/og/<hash>.png) rendered when asked for, by the same code as the
 * build (markdownVersionOf, drawShareCards), from the pages createPages last planned. develop runs no
 * onPostBuild, so without this an editor could not preview either. Markdown versions point their images at
 * the develop server (the request's origin); cards are drawn into the build cache like the
 * build's, so a later build copies them.
 */
import { readFileSync } from 'node:fs';
import type { Node } from 'gatsby';
import { siteConfig } from '../../src/config/site';
import { CARD_DIR } from './share-card-layout';
import { MARKDOWN_EXTENSION } from '../../src/lib/markdown-path';
import { requestOrigin, type DevelopHandler } from '../framework/develop-server';
import { builtSite } from '../built-site';
import { markdownVersionSourceOf } from './develop-source';
import { cachedCardFile, drawShareCards } from './share-cards';
import { CARD_CACHE, planner } from './build-exports';
import { markdownVersionCache } from './markdown-version-cache';
import { markdownVersionOf } from './markdown-versions';

const CARD_FILE = new RegExp(`^${CARD_DIR}/([0-9a-f]{20})\\.png$`);

export function exportRoutes(getNode: (id: string) => Node | undefined, publicDir: string): DevelopHandler {
  return async (req, res, next) => {
    const site = builtSite();
    if (req.method !== 'GET' || !site) return next();
    try {
      if (req.path.endsWith(MARKDOWN_EXTENSION)) {
        const source = markdownVersionSourceOf(decodeURIComponent(req.path.slice(0, -MARKDOWN_EXTENSION.length)), site, getNode);
        if (!source) return next();
        const markdownSite = { origin: requestOrigin(req), basePath: '', title: siteConfig.title, description: siteConfig.description };
        res.set({ 'Content-Type': 'text/markdown; charset=utf-8', 'Cache-Control': 'no-cache' }).send(await markdownVersionOf(source, publicDir, markdownSite, markdownVersionCache()));
        return;
      }
      const key = CARD_FILE.exec(req.path)?.[1];
      const card = key ? [...site.cards.values()].find((c) => c.key === key) : undefined;
      if (!card) return next();
      await drawShareCards([card], planner(), CARD_CACHE);
      res.set({ 'Content-Type': 'image/png', 'Cache-Control': 'no-cache' }).send(readFileSync(cachedCardFile(CARD_CACHE, card)));
    } catch (error) {
      // A content mistake (an image the Markdown version names is missing, a glyph the card font lacks): say which, keep serving.
      res
        .status(500)
        .set({ 'Content-Type': 'text/plain; charset=utf-8' })
        .send(error instanceof Error ? error.message : String(error));
    }
  };
}
