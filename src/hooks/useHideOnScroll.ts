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
        setVisible((was) => navbarVisibleAfterScroll(lastY.current, y, was, navbarHeight));
        lastY.current = y;
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
