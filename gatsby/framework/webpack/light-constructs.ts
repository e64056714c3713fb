/**
 * Webpack reads the content constructs (gatsby/markdown/constructs) for their CSS only: the
 * site-wide stylesheet takes CONTENT_STYLES (gatsby-ssr.tsx, and gatsby-browser.tsx in `gatsby
 * develop`). Each import a construct module makes of build-time code (the implementation modules
 * of gatsby/markdown/, constructs/light-view.cjs) resolves to an empty module, so the parser,
 * Prism and parse5 stay out of the server renderer's bundle and out of develop's browser bundle. In every stage: the
 * production browser bundle never reaches the constructs, and if it did, this would keep it so.
 */
import path from 'node:path';
import { STAND_IN, loadedByLightReaders } from '../../markdown/constructs/light-view.cjs';

const NAME = 'LightConstructs';

/** webpack's ResolveData, as far as this reads it: the importing module's folder and the request. */
interface ResolveData {
  context: string;
  request: string;
}

interface FactoryCompiler {
  hooks: { normalModuleFactory: { tap(name: string, fn: (factory: { hooks: { beforeResolve: { tap(name: string, fn: (data: ResolveData) => void): void } } }) => void): void } };
}

export class LightConstructs {
  constructor(private readonly root: string) {}

  apply(compiler: FactoryCompiler): void {
    compiler.hooks.normalModuleFactory.tap(NAME, (factory) => {
      factory.hooks.beforeResolve.tap(NAME, (data) => {
        if (!loadedByLightReaders(this.root, data.context, data.request)) data.request = path.join(this.root, STAND_IN);
      });
    });
  }
}
