import { useEffect, useRef } from 'react';
import { TABS_ATTRIBUTE } from '../../lib/tabs';
import { prose } from './prose';
import { copyCodeOnClick } from './copy-code';

/**
 * A post's or doc's body: HTML rendered at build time (src/lib/markdown/render.ts). React does not
 * hydrate inside it; the code blocks' copy buttons work through one delegated listener, and tab
 * sets get their behaviour from a script loaded only when the body has any (./tabs.ts).
 */
export function Markdown({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root) return undefined;
    root.addEventListener('click', copyCodeOnClick);
    return () => root.removeEventListener('click', copyCodeOnClick);
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
  return <div ref={ref} css={prose} className="markdown" dangerouslySetInnerHTML={{ __html: html }} />;
}
