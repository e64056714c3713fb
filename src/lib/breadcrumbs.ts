/** Breadcrumbs of a doc page: 首页 › area › tool › page, and their BreadcrumbList JSON-LD. */
import { docPath } from './docs';
import { encodePath } from './url-path';

export interface Crumb {
  label: string;
  /** Site path; absent for the current page. */
  path?: string;
}

export const AREA_LABELS: Record<string, string> = {
  desktop: '桌面端',
  mobile: '移动端',
  services: '服务',
  about: '关于',
};

/**
 * @param toolName resolves `desktop/wing` to the tool's display name (from the site config).
 * @param hasDoc tells whether a doc id exists, so a crumb only links to a real page.
 */
export function docBreadcrumbs(docId: string, pageTitle: string, toolName: (key: string) => string | undefined, hasDoc: (id: string) => boolean): Crumb[] {
  const parts = docId.split('/');
  const crumbs: Crumb[] = [{ label: '首页', path: '/' }];
  const area = parts[0] as string;
  if (parts.length === 1) {
    crumbs.push({ label: pageTitle });
    return crumbs;
  }
  const areaLabel = AREA_LABELS[area] ?? area;
  crumbs.push({ label: areaLabel, path: hasDoc('intro') ? docPath('intro') : undefined });
  if (parts.length > 2) {
    const toolKey = `${area}/${parts[1]}`;
    const introId = `${toolKey}/Introduce`;
    const isIntro = docId === introId;
    if (!isIntro) crumbs.push({ label: toolName(toolKey) ?? (parts[1] as string), path: hasDoc(introId) ? docPath(introId) : undefined });
    else crumbs.push({ label: toolName(toolKey) ?? (parts[1] as string) });
    if (isIntro) return crumbs;
  }
  crumbs.push({ label: pageTitle });
  return crumbs;
}

export function breadcrumbJsonLd(crumbs: Crumb[], origin: string, currentPath: string): string {
  return JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.label,
      item: `${origin}${encodePath(crumb.path ?? currentPath)}`,
    })),
  });
}
