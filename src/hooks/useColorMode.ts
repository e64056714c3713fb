import { useCallback, useEffect, useState } from 'react';
import { STORAGE_KEYS, readStorage, writeStorage } from '../lib/storage';
import type { ColorMode } from '../theme/tokens';

/** Light by default (system preference is deliberately not followed), stored under `theme`. */
export function useColorMode(): [ColorMode, () => void] {
  const [mode, setMode] = useState<ColorMode>('light');
  useEffect(() => {
    const applied = document.documentElement.getAttribute('data-theme');
    setMode(applied === 'dark' || readStorage(STORAGE_KEYS.theme) === 'dark' ? 'dark' : 'light');
  }, []);
  const toggle = useCallback(() => {
    setMode((current) => {
      const next: ColorMode = current === 'dark' ? 'light' : 'dark';
      document.documentElement.setAttribute('data-theme', next);
      writeStorage(STORAGE_KEYS.theme, next);
      return next;
    });
  }, []);
  return [mode, toggle];
}
