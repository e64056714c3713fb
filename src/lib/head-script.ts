/**
 * The inline script that runs in <head> before first paint: applies the stored colour mode and
 * hides an already-dismissed announcement bar, so neither flashes nor shifts the layout.
 * It must stay tiny, dependency-free and safe when storage throws.
 */
import { STORAGE_KEYS } from './storage';

export function headScript(announcementId: string | null): string {
  return [
    "(function(){var d=document.documentElement,t,a;d.setAttribute('data-js','');",
    `try{t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.theme)});a=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.announcementDismissed)})}catch(e){}`,
    "d.setAttribute('data-theme',t==='dark'?'dark':'light');",
    announcementId ? `if(a===${JSON.stringify(announcementId)})d.setAttribute('data-announcement-dismissed','');` : '',
    '})();',
  ].join('');
}
