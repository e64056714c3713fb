import path from 'node:path';

/** The content folder the build reads. Benchmarks and tests point SITE_CONTENT_DIR at another one; editors never need it. */
export const contentDir = process.env.SITE_CONTENT_DIR ? path.resolve(process.env.SITE_CONTENT_DIR) : path.resolve(__dirname, '../../content');
