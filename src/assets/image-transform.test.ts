import { describe, expect, it } from 'vitest';
import { cropOrigin } from './image-transform.ts';

describe('crop windows', () => {
  it('place a window by each focus area; face and faces fall back to the centre', () => {
    expect(cropOrigin('top_left', 100, 80, 10, 10)).toEqual({ left: 0, top: 0 });
    expect(cropOrigin('bottom_right', 100, 80, 10, 10)).toEqual({ left: 90, top: 70 });
    expect(cropOrigin('top', 100, 80, 10, 10)).toEqual({ left: 45, top: 0 });
    expect(cropOrigin('left', 100, 80, 10, 10)).toEqual({ left: 0, top: 35 });
    expect(cropOrigin(undefined, 100, 80, 10, 10)).toEqual({ left: 45, top: 35 });
    expect(cropOrigin('face', 100, 80, 10, 10)).toEqual({ left: 45, top: 35 });
  });
});
