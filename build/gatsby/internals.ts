/**
 * Every assumption this site makes about Gatsby's internals, in one place. Gatsby 5 is in
 * maintenance mode: an upgrade that changes one of these should fail one named canary test
 * (__tests__/unit/gatsby-internals.test.ts), not silently change what the build does.
 */
import path from 'node:path';

/**
 * Where Gatsby writes a page's data: public/page-data/<path>/page-data.json, with 'index' for `/`
 * (gatsby/dist/utils/page-data.js, generatePageDataPath / fixedPagePath).
 */
export function pageDataFile(publicDir: string, pagePath: string): string {
  const fixed = pagePath === '/' ? 'index' : pagePath.replace(/^\/+|\/+$/g, '');
  return path.join(publicDir, 'page-data', fixed, 'page-data.json');
}

/** The command Gatsby is running ('build', 'develop' …), which it puts in the environment. */
export function gatsbyCommand(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.gatsby_executing_command;
}
