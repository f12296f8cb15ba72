// Hand shapes per keyframe through the real UI (docs/design.md §8, "Hand
// shapes"): a copy of thumbs_up given a second raised thumb by the editor's
// pickers, its curl typed, undone and redone with the keys; the gesture
// saved as a file (a download) and loaded back by the file input; its share
// link opened (and a hostile one refused with a note); the GLB read back by
// three's GLTFLoader with the thumbs in its morph weights and the BVH by
// BVHLoader with the finger joints bent. Screenshots of the two thumbs and
// of akimbo and crossed arms. One page throughout.
import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { AnimationMixer } from 'three';
import { BVHLoader } from 'three/addons/loaders/BVHLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOTS,
  app,
  baseURL,
  exportIn,
  field,
  launchBrowser,
  openAuthoring,
  openCharacterFolder,
  openPage,
} from './browser.js';

let browser;
let opened;
let page;
beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser);
  page = opened.page;
});
afterAll(async () => {
  await browser?.close();
});

const THUMB = { shape: 'thumbUp', curl: 1 };
// a button of the editor's folder
const button = (text) =>
  page
    .locator('.lil-gui', { has: page.locator('.lil-title', { hasText: /^edit gesture$/ }) })
    .last()
    .locator('button', { hasText: text });
const shapePicker = (side) =>
  page.locator('.lil-controller', { hasText: new RegExp(`^${side} hand`) }).locator('select');
const curlBox = (side) => field(page, 'textbox', `${side} curl`);

// Seek to the middle of the hold, then what the figure shows there.
const handsAtMidHold = () =>
  app(page, async () => {
    const a = window.kblendApp;
    const p = a.params;
    await a.seek(((p.attack + 1 - p.release) / 2) * p.duration);
    return a.handsShown();
  });

// The figure from a view, zoomed in by the wheel over the canvas (the
// camera's own zoom), as a PNG of the middle of the canvas.
async function shootFigure(name, view, notches = 2) {
  await app(page, (v) => window.kblendApp.view(v), view);
  const box = await page.locator('#stage canvas').boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < notches; i++) await page.mouse.wheel(0, -840);
  // a few frames drawn, so the zoomed view is on the canvas
  await app(page, async () => {
    for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(() => done()));
  });
  const width = Math.min(box.width, box.height);
  const clip = { x: box.x + (box.width - width) / 2, y: box.y, width, height: box.height };
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, clip });
}

// A GLB read by GLTFLoader: at each time of ts (through an AnimationMixer)
// the skinned mesh's morph weights by name, or the scale of each of the
// mannequin's groups of fingers by name; and the clip's tracks.
async function readGlb(bytes, ts) {
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const gltf = await new GLTFLoader().parseAsync(buffer, '');
  let mesh = null;
  const fingers = [];
  gltf.scene.traverse((o) => {
    if (o.morphTargetInfluences && o.morphTargetDictionary) mesh = o;
    if (/^(left|right)_hand_/.test(o.name)) fingers.push(o);
  });
  const mixer = new AnimationMixer(gltf.scene);
  mixer.clipAction(gltf.animations[0]).play();
  const at = (t) => {
    mixer.setTime(t);
    if (!mesh) return Object.fromEntries(fingers.map((o) => [o.name, o.scale.x]));
    const { morphTargetDictionary: names, morphTargetInfluences: weights } = mesh;
    return Object.fromEntries(Object.entries(names).map(([name, i]) => [name, weights[i]]));
  };
  return { shown: ts.map(at), tracks: gltf.animations[0].tracks.map((track) => track.name) };
}

describe('hand shapes per keyframe', () => {
  it('a copy of thumbs_up keeps its thumb; the pickers give it a second one, one undo step each', async () => {
    await app(page, () => {
      window.kblendApp.setParams({ gesture: 'thumbs_up' });
      window.kblendApp.view('front');
    });
    await openAuthoring(page, 'edit gesture');
    await button('edit shown gesture (a copy)').click();
    expect((await app(page, () => window.kblendApp.params)).gesture).toBe('custom: thumbs_up_edit');
    // the copy shows the library's thumb, and the editor says so
    expect(await shapePicker('right').inputValue()).toBe('thumbUp');
    expect(await shapePicker('left').inputValue()).toBe('open');
    expect(await curlBox('left').isDisabled()).toBe(true);
    let shown = await handsAtMidHold();
    expect(shown.hands.right).toEqual(THUMB);
    expect(shown.weights['right.thumbUp']).toBe(1);

    await shapePicker('left').selectOption('thumbUp');
    shown = await handsAtMidHold();
    expect(shown.hands).toEqual({ left: THUMB, right: THUMB });
    expect(shown.weights['left.thumbUp']).toBe(1);
    expect(await curlBox('left').isDisabled()).toBe(false);

    await curlBox('left').fill('0.35');
    await curlBox('left').press('Enter');
    shown = await handsAtMidHold();
    expect(shown.hands.left).toEqual({ shape: 'thumbUp', curl: 0.35 });
    expect(shown.weights['left.thumbUp']).toBeCloseTo(0.35, 6);

    // Ctrl+Z undoes the curl alone, then the shape; redo gives them back
    await page.keyboard.press('Control+z');
    shown = await handsAtMidHold();
    expect(shown.hands.left).toEqual(THUMB);
    expect(await curlBox('left').inputValue()).toBe('1');
    await page.keyboard.press('Control+z');
    expect((await handsAtMidHold()).hands.left).toEqual({ shape: 'open', curl: 1 });
    expect(await shapePicker('left').inputValue()).toBe('open');
    await page.keyboard.press('Control+Shift+z');
    expect((await handsAtMidHold()).hands.left).toEqual(THUMB);
    expect(await shapePicker('left').inputValue()).toBe('thumbUp');
    await page.keyboard.press('Control+Shift+z');
    expect((await handsAtMidHold()).hands.left.curl).toBe(0.35);
    // back to the full thumb for the rest: a new step
    await curlBox('left').fill('1');
    await curlBox('left').press('Enter');
    expect((await handsAtMidHold()).hands).toEqual({ left: THUMB, right: THUMB });
    await page
      .locator('.lil-gui', { has: page.locator('.lil-title', { hasText: /^edit gesture$/ }) })
      .last()
      .screenshot({ path: `${SCREENSHOTS}hand-shapes-editor.png` });
    // the editor folded (its gizmo off the hand), from the front and the side
    await page.locator('.lil-title', { hasText: /^edit gesture$/ }).click();
    await shootFigure('hand-shapes-two-thumbs-front', 'front');
    await shootFigure('hand-shapes-two-thumbs-side', 'side');
    expect(opened.log.errors).toEqual([]);
  });

  it('the saved gesture file holds the hands and loads back with them', async () => {
    await openAuthoring(page, 'edit gesture');
    const downloading = page.waitForEvent('download');
    await button('save gesture JSON').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('thumbs_up_edit.json');
    const path = await download.path();
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.version).toBe(2);
    expect(saved.keyframes[0].hands).toEqual({ left: THUMB, right: THUMB });

    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    expect((await handsAtMidHold()).hands.right).toEqual({ shape: 'open', curl: 1 });
    await page.locator('#gesture-file').setInputFiles(path);
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'custom: thumbs_up_edit');
    expect((await handsAtMidHold()).hands).toEqual({ left: THUMB, right: THUMB });
  });

  it('GLB: GLTFLoader reads the thumbs back as morph weights; BVH: the finger joints bent', async () => {
    const t = await app(page, () => {
      const p = window.kblendApp.params;
      return ((p.attack + 1 - p.release) / 2) * p.duration;
    });
    const glb = await readGlb((await exportIn(page, 'glb')).bytes, [t, 0]);
    expect(glb.tracks.filter((name) => name.endsWith('.morphTargetInfluences'))).toHaveLength(1);
    const [held, early] = glb.shown;
    expect(held['left.thumbUp']).toBeCloseTo(1, 5);
    expect(held['right.thumbUp']).toBeCloseTo(1, 5);
    expect(held['left.fist']).toBe(0);
    // before the gesture is half in, the hands are open in the file too
    expect(Math.max(...Object.values(early))).toBe(0);

    // the mannequin, picked in the character folder: its groups of fingers scaled
    await openCharacterFolder(page);
    await page.locator('[data-param="character"] select').selectOption('mannequin');
    await page.waitForFunction(() => window.kblendApp.character().name === 'mannequin');
    const rigid = await readGlb((await exportIn(page, 'glb')).bytes, [t, 0]);
    const [rigidHeld, rigidEarly] = rigid.shown;
    expect(rigidHeld).toMatchObject({
      left_hand_thumbUp: 1,
      left_hand_open: 0,
      right_hand_thumbUp: 1,
    });
    expect(rigidEarly).toMatchObject({
      left_hand_thumbUp: 0,
      left_hand_open: 1,
      right_hand_open: 1,
    });
    await page.locator('[data-param="character"] select').selectOption('skinned');
    await page.waitForFunction(() => window.kblendApp.character().name === 'skinned');

    const bvh = new TextDecoder().decode((await exportIn(page, 'bvh')).bytes);
    const { clip } = new BVHLoader().parse(bvh);
    const track = clip.tracks.find((tr) => tr.name === 'left_index.quaternion');
    const k = Math.round(t * 30);
    const w = track.values[4 * k + 3];
    expect((2 * Math.acos(Math.abs(w)) * 180) / Math.PI).toBeCloseTo(95, 2);
  });

  it('the share link carries the hands; a hostile hand in a link is refused with a note', async () => {
    await page.waitForFunction(() => location.hash.includes('cg=1.'));
    const hash = await app(page, () => location.hash);
    await page.goto('about:blank');
    await page.goto(`${baseURL()}/${hash}`);
    await app(page, () => window.kblendApp.ready);
    expect(await app(page, () => window.kblendApp.notices)).toEqual([]);
    expect((await handsAtMidHold()).hands).toEqual({ left: THUMB, right: THUMB });

    const hostile = {
      version: 2,
      name: 'claw',
      duration: 2,
      keyframes: [{ time: 0, rotations: {}, hands: { right: { shape: 'claw', curl: 9 } } }],
    };
    const blob = `1.${Buffer.from(deflateRawSync(Buffer.from(JSON.stringify(hostile)))).toString('base64url')}`;
    await page.goto('about:blank');
    await page.goto(`${baseURL()}/#v=1&g=wave&cg=${blob}`);
    await app(page, () => window.kblendApp.ready);
    const { notices, gesture } = await app(page, () => ({
      notices: window.kblendApp.notices,
      gesture: window.kblendApp.params.gesture,
    }));
    expect(gesture).not.toBe('custom: claw'); // the defaults, or the link's valid part
    expect(notices.join(' ')).toMatch(
      /keyframe 0, hands\.right "shape" must be one of "open", "relaxed", "fist", "point", "thumbUp", got "claw"/,
    );
  });

  it('akimbo and crossed arms: screenshots of the fixed poses and their hands', async () => {
    for (const gesture of ['akimbo', 'crossed_arms']) {
      await app(page, (g) => window.kblendApp.setParams({ gesture: g }), gesture);
      const { hands } = await handsAtMidHold();
      expect(hands.left.shape).toBe(gesture === 'akimbo' ? 'relaxed' : 'fist');
      await shootFigure(`hand-shapes-${gesture}-front`, 'front');
      await shootFigure(`hand-shapes-${gesture}-side`, 'side');
    }
    expect(opened.log.errors).toEqual([]);
  });
});
