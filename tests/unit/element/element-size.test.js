// kblend/element's size budget: its own JavaScript (the entry and all it
// imports, three, kblend and fflate left out), minified and gzipped, stays
// within 40 kB. Measured as tests/bench/element-size.js measures it.
import { describe, expect, it } from 'vitest';
import { ELEMENT_BUDGET, measureElementSize } from '../../bench/element-size.js';

describe('kblend/element size', () => {
  it('is within 40 kB gzipped beyond three and kblend', async () => {
    const size = await measureElementSize();
    console.log(
      `kblend/element: ${size.gzipped} bytes gzipped (${size.withoutFigures.gzipped} without web/figures/)`,
    );
    expect(ELEMENT_BUDGET).toBe(40 * 1024);
    expect(size.withoutFigures.gzipped).toBeGreaterThan(1000); // the build did bundle the element
    expect(size.gzipped).toBeLessThanOrEqual(ELEMENT_BUDGET);
  });
});
