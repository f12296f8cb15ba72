// Tuning from the panel: the attack slider and the gesture picker change
// the params, the URL and the pose; the a + r rule shows a note; keys and
// the timeline move the playhead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, field, hashParam, launchBrowser, openPage, poseAt, setNumber } from './browser.js';

let browser;
let opened;

beforeAll(async () => {
  browser = await launchBrowser();
  opened = await openPage(browser);
});

afterAll(async () => {
  await browser?.close();
});

describe('tuning from the panel', () => {
  it('the attack slider changes params, the URL and the pose at a fixed time', async () => {
    const { page } = opened;
    await app(page, () => window.kblendApp.pause());
    const before = await poseAt(page, 0.3);
    expect(await app(page, () => window.kblendApp.params.attack)).toBe(0.15);
    const plotBefore = await page.locator('#plot canvas').screenshot();

    await setNumber(page, 'attack', 0.4);
    expect(await app(page, () => window.kblendApp.params.attack)).toBe(0.4);
    await page.waitForFunction(() => location.hash.includes('a=0.4&'));
    expect(await hashParam(page, 'a')).toBe('0.4');
    const after = await poseAt(page, 0.3);
    expect(after).not.toEqual(before);
    // the envelope plot and the timeline follow the slider
    const plotAfter = await page.locator('#plot canvas').screenshot();
    expect(plotAfter.equals(plotBefore)).toBe(false);
    const attackWidth = await page
      .locator('.timeline-segment.attack')
      .evaluate((node) => node.style.width);
    expect(attackWidth).toBe('40%');
  });

  it('enforces attack + release ≤ 1 with a visible note', async () => {
    const { page } = opened;
    await setNumber(page, 'attack', 0.9);
    const params = await app(page, () => window.kblendApp.params);
    expect(params.attack).toBe(0.9);
    expect(params.release).toBeCloseTo(0.1, 10);
    const note = page.locator('.ratio-note');
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toMatch(
      /release lowered to 0\.1 so that attack \+ release ≤ 1/,
    );
  });

  it('resets to the defaults', async () => {
    const { page } = opened;
    await page.locator('.lil-gui button', { hasText: 'reset to defaults' }).click();
    const params = await app(page, () => window.kblendApp.params);
    expect(params.attack).toBe(0.15);
    expect(params.release).toBe(0.2);
    expect(await page.locator('.ratio-note').isVisible()).toBe(false);
  });

  it('the gesture picker changes the pose', async () => {
    const { page } = opened;
    const t = 1.5;
    const clap = await poseAt(page, t);
    await field(page, 'combobox', 'gesture').selectOption('salute');
    expect(await app(page, () => window.kblendApp.params.gesture)).toBe('salute');
    await page.waitForFunction(() => location.hash.includes('g=salute'));
    const salute = await poseAt(page, t);
    expect(salute).not.toEqual(clap);
  });

  it('shows a refused value as an error, not a crash', async () => {
    const { page } = opened;
    const message = await app(page, () => {
      try {
        window.kblendApp.setParams({ gesture: 'no such gesture' });
        return 'accepted';
      } catch (error) {
        return error.message;
      }
    });
    expect(message).toMatch(/no such gesture/);
    expect(await page.locator('.error-note').isVisible()).toBe(true);
    expect(await app(page, () => window.kblendApp.params.gesture)).toBe('salute');
  });

  it('Space plays and pauses, arrows step a frame, Home and End jump', async () => {
    const { page } = opened;
    await app(page, () => window.kblendApp.seek(1));
    await page.locator('#stage canvas').click();
    await page.keyboard.press('ArrowRight');
    expect(await app(page, () => window.kblendApp.time)).toBeCloseTo(31 / 30, 3);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await app(page, () => window.kblendApp.time)).toBeCloseTo(29 / 30, 3);
    await page.keyboard.press('End');
    const duration = await app(page, () => window.kblendApp.params.duration);
    expect(await app(page, () => window.kblendApp.time)).toBe(duration);
    await page.keyboard.press('Home');
    expect(await app(page, () => window.kblendApp.time)).toBe(0);
    await page.keyboard.press('Space');
    expect(await app(page, () => window.kblendApp.playing)).toBe(true);
    await page.keyboard.press('Space');
    expect(await app(page, () => window.kblendApp.playing)).toBe(false);
  });

  it('dragging the timeline scrubs', async () => {
    const { page } = opened;
    const track = page.locator('.timeline-track');
    const box = await track.boundingBox();
    await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, {
      steps: 4,
    });
    await page.mouse.up();
    const { time, playing, duration } = await app(page, () => ({
      time: window.kblendApp.time,
      playing: window.kblendApp.playing,
      duration: window.kblendApp.params.duration,
    }));
    expect(playing).toBe(false);
    expect(time / duration).toBeCloseTo(0.5, 1);
    expect(await page.locator('.timeline-time').textContent()).toContain(time.toFixed(3));
  });

  // Uses the panel itself, so it means something when run alone too.
  it('logs no console errors while the panel, the keys and reset are used', async () => {
    const { page } = opened;
    await setNumber(page, 'attack', 0.3);
    await setNumber(page, 'lambda (1/s)', 30);
    await setNumber(page, 'epsilon ε (rad)', 0.002);
    await field(page, 'combobox', 'gesture').selectOption('wave');
    await field(page, 'combobox', 'shape').selectOption('kli');
    await field(page, 'combobox', 'follower').selectOption('kli');
    expect(await app(page, () => window.kblendApp.params)).toMatchObject({
      attack: 0.3,
      lambda: 30,
      epsilon: 0.002,
      gesture: 'wave',
      shape: 'kli',
      follower: 'kli',
    });
    await page.locator('#stage canvas').click();
    for (const key of ['Space', 'ArrowRight', 'ArrowLeft', 'End', 'Home', 'Space']) {
      await page.keyboard.press(key);
    }
    await page.waitForTimeout(300); // a few frames of playback
    await page.locator('.lil-gui button', { hasText: 'reset to defaults' }).click();
    expect(await app(page, () => window.kblendApp.params.attack)).toBe(0.15);
    expect(opened.log.errors).toEqual([]);
  });
});
