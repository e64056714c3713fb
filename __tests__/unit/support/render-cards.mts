/**
 * Test helper (tsx: satori is an ES module). Draws the cards given as JSON on stdin
 * ({ dir, early?, cards: [{ page, title, kind, labels }] }) into <dir>/public with the cache in <dir>/cache,
 * and prints the stats, each card's file name and whether satori or resvg was loaded on this
 * (the build's) thread — or the error the build would stop with.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { cardPlanner, startShareCards, writeShareCards } from '../../../gatsby/exports/share-cards';

interface Input {
  dir: string;
  /** Start painting as a build does from createPages, on a worker thread, whatever the number of cards. */
  early?: boolean;
  cards: Array<{ page: string; title: string; kind: 'doc' | 'post'; labels: string[] }>;
}

const input = JSON.parse(readFileSync(0, 'utf8')) as Input;
const planner = cardPlanner({ siteName: 'iofomo', host: 'www.iofomo.com', markFile: path.resolve('static/favicon.svg') });
const cards = input.cards.map((c) => planner.plan(c.page, `content${c.page}.mdx`, { kind: c.kind, title: c.title, labels: c.labels }));
try {
  if (input.early) startShareCards(cards, planner, path.join(input.dir, 'cache'), 0);
  const stats = await writeShareCards(cards, planner, { publicDir: path.join(input.dir, 'public'), cacheDir: path.join(input.dir, 'cache') });
  // Whether satori or resvg was loaded on this thread (a build paints on a worker thread).
  const loadedDrawing = Object.keys(createRequire(import.meta.url).cache).some((file) => /node_modules\/(satori|@resvg)\//.test(file));
  process.stdout.write(JSON.stringify({ stats, cards: cards.map((c) => ({ page: c.page, path: c.path, alt: c.alt })), loadedDrawing }));
} catch (error) {
  process.stdout.write(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
}
