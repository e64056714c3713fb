import { withPrefix } from 'gatsby';
import type { FeedPaths } from '../../lib/feeds';
import { encodePath } from '../../lib/url-path';

const href = (path: string) => withPrefix(encodePath(path));

/**
 * A visible “订阅” line for a topic's feeds (a tag's page, a series box): plain links to the files,
 * not client-side navigation. Styled by `.feed-links` in the build-time global stylesheet.
 */
export function FeedLinks({ paths, what }: { paths: FeedPaths; what: string }) {
  return (
    <p className="feed-links" data-testid="feed-links">
      订阅{what}：
      <a href={href(paths.rss)} type="application/rss+xml">
        RSS
      </a>
      {' · '}
      <a href={href(paths.atom)} type="application/atom+xml">
        Atom
      </a>
    </p>
  );
}

/** The same feeds for feed readers and browsers, in the page's <head> (Head API). */
export function FeedHead({ paths, title }: { paths: FeedPaths; title: string }) {
  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={`${title}（RSS）`} href={href(paths.rss)} />
      <link rel="alternate" type="application/atom+xml" title={`${title}（Atom）`} href={href(paths.atom)} />
    </>
  );
}
