// kblend/element: importing this module defines <kblend-preview> (once; a
// second copy of the module on the page leaves the first definition).
import { KBlendPreview } from './kblend-preview.js';

export { KBlendPreview };
export const ELEMENT_NAME = 'kblend-preview';

if (!customElements.get(ELEMENT_NAME)) customElements.define(ELEMENT_NAME, KBlendPreview);
