import { useCallback, useEffect, useRef, useState } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_HIDE_MS } from '@sitewalk/shared/constants';

/**
 * The 'Drag tables to change order' hint: shown after 700 ms of hover, hidden after
 * 3 s or when the pointer leaves.
 */
export const useDragHint = () => {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
  };

  const onMouseEnter = useCallback(() => {
    clear();
    timer.current = setTimeout(() => {
      setOpen(true);
      timer.current = setTimeout(() => setOpen(false), TOOLTIP_HIDE_MS);
    }, TOOLTIP_DELAY_MS);
  }, []);

  const onMouseLeave = useCallback(() => {
    clear();
    setOpen(false);
  }, []);

  useEffect(() => clear, []);

  return { open, onMouseEnter, onMouseLeave };
};
