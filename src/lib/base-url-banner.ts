/**
 * Spec §8: a site served under the wrong base URL shows 'Your … site did not load properly'.
 * The inline script (gatsby-ssr) inserts this banner when the address does not sit under the
 * configured base; it never renders when the base is right.
 */
import { normalizeBaseUrl } from './base-url';

export function baseUrlBannerScript(configuredBase: string, siteTitle: string): string {
  const base = normalizeBaseUrl(configuredBase);
  if (base === '/') return '';
  const message =
    `Your ${siteTitle} site did not load properly. ` +
    `网站未能正确加载：构建时配置的基础路径（base URL）是 ${base}/，但当前页面地址不在这个路径下，` +
    '所以脚本、样式和站内链接都指向了错误的位置。请用站点实际所在的路径重新构建（环境变量 SITE_BASE_URL），' +
    '或把站点部署到 ' +
    base +
    '/ 之下。';
  return [
    '(function(){var b=' + JSON.stringify(base) + ',p=location.pathname;',
    "if(p===b||p.indexOf(b+'/')===0)return;",
    "function show(){var d=document.createElement('div');d.id='base-url-banner';d.setAttribute('role','alert');",
    "d.style.cssText='padding:12px 16px;background:#fff4e5;color:#5c3b00;border-bottom:2px solid #f0a020;font:15px/1.6 sans-serif';",
    'd.textContent=' + JSON.stringify(message) + ';',
    'document.body.insertBefore(d,document.body.firstChild)}',
    "if(document.body)show();else document.addEventListener('DOMContentLoaded',show)})();",
  ].join('');
}
