/**
 * One full collection of the main thread once `gatsby build` has closed its production compilers:
 * their compilations are by far the largest garbage of the build's main thread, and the page
 * queries that follow run in Gatsby's query process and leave this thread too idle for V8 to
 * collect (on a large site the main thread kept more than twice its live data committed through
 * the page queries, the moment of the build's peak; figures: docs/decisions/build-at-scale.md).
 * Only webpack's public `shutdown` hook: if Gatsby ever stops closing a compiler, there is simply
 * no collection.
 */
import { collectGarbage } from '../../memory';

const NAME = 'CollectWhenClosed';

interface ClosingCompiler {
  hooks: { shutdown: { tap(name: string, fn: () => void): void } };
}

/** Each build stage's compiler gets one; the collection comes when every one of them has shut down. */
export class CollectWhenClosed {
  private static readonly open = new Set<ClosingCompiler>();

  constructor(private readonly collect: () => void = collectGarbage) {}

  apply(compiler: ClosingCompiler): void {
    CollectWhenClosed.open.add(compiler);
    compiler.hooks.shutdown.tap(NAME, () => {
      // Gatsby closes the HTML renderer's compiler twice (once built, and again with the browser
      // bundle's): only the first close of a compiler counts.
      if (!CollectWhenClosed.open.delete(compiler)) return;
      // After the close callbacks: nothing of the compilation is held by the stack then.
      if (CollectWhenClosed.open.size === 0) setImmediate(this.collect);
    });
  }
}
