// The viewer's tests run with the library loaded and the viewer's params
// configured from it (ranges within kb.limits, kb.defaults, the a + r rule),
// as the page does at load.
import { useLibrary } from '../../../web/link/params.js';
import { kb } from '../support.js';

useLibrary(kb);

export { kb };
