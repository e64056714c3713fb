/**
 * rehype plugin: wide tables scroll sideways inside a focusable, labelled region instead of
 * widening the page on a 320 px phone.
 */
import { h, mapElements, type Root } from './hast';

export function rehypeScrollTables() {
  return (tree: Root) => {
    mapElements(tree, (el) => {
      if (el.tagName !== 'table') return undefined;
      return [h('div', { className: ['table-scroll'], tabIndex: 0, role: 'region', ariaLabel: '表格（可横向滚动）' }, [el])];
    });
  };
}
