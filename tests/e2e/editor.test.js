// The gesture editor in the browser: edits, undo and redo (hook, buttons
// and keys) give back the same poses bit for bit, tuning changes included;
// the saved file reloads in a fresh page to the same poses; the edit
// folder's fields and joint picking on the character. The cases share one
// page, set back before each to the defaults with the edit folder closed.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { app, launchBrowser, openAuthoring, openPage, poseAt } from './browser.js';

let browser;
let shared;
let defaults; // the tuning a fresh page opens with
beforeAll(async () => {
  browser = await launchBrowser();
  shared = await openPage(browser);
  defaults = await app(shared.page, () => window.kblendApp.params);
});
beforeEach(async () => {
  const { page } = shared;
  const editFolder = page.locator('.lil-gui .lil-title', { hasText: /^edit gesture$/ });
  if ((await editFolder.getAttribute('aria-expanded')) === 'true') {
    await editFolder.click();
    await page.waitForFunction(() => !document.querySelector('.lil-gui.lil-transition'));
  }
  await app(
    page,
    (p) => {
      window.kblendApp.setParams(p);
      return window.kblendApp.seek(0);
    },
    defaults,
  );
});
afterAll(async () => {
  await browser?.close();
});

const T = 1.0;

describe('gesture editor', () => {
  it('edits, undo and redo by hook and keys, bit for bit, tuning included', async () => {
    const { page, log } = shared;
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    const before = await poseAt(page, T);
    const edited = await app(page, () => {
      const e = window.kblendApp.editor;
      return e.setKey('right_elbow', 0.4, [-60, 110, 5]);
    });
    expect(edited.name).toBe('wave_edit');
    expect(edited.keyframes[1].rotations.right_elbow).toEqual([-60, 110, 5]);
    const after = await poseAt(page, T);
    expect(after).not.toEqual(before);
    expect(await app(page, () => window.kblendApp.params.gesture)).toBe('custom: wave_edit');
    const refused = await app(page, () => {
      try {
        window.kblendApp.editor.setKey('head', 0.2, [0, 0, 1e9]);
        return null;
      } catch (error) {
        return error.message;
      }
    });
    expect(refused).toMatch(/joint "head" angle z .* got 1000000000/);
    expect(await poseAt(page, T)).toEqual(after);

    expect(await app(page, () => window.kblendApp.editor.undo())).toBe(true);
    expect(await poseAt(page, T)).toEqual(before);
    expect(await app(page, () => window.kblendApp.editor.redo())).toBe(true);
    expect(await poseAt(page, T)).toEqual(after);

    // a tuning change is undone too, and the keys do it
    await app(page, () => window.kblendApp.setParams({ attack: 0.4, lambda: 6 }));
    const tuned = await poseAt(page, T);
    await page.locator('#stage canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => window.kblendApp.params.attack !== 0.4);
    expect(await poseAt(page, T)).toEqual(after);
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'wave');
    expect(await poseAt(page, T)).toEqual(before);
    await page.keyboard.press('Control+Shift+z');
    await page.waitForFunction(() => window.kblendApp.params.gesture === 'custom: wave_edit');
    expect(await poseAt(page, T)).toEqual(after);
    await page.keyboard.press('Control+y');
    await page.waitForFunction(() => window.kblendApp.params.attack === 0.4);
    expect(await poseAt(page, T)).toEqual(tuned);
    expect(log.errors).toEqual([]);
  });

  it('the edit folder: joint by list and by clicking the character, X/Y/Z fields, buttons, save and reload bit for bit', async () => {
    const { page, log } = shared;
    await app(page, () => window.kblendApp.setParams({ gesture: 'salute' }));
    await app(page, () => window.kblendApp.seek(1.2));
    await openAuthoring(page, 'edit gesture');
    await page.locator('.lil-gui button', { hasText: 'edit shown gesture (a copy)' }).click();
    expect(await app(page, () => window.kblendApp.params.gesture)).toBe('custom: salute_edit');
    // the joint list and the X field: one undoable edit
    const jointSelect = page.locator('.lil-controller', { hasText: /^joint/ }).locator('select');
    await jointSelect.selectOption('head');
    const keyframe = await app(page, () => window.kblendApp.editor.gesture().keyframes[0].time);
    const x = page.getByRole('textbox', { name: 'X (°)', exact: true });
    await x.fill('25');
    await x.press('Enter');
    await page.waitForFunction(
      (k) =>
        window.kblendApp.editor.gesture().keyframes.find((f) => f.time === k)?.rotations
          .head?.[0] === 25,
      keyframe,
    );
    await page.screenshot({ path: 'test-results/screenshots/editor-folder.png' });
    // undo from the panel's button
    await page.locator('.lil-gui button', { hasText: 'undo (Ctrl+Z)' }).click();
    expect(
      await app(
        page,
        (k) => window.kblendApp.editor.gesture().keyframes.find((f) => f.time === k).rotations.head,
        keyframe,
      ),
    ).toBeUndefined();
    await page.locator('.lil-gui button', { hasText: 'redo (Ctrl+Shift+Z)' }).click();
    await app(page, () => window.kblendApp.setParams({ jitter: 0.015, seed: 4 }));
    const shown = await poseAt(page, 1.5);
    const params = await app(page, () => window.kblendApp.params);

    // clicking the character picks the bone under the pointer
    const box = await page.locator('#stage canvas').boundingBox();
    const framing = await app(page, () => {
      window.kblendApp.view('front');
      return window.kblendApp.framing();
    });
    const cx = box.x + (((framing.minX + framing.maxX) / 2 + 1) / 2) * box.width;
    const chestY =
      box.y + (1 - (framing.minY + (framing.maxY - framing.minY) * 0.68 + 1) / 2) * box.height;
    await page.mouse.click(cx, chestY);
    const picked = await app(page, () => window.kblendApp.editor.selection().joint);
    expect(['spine1', 'spine2', 'spine3', 'neck', 'pelvis']).toContain(picked);

    // save: the download is the gesture file, and a fresh page plays it bit
    // for bit (a page of its own: one that never held the edited gesture)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.lil-gui button', { hasText: 'save gesture JSON' }).last().click(),
    ]);
    expect(download.suggestedFilename()).toBe('salute_edit.json');
    const text = await (
      await download.createReadStream()
    )
      .toArray()
      .then((c) => Buffer.concat(c).toString('utf8'));
    expect(JSON.parse(text)).toEqual(await app(page, () => window.kblendApp.editor.gesture()));
    const fresh = await openPage(browser);
    const name = await app(fresh.page, (t) => window.kblendApp.loadGesture(t), text);
    expect(name).toBe('salute_edit');
    await app(fresh.page, (p) => window.kblendApp.setParams(p), params);
    expect(await poseAt(fresh.page, 1.5)).toEqual(shown);
    expect(log.errors).toEqual([]);
    expect(fresh.log.errors).toEqual([]);
    await fresh.context.close();
  });
});

describe('rotation gizmo', () => {
  it('sits on the selected joint while the edit folder is open, and a drag keys the rotation', async () => {
    const { page, log } = shared;
    await app(page, async () => {
      window.kblendApp.setParams({ gesture: 'point' });
      window.kblendApp.view('front');
      await window.kblendApp.seek(1.5);
    });
    expect(await app(page, () => window.kblendApp.editor.gizmo().joint)).toBeNull();
    await openAuthoring(page, 'edit gesture');
    await page.locator('.lil-gui button', { hasText: 'edit shown gesture (a copy)' }).click();
    await page
      .locator('.lil-controller', { hasText: /^joint/ })
      .locator('select')
      .selectOption('head');
    const gizmo = await app(page, () => window.kblendApp.editor.gizmo());
    expect(gizmo.joint).toBe('head');
    const keyframe = await app(page, () => window.kblendApp.editor.gesture().keyframes[0].time);
    const before = await poseAt(page, 1.5);
    // a drag from the gizmo's centre turns the bone freely (the trackball)
    const box = await page.locator('#stage canvas').boundingBox();
    const x = box.x + ((gizmo.ndc[0] + 1) / 2) * box.width;
    const y = box.y + ((1 - gizmo.ndc[1]) / 2) * box.height;
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x + 6 * i, y + 3 * i);
    await page.mouse.up();
    await page.screenshot({ path: 'test-results/screenshots/editor-gizmo.png' });
    const keyed = await app(
      page,
      (k) => window.kblendApp.editor.gesture().keyframes.find((f) => f.time === k).rotations.head,
      keyframe,
    );
    expect(keyed).toBeDefined();
    expect(Math.hypot(...keyed)).toBeGreaterThan(1); // degrees: it turned
    // an export shows the character without the editor's handles, which come back after
    const png = await app(page, async () => {
      window.kblendApp.exportOptions({ width: 64, height: 64 });
      const during = window.kblendApp.exportFile('png');
      const hidden = window.kblendApp.editor.gizmo().joint; // while it renders
      await during;
      return { hidden, after: window.kblendApp.editor.gizmo().joint };
    });
    expect(png).toEqual({ hidden: null, after: 'head' });
    // the keyed rotation is undoable like any edit
    expect(await app(page, () => window.kblendApp.editor.undo())).toBe(true);
    expect(await poseAt(page, 1.5)).toEqual(before);
    await page.locator('.lil-gui .lil-title', { hasText: /^edit gesture$/ }).click();
    expect(await app(page, () => window.kblendApp.editor.gizmo().joint)).toBeNull();
    expect(log.errors).toEqual([]);
  });
});

describe('keyframes on the timeline', () => {
  it('shows the keyframes while editing; a click selects one, a drag moves it (undoable)', async () => {
    const { page, log } = shared;
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    const markers = page.locator('.keyframe-marker');
    expect(await markers.count()).toBe(0);
    await openAuthoring(page, 'edit gesture');
    await page.locator('.lil-gui button', { hasText: 'edit shown gesture (a copy)' }).click();
    await expect.poll(() => markers.count()).toBe(2);
    await markers.nth(0).click();
    expect(await app(page, () => window.kblendApp.editor.selection().keyframe)).toBe(0);
    const track = await page.locator('.timeline-track').boundingBox();
    const from = await markers.nth(1).boundingBox();
    const y = from.y + from.height / 2;
    await page.mouse.move(from.x + from.width / 2, y);
    await page.mouse.down();
    const target = track.x + (0.6 / 3) * track.width; // 0.6 s of the 3 s clip
    for (let i = 1; i <= 5; i++) await page.mouse.move(from.x + ((target - from.x) * i) / 5, y);
    await page.mouse.up();
    const times = await app(page, () =>
      window.kblendApp.editor.gesture().keyframes.map((k) => k.time),
    );
    expect(times[0]).toBe(0);
    expect(Math.abs(times[1] - 0.6)).toBeLessThan(0.02);
    expect(await app(page, () => window.kblendApp.editor.selection().keyframe)).toBe(times[1]);
    expect(Math.abs((await app(page, () => window.kblendApp.time)) - times[1])).toBeLessThan(1e-3);
    await page.screenshot({ path: 'test-results/screenshots/editor-timeline.png' });
    await app(page, () => window.kblendApp.editor.undo());
    expect(
      await app(page, () => window.kblendApp.editor.gesture().keyframes.map((k) => k.time)),
    ).toEqual([0, 0.4]);
    expect(log.errors).toEqual([]);
  });

  it('a drag stops a grid step short of the neighbouring keyframe', async () => {
    const { page, log } = shared;
    await app(page, () => window.kblendApp.setParams({ gesture: 'wave' }));
    await openAuthoring(page, 'edit gesture');
    await page.locator('.lil-gui button', { hasText: 'edit shown gesture (a copy)' }).click();
    const markers = page.locator('.keyframe-marker');
    await expect.poll(() => markers.count()).toBe(2);
    const track = await page.locator('.timeline-track').boundingBox();
    const from = await markers.nth(0).boundingBox();
    const y = from.y + from.height / 2;
    await page.mouse.move(from.x + from.width / 2, y);
    await page.mouse.down();
    const target = track.x + (2.5 / 3) * track.width; // 2.5 s: past the keyframe at 0.4 s
    for (let i = 1; i <= 5; i++) await page.mouse.move(from.x + ((target - from.x) * i) / 5, y);
    const shown = await markers.nth(0).boundingBox();
    const next = await markers.nth(1).boundingBox();
    expect(shown.x).toBeLessThanOrEqual(next.x); // the marker stops at its neighbour
    await page.mouse.up();
    const times = await app(page, () =>
      window.kblendApp.editor.gesture().keyframes.map((k) => k.time),
    );
    expect(times).toEqual([0.3999, 0.4]);
    expect(log.errors).toEqual([]);
  });
});

describe('hand target', () => {
  it('a selected wrist gets a hand target; dragging it poses the arm by the solver, keyed and undoable', async () => {
    const { page, log } = shared;
    await app(page, async () => {
      window.kblendApp.setParams({ gesture: 'point' });
      window.kblendApp.view('front');
      await window.kblendApp.seek(1.5);
    });
    const before = await poseAt(page, 1.5);
    await openAuthoring(page, 'edit gesture');
    await page.locator('.lil-gui button', { hasText: 'edit shown gesture (a copy)' }).click();
    await page
      .locator('.lil-controller', { hasText: /^joint/ })
      .locator('select')
      .selectOption('right_wrist');
    const handle = await app(page, () => window.kblendApp.editor.reachHandle());
    expect(handle.on).toBe(true);
    expect(await app(page, () => window.kblendApp.editor.gizmo().joint)).toBeNull();
    // drag the handle's vertical arrow (its Y axis) up
    const box = await page.locator('#stage canvas').boundingBox();
    const x = box.x + ((handle.ndc[0] + 1) / 2) * box.width;
    const y = box.y + ((1 - handle.ndc[1]) / 2) * box.height;
    await page.mouse.move(x, y - 30);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x, y - 30 - 8 * i);
    await page.mouse.up();
    await page.screenshot({ path: 'test-results/screenshots/editor-hand-target.png' });
    const after = await app(page, () => ({
      handle: window.kblendApp.editor.reachHandle(),
      key: window.kblendApp.editor.gesture().keyframes[0].rotations,
    }));
    expect(after.handle.position[1]).toBeGreaterThan(handle.position[1] + 0.02);
    expect(after.key.right_shoulder).not.toEqual([0, 90, 0]);
    expect(after.key.right_elbow).toBeDefined();
    expect(await poseAt(page, 1.5)).not.toEqual(before);
    expect(await app(page, () => window.kblendApp.editor.undo())).toBe(true);
    expect(await poseAt(page, 1.5)).toEqual(before);
    // the hook's reach keys the arm too
    const reached = await app(
      page,
      (target) => window.kblendApp.editor.reach('right', 0, target),
      [-0.3, 1.5, 0.35],
    );
    expect(reached.iterations).toBeGreaterThan(0);
    expect(log.errors).toEqual([]);
  });
});
