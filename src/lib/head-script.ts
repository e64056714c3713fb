/**
 * The inline script that runs in <head> before first paint: applies the stored colour mode, hides
 * an already-dismissed announcement bar and shows the reader's remembered tab in each tab group,
 * so none of them flashes or shifts the layout. It must stay tiny, dependency-free and safe when
 * storage throws.
 */
import { STORAGE_KEYS } from './storage';
import { TABS_ATTRIBUTE, TABS_READY } from './tabs';
import { c } from '../theme/tokens';

/**
 * For each remembered tab choice (group → value), CSS that shows that value's panel in the
 * group's tab sets that have it, until the tab script (components/mdx/tabs.ts) takes over:
 * without it the default panel would show first and the page would jump when the script
 * switched. Browsers without :has() drop the rules and show the default until then.
 */
function rememberedTabsScript(): string {
  const set = `"html[data-js] [${TABS_ATTRIBUTE}="+JSON.stringify(g)+"]:not([${TABS_READY}]):has(>.tab-panel[data-value="+v+"])>"`;
  const selected = `color:${c('primary')};border-bottom-color:${c('primary')}`;
  const other = `color:${c('textSoft')};border-bottom-color:transparent`;
  return [
    `try{var m=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.tabChoices)})||"{}"),s="",g,v,q;`,
    `for(g in m)if(typeof m[g]=="string"){v=JSON.stringify(m[g]);q=${set};`,
    `s+=q+".tab-panel{display:none}"+q+".tab-panel[data-value="+v+"]{display:block}"+q+".tab-list>.tab{${other}}"+q+".tab-list>.tab[data-value="+v+"]{${selected}}"}`,
    'if(s){var e=document.createElement("style");e.textContent=s;document.head.appendChild(e)}}catch(e){}',
  ].join('');
}

export function headScript(announcementId: string | null): string {
  return [
    "(function(){var d=document.documentElement,t,a;d.setAttribute('data-js','');",
    `try{t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});a=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.announcementDismissed)})}catch(e){}`,
    "d.setAttribute('data-theme',t==='dark'?'dark':'light');",
    announcementId ? `if(a===${JSON.stringify(announcementId)})d.setAttribute('data-announcement-dismissed','');` : '',
    rememberedTabsScript(),
    '})();',
  ].join('');
}
