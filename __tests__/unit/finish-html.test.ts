import { mkdirSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hoistEmotionStyles } from '../../gatsby/postbuild/emotion-styles';
import { finishHtmlFiles, finishPage, stripNulBytes } from '../../gatsby/postbuild/finish-html';
import { detached, linkReport, pageLinks, type PageLinks } from '../../gatsby/postbuild/link-report';
import { finishedPages, recordedLinks } from '../../gatsby/postbuild/finished-pages';
import { retainedBytes } from './support/heap';

const page = (head: string, body: string) => `<!DOCTYPE html><html><head><title>t</title>${head}</head><body><div id="___gatsby">${body}</div></body></html>`;

describe('NUL bytes from React 18.3.1 streaming', () => {
  it('removes zero bytes between complete characters and leaves clean HTML alone', () => {
    const broken = Buffer.concat([Buffer.from('<p>它要解决什'), Buffer.from([0]), Buffer.from('么问题</p>')]);
    expect(stripNulBytes(broken)?.toString('utf8')).toBe('<p>它要解决什么问题</p>');
    expect(stripNulBytes(Buffer.from('<p>干净</p>'))).toBeNull();
    // Runs of them, at both ends and side by side.
    const runs = Buffer.concat([Buffer.from([0, 0]), Buffer.from('<p>一'), Buffer.from([0, 0, 0]), Buffer.from('二</p>'), Buffer.from([0])]);
    expect(stripNulBytes(runs)?.toString('utf8')).toBe('<p>一二</p>');
  });
});

describe('hoistEmotionStyles', () => {
  const body =
    '<style data-emotion="css a1">.css-a1{color:red}</style><header class="css-a1">' +
    '<style data-emotion="css-global g1">body{margin:0}</style>' +
    '<style data-emotion="css b2">.css-b2{margin:0}</style><nav class="css-b2"></nav>' +
    '<style data-emotion="css c3 d4" nonce="n">.css-c3{}.css-d4{}</style><p class="css-c3 css-d4">正文</p></header>';

  it('moves every Emotion style out of <body> into the end of <head>', () => {
    const out = hoistEmotionStyles(page('<meta name="x"/>', body)) ?? '';
    const [head, rest] = out.split('</head>');
    expect(rest).not.toContain('<style');
    expect(rest).toContain('<header class="css-a1"><nav class="css-b2"></nav><p class="css-c3 css-d4">正文</p></header>');
    expect(head).toMatch(/<meta name="x"\/><style data-emotion="css a1" data-s="">[^]*<style data-emotion="css b2 c3 d4" data-s="">\.css-b2\{margin:0\}\.css-c3\{\}\.css-d4\{\}<\/style>$/);
  });

  it('merges runs of css tags, keeps each Global tag as it was, and keeps document order', () => {
    const out = hoistEmotionStyles(page('', body)) ?? '';
    const tags = [...out.matchAll(/<style data-emotion="([^"]+)" data-s="">([^<]*)<\/style>/g)].map((m) => [m[1], m[2]]);
    expect(tags).toEqual([
      ['css a1', '.css-a1{color:red}'],
      ['css-global g1', 'body{margin:0}'],
      ['css b2 c3 d4', '.css-b2{margin:0}.css-c3{}.css-d4{}'],
    ]);
  });

  it('leaves styles inside <noscript> where they are', () => {
    const inside = '<noscript><style data-emotion="css n1">.css-n1{}</style><a class="css-n1">文档</a></noscript>';
    const out = hoistEmotionStyles(page('', `${inside}<style data-emotion="css a1">.css-a1{}</style><p class="css-a1">好</p>`)) ?? '';
    expect(out).toContain(`<body><div id="___gatsby">${inside}<p class="css-a1">好</p>`);
    expect(out.split('</head>')[0]).toContain('<style data-emotion="css a1" data-s="">.css-a1{}</style>');
  });

  it('leaves pages without Emotion styles alone, and never touches <head> styles', () => {
    expect(hoistEmotionStyles(page('<style>.x{}</style>', '<p>无样式</p>'))).toBeNull();
    expect(hoistEmotionStyles('<p>fragment</p>')).toBeNull();
  });
});

describe('finishPage', () => {
  it('strips NUL bytes and hoists styles in one pass', () => {
    const [before = '', after = ''] = page('', '<style data-emotion="css a1">.css-a1{}</style><p class="css-a1">它要解决什|么</p>').split('|');
    const raw = Buffer.concat([Buffer.from(before), Buffer.from([0]), Buffer.from(after)]);
    const result = finishPage(raw);
    expect(result).toMatchObject({ nulStripped: true, stylesHoisted: true });
    expect(result.html?.toString('utf8')).toContain('<style data-emotion="css a1" data-s="">.css-a1{}</style></head><body><div id="___gatsby"><p class="css-a1">它要解决什么</p>');
  });

  it('reports no change for a finished page', () => {
    expect(finishPage(Buffer.from(page('', '<p>好</p>')))).toEqual({ html: null, nulStripped: false, stylesHoisted: false });
  });
});

describe('the post-build pass over public/', () => {
  const site = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'finish-'));
    mkdirSync(path.join(dir, 'blog', 'a'), { recursive: true });
    mkdirSync(path.join(dir, 'page-data', 'x'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), page('', '<style data-emotion="css a1">.css-a1{}</style><a href="/blog/a#top">A</a>'));
    writeFileSync(path.join(dir, 'blog', 'a', 'index.html'), page('', '<h1 id="top">A</h1><a href="/missing">x</a>'));
    writeFileSync(path.join(dir, 'page-data', 'x', 'index.html'), '<p>not a page</p>');
    return dir;
  };

  it('reads each page once: repairs, then the steps in order, then onPage; writes only changed files', () => {
    const dir = site();
    const untouched = path.join(dir, 'blog', 'a', 'index.html');
    utimesSync(untouched, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const seen: string[] = [];
    const report = finishHtmlFiles(dir, {
      steps: [
        { name: 'first', apply: (html) => html.replace('<title>t</title>', '<title>t</title><!--1-->') },
        { name: 'last', apply: (html, file) => (file.endsWith(path.join('blog', 'a', 'index.html')) ? html : html.replace('<!--1-->', '<!--1--><!--2-->')) },
      ],
      onPage: (file, html) => seen.push(`${path.relative(dir, file)} ${html.includes('<!--1--><!--2-->')}`),
    });
    expect(report).toEqual({ pages: 2, unchanged: 0, nulStripped: 0, stylesHoisted: 1, written: 2 });
    expect(seen.sort()).toEqual([`${path.join('blog', 'a', 'index.html')} false`, 'index.html true']);
    expect(readFileSync(path.join(dir, 'index.html'), 'utf8')).toMatch(/<!--1--><!--2-->.*data-s=""/);
    // page-data/ and static/ are not pages.
    expect(readFileSync(path.join(dir, 'page-data', 'x', 'index.html'), 'utf8')).toBe('<p>not a page</p>');
    // A second pass with nothing to do writes nothing.
    utimesSync(untouched, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(finishHtmlFiles(dir).written).toBe(0);
    expect(statSync(untouched).mtime.getFullYear()).toBe(2000);
  });

  it('the link report uses the ids and links the pass collected, reading only pages it lacks', () => {
    const dir = site();
    const collected = new Map<string, PageLinks>();
    finishHtmlFiles(dir, { onPage: (file, html) => collected.set(file, pageLinks(html)) });
    const pages = new Map([
      ['/', 'src/pages/index.tsx'],
      ['/blog/a', 'content/blog/a/index.mdx'],
    ]);
    const expected = [{ source: 'content/blog/a/index.mdx', link: '/missing', message: expect.any(String) }];
    expect(linkReport(dir, pages, '', collected)).toEqual(expected);
    collected.delete(path.join(dir, 'index.html'));
    expect(linkReport(dir, pages, '', collected)).toEqual(expected);
  });

  it('reports a link the build left relative (a file beside the content that was not published), not a link with a scheme, a site link or an anchor', () => {
    const dir = site();
    writeFileSync(path.join(dir, 'blog', 'a', 'index.html'), page('', '<h1 id="top">A</h1><a href="./files/x.xml">x</a><a href="mailto:a@b.c">m</a><a href="#top">t</a><a href="https://x.y/z">z</a><a href="/">home</a>'));
    const pages = new Map([
      ['/', 'src/pages/index.tsx'],
      ['/blog/a', 'content/blog/a/index.mdx'],
    ]);
    expect(linkReport(dir, pages, '')).toEqual([{ source: 'content/blog/a/index.mdx', link: './files/x.xml', message: expect.stringContaining('相对链接') }]);
  });

  it('the ids and links it holds keep no page HTML alive (V8 keeps a whole string behind each match)', () => {
    // 100 pages of 360 KB (two-byte) each: 36 MB of HTML if any id or link still points into it.
    const html = (i: number) => page('', `${'<p>正文</p>'.repeat(20_000)}<h2 id="heading-number-${i}-of-the-page">h</h2><a href="/docs/tool-${i}/a-long-page-name">x</a>`);
    const { value: held, bytes: grown } = retainedBytes(() => Array.from({ length: 100 }, (_, i) => pageLinks(html(i))));
    expect(held[7]).toEqual({ ids: new Set(['___gatsby', 'heading-number-7-of-the-page']), links: ['/docs/tool-7/a-long-page-name'] });
    expect(grown).toBeLessThan(8 * 2 ** 20);
    // A value holding the separator is copied on its own.
    expect(detached(['a\0b', 'c'])).toEqual(['a\0b', 'c']);
  });

  it('a rebuild reads only the pages written since the last pass, and still reports the links of every page', () => {
    const dir = site();
    const recordFile = path.join(dir, 'finished.json');
    const pass = (fingerprint: string) => {
      const record = finishedPages(recordFile, fingerprint);
      const links = new Map<string, PageLinks>();
      const read: string[] = [];
      const hooks = recordedLinks(record, links);
      const report = finishHtmlFiles(dir, {
        ...hooks,
        onPage: (file, html) => {
          read.push(path.relative(dir, file));
          hooks.onPage(file, html);
        },
      });
      record.save();
      return { report, read, links };
    };
    const pages = new Map([
      ['/', 'src/pages/index.tsx'],
      ['/blog/a', 'content/blog/a/index.mdx'],
    ]);
    expect(pass('v1').read.sort()).toEqual([path.join('blog', 'a', 'index.html'), 'index.html']);
    // The build rewrites one page (new bytes, new time): only that one is read.
    writeFileSync(path.join(dir, 'blog', 'a', 'index.html'), page('', '<h1 id="top">A</h1><a href="/gone">x</a>'));
    const second = pass('v1');
    expect(second.read).toEqual([path.join('blog', 'a', 'index.html')]);
    expect(second.report).toMatchObject({ pages: 2, unchanged: 1 });
    // The unchanged page's links come from the record: the report still sees /blog/a#top from the home page.
    expect(linkReport(dir, pages, '', second.links).map((p) => p.link)).toEqual(['/gone']);
    // Code that finishes pages changed: every page is read again.
    expect(pass('v2').read).toHaveLength(2);
  });
});
