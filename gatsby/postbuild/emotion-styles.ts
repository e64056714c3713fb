/**
 * Emotion's server rendering writes each component's CSS as a <style data-emotion="css ID"> just
 * before the component's markup: about twenty such tags spread through every page's <body>. Each
 * one makes the parser stop and recompute styles for everything above it, and on start-up Emotion
 * moves every tag into <head> one by one, before React hydrates. On a throttled phone both showed
 * up as long style-and-layout tasks.
 *
 * This moves them into <head> at build time, where the browser sees all the CSS before the first
 * layout: runs of adjacent `css` tags become one tag whose data-emotion attribute lists every id
 * (Emotion's cache reads exactly that attribute on start-up, so it still knows these styles are
 * present and inserts nothing twice); Global styles (`css-global ID`) stay one tag each, since
 * <Global> looks its tag up by that exact attribute. Document order, and so the cascade, is kept.
 *
 * The tags carry `data-s`, the mark Emotion puts on styles it has already moved: without it,
 * Emotion's start-up would take every tag out of <head> and append it again, which drops and
 * re-adds the stylesheets and costs a full style recalculation of the page.
 */

import { EMOTION_PLACED_MARK } from '../framework/internals';

const EMOTION_STYLE = /<style data-emotion="([^"\s]+) ([^"]+)"(?: nonce="[^"]*")?>([\s\S]*?)<\/style>/g;

interface StyleTag {
  key: string;
  ids: string[];
  css: string;
}

function tag({ key, ids, css }: StyleTag): string {
  return `<style data-emotion="${key} ${ids.join(' ')}" ${EMOTION_PLACED_MARK}="">${css}</style>`;
}

/** Returns the page with its body's Emotion styles moved to the end of <head>, or null if none. */
export function hoistEmotionStyles(html: string): string | null {
  const headEnd = html.indexOf('</head>');
  const bodyStart = html.indexOf('<body', headEnd);
  if (headEnd < 0 || bodyStart < 0) return null;
  const body = html.slice(bodyStart);
  // Styles inside <noscript> apply only without JavaScript: they stay where they are.
  const noscript = [...body.matchAll(/<noscript>[\s\S]*?<\/noscript>/g)].map((m) => ({ from: m.index ?? 0, to: (m.index ?? 0) + m[0].length }));
  const merged: StyleTag[] = [];
  const rest = body.replace(EMOTION_STYLE, (match: string, key: string, ids: string, css: string, offset: number) => {
    if (noscript.some(({ from, to }) => offset >= from && offset < to)) return match;
    const last = merged[merged.length - 1];
    const global = key.endsWith('-global');
    if (last && !global && last.key === key) {
      last.ids.push(...ids.split(' '));
      last.css += css;
    } else {
      merged.push({ key, ids: ids.split(' '), css });
    }
    return '';
  });
  if (merged.length === 0) return null;
  return `${html.slice(0, headEnd)}${merged.map(tag).join('')}${html.slice(headEnd, bodyStart)}${rest}`;
}
