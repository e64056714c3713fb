import type { GatsbyBrowser } from 'gatsby';
import NProgress from 'nprogress';
import { RootProviders } from './src/components/RootProviders';
import { PROGRESS_DELAY_MS, PROGRESS_OPTIONS, scrollAfterNavigation } from './src/lib/navigation';

NProgress.configure(PROGRESS_OPTIONS);
let progressTimer: number | undefined;

export const wrapRootElement: GatsbyBrowser['wrapRootElement'] = ({ element }) => <RootProviders>{element}</RootProviders>;

/** The progress bar appears only when a route change takes longer than 200 ms. */
export const onPreRouteUpdate: GatsbyBrowser['onPreRouteUpdate'] = () => {
  window.clearTimeout(progressTimer);
  progressTimer = window.setTimeout(() => NProgress.start(), PROGRESS_DELAY_MS);
};

export const onRouteUpdate: GatsbyBrowser['onRouteUpdate'] = () => {
  window.clearTimeout(progressTimer);
  if (NProgress.isStarted()) NProgress.done();
};

export const shouldUpdateScroll: GatsbyBrowser['shouldUpdateScroll'] = ({ routerProps, prevRouterProps, getSavedScrollPosition }) => {
  const { location } = routerProps;
  // Back/forward: restore where the reader was.
  const saved = getSavedScrollPosition(location);
  if (saved && (routerProps.location as { action?: string }).action === 'POP') {
    window.scrollTo(...saved);
    return false;
  }
  const decision = scrollAfterNavigation(prevRouterProps?.location ?? null, location);
  if (decision.kind === 'keep') return false;
  if (decision.kind === 'element') {
    const target = document.getElementById(decision.id);
    if (target) {
      target.scrollIntoView();
      return false;
    }
  }
  window.scrollTo(0, 0);
  return false;
};
