import { useEffect, useRef, useState } from 'react';
import { navbarVisibleAfterScroll } from '../lib/scroll-visibility';

export function useHideOnScroll(navbarHeight: number, disabled = false): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  useEffect(() => {
    if (disabled) {
      setVisible(true);
      return undefined;
    }
    lastY.current = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const y = window.scrollY;
        // Read the previous position now: React may run the updater later, after lastY moved on.
        const previous = lastY.current;
        lastY.current = y;
        setVisible((was) => navbarVisibleAfterScroll(previous, y, was, navbarHeight));
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [navbarHeight, disabled]);
  return visible;
}
