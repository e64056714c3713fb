/**
 * rehype plugin: wide tables scroll sideways inside a focusable region instead of widening the
 * page on a 320 px phone. Each region is a landmark, so each is named after its own table (its
 * caption, else the nearest heading above it, else its number on the page), and no two regions of
 * a page share a name. Header cells left empty (the corner of a two-way table) become data cells:
 * an empty <th> names nothing and tells a screen reader nothing.
 */
import { h, isElement, mapElements, textContent, type Element, type ElementContent, type Root } from './hast';

const HEADING = /^h[1-6]$/;

const words = (node: Element) => textContent(node).replace(/\s+/g, ' ').trim();

/** The table's <caption> text, or '' when it has none. */
function captionOf(table: Element): string {
  const caption = table.children.find((child) => isElement(child, 'caption'));
  return caption && isElement(caption) ? words(caption) : '';
}

function isEmptyCell(cell: Element): boolean {
  const hasContent = (node: ElementContent): boolean => (node.type === 'text' ? node.value.trim() !== '' : node.type === 'element' && (['img', 'svg', 'input'].includes(node.tagName) || node.children.some(hasContent)));
  return !cell.children.some(hasContent);
}

/** Every empty <th> of the table (not of tables nested in it) becomes a <td>. */
function emptyHeadersToData(table: Element): void {
  const visit = (node: Element) => {
    for (const child of node.children) {
      if (!isElement(child) || child.tagName === 'table') continue;
      if (child.tagName === 'th' && isEmptyCell(child)) child.tagName = 'td';
      else visit(child);
    }
  };
  visit(table);
}

/**
 * The accessible names of a page's table regions, in document order: `表格：<caption or heading>`,
 * or `表格 <n>` for a table with neither; a name used before gets `（2）`, `（3）` … appended.
 */
export function tableRegionNames(bases: ReadonlyArray<string | null>): string[] {
  const used = new Map<string, number>();
  return bases.map((base, i) => {
    const name = base ? `表格：${base}` : `表格 ${i + 1}`;
    const seen = (used.get(name) ?? 0) + 1;
    used.set(name, seen);
    return seen === 1 ? name : `${name}（${seen}）`;
  });
}

export function rehypeScrollTables() {
  return (tree: Root) => {
    let heading: string | null = null;
    const regions: Array<{ region: Element; base: string | null }> = [];
    mapElements(tree, (el) => {
      if (HEADING.test(el.tagName)) {
        heading = words(el) || heading;
        return [el];
      }
      if (el.tagName !== 'table') return undefined;
      emptyHeadersToData(el);
      const region = h('div', { className: ['table-scroll'], tabIndex: 0, role: 'region' }, [el]);
      regions.push({ region, base: captionOf(el) || heading });
      return [region];
    });
    const names = tableRegionNames(regions.map((r) => r.base));
    regions.forEach(({ region }, i) => {
      region.properties = { ...region.properties, ariaLabel: names[i] };
    });
  };
}
