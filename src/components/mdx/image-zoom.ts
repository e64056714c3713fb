/**
 * The large view of a body image, imported on the first click, Enter or Space on one
 * (zoom-trigger.ts). A native modal <dialog>: focus moves to its close button, Tab goes round inside,
 * Esc closes it, and closing gives focus back to the image. The largest generated file (WebP
 * where there is one) is requested only now. The picture fits the screen; 原始大小 (or a click on
 * the picture) shows it at its own size, to scroll around on a phone. Styles come with this
 * module: pages never pay for them up front.
 */
const CSS = `
.image-zoom-dialog{box-sizing:border-box;width:100vw;height:100vh;height:100dvh;max-width:none;max-height:none;margin:0;padding:0;border:0;background:var(--c-bg);color:var(--c-text)}
.image-zoom-dialog[open]{display:flex;flex-direction:column}
.image-zoom-dialog::backdrop{background:var(--c-bg)}
.image-zoom-bar{display:flex;gap:8px;justify-content:flex-end;padding:8px;border-bottom:1px solid var(--c-border)}
.image-zoom-bar .copy-button{font-size:14px}
.image-zoom-view{flex:1;min-height:0;overflow:auto;display:flex;padding:8px}
.image-zoom-view img{margin:auto;max-width:100%;max-height:100%;width:auto;height:auto;object-fit:contain;cursor:zoom-in}
.image-zoom-dialog.actual img{max-width:none;max-height:none;cursor:zoom-out}
@media (prefers-reduced-motion:no-preference){.image-zoom-dialog[open]{animation:image-zoom-in .15s ease-out}}
@keyframes image-zoom-in{from{opacity:0;transform:scale(.98)}}
`;

function addStyles(): void {
  if (document.getElementById('image-zoom-css')) return;
  const style = document.createElement('style');
  style.id = 'image-zoom-css';
  style.textContent = CSS;
  document.head.append(style);
}

function button(label: string): HTMLButtonElement {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'copy-button';
  b.textContent = label;
  return b;
}

/** Opens the large view of the image behind `trigger` (a link made by gatsby/markdown/zoom.ts). */
export function openImageZoom(trigger: HTMLAnchorElement): HTMLDialogElement | null {
  if (document.querySelector('dialog.image-zoom-dialog[open]')) return null;
  addStyles();
  const small = trigger.querySelector('img');
  const alt = small?.alt ?? '';
  const dialog = document.createElement('dialog');
  dialog.className = 'image-zoom-dialog';
  dialog.setAttribute('aria-label', alt ? `大图：${alt}` : '大图');

  const close = button('关闭');
  const actual = button('原始大小');
  actual.setAttribute('aria-pressed', 'false');
  const bar = document.createElement('div');
  bar.className = 'image-zoom-bar';
  bar.append(actual, close);

  const picture = document.createElement('picture');
  const { zoomWebp, zoomWidth, zoomHeight } = trigger.dataset;
  if (zoomWebp) {
    const source = document.createElement('source');
    source.type = 'image/webp';
    source.srcset = zoomWebp;
    picture.append(source);
  }
  const img = document.createElement('img');
  img.alt = alt;
  if (zoomWidth) img.width = Number(zoomWidth);
  if (zoomHeight) img.height = Number(zoomHeight);
  img.src = trigger.href;
  picture.append(img);
  const view = document.createElement('div');
  view.className = 'image-zoom-view';
  // Scrollable at its own size: reachable by keyboard too.
  view.tabIndex = 0;
  view.append(picture);
  dialog.append(bar, view);

  const toggle = () => actual.setAttribute('aria-pressed', String(dialog.classList.toggle('actual')));
  actual.addEventListener('click', toggle);
  img.addEventListener('click', toggle);
  close.addEventListener('click', () => dialog.close());
  // Tab and Shift+Tab go round the dialog's three stops, as in the site's other modals.
  dialog.addEventListener('keydown', (event) => {
    if (event.key !== 'Tab') return;
    // The stops run 原始大小, 关闭, picture: past either end, focus wraps to the other.
    const [end, other] = event.shiftKey ? [actual, view] : [view, actual];
    if (document.activeElement === end) {
      event.preventDefault();
      other.focus();
    }
  });
  // A click beside the picture closes, as on a backdrop.
  view.addEventListener('click', (event) => {
    if (event.target === view) dialog.close();
  });
  // Back (or any navigation) while it is open closes it rather than leaving it over the next page.
  const onNavigate = () => dialog.close();
  window.addEventListener('popstate', onNavigate);
  dialog.addEventListener('close', () => {
    window.removeEventListener('popstate', onNavigate);
    dialog.remove();
    trigger.focus();
  });

  document.body.append(dialog);
  dialog.showModal();
  close.focus();
  return dialog;
}

export function handle(_event: Event, element: HTMLElement): void {
  openImageZoom(element as HTMLAnchorElement);
}
