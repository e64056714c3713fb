/**
 * Where the site's feeds live: the whole blog's (/rss.xml, /atom.xml) and one pair per tag and per
 * series, beside the page a reader follows them from (/blog/tags/<tag>/rss.xml) or under
 * /blog/series/<key>/ (a series has no page of its own; its box on every part links the feeds).
 * A file name ends every feed path, so none is a route (a tag segment has no '/', routes have no
 * '.xml'). Written after the build by gatsby/postbuild/write-discovery.ts; served as
 * application/rss+xml and application/atom+xml by deploy/http-rules.mjs.
 */
import { tagPath } from './tags';

export interface FeedPaths {
  rss: string;
  atom: string;
}

export const FEED_PATHS: FeedPaths = { rss: '/rss.xml', atom: '/atom.xml' };

const feedsIn = (folder: string): FeedPaths => ({ rss: `${folder}/rss.xml`, atom: `${folder}/atom.xml` });

/** `空壳` → /blog/tags/空壳/rss.xml and …/atom.xml (unencoded, without the base URL). */
export const tagFeedPaths = (label: string): FeedPaths => feedsIn(tagPath(label));

export const SERIES_FEEDS_BASE = '/blog/series';
/** A series key of content/series.yaml → /blog/series/<key>/rss.xml and …/atom.xml. */
export const seriesFeedPaths = (key: string): FeedPaths => feedsIn(`${SERIES_FEEDS_BASE}/${key}`);
