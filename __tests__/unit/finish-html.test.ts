import { hoistEmotionStyles } from '../../scripts/lib/emotion-styles';
import { finishPage, stripNulBytes } from '../../scripts/lib/finish-html';

const page = (head: string, body: string) => `<!DOCTYPE html><html><head><title>t</title>${head}</head><body><div id="___gatsby">${body}</div></body></html>`;

describe('NUL bytes from React 18.3.1 streaming', () => {
  it('removes zero bytes between complete characters and leaves clean HTML alone', () => {
    const broken = Buffer.concat([Buffer.from('<p>它要解决什'), Buffer.from([0]), Buffer.from('么问题</p>')]);
    expect(stripNulBytes(broken)?.toString('utf8')).toBe('<p>它要解决什么问题</p>');
    expect(stripNulBytes(Buffer.from('<p>干净</p>'))).toBeNull();
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
