// Run by build.sh when it links the WebAssembly core: writes
// web/lib/wasm/kblend_body.js, the core's body figures as plain data that
// modules import before (or without) loading the core, kblend/three among
// them: the default height (kb.defaults.height), the idle A-pose at the
// default angle (kb.idlePose()) and the T-pose bind at 1 m (kb.bindPositions(1)).
// They are the core's own output, so each figure is defined once, in C.
import { renameSync, writeFileSync } from 'node:fs';
import { buildDefaults } from './abi.js';
import { createBodyApi } from './body-api.js';
import { loadCore } from './core.js';
import { createScratch } from './scratch.js';

const out = process.argv[2];
const core = await loadCore();
const defaults = buildDefaults(core.abi, 'clap');
const { api } = createBodyApi(core, createScratch(core), defaults);
const list = (values) => `Object.freeze([${Array.from(values).join(', ')}])`;
const text = `// Written by build.sh (web/lib/write-body-figures.mjs) from the core.
export const DEFAULT_HEIGHT = ${defaults.height};
export const IDLE_POSE = ${list(api.idlePose(defaults.apose))};
export const BIND_FRACTIONS = ${list(api.bindPositions(1))};
`;
writeFileSync(`${out}.tmp`, text);
renameSync(`${out}.tmp`, out);
