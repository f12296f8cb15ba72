// The README's snippets run from the README's own text: the js blocks of
// "The library" and "Use kblend in your three.js app" are read from
// README.md, their import lines given as the modules they name, and run as
// written (the three.js ones on a Mixamo-style character in centimetres
// with an A-pose rest). A change to the README that breaks a snippet
// breaks this test.
import { readFileSync } from 'node:fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as kblend from '../../../web/lib/kblend.js';
import * as kblendThree from '../../../web/three/index.js';
import { mixamoGlb } from '../../fixtures/characters/mixamo-glb.js';

const README = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const MODULES = {
  kblend,
  'kblend/three': kblendThree,
  three: THREE,
  'three/examples/jsm/loaders/GLTFLoader.js': { GLTFLoader },
};

// The js blocks between a heading and the next heading of its level.
function snippets(heading) {
  const start = README.indexOf(`\n## ${heading}\n`);
  expect(start, `README has a "## ${heading}" section`).toBeGreaterThan(0);
  const end = README.indexOf('\n## ', start + 1);
  const section = README.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
}

// An import line becomes a binding to the module it names; the rest of the
// text runs unchanged, in an async body with the given surroundings.
function runnable(text, surroundings) {
  const bindings = [];
  const body = text.replace(/^import (.+) from '([^']+)';$/gm, (_, what, from) => {
    expect(MODULES, `the snippet imports ${from}`).toHaveProperty([from]);
    const source = `__modules[${JSON.stringify(from)}]`;
    bindings.push(
      what.startsWith('* as ')
        ? `const ${what.slice(5)} = ${source};`
        : `const ${what.replace(/ as /g, ': ')} = ${source};`,
    );
    return '';
  });
  const names = Object.keys(surroundings);
  const AsyncFunction = (async () => {}).constructor;
  const run = new AsyncFunction('__modules', ...names, `${bindings.join('\n')}\n${body}`);
  return () => run(MODULES, ...Object.values(surroundings));
}

// Node has no ProgressEvent, which three's FileLoader sends while it reads.
globalThis.ProgressEvent ??= class extends Event {
  constructor(type, init = {}) {
    super(type);
    Object.assign(this, init);
  }
};

const kb = await kblend.loadKBlend();
const { glb } = await mixamoGlb(kb, { apose: 0.75, units: 100 });
const loadCopy = async () => (await new GLTFLoader().parseAsync(glb.slice(0), '')).scene;

// A page's surroundings: a scene, a camera, a renderer whose loop the test
// drives with requestAnimationFrame's timestamps, a document, and a
// console that keeps what is logged.
function page() {
  const frames = [];
  const logged = [];
  const document = Object.assign(new EventTarget(), { hidden: false });
  return {
    frames,
    logged,
    surroundings: {
      scene: new THREE.Scene(),
      camera: new THREE.PerspectiveCamera(),
      renderer: { setAnimationLoop: (f) => frames.push(f), render() {} },
      document,
      console: { log: (...values) => logged.push(values) },
    },
  };
}

const worldQuaternion = (object) => object.getWorldQuaternion(new THREE.Quaternion());
const angle = (a, b) => {
  const d = a.clone().invert().multiply(b);
  return 2 * Math.atan2(Math.hypot(d.x, d.y, d.z), Math.abs(d.w));
};

describe("README's library snippet, from the README's text", () => {
  it('runs as written, and its results are the ones its comments give', async () => {
    const [text] = snippets('The library');
    const results = await runnable(
      `${text}\nreturn { kb, pose, positions, rotations, filter };`,
      page().surroundings,
    )();
    const { kb: loaded, pose, positions, rotations } = results;
    expect(text).toContain('// 0.259…');
    expect(loaded.envelope(0.05, { attack: 0.15, release: 0.2 })).toBeCloseTo(0.259, 3);
    expect(pose).toHaveLength(88);
    expect(positions).toHaveLength(66);
    expect(rotations).toHaveLength(88);
    expect(text).toContain('tStop: 11.66');
    expect(loaded.kli([0, 0, 1, 0], [0.5, 0.5, 0.5, 0.5]).tStop).toBeCloseTo(11.66, 2);
  });
});

describe("README's three.js snippets, from the README's text", () => {
  const url = `data:model/gltf-binary;base64,${Buffer.from(glb).toString('base64')}`;
  beforeAll(() => {
    THREE.DefaultLoadingManager.setURLModifier((u) => (u === 'character.glb' ? url : u));
  });
  afterAll(() => THREE.DefaultLoadingManager.setURLModifier(undefined));

  const [bindingSnippet, clipSnippet] = snippets('Use kblend in your three.js app');

  it('the binding snippet binds the character, says what it found, and waves its arm', async () => {
    const { frames, logged, surroundings } = page();
    await runnable(bindingSnippet, surroundings)();
    // console.log(binding.unmapped, binding.rest.kind, binding.notes)
    expect(logged).toHaveLength(1);
    const [unmapped, restKind] = logged[0];
    expect(unmapped).toEqual([]);
    expect(restKind).toBe('apose');
    const character = surroundings.scene.children[0];
    const wrist = () => {
      character.updateMatrixWorld(true);
      const bone = character.getObjectByName('mixamorigRightHand');
      return bone.getWorldPosition(new THREE.Vector3());
    };
    const start = performance.now();
    frames[0](start);
    const atRest = wrist();
    frames[0](start + 1500); // mid-wave
    expect(wrist().distanceTo(atRest)).toBeGreaterThan(0.1);
  });

  it('the clip snippet plays in the mixer what a live binding shows', async () => {
    const { surroundings } = page();
    const gltf = { scene: await loadCopy() };
    const timer = new THREE.Timer();
    // the clip snippet follows the binding snippet: kb, THREE, gltf, timer
    // and the imports as that one leaves them, on a character no binding holds
    const { toAnimationClip } = kblendThree;
    const clipText = `${clipSnippet}\nreturn mixer;`;
    const scope = { ...surroundings, kb, THREE, gltf, timer, toAnimationClip };
    const mixer = await runnable(clipText, scope)();
    mixer.update(1.5);
    const [action] = mixer._actions;
    expect(action.time).toBeCloseTo(1.5, 6);
    const live = await loadCopy();
    const binding = kblendThree.createRigBinding(live);
    binding.apply(kb.createPreview({ gesture: 'wave' }), 1.5);
    gltf.scene.updateMatrixWorld(true);
    live.updateMatrixWorld(true);
    let worst = 0;
    for (const bone of Object.values(binding.bones)) {
      const shown = gltf.scene.getObjectByName(bone.name);
      worst = Math.max(worst, angle(worldQuaternion(shown), worldQuaternion(bone)));
    }
    expect(worst).toBeLessThan(1e-4);
  });
});
