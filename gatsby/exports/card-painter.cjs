'use strict';
/**
 * Paints share cards: satori lays a card's element tree out as an SVG (text as outlines), resvg
 * rasterises it and sharp encodes the PNG (both on libuv's thread pool, overlapping the next
 * card's layout), written atomically into the cache folder. gatsby/exports/share-cards.ts decides
 * what to paint; this module only paints.
 *
 * Plain CommonJS so that it runs unchanged in two places: in the calling thread (`paintCards`,
 * one card on request under `gatsby develop`) and as a worker thread (a production build paints
 * every new card on the machine's otherwise idle core while Gatsby runs queries and renders HTML,
 * where Gatsby itself keeps one core busy).
 */
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const { isMainThread, parentPort, workerData } = require('node:worker_threads');
const { writeAtomic } = require('../cache-base.cjs');

/**
 * @typedef {{ file: string, tree: unknown }} PaintJob   file: the PNG to write; tree: satori's element tree
 * @typedef {{ name: string, file: string, weight: number }} PaintFont
 * @typedef {{ root: string, jobs: PaintJob[], fonts: PaintFont[], width: number, height: number, inFlight: number }} PaintOrder
 */

/** Paints every job of the order; resolves with the number painted. */
async function paintCards(order) {
  const requireFromSite = createRequire(path.join(order.root, 'package.json'));
  const satori = requireFromSite('satori').default;
  const { renderAsync } = requireFromSite('@resvg/resvg-js');
  const sharp = requireFromSite('sharp');
  // The same array for every card: satori parses each font once.
  const fonts = order.fonts.map((font) => ({ name: font.name, data: readFileSync(font.file), weight: font.weight, style: 'normal' }));
  const pending = new Set();
  for (const job of order.jobs) {
    const svg = await satori(job.tree, { width: order.width, height: order.height, fonts });
    const paint = renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false }, background: '#ffffff' })
      // The card has no transparency: RGB, smaller than resvg's own RGBA PNG (docs/decisions/build-at-scale.md), and encoded off this thread.
      .then((image) =>
        sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4 } })
          .removeAlpha()
          .png()
          .toBuffer(),
      )
      // Under a temporary name first: an interrupted build never leaves half a card.
      .then((png) => writeAtomic(job.file, png));
    pending.add(paint);
    void paint.then(
      () => pending.delete(paint),
      () => pending.delete(paint),
    );
    if (pending.size >= order.inFlight) await Promise.race(pending);
  }
  await Promise.all(pending);
  return order.jobs.length;
}

if (!isMainThread && workerData && workerData.paintOrder) {
  paintCards(workerData.paintOrder).then(
    (painted) => parentPort.postMessage({ painted }),
    (error) => parentPort.postMessage({ error: error instanceof Error ? `${error.message}\n${error.stack}` : String(error) }),
  );
}

module.exports = { paintCards };
