import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type PointerEvent } from 'react';
import { POPOVER_DELAY_MS } from '../../lib/delay';

/**
 * State of the navbar's popovers, following the WAI-ARIA disclosure navigation pattern (spec §2,
 * §9): a mouse resting 210 ms on a trigger opens its panel and leaving the item (trigger and
 * panel) closes it 210 ms later; a click on a trigger button toggles at once, and a panel closed
 * by click or Escape does not reopen on hover until the pointer leaves and comes back; Escape
 * (anywhere), a press outside, focus leaving the item and a route change close at once; ArrowDown on a
 * trigger opens its panel and moves focus into it. Touch and pen never open on hover.
 */
export interface PopoverMenu {
  /** Label of the open popover, '' when none is. */
  open: string;
  item(label: string): {
    onPointerEnter: (event: PointerEvent) => void;
    onPointerLeave: (event: PointerEvent) => void;
    onBlur: (event: FocusEvent<HTMLElement>) => void;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
  trigger(label: string): {
    onPointerMove: (event: PointerEvent) => void;
    onPointerLeave: () => void;
    onClick?: () => void;
  };
}

export function usePopoverMenu(pathname: string, rootRef: React.RefObject<HTMLElement>): PopoverMenu {
  const [open, setOpen] = useState('');
  const openTimer = useRef<number>();
  const closeTimer = useRef<number>();
  /** Items closed by click or Escape: no hover reopen until the pointer has left them. */
  const suppressed = useRef(new Set<string>());

  /** The item whose hover-open timer is running. */
  const pending = useRef('');

  const clearTimers = useCallback(() => {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
    pending.current = '';
  }, []);
  const closeNow = useCallback(() => {
    clearTimers();
    setOpen('');
  }, [clearTimers]);

  useEffect(closeNow, [pathname, closeNow]);
  useEffect(() => clearTimers, [clearTimers]);

  // While a panel is open: a press outside its item, or Escape anywhere, closes it at once.
  useEffect(() => {
    if (!open) return undefined;
    const itemElement = () => rootRef.current?.querySelector<HTMLElement>(`[data-popover="${CSS.escape(open)}"]`);
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!itemElement()?.contains(event.target as Node)) closeNow();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const item = itemElement();
      const focusWasInPanel = item?.querySelector('.menu-content')?.contains(document.activeElement);
      suppressed.current.add(open);
      closeNow();
      if (focusWasInPanel) item?.querySelector<HTMLElement>('.menu-trigger')?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, rootRef, closeNow]);

  const focusFirstLink = (label: string) => {
    window.requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>(`[data-popover="${CSS.escape(label)}"] .menu-content a`)?.focus());
  };

  return {
    open,
    item: (label) => ({
      onPointerEnter: (event) => {
        if (event.pointerType === 'mouse' && open === label) window.clearTimeout(closeTimer.current);
      },
      onPointerLeave: (event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(openTimer.current);
        pending.current = '';
        suppressed.current.delete(label);
        if (open !== label) return;
        window.clearTimeout(closeTimer.current);
        closeTimer.current = window.setTimeout(() => setOpen((now) => (now === label ? '' : now)), POPOVER_DELAY_MS);
      },
      onBlur: (event) => {
        if (open === label && !event.currentTarget.contains(event.relatedTarget as Node | null)) closeNow();
      },
      onKeyDown: (event) => {
        if (event.key !== 'ArrowDown' || !(event.target as Element).classList.contains('menu-trigger')) return;
        event.preventDefault();
        clearTimers();
        setOpen(label);
        focusFirstLink(label);
      },
    }),
    trigger: (label) => ({
      onPointerMove: (event) => {
        // The 210 ms run from the pointer's arrival, not from its last movement.
        if (event.pointerType !== 'mouse' || suppressed.current.has(label) || open === label || pending.current === label) return;
        window.clearTimeout(openTimer.current);
        pending.current = label;
        openTimer.current = window.setTimeout(() => {
          pending.current = '';
          window.clearTimeout(closeTimer.current);
          setOpen(label);
        }, POPOVER_DELAY_MS);
      },
      // Leaving the trigger for anywhere but its own panel is handled by the item.
      onPointerLeave: () => {
        window.clearTimeout(openTimer.current);
        pending.current = '';
      },
      onClick: () => {
        clearTimers();
        if (open === label) {
          suppressed.current.add(label);
          setOpen('');
        } else {
          setOpen(label);
        }
      },
    }),
  };
}
