/**
 * Tabs (gatsby/markdown/tabs.ts at build time, src/lib/tabs.ts + components/mdx/tabs.ts in the
 * browser): the page's static HTML (every panel under its label, buttons for the script), the
 * Markdown version (a labelled block per tab), the search text (every panel), Docusaurus's imports dropped,
 * mistakes at the file's line; the behaviour's decisions; the head script that shows a
 * remembered tab before the script arrives.
 */
import { headScript } from '../../src/lib/head-script';
import { initialTab, parseTabChoices, tabIndexForKey, withTabChoice } from '../../src/lib/tabs';
import { renderCases } from './support/cases';

const docusaurus = [
  "import Tabs from '@theme/Tabs';",
  "import TabItem from '@theme/TabItem';",
  '',
  '## 安装',
  '',
  '<Tabs groupId="os">',
  '  <TabItem value="mac" label="macOS">',
  '',
  '```bash',
  'brew install python-tk',
  '```',
  '',
  '  </TabItem>',
  '  <TabItem value="linux" label="Linux" default>',
  '',
  '先装 **tkinter**：',
  '',
  '```bash',
  'sudo apt-get install python3-tk',
  '```',
  '',
  '  </TabItem>',
  '  <TabItem value="win" label="Windows">官方安装包自带。</TabItem>',
  '</Tabs>',
  '',
].join('\n');

const cases = renderCases({
  docusaurus: { source: docusaurus },
  oneLine: { source: '<Tabs defaultValue="b"><TabItem value="a">甲</TabItem><TabItem value="b" label="乙组">乙</TabItem></Tabs>\n' },
  nested: { source: ':::tip 各平台\n<Tabs>\n<TabItem value="a" label="A">\n\n> [!NOTE]\n> 在标签页里的提示。\n\n</TabItem>\n</Tabs>\n:::\n' },
  adjacent: { source: '<Tabs groupId="os"><TabItem value="a">一</TabItem></Tabs>\n\n<Tabs groupId="os"><TabItem value="a">二</TabItem></Tabs>\n' },
  strayItem: { source: '正文\n\n<TabItem value="a">甲</TabItem>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  otherContent: { source: '<Tabs>\n<TabItem value="a">甲</TabItem>\n\n散落的段落\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  repeated: { source: '<Tabs>\n<TabItem value="a">甲</TabItem>\n<TabItem value="a">乙</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  noValue: { source: '<Tabs>\n<TabItem label="甲">甲</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  typo: { source: '<Tabs groupID="os">\n<TabItem value="a">甲</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  badDefault: { source: '<Tabs defaultValue="z">\n<TabItem value="a">甲</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  computedValues: { source: '<Tabs values={items}>\n<TabItem value="a">甲</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  valuesMissingItem: { source: "<Tabs values={[{ label: '甲', value: 'a' }, { label: '乙', value: 'b' }]}>\n<TabItem value=\"a\">甲</TabItem>\n</Tabs>\n", file: 'content/docs/bad.mdx', firstLine: 6 },
  itemNotInValues: { source: '<Tabs values={[{ label: \'甲\', value: \'a\' }]}>\n<TabItem value="a">甲</TabItem>\n<TabItem value="z">乙</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  scriptAttribute: { source: '<Tabs>\n<TabItem value="a" attributes={{ onClick: \'alert(1)\' }}>甲</TabItem>\n</Tabs>\n', file: 'content/docs/bad.mdx', firstLine: 6 },
  // Every prop of Docusaurus's tabs documentation: the values array (taking precedence over the
  // TabItems' labels, in its own order), defaultValue, groupId, queryString, lazy, className, and
  // TabItem's value, label, default, className, attributes.
  docusaurusProps: {
    source: [
      '<Tabs',
      '  groupId="fruit"',
      '  defaultValue="orange"',
      '  queryString',
      '  lazy',
      '  className="unique-tabs"',
      '  values={[',
      "    {label: 'Apple 1', value: 'apple'},",
      "    {label: 'Orange 1', value: 'orange', attributes: {className: 'orange-tab'}},",
      "    {label: 'Banana 1', value: 'banana'},",
      '  ]}>',
      '<TabItem value="banana" label="Banana 2" default>香蕉</TabItem>',
      '<TabItem value="apple" label="Apple 2" className="apple-panel" attributes={{className: \'red\', \'data-x\': \'1\'}}>苹果</TabItem>',
      '<TabItem value="orange">橙子</TabItem>',
      '</Tabs>',
      '',
      '<Tabs defaultValue={null} queryString="os"><TabItem value="a" label="甲">一</TabItem><TabItem value="b">二</TabItem></Tabs>',
      '',
      '<Tabs values={[{value: \'x\'}, {value: \'y\', label: \'乙\'}]}><TabItem value="x" label="不用">一</TabItem><TabItem value="y">二</TabItem></Tabs>',
      '',
    ].join('\n'),
  },
  otherImport: { source: "import Tabs from '@theme/Tabs';\nimport CodeBlock from '@theme/CodeBlock';\n\n正文\n", file: 'content/docs/bad.mdx', firstLine: 6 },
  renamedImport: { source: "import MyTabs from '@theme/Tabs';\n\n正文\n", file: 'content/docs/bad.mdx', firstLine: 6 },
});

describe('tabs: page, Markdown version and search', () => {
  it('writes every panel under its label, with the buttons the script needs and the default marked', () => {
    const { html } = cases.ok('docusaurus');
    const tabs = html.slice(html.indexOf('<div class="tabs"'));
    expect(tabs.startsWith('<div class="tabs" data-tabs="os"><div class="tab-list">')).toBe(true);
    expect(tabs).toContain(
      '<button type="button" class="tab" data-value="mac">macOS</button><button type="button" class="tab" data-value="linux" data-default="">Linux</button><button type="button" class="tab" data-value="win">Windows</button></div>',
    );
    expect(tabs).toContain('<div class="tab-panel" data-value="mac"><p class="tab-label">macOS</p><div class="code-block" data-language="bash">');
    expect(tabs).toContain('<div class="tab-panel" data-value="linux" data-default=""><p class="tab-label">Linux</p><p>先装 <strong>tkinter</strong>：</p>');
    expect(tabs).toContain('<div class="tab-panel" data-value="win"><p class="tab-label">Windows</p><p>官方安装包自带。</p></div></div>');
    // The imports are gone; nothing of them reaches the page.
    expect(html).not.toContain('import');
    expect(html).not.toContain('@theme');
  });

  it('gives the Markdown version one labelled block per tab, and search every panel under its label', () => {
    const { markdown, search } = cases.ok('docusaurus');
    expect(markdown).toContain(
      [
        '## 安装',
        '',
        '- **macOS**',
        '',
        '  ```bash',
        '  brew install python-tk',
        '  ```',
        '',
        '- **Linux**',
        '',
        '  先装 **tkinter**：',
        '',
        '  ```bash',
        '  sudo apt-get install python3-tk',
        '  ```',
        '',
        '- **Windows**',
        '',
        '  官方安装包自带。',
      ].join('\n'),
    );
    expect(markdown).not.toContain('import');
    // The buttons are not indexed (the labels are, once, before each panel's text).
    expect(search).toBe('安装 macOS Linux 先装 tkinter： Windows 官方安装包自带。');
  });

  it('takes tabs written on one line, defaultValue, and a label defaulting to the value', () => {
    const { html, markdown } = cases.ok('oneLine');
    expect(html).toBe(
      '<div class="tabs" data-tabs=""><div class="tab-list"><button type="button" class="tab" data-value="a">a</button><button type="button" class="tab" data-value="b" data-default="">乙组</button></div>' +
        '<div class="tab-panel" data-value="a"><p class="tab-label">a</p><p>甲</p></div><div class="tab-panel" data-value="b" data-default=""><p class="tab-label">乙组</p><p>乙</p></div></div>',
    );
    expect(markdown).toContain('- **a**\n\n  甲\n\n- **乙组**\n\n  乙');
  });

  it('takes every documented Docusaurus prop, as Docusaurus renders it', () => {
    const { html, markdown } = cases.ok('docusaurusProps');
    const [first, second, third] = html.split('\n').filter(Boolean);
    // values: its labels win over the TabItems', its order is the tabs' order; defaultValue wins over default;
    // className on the tab list, TabItem className on the panel, attributes on the tab's button.
    expect(first).toBe(
      '<div class="tabs" data-tabs="fruit" data-query-string="fruit"><div class="tab-list unique-tabs">' +
        '<button data-x="1" type="button" class="tab red" data-value="apple">Apple 1</button>' +
        '<button type="button" class="tab orange-tab" data-value="orange" data-default="">Orange 1</button>' +
        '<button type="button" class="tab" data-value="banana">Banana 1</button></div>' +
        '<div class="tab-panel apple-panel" data-value="apple"><p class="tab-label">Apple 1</p><p>苹果</p></div>' +
        '<div class="tab-panel" data-value="orange" data-default=""><p class="tab-label">Orange 1</p><p>橙子</p></div>' +
        '<div class="tab-panel" data-value="banana"><p class="tab-label">Banana 1</p><p>香蕉</p></div></div>',
    );
    // defaultValue={null}: no tab chosen by the page, so the first is shown; queryString with a name.
    expect(second).toContain('<div class="tabs" data-tabs="" data-query-string="os">');
    expect(second).toContain('<button type="button" class="tab" data-value="a" data-default="">甲</button>');
    expect(markdown).toContain('- **Apple 1**\n\n  苹果\n\n- **Orange 1**\n\n  橙子\n\n- **Banana 1**\n\n  香蕉');
    // A values entry without a label shows its value, not the TabItem's label.
    expect(third).toContain('<button type="button" class="tab" data-value="x" data-default="">x</button><button type="button" class="tab" data-value="y">乙</button>');
  });

  it('nests with callouts both ways', () => {
    const { html, markdown } = cases.ok('nested');
    expect(html).toMatch(
      /^<aside class="callout callout-tip"[^>]*><strong class="callout-title">各平台<\/strong><div class="tabs" data-tabs="">.*<div class="tab-panel" data-value="a" data-default=""><p class="tab-label">A<\/p><aside class="callout callout-note"/s,
    );
    expect(markdown).toContain('> **各平台**\n>\n> - **A**\n>\n>   > **备注**\n>   >\n>   > 在标签页里的提示。');
  });

  it('keeps two tab sets in a row apart in the Markdown version', () => {
    expect(cases.ok('adjacent').markdown).toContain('- **a**\n\n  一\n\n* **a**\n\n  二');
  });
});

describe('tab mistakes name the line of the file', () => {
  it.each([
    ['strayItem', 'content/docs/bad.mdx:8:1 <TabItem> 只能放在 <Tabs> 里'],
    ['otherContent', 'content/docs/bad.mdx:9:1 <Tabs> 里只能放 <TabItem>'],
    ['repeated', 'content/docs/bad.mdx:8:1 同一个 <Tabs> 里有两个 value="a" 的 <TabItem>'],
    ['noValue', 'content/docs/bad.mdx:7:1 <TabItem> 需要 value'],
    ['typo', 'content/docs/bad.mdx:6:1 <Tabs> 没有属性 groupID（可用：groupId、defaultValue、values、lazy、queryString、className、block）'],
    ['badDefault', 'content/docs/bad.mdx:6:1 <Tabs defaultValue="z"> 不是其中任何一个 <TabItem> 的 value'],
    ['computedValues', 'content/docs/bad.mdx:6:1 <Tabs values={…}> 只能写固定的值（字符串、数组、对象），不能计算'],
    ['valuesMissingItem', 'content/docs/bad.mdx:6:1 <Tabs values={…}> 里的 b 没有对应的 <TabItem value="b">'],
    ['itemNotInValues', 'content/docs/bad.mdx:8:1 <TabItem value="z"> 不在 <Tabs values={…}> 里（有：a）'],
    ['scriptAttribute', 'content/docs/bad.mdx:7:1 <TabItem attributes={…}> 里的 onClick 不能用'],
    ['otherImport', 'content/docs/bad.mdx:7:1 内容中不支持 import / export'],
    ['renamedImport', "content/docs/bad.mdx:6:1 请写成 import Tabs from '@theme/Tabs'"],
  ])('%s', (name, message) => {
    expect(cases.error(name)).toContain(message);
  });
});

describe('tab behaviour', () => {
  it('starts on the remembered value when the set has it, else on its default', () => {
    expect(initialTab(['mac', 'linux'], 'mac', 'linux')).toBe('linux');
    expect(initialTab(['mac', 'linux'], 'mac', 'win')).toBe('mac');
    expect(initialTab(['mac', 'linux'], 'linux', null)).toBe('linux');
  });

  it('moves with the arrows (wrapping), Home and End, and ignores other keys', () => {
    expect([tabIndexForKey('ArrowRight', 0, 3), tabIndexForKey('ArrowRight', 2, 3), tabIndexForKey('ArrowLeft', 0, 3), tabIndexForKey('Home', 2, 3), tabIndexForKey('End', 0, 3)]).toEqual([1, 0, 2, 0, 2]);
    expect(tabIndexForKey('Enter', 1, 3)).toBeNull();
  });

  it('keeps one choice per group in one stored value, shrugging off anything else stored there', () => {
    expect(parseTabChoices(withTabChoice(withTabChoice(null, 'os', 'mac'), 'lang', 'kt'))).toEqual({ os: 'mac', lang: 'kt' });
    expect(parseTabChoices(withTabChoice('{"os":"mac"}', 'os', 'linux'))).toEqual({ os: 'linux' });
    expect(parseTabChoices('not json')).toEqual({});
    expect(parseTabChoices('[1]')).toEqual({});
    expect(parseTabChoices('{"os":3,"ok":"x"}')).toEqual({ ok: 'x' });
  });
});

describe('head script: a remembered tab shows from the first paint', () => {
  const run = (stored: string | null | 'throw') => {
    const styles: string[] = [];
    const document = { documentElement: { setAttribute() {} }, head: { appendChild: (el: { textContent: string }) => styles.push(el.textContent) }, createElement: () => ({ textContent: '' }) };
    const localStorage = {
      getItem: (key: string) => {
        if (stored === 'throw') throw new Error('blocked');
        return key === 'tab-choices' ? stored : null;
      },
    };
    new Function('document', 'localStorage', headScript(null))(document, localStorage);
    return styles.join('');
  };

  it("writes CSS that shows each group's remembered panel and tab until the script takes over", () => {
    const css = run(JSON.stringify({ os: 'linux' }));
    const set = 'html[data-js] [data-tabs="os"]:not([data-tabs-ready]):has(>.tab-panel[data-value="linux"])>';
    expect(css).toContain(`${set}.tab-panel{display:none}`);
    expect(css).toContain(`${set}.tab-panel[data-value="linux"]{display:block}`);
    expect(css).toContain(`${set}.tab-list>.tab[data-value="linux"]{color:var(--c-primary);border-bottom-color:var(--c-primary)}`);
  });

  it('writes nothing without a choice, and survives bad JSON and throwing storage', () => {
    expect(run(null)).toBe('');
    expect(run('{oops')).toBe('');
    expect(run('throw')).toBe('');
  });
});
