// Exports in the browser, each read back by an independent reader in Node:
// GLB through GLTFLoader + AnimationMixer and BVH through BVHLoader (the
// same poses as the page shows at frame times), PNG sizes, WebM's EBML
// header, duration and frame count, the parameters file and its JS snippet
// (a preview in Node gives the page's poses bit for bit); the video's
// progress bar and cancel. Sizes and times are printed for the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { angleBetween, pngSize, readBvh, readGlb, readWebm } from './export-readers.js';
import { app, exportIn, launchBrowser, openAuthoring, openPage } from './browser.js';

let browser;
let kb;
beforeAll(async () => {
  browser = await launchBrowser();
  kb = await loadKBlend();
});
afterAll(async () => {
  await browser?.close();
});

const TUNING = { gesture: 'wave', attack: 0.2, epsilon: 0.001, jitter: 0.01, seed: 5 };

// The poses the page shows at times t (seek, then read).
const shownPoses = (page, times) =>
  app(
    page,
    async (ts) => {
      const out = [];
      for (const t of ts) {
        await window.kblendApp.seek(t);
        out.push(Array.from(window.kblendApp.pose()));
      }
      return out;
    },
    times,
  );

function worstAngle(read, shown) {
  let worst = 0;
  read.forEach((pose, i) =>
    pose.forEach((q, j) => {
      worst = Math.max(worst, angleBetween(q, shown[i].slice(4 * j, 4 * j + 4)));
    }),
  );
  return worst;
}

// Every third frame of a 30 fps clip falls on a time the page keeps exactly.
const everyThird = (duration) =>
  Array.from({ length: Math.floor(duration * 10) + 1 }, (_, m) => 3 * m);

describe('exports', () => {
  let page;
  let context;
  let log;
  beforeAll(async () => {
    ({ page, context, log } = await openPage(browser));
    await app(page, (t) => window.kblendApp.setParams(t), TUNING);
  });
  afterAll(async () => {
    expect(log.errors).toEqual([]);
    await context?.close();
  });

  it('GLB: the character with the clip; GLTFLoader + AnimationMixer give the shown poses within 1e-5 rad', async () => {
    const file = await exportIn(page, 'glb');
    expect(file.filename).toBe('kblend-wave.glb');
    expect(file.mime).toBe('model/gltf-binary');
    expect(String.fromCharCode(...file.bytes.subarray(0, 4))).toBe('glTF');
    const frames = everyThird(3);
    const times = frames.map((k) => k / 30);
    const read = await readGlb(file.bytes, kb.skeleton.names, times);
    // a rotation track per joint, and the hand shapes as morph weights
    const names = read.clip.tracks.map((track) => track.name);
    expect(names.filter((name) => name.endsWith('.quaternion'))).toHaveLength(22);
    expect(names.filter((name) => !name.endsWith('.quaternion'))).toEqual([
      expect.stringMatching(/\.morphTargetInfluences$/),
    ]);
    expect(read.clip.duration).toBeCloseTo(3, 6);
    expect(read.clip.tracks[0].times).toHaveLength(91);
    expect(read.meshes).toBeGreaterThan(0); // the body came along (one skinned mesh, or the mannequin's segments)
    const shown = await shownPoses(page, times);
    const worst = worstAngle(read.poses, shown);
    console.log(
      `GLB round trip: worst joint angle ${worst.toExponential(2)} rad over ${times.length} frames`,
    );
    expect(worst).toBeLessThan(1e-5);
    // the poses move: the check is not on a still clip
    expect(worstAngle([read.poses[0]], [shown[15]])).toBeGreaterThan(0.1);
  });

  it('BVH: BVHLoader reads the clip back to the shown poses', async () => {
    const file = await exportIn(page, 'bvh');
    expect(file.filename).toBe('kblend-wave.bvh');
    const text = new TextDecoder().decode(file.bytes);
    expect(text.startsWith('HIERARCHY')).toBe(true);
    const frames = everyThird(3);
    const read = readBvh(text, kb.skeleton.names, frames);
    expect(read.times).toHaveLength(91);
    const shown = await shownPoses(
      page,
      frames.map((k) => k / 30),
    );
    const worst = worstAngle(read.poses, shown);
    console.log(`BVH round trip: worst joint angle ${worst.toExponential(2)} rad`);
    expect(worst).toBeLessThan(1e-5);
  });

  it('PNG: a snapshot at the chosen size and a contact sheet of N frames', async () => {
    await app(page, () =>
      window.kblendApp.exportOptions({ width: 320, height: 200, sheetFrames: 6 }),
    );
    const png = await exportIn(page, 'png');
    expect(png.mime).toBe('image/png');
    expect(pngSize(png.bytes)).toEqual({ width: 320, height: 200 });
    const sheet = await exportIn(page, 'sheet');
    expect(sheet.filename).toBe('kblend-wave-sheet.png');
    expect(pngSize(sheet.bytes)).toEqual({ width: 3 * 320, height: 2 * 200 });
    // the page's own canvas is back to its size afterwards
    const canvas = await app(page, () => {
      const c = document.querySelector('#stage canvas');
      return { width: c.width, clientWidth: c.clientWidth };
    });
    expect(canvas.width).toBeGreaterThan(320);
    expect(Math.abs(canvas.width - canvas.clientWidth)).toBeLessThanOrEqual(canvas.clientWidth);
    const refused = await app(page, async () => {
      window.kblendApp.exportOptions({ width: 5 });
      return window.kblendApp.exportFile('png').then(
        () => null,
        (e) => e.message,
      );
    });
    expect(refused).toMatch(/export width must be an integer .* got 5/);
    await app(page, () => window.kblendApp.exportOptions({ width: 320 }));
  });

  it('WebM: EBML header, one frame per frame time, and the clip’s duration', async () => {
    await app(page, () => window.kblendApp.exportOptions({ width: 320, height: 200, fps: 10 }));
    const file = await exportIn(page, 'webm');
    expect(file.mime).toBe('video/webm');
    const webm = readWebm(file.bytes);
    expect(webm.docType).toBe('webm');
    expect(webm.blocks).toBe(31); // 0, 0.1, …, 3.0 s
    expect(webm.width).toBe(320);
    expect(webm.height).toBe(200);
    console.log(`WebM: ${webm.blocks} frames, duration ${webm.durationSeconds} s`);
    expect(webm.durationSeconds).toBeCloseTo(3.1, 3);
  });

  it('WebM: the panel shows progress and cancel stops it', async () => {
    await app(page, () => window.kblendApp.exportOptions({ width: 160, height: 100, fps: 30 }));
    await openAuthoring(page, 'export');
    await page.locator('.lil-gui button', { hasText: 'WebM video' }).click();
    const bar = page.locator('.export-progress');
    await bar.waitFor({ state: 'visible' });
    await page.waitForFunction(
      () => document.querySelector('.export-progress progress').value >= 2,
    );
    await page.screenshot({ path: 'test-results/screenshots/export-progress.png' });
    await bar.getByRole('button', { name: 'cancel' }).click();
    await bar.waitFor({ state: 'hidden' });
    await expect.poll(() => page.locator('#notice').textContent()).toContain('cancelled');
    const after = await app(page, () => window.kblendApp.exportFile('bvh').then((f) => f.filename));
    expect(after).toBe('kblend-wave.bvh'); // nothing left running
  });

  it('parameters JSON and the JS snippet reproduce the poses bit for bit in Node', async () => {
    const file = await exportIn(page, 'json');
    const data = JSON.parse(new TextDecoder().decode(file.bytes));
    expect(data.format).toBe('kblend-preview-params');
    const params = await app(page, () => window.kblendApp.params);
    for (const key of [
      'attack',
      'release',
      'epsilon',
      'lambda',
      'duration',
      'jitter',
      'seed',
      'apose',
    ]) {
      expect(data.preview[key]).toBe(params[key]);
    }
    expect(data.preview.gesture).toBe('wave');
    const preview = kb.createPreview(data.preview);
    const times = [0.5, 1.2, 2.1];
    const shown = await shownPoses(page, times);
    times.forEach((t, i) => expect(Array.from(preview.evaluate(t))).toEqual(shown[i]));
    preview.dispose();
    // the snippet dialog shows code that runs
    await page.locator('.lil-gui button', { hasText: 'code (JS, C)…' }).click();
    const code = await page.locator('.snippet-dialog pre').allTextContents();
    expect(code[1]).toContain('kb_preview_params params = {');
    const fromSnippet = new Function('kb', `${code[0]}\nreturn preview;`)(kb);
    expect(Array.from(fromSnippet.evaluate(1.2))).toEqual(shown[1]);
    fromSnippet.dispose();
    await page.screenshot({ path: 'test-results/screenshots/export-snippets.png' });
    await page.getByRole('button', { name: 'close' }).click();
  });
});

// The stage's canvas keeps its size and pixel ratio through an export: the
// export renders at its own size within each frame's task, so no frame the
// page shows is at the export's size, and the stage is the same after.
describe('the stage through an export', () => {
  it('a video export leaves the canvas its size and pixel ratio, before, during and after', async () => {
    const { page, context, log } = await openPage(browser, '', { deviceScaleFactor: 2 });
    const canvasSize = () =>
      app(page, () => {
        const canvas = document.querySelector('#stage canvas');
        return { width: canvas.width, height: canvas.height, css: canvas.clientWidth };
      });
    const before = await canvasSize();
    expect(before.width).toBe(2 * before.css); // the stage's pixel ratio: 2
    await app(page, () => {
      window.kblendApp.setParams({ gesture: 'wave', duration: 1 });
      window.kblendApp.exportOptions({ width: 160, height: 100, fps: 10 });
    });
    const shown = await app(page, async () => {
      const canvas = document.querySelector('#stage canvas');
      const sizes = new Set();
      let exporting = true;
      const look = () => {
        sizes.add(`${canvas.width}×${canvas.height}`);
        if (exporting) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
      const file = await window.kblendApp.exportFile('webm');
      exporting = false;
      return { sizes: [...sizes], bytes: file.bytes.length };
    });
    expect(shown.bytes).toBeGreaterThan(0);
    expect(shown.sizes).toEqual([`${before.width}×${before.height}`]);
    expect(await canvasSize()).toEqual(before);
    const snapshot = await app(page, async () => {
      await window.kblendApp.exportFile('png');
      const canvas = document.querySelector('#stage canvas');
      return { width: canvas.width, height: canvas.height, css: canvas.clientWidth };
    });
    expect(snapshot).toEqual(before);
    expect(log.errors).toEqual([]);
    await context.close();
  });
});
