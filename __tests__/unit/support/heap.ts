/**
 * How much heap what `make` returns keeps alive: collected before and after (V8's gc, exposed at
 * run time), so that only what is still held counts. For tests of memory a build holds at scale.
 */
import { collectGarbage as gc } from '../../../gatsby/memory';

export function retainedBytes<T>(make: () => T): { value: T; bytes: number } {
  gc();
  const before = process.memoryUsage().heapUsed;
  const value = make();
  gc();
  return { value, bytes: process.memoryUsage().heapUsed - before };
}
