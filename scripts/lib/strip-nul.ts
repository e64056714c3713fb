/**
 * Workaround for a React 18.3.1 server-rendering bug that hits Chinese pages: when a string does
 * not fit the 2,048-byte view of renderToPipeableStream, writeStringChunk flushes the whole view,
 * including the 1–2 unfilled bytes at its end (a 3-byte CJK character did not fit there). Those
 * zero bytes land in Gatsby's HTML between two complete characters, where browsers turn them into
 * U+FFFD and React then reports a hydration mismatch. Removing them restores the exact markup.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function stripNulBytes(buffer: Buffer): Buffer | null {
  if (!buffer.includes(0)) return null;
  return Buffer.from(buffer.filter((byte) => byte !== 0));
}

export function stripNulFromHtml(dir: string): number {
  let fixed = 0;
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name !== 'static' && name !== 'page-data') fixed += stripNulFromHtml(full);
    } else if (name.endsWith('.html')) {
      const cleaned = stripNulBytes(readFileSync(full));
      if (cleaned) {
        writeFileSync(full, cleaned);
        fixed += 1;
      }
    }
  }
  return fixed;
}
