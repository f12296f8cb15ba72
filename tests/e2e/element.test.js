// <kblend-preview> on a plain HTML page: no bundler, an import map onto the
// repository's own files (served as they are by static-server.js). 24
// elements of different gestures and tunings in a tall page: only those in
// view animate and draw, scrolling brings each row to life, one WebGL
// context serves them all and none is lost; an attribute change shows at
// once; a hostile link shows a notice and fires `error`. The frame cost of
// 24 elements in view and out of view is printed for the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.js';
import { serveSources } from './static-server.js';

let browser;
let server;
let page;
const errors = [];
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), serveSources()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${server.url}/tests/e2e/pages/element-grid.html`);
  await page.waitForFunction(() => document.getElementById('p0')?.drawCount > 2);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const ROW = (r) => Array.from({ length: 6 }, (_, i) => 6 * r + i);
const readAll = () =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('kblend-preview'), (el) => ({
      t: el.currentTime,
      drawn: el.drawCount,
    })),
  );
const settle = (ms) => page.waitForTimeout(ms);

describe('<kblend-preview> × 24 on a plain page', () => {
  it('only the row in view animates; scrolling brings each row to life and stills the last', async () => {
    for (let row = 0; row < 4; row++) {
      await page.evaluate((id) => document.getElementById(id).scrollIntoView(), `p${6 * row}`);
      await settle(400);
      const before = await readAll();
      // every element of the row has moved on and drawn again (a busy
      // machine draws a few frames a second: waited for, not assumed)
      let after;
      await expect
        .poll(
          async () => {
            after = await readAll();
            return ROW(row).every(
              (i) => after[i].t !== before[i].t && after[i].drawn > before[i].drawn,
            );
          },
          { timeout: 15000 },
        )
        .toBe(true);
      for (let i = 0; i < 24; i++) {
        const inRow = ROW(row).includes(i);
        if (inRow) {
          expect(after[i].t, `p${i} in view`).not.toBe(before[i].t);
          expect(after[i].drawn).toBeGreaterThan(before[i].drawn);
        } else {
          expect(after[i], `p${i} out of view`).toEqual(before[i]);
        }
        // rows below the one in view were never drawn
        if (Math.floor(i / 6) > row) expect(after[i]).toEqual({ t: 0, drawn: 0 });
      }
    }
    const stage = await page.evaluate(() => customElements.get('kblend-preview').stats().stage);
    expect(stage).toMatchObject({ contexts: 1, lost: 0, contextLost: false });
  });

  it('an attribute or property change shows at once (pose and picture)', async () => {
    const result = await page.evaluate(async () => {
      const el = document.getElementById('p18');
      el.scrollIntoView();
      await new Promise((r) => setTimeout(r, 300));
      el.pause();
      el.seek(0.3); // in the attack: its length changes the pose
      const canvas = el.shadowRoot.querySelector('canvas');
      const pixels = () =>
        canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
      const differs = (a, b) => a.some((v, i) => Math.abs(v - b[i]) > 1e-6);
      const pose0 = el.pose();
      const picture0 = pixels();
      el.attack = 0.45; // a property, in step with the attribute
      const pose1 = el.pose();
      const picture1 = pixels();
      el.setAttribute('gesture', 'clap');
      const pose2 = el.pose();
      return {
        attribute: el.getAttribute('attack'),
        property: el.attack,
        gesture: el.gesture,
        time: el.currentTime,
        poseChanged: differs(pose0, pose1),
        pictureChanged: picture0.some((v, i) => v !== picture1[i]),
        gestureChanged: differs(pose1, pose2),
      };
    });
    expect(result).toEqual({
      attribute: '0.45',
      property: 0.45,
      gesture: 'clap',
      time: 0.3,
      poseChanged: true,
      pictureChanged: true,
      gestureChanged: true,
    });
  });

  it('a hostile link shows a notice and fires error; nothing runs, nothing throws', async () => {
    const result = await page.evaluate(async () => {
      const el = document.createElement('kblend-preview');
      const fired = new Promise((resolve) =>
        el.addEventListener('error', (e) => resolve(e.detail.notices)),
      );
      el.setAttribute(
        'link',
        '#v=9&g=<img src=x onerror="window.pwned=1">&a=NaN&eps=1e999&cg=1.%3Cscript%3E',
      );
      document.body.prepend(el);
      const notices = await fired;
      const notice = el.shadowRoot.querySelector('.notice');
      const out = {
        notices,
        shown: !notice.hidden,
        text: notice.textContent,
        markup: el.shadowRoot.querySelectorAll('img, script').length,
        pwned: window.pwned ?? null,
        gesture: el.gesture,
      };
      el.remove();
      return out;
    });
    console.log('hostile link notices:', result.notices);
    expect(result.shown).toBe(true);
    expect(result.text).toContain('is not a gesture of the library');
    expect(result.text).toContain('custom gesture was refused');
    expect(result.text).toContain('is not a number');
    expect(result.text).toContain('is outside');
    expect(result.markup).toBe(0);
    expect(result.pwned).toBe(null);
    expect(result.gesture).toBe('wave'); // the default, as the link's parser repairs it
    expect(errors).toEqual([]);
  });

  it('frame cost of 24 elements in view and out of view', async () => {
    const measure = () =>
      page.evaluate(async () => {
        const Preview = customElements.get('kblend-preview');
        const a = Preview.stats();
        await new Promise((r) => setTimeout(r, 2000));
        const b = Preview.stats();
        const frames = b.frames - a.frames;
        return {
          frames,
          drawn: b.drawn - a.drawn,
          msPerFrame: frames ? (b.scriptMs - a.scriptMs) / frames : 0,
          inView: b.inView,
        };
      });
    await page.evaluate(() => {
      document.querySelectorAll('.gap').forEach((g) => g.remove());
      document.querySelectorAll('kblend-preview').forEach((el) => {
        el.style.width = '150px';
        el.style.height = '150px';
        el.play();
      });
      window.scrollTo(0, 0);
    });
    await settle(500);
    const inView = await measure();
    await page.evaluate(() => {
      const spacer = Object.assign(document.createElement('div'), { id: 'spacer' });
      spacer.style.height = '5000px';
      document.body.append(spacer);
      window.scrollTo(0, document.body.scrollHeight);
    });
    await settle(2000); // a frame begun before the scroll ends (SwiftShader frames are slow)
    const outOfView = await measure();
    console.log(
      `24 in view: ${inView.inView} elements, ${inView.frames} frames in 2 s, ` +
        `${inView.msPerFrame.toFixed(2)} ms script per frame, ${inView.drawn} figures drawn; ` +
        `out of view: ${outOfView.inView} in view, ${outOfView.frames} frames, ${outOfView.drawn} drawn`,
    );
    expect(inView.inView).toBe(24);
    expect(inView.drawn).toBeGreaterThan(24);
    expect(outOfView).toEqual({ frames: 0, drawn: 0, msPerFrame: 0, inView: 0 });
    const stage = await page.evaluate(() => customElements.get('kblend-preview').stats().stage);
    expect(stage).toMatchObject({ contexts: 1, lost: 0, contextLost: false });
    expect(errors).toEqual([]);
  });
});
