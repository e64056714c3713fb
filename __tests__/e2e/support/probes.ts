import type { Page } from 'playwright-core';
import { afterFrame } from './ready';

/**
 * In-page timing probes. Timings are measured inside the page (performance.now) so the test runner's
 * own latency (IPC round-trips, a busy CI machine) cannot move a measured delay in either direction.
 */

export interface AttributeTimeline {
  /** performance.now() of the first `event` seen on the watched element. */
  eventAt: number | null;
  /** Attribute value sampled at each offset (ms after eventAt). */
  samples: Record<string, string | null>;
  /** Every change of the attribute: value and performance.now(). */
  changes: Array<{ value: string | null; t: number }>;
}

/**
 * Arms a probe: when `event` first fires on `eventTarget`, samples `attribute` of `target` at each
 * offset; every change of the attribute is recorded with its time. Read it back with readProbe().
 */
export async function armAttributeProbe(page: Page, name: string, opts: { eventTarget: string; event: string; target: string; attribute: string; offsets: number[] }): Promise<void> {
  await page.evaluate(
    ({ name: probeName, eventTarget, event, target, attribute, offsets }) => {
      const w = window as unknown as { __probes?: Record<string, unknown> };
      w.__probes = w.__probes ?? {};
      const el = document.querySelector(target);
      const trigger = document.querySelector(eventTarget);
      if (!el || !trigger) throw new Error(`probe ${probeName}: element not found`);
      const state = { eventAt: null as number | null, samples: {} as Record<string, string | null>, changes: [] as Array<{ value: string | null; t: number }> };
      w.__probes[probeName] = state;
      new MutationObserver(() => state.changes.push({ value: el.getAttribute(attribute), t: performance.now() })).observe(el, { attributes: true, attributeFilter: [attribute] });
      const onEvent = () => {
        if (state.eventAt !== null) return;
        state.eventAt = performance.now();
        for (const offset of offsets) window.setTimeout(() => (state.samples[String(offset)] = el.getAttribute(attribute)), offset);
        trigger.removeEventListener(event, onEvent, true);
      };
      trigger.addEventListener(event, onEvent, true);
    },
    { name, ...opts },
  );
}

export async function readProbe(page: Page, name: string): Promise<AttributeTimeline> {
  return page.evaluate((probeName) => (window as unknown as { __probes: Record<string, AttributeTimeline> }).__probes[probeName] as AttributeTimeline, name);
}

/** Waits until every sample of the probe has been taken. */
export async function probeDone(page: Page, name: string, offsets: number[]): Promise<AttributeTimeline> {
  await page.waitForFunction(
    ({ probeName, keys }) => {
      const probe = (window as unknown as { __probes?: Record<string, { samples: Record<string, unknown> }> }).__probes?.[probeName];
      return probe !== undefined && keys.every((k) => k in probe.samples);
    },
    { probeName: name, keys: offsets.map(String) },
  );
  return readProbe(page, name);
}

/** First time after `from` the attribute took `value`, relative to `from`; null if it never did. */
export function firstChangeTo(timeline: AttributeTimeline, value: string, from: number): number | null {
  const change = timeline.changes.find((c) => c.value === value && c.t >= from);
  return change ? change.t - from : null;
}

/**
 * Keeps the page's pending timers from now on: wraps window.setTimeout and clearTimeout (the page's
 * code looks them up at each call) so that timersRun() can tell when every timer of a delay has
 * fired or been cleared. Call it before the events that would schedule the timers.
 */
export async function trackTimers(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __pendingTimers?: Map<number, number> };
    if (w.__pendingTimers) return;
    const pending = new Map<number, number>();
    w.__pendingTimers = pending;
    const set = window.setTimeout.bind(window);
    const clear = window.clearTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      if (typeof handler !== 'function') return set(handler, delay, ...args);
      const id = set(
        (...callArgs: unknown[]) => {
          pending.delete(id);
          (handler as (...a: unknown[]) => void)(...callArgs);
        },
        delay,
        ...args,
      );
      pending.set(id, Number(delay ?? 0));
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.delete(id);
      clear(id);
    }) as typeof window.clearTimeout;
  });
}

/**
 * Waits until no timer of `delay` ms is pending in the page (trackTimers(), called before), then
 * until what they did is rendered (afterFrame()): a test that checks that a timer did not change
 * something waits for the timer, however long it takes, not for a guess at it.
 */
export async function timersRun(page: Page, delay: number): Promise<void> {
  await page.waitForFunction((d) => {
    const pending = (window as unknown as { __pendingTimers?: Map<number, number> }).__pendingTimers;
    if (!pending) throw new Error('timersRun(): call trackTimers() first');
    return ![...pending.values()].includes(d);
  }, delay);
  await afterFrame(page);
}
