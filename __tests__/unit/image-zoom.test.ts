/**
 * Zoomable body images, build side (gatsby/markdown/zoom.ts, images.ts): gatsby-remark-images'
 * markup (a real sample from our build, support/gatsby-remark-image.html) becomes a link to the
 * largest generated file, read as a button named 查看大图：<alt>, carrying what the dialog loads.
 * The whole render chain runs in a script of its own (support/render-html.mts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { zoomLabel } from '../../src/lib/image-zoom';
import { h, type Element } from '../../gatsby/markdown/hast';
import { largestCandidate, makeZoomable } from '../../gatsby/markdown/zoom';
import { spawnScript } from '../support/script';

const ROOT = path.resolve(__dirname, '../..');
const GATSBY_IMAGE = readFileSync(path.join(__dirname, 'support/gatsby-remark-image.html'), 'utf8');
const DIR = '/static/b47c596fd769260f84808840c25587e9';

describe('largestCandidate', () => {
  it('picks the widest candidate of a srcset, whatever the order and line breaks', () => {
    expect(largestCandidate('/a/320.png 320w,\n/a/1920.png 1920w,\n/a/860.png 860w')).toEqual({ url: '/a/1920.png', width: 1920 });
  });

  it('has none without width descriptors', () => {
    expect(largestCandidate('/a.png 2x, /b.png 1x')).toBeNull();
    expect(largestCandidate('')).toBeNull();
  });
});

describe('makeZoomable', () => {
  const wrapper = (...children: Element[]) => h('span', { className: ['gatsby-resp-image-wrapper'], style: 'position: relative' }, children);

  it('turns the wrapper into a link to the largest original-format file, read as a button that opens a dialog', () => {
    const el = wrapper(
      h('span', { style: 'padding-bottom: 50%; position: relative' }),
      h('picture', {}, [
        h('source', { srcSet: '/i/a.webp 320w, /i/b.webp 1000w', type: 'image/webp' }),
        h('source', { srcSet: '/i/a.png 320w, /i/b.png 1000w', type: 'image/png' }),
        h('img', { src: '/i/a.png', alt: '流程图' }),
      ]),
    );
    expect(makeZoomable(el)).toBe(true);
    expect(el.tagName).toBe('a');
    expect(el.properties).toEqual({
      className: ['gatsby-resp-image-wrapper', 'image-zoom'],
      style: 'position: relative',
      href: '/i/b.png',
      role: 'button',
      ariaHaspopup: 'dialog',
      ariaLabel: '查看大图：流程图',
      dataZoomWidth: 1000,
      dataZoomHeight: 500,
      dataZoomWebp: '/i/b.webp',
    });
  });

  it('works from the img’s own srcset when there are no <source>s, and leaves images without sizes alone', () => {
    const plain = wrapper(h('img', { srcSet: '/i/a.jpg 320w, /i/b.jpg 640w', alt: '' }));
    expect(makeZoomable(plain)).toBe(true);
    expect(plain.properties).toMatchObject({ href: '/i/b.jpg', ariaLabel: '查看大图', dataZoomWidth: 640 });
    expect(plain.properties?.dataZoomWebp).toBeUndefined();
    const svg = wrapper(h('img', { src: '/i/a.svg', alt: '图' }));
    expect(makeZoomable(svg)).toBe(false);
    expect(svg.tagName).toBe('span');
  });

  it('names the trigger after the alt text', () => {
    expect(zoomLabel('  架构图 ')).toBe('查看大图：架构图');
    expect(zoomLabel('')).toBe('查看大图');
  });
});

describe('the render chain with gatsby-remark-images’ markup', () => {
  let results: Array<{ html?: string; error?: string }> = [];
  beforeAll(() => {
    const cases = [
      { source: '一段正文。\n\n![示意图](./img/dev-space.png)\n', imageHtml: GATSBY_IMAGE },
      { source: '[![示意图](./img/dev-space.png)](https://example.com)\n', imageHtml: GATSBY_IMAGE },
      { source: '没有图片。\n' },
    ];
    const run = spawnScript([path.join(__dirname, 'support/render-html.mts')], { cwd: ROOT, input: JSON.stringify(cases), encoding: 'utf8' });
    if (run.status !== 0) throw new Error(run.stderr);
    results = JSON.parse(run.stdout);
  }, 60_000);

  const html = (i: number) => {
    const r = results[i];
    if (r?.html === undefined) throw new Error(r?.error);
    return r.html;
  };

  it('makes the body image a zoom trigger carrying the largest PNG, the largest WebP and the size', () => {
    const out = html(0);
    const open = /<a [^>]*class="gatsby-resp-image-wrapper image-zoom"[^>]*>/.exec(out)?.[0] ?? '';
    expect(open).toContain(`href="${DIR}/7d442/dev-space.png"`);
    expect(open).toContain('role="button"');
    expect(open).toContain('aria-haspopup="dialog"');
    expect(open).toContain('aria-label="查看大图：Wing 开发空间示意：Git 服务器上的索引库与各代码库');
    expect(open).toContain(`data-zoom-webp="${DIR}/f3ff0/dev-space.webp"`);
    expect(open).toContain('data-zoom-width="1920"');
    expect(open).toContain('data-zoom-height="1242"');
    // The picture inside is the page's as before: same sources, lazily loaded.
    expect(out).toContain(`${DIR}/e0774/dev-space.png`);
    expect(out).toContain('loading="lazy"');
    expect(out.match(/<\/a>/g)).toHaveLength(1);
  });

  it('leaves an image that is already inside a link as gatsby wrote it', () => {
    expect(html(1)).not.toContain('image-zoom');
    expect(html(1)).toContain('<span\n      class="gatsby-resp-image-wrapper"');
  });

  it('adds nothing to a body without images', () => {
    expect(html(2)).toBe('<p>没有图片。</p>');
  });
});
