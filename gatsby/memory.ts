/**
 * Keeping a build's heaps near what they hold. V8 lets a heap that collects cheaply grow to several
 * times its live data before a full collection, and a build runs four isolates at once (Gatsby's
 * main thread and its query process, the search and Markdown-version threads): at 5,000 pages most of
 * the peak was garbage not collected yet. A loop that allocates a lot per item calls a keeper after
 * each item; it collects when the committed heap has grown past `factor` × what the last collection
 * left (or past what stayed committed after it, which V8 does not give back at once) plus
 * `slackBytes`, so the number of collections stays small and grows with the live data, not the site.
 * Because of that second term the committed heap can still climb by about the slack per collection
 * (docs/decisions/build-at-scale.md: the query process at 2,000 pages); the build's peak is elsewhere.
 * V8's gc is exposed at run time (the flag, then the function from a new context): Gatsby starts
 * node without --expose-gc, and worker threads cannot be given it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | null = null;

/** A full collection of this isolate, now. */
export function collectGarbage(): void {
  if (!gc) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}

export interface HeapKeeperOptions {
  factor?: number;
  slackBytes?: number;
  /** The heap's committed and used bytes (v8.getHeapStatistics). */
  sample?: () => { total: number; used: number };
  collect?: () => void;
}

const heapSample = () => {
  const stats = v8.getHeapStatistics();
  return { total: stats.total_heap_size, used: stats.used_heap_size };
};

/** A check to call after each item of a long loop; true when it collected. */
export function heapKeeper({ factor = 1.5, slackBytes = 64 * 2 ** 20, sample = heapSample, collect = collectGarbage }: HeapKeeperOptions = {}): () => boolean {
  let limit = -1;
  return () => {
    const { total, used } = sample();
    if (limit < 0) limit = Math.max(total, used * factor + slackBytes);
    if (total <= limit) return false;
    collect();
    // At least slackBytes more before the next one, also when V8 has not given the space back yet.
    const after = sample();
    limit = Math.max(after.used * factor, after.total) + slackBytes;
    return true;
  };
}
