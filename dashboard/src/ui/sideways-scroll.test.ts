import { describe, expect, it } from 'vitest';
import { sidewaysEdges } from './sideways-scroll';

describe('a table wider than its box', () => {
  it('shows no cue when everything fits', () => {
    expect(sidewaysEdges(0, 1000, 1000)).toEqual({ scrolls: false, before: false, after: false });
    expect(sidewaysEdges(0, 1000.6, 1000)).toEqual({ scrolls: false, before: false, after: false });
  });

  it('cues the columns hidden on the right at the start, on both sides in the middle, on the left at the end', () => {
    expect(sidewaysEdges(0, 1400, 1000)).toEqual({ scrolls: true, before: false, after: true });
    expect(sidewaysEdges(200, 1400, 1000)).toEqual({ scrolls: true, before: true, after: true });
    expect(sidewaysEdges(400, 1400, 1000)).toEqual({ scrolls: true, before: true, after: false });
    expect(sidewaysEdges(399.5, 1400, 1000)).toEqual({ scrolls: true, before: true, after: false });
  });
});
