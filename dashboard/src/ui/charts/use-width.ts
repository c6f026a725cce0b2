import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, followed as it changes (ResizeObserver): charts draw in real pixels so
 * their texts keep their size at every width, instead of stretching a fixed drawing.
 */
export function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
