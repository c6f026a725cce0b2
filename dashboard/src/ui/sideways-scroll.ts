import { useEffect, useState, type RefObject } from 'react';

/** Which sides of a sideways-scrolling box hide columns (a fade and a hint show them). */
export interface SidewaysEdges {
  /** The content is wider than the box. */
  scrolls: boolean;
  /** Columns hidden to the left (scrolled away from the start). */
  before: boolean;
  /** Columns hidden to the right: « Total TTC » and the later ones at 1280 px. */
  after: boolean;
}

export const NO_SCROLL: SidewaysEdges = { scrolls: false, before: false, after: false };

/** The edges of a box from its scroll measures (1 px of slack for sub-pixel widths). */
export function sidewaysEdges(scrollLeft: number, scrollWidth: number, clientWidth: number): SidewaysEdges {
  const hidden = scrollWidth - clientWidth;
  if (hidden <= 1) return NO_SCROLL;
  return { scrolls: true, before: scrollLeft > 1, after: scrollLeft < hidden - 1 };
}

/** The box's sideways edges, kept up to date as it is resized, its content changes or it is scrolled. */
export function useSidewaysEdges(ref: RefObject<HTMLElement | null>): SidewaysEdges {
  const [edges, setEdges] = useState<SidewaysEdges>(NO_SCROLL);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const next = sidewaysEdges(element.scrollLeft, element.scrollWidth, element.clientWidth);
      setEdges((current) =>
        current.scrolls === next.scrolls && current.before === next.before && current.after === next.after ? current : next,
      );
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    element.addEventListener('scroll', measure, { passive: true });
    measure();
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [ref]);
  return edges;
}
