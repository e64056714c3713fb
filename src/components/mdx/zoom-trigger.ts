import { ZOOM_SELECTOR } from '../../lib/image-zoom';
import type { LazyBehaviour } from './lazy-behaviour';

/**
 * Body images made zoomable at build time (gatsby/markdown/zoom.ts) are links to the large file
 * that read as buttons: a plain click, Enter (a link's click) or Space opens the dialog
 * (image-zoom.ts, imported on first use). Clicks with a modifier or another button stay a link's.
 */
export const imageZoom: LazyBehaviour = {
  selector: ZOOM_SELECTOR,
  events: ['click', 'keydown'],
  takes(event) {
    const e = event as MouseEvent & KeyboardEvent;
    const taken = e.type === 'keydown' ? e.key === ' ' : !(e.button || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey);
    if (taken) e.preventDefault();
    return taken;
  },
  load: () => import(/* webpackChunkName: "image-zoom" */ './image-zoom'),
  fallback: (link) => window.location.assign((link as HTMLAnchorElement).href),
};
