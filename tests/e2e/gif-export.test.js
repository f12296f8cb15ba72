// The looping GIF export, decoded by the browser's own ImageDecoder (not
// gifenc): one frame per frame time k / fps before the duration, the
// NETSCAPE2.0 loop extension, and frames that match the page's own render
// of the same times (a PNG snapshot after a seek), compared downscaled with
// a tolerance for the 256-colour palette; the panel's progress and cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { app, exportIn, launchBrowser, midHold, openAuthoring, openPage } from './browser.js';

let browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TUNING = { gesture: 'wave', attack: 0.2, release: 0.2, duration: 3 };
const SIZE = { width: 480, height: 270, fps: 15 };

// In the page: the GIF's track (frames, repetitions) and, for each frame
// index asked, the mean absolute RGB difference (0–255) between that frame
// and the page's PNG snapshot at the frame's time, both drawn at 96 × 54.
function decodeAndCompare({ gif, frames, fps }) {
  const small = (image) => {
    const canvas = new OffscreenCanvas(96, 54);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0, 96, 54);
    return context.getImageData(0, 0, 96, 54).data;
  };
  const difference = (a, b) => {
    let sum = 0;
    for (let i = 0; i < a.length; i += 4) {
      for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c] - b[i + c]);
    }
    return sum / ((a.length / 4) * 3);
  };
  return (async () => {
    const decoder = new ImageDecoder({ data: Uint8Array.from(gif), type: 'image/gif' });
    await decoder.tracks.ready;
    await decoder.completed;
    const track = decoder.tracks.selectedTrack;
    const out = { frameCount: track.frameCount, repetitionCount: track.repetitionCount, diffs: [] };
    for (const k of frames) {
      const { image } = await decoder.decode({ frameIndex: k });
      const fromGif = small(image);
      image.close();
      await window.kblendApp.seek(k / fps);
      const png = await window.kblendApp.exportFile('png');
      const bitmap = await createImageBitmap(new Blob([png.bytes], { type: 'image/png' }));
      const other = k === 0 ? frames[frames.length - 1] : 0;
      await window.kblendApp.seek(other / fps);
      const otherPng = await window.kblendApp.exportFile('png');
      const otherBitmap = await createImageBitmap(
        new Blob([otherPng.bytes], { type: 'image/png' }),
      );
      out.diffs.push({
        frame: k,
        same: difference(fromGif, small(bitmap)),
        otherFrame: other,
        other: difference(fromGif, small(otherBitmap)),
      });
    }
    return out;
  })();
}

describe('GIF export', () => {
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

  it('3 s at 480 px and 15 fps: 45 frames, looping, under 2 MB, frames match the page', async () => {
    await app(page, (o) => window.kblendApp.exportOptions(o), SIZE);
    const file = await exportIn(page, 'gif');
    const { bytes } = file;
    expect(file.mime).toBe('image/gif');
    expect(file.filename).toBe('kblend-wave.gif');
    expect(new TextDecoder().decode(bytes.subarray(0, 6))).toBe('GIF89a');
    expect(bytes[6] | (bytes[7] << 8)).toBe(480);
    expect(bytes[8] | (bytes[9] << 8)).toBe(270);
    expect(bytes.length).toBeLessThan(2 * 1024 * 1024);
    // the application extension block: 0x21 0xFF 0x0B "NETSCAPE2.0", repeat 0 (forever)
    const text = new TextDecoder('latin1').decode(bytes);
    const at = text.indexOf('\x21\xff\x0bNETSCAPE2.0');
    expect(at).toBeGreaterThan(0);
    expect(bytes[at + 16] | (bytes[at + 17] << 8)).toBe(0);

    const hold = Math.round((midHold(TUNING) * SIZE.fps) / 3) * 3; // frame 24 (1.6 s)
    const rising = 4; // 0.27 s, in the attack: the arm is moving
    const decoded = await page.evaluate(decodeAndCompare, {
      gif: file.bytes,
      frames: [0, rising, hold],
      fps: SIZE.fps,
    });
    console.log('GIF decoded:', JSON.stringify(decoded));
    expect(decoded.frameCount).toBe(SIZE.fps * TUNING.duration);
    expect(decoded.repetitionCount).toBe(Infinity);
    for (const d of decoded.diffs) {
      // the frame is the page's render of its time, up to the palette, and
      // far from the render of another time (the figure is a small part of
      // the frame, so a different pose moves the mean by about 0.5)
      expect(d.same).toBeLessThan(0.15);
      expect(d.other).toBeGreaterThan(d.same * 4);
    }
  });

  it('the panel shows progress and cancel stops it', async () => {
    await app(page, () => window.kblendApp.exportOptions({ width: 160, height: 100, fps: 30 }));
    await openAuthoring(page, 'export');
    await page.locator('.lil-gui button', { hasText: 'GIF (looping)' }).click();
    const bar = page.locator('.export-progress');
    await bar.waitFor({ state: 'visible' });
    await page.waitForFunction(
      () => document.querySelector('.export-progress progress').value >= 2,
    );
    expect(await bar.textContent()).toContain('rendering the GIF');
    await bar.getByRole('button', { name: 'cancel' }).click();
    await bar.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.locator('#notice').textContent())
      .toContain('GIF export was cancelled');
    const after = await app(page, () => window.kblendApp.exportFile('bvh').then((f) => f.filename));
    expect(after).toBe('kblend-wave.bvh');
  });
});
