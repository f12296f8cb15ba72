// One undo for the page, through real keys and clicks: Ctrl+Z, Ctrl+Shift+Z
// and Ctrl+Y act on the page's history after clicking any kind of button or
// picker (lil-gui stops the keys bubbling out of its controllers), "?" too;
// a text field being typed in keeps its own undo, a committed one is one
// page step. Each kind of edit — load, key, drag, rename, tuning — undone
// and redone gives back the state around it: pose bit for bit, the X/Y/Z
// fields, the hand target, the selection and the picker list.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  app,
  field,
  launchBrowser,
  openAuthoring,
  openPage,
  poseAt,
  setNumber,
} from './browser.js';

let browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const T = 1.5;
const button = (page, text) => page.locator('.lil-gui button', { hasText: text });
const jointSelect = (page) =>
  page.locator('.lil-controller', { hasText: /^joint/ }).locator('select');
const keyframeTimes = (page) =>
  app(page, () => window.kblendApp.editor.gesture().keyframes.map((k) => k.time));

// Everything an undo must give back, read from the page as shown.
async function shownState(page) {
  const pose = await poseAt(page, T);
  return app(
    page,
    ({ pose }) => {
      const kb = window.kblendApp;
      const value = (label) =>
        [...document.querySelectorAll('.lil-controller')]
          .find((c) => c.querySelector('.lil-name')?.textContent === label)
          ?.querySelector('input, select')?.value;
      const round = (v) => v?.map((x) => Number(x.toFixed(6)));
      const handle = kb.editor.reachHandle();
      return {
        pose,
        params: kb.params,
        gesture: kb.editor.gesture(),
        fields: ['X (°)', 'Y (°)', 'Z (°)', 'gesture name'].map(value),
        selection: kb.editor.selection(),
        handle: handle.on ? round(handle.position) : null,
        picker: [...document.querySelectorAll('[data-param="gesture"] option')].map((o) => o.value),
      };
    },
    { pose },
  );
}

// Drags the hand target's vertical arrow up by 64 px.
async function dragHandTarget(page) {
  const handle = await app(page, () => window.kblendApp.editor.reachHandle());
  const box = await page.locator('#stage canvas').boundingBox();
  const x = box.x + ((handle.ndc[0] + 1) / 2) * box.width;
  const y = box.y + ((1 - handle.ndc[1]) / 2) * box.height;
  await page.mouse.move(x, y - 30);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(x, y - 30 - 8 * i);
  await page.mouse.up();
}

// One page for every case: each starts from the tuning it opened with, the
// point gesture, the front view and the edit folder open (the history the
// earlier cases left is theirs; each case undoes only its own steps).
let opened;
let defaults;
async function editorPage() {
  if (!opened) {
    opened = await openPage(browser);
    defaults = await app(opened.page, () => window.kblendApp.params);
  }
  const { page } = opened;
  await app(
    page,
    async ({ t, tuning }) => {
      window.kblendApp.setParams({ ...tuning, gesture: 'point' });
      window.kblendApp.view('front');
      await window.kblendApp.seek(t);
    },
    { t: T, tuning: defaults },
  );
  await openAuthoring(page, 'edit gesture');
  return opened;
}

describe('undo and redo of each kind of edit', () => {
  it('load, key, drag, rename twice, tuning: each undo and redo gives back the state around it', async () => {
    const { page, log } = await editorPage();
    // a gesture file of the user's: the point gesture under another name
    const file = await app(page, () => ({
      ...window.kblendApp.editor.gesture(),
      name: 'my_point',
    }));
    const path = join(tmpdir(), `my_point-${process.pid}.json`);
    writeFileSync(path, JSON.stringify(file));

    const edits = [
      {
        kind: 'load',
        async run() {
          await page.locator('#gesture-file').setInputFiles(path);
          // the file is read asynchronously: the edit is done when it shows
          await page.waitForFunction(() => window.kblendApp.params.gesture === 'custom: my_point');
        },
      },
      {
        kind: 'key (X field)',
        select: () => jointSelect(page).selectOption('head'),
        async run() {
          const x = field(page, 'textbox', 'X (°)');
          await x.fill('25');
          await x.press('Enter');
        },
      },
      {
        kind: 'hand-target drag',
        select: () => jointSelect(page).selectOption('right_wrist'),
        run: () => dragHandTarget(page),
      },
      { kind: 'rename', run: () => setNumber(page, 'gesture name', 'first_name') },
      { kind: 'rename again', run: () => setNumber(page, 'gesture name', 'second_name') },
      { kind: 'tuning (attack box)', run: () => setNumber(page, 'attack', 0.3) },
    ];
    const before = [];
    const after = [];
    for (const edit of edits) {
      await edit.select?.();
      before.push(await shownState(page));
      await edit.run();
      after.push(await shownState(page));
      expect(after.at(-1), `${edit.kind} changed the page`).not.toEqual(before.at(-1));
    }
    // the edits did what they say
    expect(after[0].params.gesture).toBe('custom: my_point');
    expect(after[1].gesture.keyframes[0].rotations.head[0]).toBe(25);
    expect(after[2].handle[1]).toBeGreaterThan(before[2].handle[1] + 0.02);
    // a rename renames: the picker holds the last name only
    expect(after[4].picker.filter((n) => n.startsWith('custom: '))).toEqual([
      'custom: second_name',
    ]);
    await page.screenshot({ path: 'test-results/screenshots/undo-walk-edited.png' });

    await page.locator('#stage canvas').click({ position: { x: 5, y: 5 } });
    for (let i = edits.length - 1; i >= 0; i--) {
      await page.keyboard.press('Control+z');
      expect(await shownState(page), `undo of ${edits[i].kind}`).toEqual(before[i]);
    }
    // the loaded file undone: the library's point, the picker without it
    expect(before[0].params.gesture).toBe('point');
    for (let i = 0; i < edits.length; i++) {
      await page.keyboard.press(i % 2 ? 'Control+y' : 'Control+Shift+z');
      const expected = i + 1 < edits.length ? before[i + 1] : after[i];
      expect(await shownState(page), `redo of ${edits[i].kind}`).toEqual(expected);
    }
    // the first edit of the loaded file, undone, gives back the file as loaded
    for (let i = 0; i < edits.length - 1; i++) await page.keyboard.press('Control+z');
    expect(await shownState(page)).toEqual(before[1]);
    expect((await shownState(page)).gesture).toEqual(file);
    await page.screenshot({ path: 'test-results/screenshots/undo-walk-restored.png' });
    expect(log.errors).toEqual([]);
  });

  it('delete keyframe after undo and redo deletes the selected one; a plain click on the gizmo keys nothing', async () => {
    const { page, log } = await editorPage();
    await button(page, 'edit shown gesture (a copy)').click();
    const original = await keyframeTimes(page);
    await app(page, () => window.kblendApp.seek(2.25));
    await jointSelect(page).selectOption('head');
    await button(page, 'add keyframe at playhead').click();
    const added = await keyframeTimes(page);
    const newTime = added.find((t) => !original.includes(t));
    expect(newTime).toBeDefined();
    expect(await app(page, () => window.kblendApp.editor.selection().keyframe)).toBe(newTime);
    await page.keyboard.press('Control+z');
    expect(await keyframeTimes(page)).toEqual(original);
    await page.keyboard.press('Control+y');
    expect(await keyframeTimes(page)).toEqual(added);
    expect(await app(page, () => window.kblendApp.editor.selection().keyframe)).toBe(newTime);
    await button(page, 'delete keyframe').click();
    expect(await keyframeTimes(page)).toEqual(original);

    // the gizmo pressed and released in place
    const gesture = await app(page, () => window.kblendApp.editor.gesture());
    const gizmo = await app(page, () => window.kblendApp.editor.gizmo());
    expect(gizmo.joint).toBe('head');
    const box = await page.locator('#stage canvas').boundingBox();
    await page.mouse.click(
      box.x + ((gizmo.ndc[0] + 1) / 2) * box.width,
      box.y + ((1 - gizmo.ndc[1]) / 2) * box.height,
    );
    expect(await app(page, () => window.kblendApp.editor.gesture())).toEqual(gesture);
    // so the next undo is the delete's
    await page.keyboard.press('Control+z');
    expect(await keyframeTimes(page)).toEqual(added);
    expect(log.errors).toEqual([]);
  });
});

describe('the keys after clicking each kind of control', () => {
  // each: a click on the control (which may itself be a step), then Ctrl+Z
  // undoes the last step and Ctrl+Shift+Z redoes it
  const CONTROLS = [
    {
      name: 'the "add keyframe" button',
      click: (p) => button(p, 'add keyframe at playhead').click(),
    },
    { name: 'the "delete keyframe" button', click: (p) => button(p, 'delete keyframe').click() },
    { name: 'the "front view" button', click: (p) => button(p, 'front view').click() },
    { name: 'the "undo" button', click: (p) => button(p, 'undo (Ctrl+Z)').click() },
    { name: 'the "body" checkbox', click: (p) => field(p, 'checkbox', 'body').click() },
    { name: 'the shape picker', click: (p) => field(p, 'combobox', 'shape').selectOption('kli') },
    { name: 'the joint picker', click: (p) => jointSelect(p).selectOption('neck') },
    { name: 'a committed number box', click: (p) => setNumber(p, 'lambda (1/s)', 9) },
  ];

  it('Ctrl+Z and Ctrl+Shift+Z act on the page after each, and "?" opens the help', async () => {
    const { page, log } = await editorPage();
    await button(page, 'edit shown gesture (a copy)').click();
    for (const [i, control] of CONTROLS.entries()) {
      await setNumber(page, 'attack', 0.2 + 0.01 * i);
      await control.click(page);
      const clicked = await shownState(page);
      await page.keyboard.press('Control+z');
      expect(await shownState(page), `undo after ${control.name}`).not.toEqual(clicked);
      await page.keyboard.press('Control+Shift+z');
      expect(await shownState(page), `redo after ${control.name}`).toEqual(clicked);
    }
    for (const control of CONTROLS.slice(0, 3)) {
      await control.click(page);
      await page.keyboard.press('?');
      expect(await page.locator('.help-overlay').isVisible(), control.name).toBe(true);
      await page.keyboard.press('Escape');
    }
    expect(log.errors).toEqual([]);
  });

  it('a text field being typed in keeps its own undo; committed, it is one page step', async () => {
    const { page, log } = await editorPage();
    await setNumber(page, 'lambda (1/s)', 9);
    const committed = await shownState(page);
    const box = field(page, 'textbox', 'attack');
    await box.fill('0.4');
    await page.keyboard.press('Control+z'); // the box's own undo, before Enter
    expect(await shownState(page)).toEqual(committed);
    await box.fill('');
    await box.pressSequentially('0.35'); // a value at each keystroke: one step
    await box.press('Enter');
    expect(await app(page, () => window.kblendApp.params.attack)).toBe(0.35);
    await page.keyboard.press('Control+z');
    expect(await app(page, () => window.kblendApp.params.attack)).toBe(0.15);
    await page.keyboard.press('Control+z');
    expect(await app(page, () => window.kblendApp.params.lambda)).not.toBe(9);
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    expect(await app(page, () => window.kblendApp.params.attack)).toBe(0.35);
    expect(await box.inputValue()).toBe('0.35');
    expect(log.errors).toEqual([]);
  });
});
