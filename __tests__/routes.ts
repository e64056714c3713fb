/** The route table of the spec (copied from shared/spec/routes.txt: a fresh clone has no ../shared). */
import path from 'node:path';
import { readSpecRoutes } from '../gatsby/content/spec-routes';

export const ROUTES: string[] = (readSpecRoutes(path.resolve(__dirname, '..')) ?? []).map(({ route }) => route);

/** Decoded paths, as createPage sees them: `/docs/desktop/wing/Get start`, `/blog/tags/空壳`. */
export const DECODED_ROUTES = ROUTES.map((route) => decodeURIComponent(route));
