import { useEffect, useRef } from 'react';
import { TABS_ATTRIBUTE } from '../../lib/tabs';
import { copyCodeOnClick } from './copy-code';
import { delegateLazily, type LazyBehaviour } from './lazy-behaviour';
import { imageZoom } from './zoom-trigger';

/** 复制本节 after each h2/h3 (gatsby/markdown/section-buttons.ts): its code (./copy-section.ts) loads on the first click. */
const copySection: LazyBehaviour = {
  selector: '.copy-section',
  events: ['click'],
  takes: () => true,
  load: () => import(/* webpackChunkName: "page-actions" */ './copy-section'),
};

/** Behaviours whose code loads on first use (lazy-behaviour.ts). */
const LAZY: readonly LazyBehaviour[] = [imageZoom, copySection];

/**
 * A post's or doc's body: HTML rendered at build time (gatsby/markdown/render.ts). React does not
 * hydrate inside it; the code blocks' copy buttons work through one delegated listener, and the
 * behaviours that need more code (tab sets, zoomable images) load it only when the body has them.
 */
export function Markdown({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    root.addEventListener('click', copyCodeOnClick);
    const stopLazy = delegateLazily(root, LAZY);
    return () => {
      root.removeEventListener('click', copyCodeOnClick);
      stopLazy();
    };
  }, []);
  useEffect(() => {
    const root = ref.current;
    if (!root?.querySelector(`[${TABS_ATTRIBUTE}]`)) return undefined;
    let undo: (() => void) | undefined;
    let gone = false;
    void import(/* webpackChunkName: "tabs" */ './tabs').then(({ enhanceTabs }) => {
      if (!gone) undo = enhanceTabs(root);
    });
    return () => {
      gone = true;
      undo?.();
    };
  }, [html]);
  // Styled by the site-wide stylesheet's .markdown rules (./prose.ts, the content constructs'), rendered at build time.
  return <div ref={ref} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
