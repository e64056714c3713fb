/**
 * The search box's arrow keys (WAI-ARIA combobox with a listbox popup): no option is chosen until the
 * reader presses one; ArrowDown then goes to the first option, ArrowUp to the last, and both wrap.
 * Its own tiny module: it ships on every page with the box, the list's code only on first use.
 */
export function stepOption(active: number, count: number, key: 'ArrowDown' | 'ArrowUp'): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return (active + 1) % count;
  return (active <= 0 ? count : active) - 1;
}
