import { buildSidebars, docIdFromRelativePath, docPath, flattenSidebar, neighbours, sidebarKey, type DocInput } from '../../src/lib/docs';
import { encodePath } from '../../src/lib/url-path';

function doc(id: string, position: number, extra: Partial<DocInput> = {}): DocInput {
  return { id, title: id.split('/').pop() as string, sidebarPosition: position, hideSidebar: false, unlisted: false, ...extra };
}

describe('doc paths', () => {
  it('keeps capitals and spaces from the file path', () => {
    expect(docIdFromRelativePath('desktop/wing/Get start.mdx')).toBe('desktop/wing/Get start');
    expect(docPath('desktop/wing/Get start')).toBe('/docs/desktop/wing/Get start');
    expect(encodePath('/docs/desktop/wing/Get start')).toBe('/docs/desktop/wing/Get%20start');
    expect(encodePath('/blog/tags/空壳')).toBe('/blog/tags/%E7%A9%BA%E5%A3%B3');
  });

  it('does not double-encode', () => {
    expect(encodePath('/docs/desktop/wing/Get%20start')).toBe('/docs/desktop/wing/Get%20start');
  });

  it('maps index files to their folder and rejects non-MDX', () => {
    expect(docIdFromRelativePath('about/index.mdx')).toBe('about');
    expect(() => docIdFromRelativePath('desktop/wing/notes.txt')).toThrow();
    expect(() => docIdFromRelativePath('desktop/wing/ Get.mdx')).toThrow();
  });

  it('groups docs by product', () => {
    expect(sidebarKey('desktop/wing/Get start')).toBe('desktop/wing');
    expect(sidebarKey('mobile/konker/desc/konker-qa')).toBe('mobile/konker');
    expect(sidebarKey('about/team')).toBe('about');
    expect(sidebarKey('intro')).toBe('intro');
  });
});

describe('buildSidebars', () => {
  const docs = [
    doc('desktop/wing/Releases', 7),
    doc('desktop/wing/Introduce', 1, { sidebarLabel: '介绍' }),
    doc('desktop/wing/Get start', 2),
    doc('mobile/konker/Introduce', 1),
    doc('mobile/konker/desc/konker-qa', 11, { hideSidebar: true }),
    doc('mobile/konker/protocol-user', 23, { hideSidebar: true }),
    doc('mobile/konker/guides/b', 6),
    doc('mobile/konker/guides/a', 5),
    doc('mobile/konker/secret', 2, { unlisted: true }),
    doc('intro', 1),
  ];
  const sidebars = buildSidebars(docs);

  it('orders by sidebar_position and uses sidebar_label', () => {
    const wing = sidebars.get('desktop/wing');
    expect(wing && flattenSidebar(wing).map((l) => l.label)).toEqual(['介绍', 'Get start', 'Releases']);
    expect(wing && flattenSidebar(wing)[0]?.path).toBe('/docs/desktop/wing/Introduce');
  });

  it('puts docs without sidebar_position after the others, by path (as Docusaurus does), categories too', () => {
    const loose = buildSidebars([
      doc('desktop/cabin/Zeta', 2),
      { ...doc('desktop/cabin/FAQ', 0), sidebarPosition: undefined },
      { ...doc('desktop/cabin/Changes', 0), sidebarPosition: undefined },
      doc('desktop/cabin/Intro', 1),
      { ...doc('desktop/cabin/more/b', 0), sidebarPosition: undefined },
      doc('desktop/cabin/more/a', 3),
    ]).get('desktop/cabin');
    expect(loose?.items.map((i) => (i.kind === 'link' ? i.id : `category:${i.label}`))).toEqual(['desktop/cabin/Intro', 'desktop/cabin/Zeta', 'category:more', 'desktop/cabin/Changes', 'desktop/cabin/FAQ']);
    const more = loose?.items[2];
    expect(more?.kind === 'category' && more.items.map((l) => l.id)).toEqual(['desktop/cabin/more/a', 'desktop/cabin/more/b']);
  });

  it('leaves hidden and unlisted docs out and makes sub-folders categories', () => {
    const konker = sidebars.get('mobile/konker');
    expect(konker?.items.map((i) => (i.kind === 'link' ? i.id : `category:${i.label}`))).toEqual(['mobile/konker/Introduce', 'category:guides']);
    const category = konker?.items[1];
    expect(category?.kind === 'category' && category.items.map((l) => l.id)).toEqual(['mobile/konker/guides/a', 'mobile/konker/guides/b']);
  });

  it('gives previous/next in sidebar order', () => {
    const wing = sidebars.get('desktop/wing');
    expect(neighbours(wing, 'desktop/wing/Get start')).toMatchObject({ previous: { id: 'desktop/wing/Introduce' }, next: { id: 'desktop/wing/Releases' } });
    expect(neighbours(wing, 'desktop/wing/Introduce').previous).toBeNull();
    expect(neighbours(undefined, 'x')).toEqual({ previous: null, next: null });
  });

  it('builds one sidebar per product', () => {
    expect([...sidebars.keys()].sort()).toEqual(['desktop/wing', 'intro', 'mobile/konker']);
  });
});
