/** The Gatsby hooks of the exports (Markdown copies, llms.txt, share cards); the build's steps are called from gatsby/pages and gatsby/postbuild. */
import path from 'node:path';
import type { GatsbyNode } from 'gatsby';
import { addDevelopRoute } from '../framework/develop-server';
import { exportRoutes } from './develop';

export const onCreateDevServer: GatsbyNode['onCreateDevServer'] = ({ app, getNode }) => {
  addDevelopRoute(app, exportRoutes(getNode, path.resolve('public')));
};
