/** The route table of the spec (copied from shared/spec/routes.txt: a fresh clone has no ../shared). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROUTES: string[] = readFileSync(path.join(__dirname, 'routes.txt'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line.startsWith('/'))
  .map((line) => line.split(/\s+/)[0] as string);

/** Decoded paths, as createPage sees them: `/docs/desktop/wing/Get start`, `/blog/tags/空壳`. */
export const DECODED_ROUTES = ROUTES.map((route) => decodeURIComponent(route));
