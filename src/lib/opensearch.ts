/**
 * The OpenSearch 1.1 description (/opensearch.xml, linked from every page's <head>): browsers offer
 * "search iofomo" from the address bar, pointing at the results page. Written after every build
 * (gatsby/postbuild: discovery step) with the site's origin and base URL.
 * https://github.com/dewitt/opensearch/blob/master/opensearch-1-1-draft-6.md
 */
import { SEARCH_PAGE_PATH } from './search/search-link';
import type { SiteIdentity } from './types/site-identity';

export const OPENSEARCH_PATH = '/opensearch.xml';
export const OPENSEARCH_TYPE = 'application/opensearchdescription+xml';
/** OpenSearch limits: ShortName ≤ 16 characters, Description ≤ 1024. */
export const SHORT_NAME_MAX = 16;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function openSearchXml(site: Pick<SiteIdentity, 'origin' | 'pathPrefix' | 'title'>): string {
  const base = `${site.origin}${site.pathPrefix}`;
  const shortName = [...site.title].slice(0, SHORT_NAME_MAX).join('');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<OpenSearchDescription xmlns="http://a9.com/-/spec/opensearch/1.1/" xmlns:moz="http://www.mozilla.org/2006/browser/search/">',
    `  <ShortName>${escapeXml(shortName)}</ShortName>`,
    `  <Description>${escapeXml(`搜索 ${site.title} 的文档和博客`)}</Description>`,
    '  <InputEncoding>UTF-8</InputEncoding>',
    '  <Language>zh-CN</Language>',
    `  <Image width="32" height="32" type="image/x-icon">${escapeXml(`${base}/favicon.ico`)}</Image>`,
    `  <Url type="text/html" method="get" template="${escapeXml(`${base}${SEARCH_PAGE_PATH}?q={searchTerms}`)}"/>`,
    `  <Url type="${OPENSEARCH_TYPE}" rel="self" template="${escapeXml(`${base}${OPENSEARCH_PATH}`)}"/>`,
    `  <moz:SearchForm>${escapeXml(`${base}${SEARCH_PAGE_PATH}`)}</moz:SearchForm>`,
    '</OpenSearchDescription>',
    '',
  ].join('\n');
}
