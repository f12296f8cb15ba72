// Keys wherever the focus is (issue 14): Space, ←/→, Home/End act on
// playback with the focus on a button, a checkbox, a picker, the timeline
// or the canvas — without also pressing, ticking or changing that control —
// and not in a text field. Also: focus rings, the help overlay, tooltips on
// every control, the loading state, values shown in their units, and the
// crossfade when the gesture changes mid-clip. The help starts with a first
// step and covers the mouse, the editor and exports, at 1280×800 and on a
// phone.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS, app, baseURL, field, launchBrowser, openPage, setNumber } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  browser = await launchBrowser();
  opened = await openPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

const state = (page) =>
  app(page, () => ({ time: window.kblendApp.time, playing: window.kblendApp.playing }));

// The controls to focus, and how to read each one's own state.
const FOCUS_TARGETS = [
  { name: 'the canvas', locate: (p) => p.locator('#stage canvas'), read: () => null },
  { name: 'the timeline', locate: (p) => p.locator('.timeline-track'), read: () => null },
  {
    name: 'the "front view" button',
    locate: (p) => p.getByRole('button', { name: 'front view' }),
    // where the camera frames the rig at a fixed time: the view it shows
    read: (p) =>
      app(p, async () => {
        await window.kblendApp.seek(1);
        return window.kblendApp.framing().maxY.toFixed(4);
      }),
  },
  {
    name: 'the "body" checkbox',
    locate: (p) => field(p, 'checkbox', 'body'),
    read: (p) => field(p, 'checkbox', 'body').isChecked(),
  },
  {
    name: 'the shape picker',
    locate: (p) => field(p, 'combobox', 'shape'),
    read: (p) => field(p, 'combobox', 'shape').inputValue(),
  },
  {
    name: 'the help button',
    locate: (p) => p.getByRole('button', { name: 'help' }),
    read: (p) => p.locator('.help-overlay').isVisible(),
  },
];

describe('keys wherever the focus is', () => {
  for (const target of FOCUS_TARGETS) {
    it(`act on playback with the focus on ${target.name}, leaving it as it was`, async () => {
      const { page } = opened;
      await app(page, () => window.kblendApp.seek(1));
      await page.getByRole('button', { name: 'three-quarter view' }).click();
      await target.locate(page).focus();
      const own = await target.read(page);
      await page.keyboard.press('ArrowRight');
      expect((await state(page)).time).toBeCloseTo(31 / 30, 3);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowLeft');
      expect((await state(page)).time).toBeCloseTo(29 / 30, 3);
      await page.keyboard.press('End');
      const duration = await app(page, () => window.kblendApp.params.duration);
      expect((await state(page)).time).toBe(duration);
      await page.keyboard.press('Home');
      expect((await state(page)).time).toBe(0);
      await page.keyboard.press('Space');
      expect((await state(page)).playing).toBe(true);
      await page.keyboard.press('Space');
      expect((await state(page)).playing).toBe(false);
      expect(await target.read(page)).toEqual(own);
      expect(await app(page, () => document.activeElement.className)).toBe(
        await target.locate(page).evaluate((node) => node.className),
      );
    });
  }

  it('leave a text field to its text', async () => {
    const { page } = opened;
    await app(page, () => window.kblendApp.seek(1));
    const box = field(page, 'textbox', 'attack');
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    expect(await state(page)).toEqual({ time: 1, playing: false });
  });

  it('the timeline takes focus from the keyboard and shows a focus ring', async () => {
    const { page } = opened;
    await page.locator('#stage canvas').focus();
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await app(page, () => document.activeElement.classList.contains('timeline-track'));
    }
    expect(reached).toBe(true);
    const ring = await app(page, () => getComputedStyle(document.activeElement).outlineStyle);
    expect(ring).not.toBe('none');
    await page.keyboard.press('Tab');
    const next = await app(page, () => getComputedStyle(document.activeElement).outlineStyle);
    expect(next).not.toBe('none');
  });
});

describe('help, tooltips and values', () => {
  it('every panel control has a tooltip from the panel table', async () => {
    const titles = await opened.page
      .locator('.lil-gui .lil-controller')
      .evaluateAll((nodes) => nodes.map((n) => ({ name: n.textContent.trim(), title: n.title })));
    expect(titles.length).toBeGreaterThan(20);
    for (const { name, title } of titles) expect(title.length, name).toBeGreaterThan(10);
  });

  it('the help opens with ? after a panel button is clicked, starts with a first step, covers the mouse, the editor and exports, and closes with Escape', async () => {
    const { page } = opened;
    const overlay = page.locator('.help-overlay');
    await page.getByRole('button', { name: 'front view' }).click();
    await page.keyboard.press('?');
    await overlay.waitFor({ state: 'visible' });
    const headings = await overlay.locator('h3').allTextContents();
    expect(headings[0]).toBe('Try this first');
    for (const part of ['Mouse', 'Editor', 'Export', 'Envelope E(p)', 'Comparison', 'Keys']) {
      expect(headings).toContain(part);
    }
    const section = async (title) =>
      overlay
        .locator('h3', { hasText: title })
        .locator('xpath=following-sibling::*[1]')
        .innerText();
    expect(await section('Try this first')).toMatch(/gesture[\s\S]*Space[\s\S]*attack slider/);
    expect(await section('Mouse')).toMatch(/orbit[\s\S]*pan[\s\S]*zoom/);
    const editor = await section('Editor');
    for (const part of ['edit gesture', 'gizmo', 'hand target', 'keyframe', 'Ctrl+Z']) {
      expect(editor).toContain(part);
    }
    const exports = await section('Export');
    for (const part of ['video', 'GIF', 'GLB', 'BVH', 'copy link', 'snippets']) {
      expect(exports).toContain(part);
    }
    const text = await overlay.textContent();
    for (const part of ['ε', 'λ', 'Space', 'Home']) expect(text).toContain(part);
    await page.screenshot({ path: `${SCREENSHOTS}help-1280x800.png` });
    await page.keyboard.press('Escape');
    expect(await overlay.isVisible()).toBe(false);
    // and after a click on a checkbox of the panel
    await field(page, 'checkbox', 'body').click();
    await page.keyboard.press('?');
    expect(await overlay.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'close' }).click();
    expect(await overlay.isVisible()).toBe(false);
    await field(page, 'checkbox', 'body').click();
  });

  it('the help fits a phone screen and scrolls, its close button in reach', async () => {
    // the open page made as small as a phone's screen, as a person narrows
    // a window, and given its size back after
    const phone = opened;
    const { page } = phone;
    const size = page.viewportSize();
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.getByRole('button', { name: 'help' }).click();
      const box = page.locator('.help-box');
      await box.waitFor({ state: 'visible' });
      const fit = await box.evaluate((node) => {
        const r = node.getBoundingClientRect();
        return {
          inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight,
          scrolls:
            node.scrollHeight > node.clientHeight && getComputedStyle(node).overflowY === 'auto',
          wide: node.scrollWidth <= node.clientWidth,
        };
      });
      expect(fit).toEqual({ inside: true, scrolls: true, wide: true });
      await page.screenshot({ path: `${SCREENSHOTS}help-390x844.png` });
      // scrolled to its end with the wheel, the close button stays on top
      await page.mouse.move(195, 422);
      await page.mouse.wheel(0, 3000);
      await page.waitForFunction(() => {
        const node = document.querySelector('.help-box');
        return node.scrollTop + node.clientHeight >= node.scrollHeight - 1;
      });
      const close = page.getByRole('button', { name: 'close' });
      expect(await close.isVisible()).toBe(true);
      const [closeBox, helpBox] = [await close.boundingBox(), await box.boundingBox()];
      expect(closeBox.y).toBeGreaterThanOrEqual(helpBox.y);
      expect(closeBox.y + closeBox.height).toBeLessThan(helpBox.y + 80);
      await page.screenshot({ path: `${SCREENSHOTS}help-390x844-scrolled.png` });
      await close.click();
      expect(await page.locator('.help-overlay').isVisible()).toBe(false);
      expect(phone.log.errors).toEqual([]);
    } finally {
      await page.setViewportSize(size);
    }
  });

  it('the epsilon box shows the value in rad, and a typed value reads back', async () => {
    const { page } = opened;
    const box = field(page, 'textbox', 'epsilon ε (rad)');
    expect(await box.inputValue()).toBe('0.0005');
    await setNumber(page, 'epsilon ε (rad)', 0.002);
    expect(await app(page, () => window.kblendApp.params.epsilon)).toBe(0.002);
    expect(await box.inputValue()).toBe('0.002');
    await page.locator('.lil-gui button', { hasText: 'reset to defaults' }).click();
    expect(await box.inputValue()).toBe('0.0005');
  });

  it('switching gesture mid-clip blends from the shown pose instead of jumping', async () => {
    const { page } = opened;
    const result = await app(page, async () => {
      const hook = window.kblendApp;
      hook.setParams({ gesture: 'wave' });
      await hook.seek(1.5);
      const before = hook.pose();
      const select = document.querySelector('[data-param="gesture"] select');
      select.value = 'salute';
      select.dispatchEvent(new Event('change'));
      const first = hook.pose(); // the frame drawn right after the switch
      await new Promise((resolve) => setTimeout(resolve, 500));
      const settled = hook.pose();
      const angle = (a, b) => {
        let worst = 0;
        for (let j = 0; j < 22; j++) {
          let d = 0;
          for (let k = 0; k < 4; k++) d += a[4 * j + k] * b[4 * j + k];
          worst = Math.max(worst, 2 * Math.acos(Math.min(1, Math.abs(d))));
        }
        return worst;
      };
      return {
        gesture: hook.params.gesture,
        jump: angle(before, settled),
        firstStep: angle(before, first),
      };
    });
    expect(result.gesture).toBe('salute');
    expect(result.jump).toBeGreaterThan(0.5); // the two gestures differ a lot at 1.5 s
    expect(result.firstStep).toBeLessThan(result.jump * 0.2);
  });
});

describe('loading', () => {
  it('shows a loading state with progress before the core has loaded, and removes it once drawn', async () => {
    const context = await browser.newContext({ viewport: { width: 1024, height: 640 } });
    const page = await context.newPage();
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route(/\.wasm$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${baseURL()}/`, { waitUntil: 'commit' });
    const loading = page.locator('#loading');
    await loading.waitFor({ state: 'visible' });
    const progress = await loading.locator('progress').evaluate((bar) => bar.value);
    expect(progress).toBeGreaterThan(0);
    expect(await loading.textContent()).toMatch(/kblend/);
    release();
    await page.waitForFunction(() => window.kblendApp?.ready !== undefined);
    await page.evaluate(() => window.kblendApp.ready);
    expect(await loading.isHidden()).toBe(true);
    await context.close();
  });
});
