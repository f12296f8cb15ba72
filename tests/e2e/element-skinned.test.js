// <kblend-preview>'s figures on a plain page (import map, no build): the
// default is kblend's skinned character (web/figures/, the viewer's own),
// posed from the core: its bones' world rotations and positions, as
// three.js holds them after drawing, are the core's forward kinematics of
// the element's pose at that time. The gesture's hand shape shows while the
// gesture is blended in; `character="mannequin"` gives the light figure and
// an unknown character falls back to the skinned one with a notice.
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadKBlend } from '../../web/lib/kblend.js';
import { launchBrowser } from './browser.js';
import { serveSources } from './static-server.js';

let browser;
let server;
let kb;
let page;
const errors = [];
beforeAll(async () => {
  [browser, server, kb] = await Promise.all([launchBrowser(), serveSources(), loadKBlend()]);
  const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/tests/e2e/pages/element-blank.html`);
  await page.waitForFunction(() => customElements.get('kblend-preview'));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// One element (the page's only one) with these attributes, drawn at least
// once; its notice text.
async function showOne(attributes) {
  return page.evaluate(async (attrs) => {
    document.querySelectorAll('kblend-preview').forEach((el) => el.remove());
    const el = document.createElement('kblend-preview');
    el.id = 'one';
    el.style.cssText = 'display:block;width:320px;height:320px';
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    const ready = new Promise((resolve) => el.addEventListener('ready', resolve, { once: true }));
    document.body.append(el);
    await ready;
    while (el.drawCount === 0) await new Promise((r) => requestAnimationFrame(r));
    return el.shadowRoot.querySelector('.notice').textContent;
  }, attributes);
}

// The element at time t (drawn now), and the figure three.js holds then.
const figureAt = (t) =>
  page.evaluate((time) => {
    const el = document.getElementById('one');
    el.pause();
    el.seek(time);
    const figure = customElements.get('kblend-preview').drawnFigure();
    return { figure, pose: Array.from(el.pose()), params: el.params, time: el.currentTime };
  }, t);

const rotationGap = (a, b, j) =>
  1 -
  Math.abs(
    a[4 * j] * b[4 * j] +
      a[4 * j + 1] * b[4 * j + 1] +
      a[4 * j + 2] * b[4 * j + 2] +
      a[4 * j + 3] * b[4 * j + 3],
  );

describe('<kblend-preview> figures', () => {
  it("the skinned character is the default, and its bones follow the core's FK", async () => {
    expect(await showOne({ gesture: 'wave' })).toBe('');
    const joints = kb.skeleton.names.length;
    let moved = 0;
    for (const t of [0, 0.7, 1.5, 2.4]) {
      const { figure, pose, params, time } = await figureAt(t);
      expect(figure.character).toBe('skinned');
      expect(time).toBeCloseTo(t, 9);
      // the element's pose is the core's preview at that time
      const preview = kb.createPreview({
        gesture: params.gesture,
        attack: params.attack,
        release: params.release,
        fps: 30,
      });
      const frame = preview.evaluateFrame(t, { fk: true });
      preview.dispose();
      const fk = kb.forwardKinematics(pose, frame.root);
      for (let j = 0; j < joints; j++) {
        expect(rotationGap(figure.rotations, fk.rotations, j), kb.skeleton.names[j]).toBeLessThan(
          1e-6,
        );
        for (let c = 0; c < 3; c++) {
          expect(Math.abs(figure.positions[3 * j + c] - fk.positions[3 * j + c])).toBeLessThan(
            1e-4,
          );
        }
      }
      const wrist = kb.skeleton.names.indexOf('right_wrist');
      if (rotationGap(fk.rotations, kb.forwardKinematics(kb.idlePose()).rotations, wrist) > 1e-3)
        moved++;
    }
    expect(moved).toBeGreaterThan(0); // the wave moves the arm: not a still figure
    const { buildMs } = (await figureAt(0)).figure;
    console.log(`skinned figure: built once per page in ${buildMs.toFixed(0)} ms`);
    expect(errors).toEqual([]);
  });

  it("the gesture's hand shape shows while it is blended in", async () => {
    await showOne({ gesture: 'thumbs_up' });
    const atStart = await figureAt(0);
    expect(atStart.figure.morphs['right.thumbUp']).toBe(0);
    const mid = await page.evaluate(() => document.getElementById('one').params.duration / 2);
    const atMid = await figureAt(mid);
    expect(atMid.figure.morphs['right.thumbUp']).toBe(1);
    expect(atMid.figure.morphs['left.thumbUp']).toBe(0);
    await showOne({ gesture: 'point' });
    expect((await figureAt(mid)).figure.morphs['right.point']).toBe(1);
  });

  it('character="mannequin" shows the mannequin; an unknown one the skinned figure, with a notice', async () => {
    expect(await showOne({ gesture: 'clap', character: 'mannequin' })).toBe('');
    expect((await figureAt(1)).figure).toEqual({ character: 'mannequin' });
    const notice = await showOne({ gesture: 'clap', character: 'robot' });
    expect(notice).toContain("character='robot' is not offered (skinned, mannequin)");
    expect((await figureAt(1)).figure.character).toBe('skinned');
    await page.evaluate(() => (document.getElementById('one').character = 'mannequin'));
    await page.waitForFunction(
      () => customElements.get('kblend-preview').drawnFigure().character === 'mannequin',
    );
  });

  it('a picture of the skinned figure (saved for a look) differs from the mannequin', async () => {
    const dir = join(tmpdir(), 'kblend-element-shots');
    mkdirSync(dir, { recursive: true });
    const shoot = async (attributes, name) => {
      await showOne(attributes);
      await figureAt(1.5);
      return page.locator('#one').screenshot({ path: join(dir, name) });
    };
    const skinned = await shoot({ gesture: 'thumbs_up' }, 'skinned-thumbs-up.png');
    const mannequin = await shoot(
      { gesture: 'thumbs_up', character: 'mannequin' },
      'mannequin-thumbs-up.png',
    );
    expect(skinned.equals(mannequin)).toBe(false);
    console.log(`element figures: pictures in ${dir}`);
  });
});
