// The run's progress: a bar redrawn in place on a terminal (failures on
// lines of their own above it), one plain line per file otherwise.
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../../web/cli/progress.js';

const stream = () => ({
  text: '',
  write(s) {
    this.text += s;
  },
});
const ok = { ok: true, input: 'a/walk.bvh', output: 'out/a/walk.npz', frames: 30, seconds: 0.1 };
const failed = {
  ok: false,
  input: 'b/cut.bvh',
  error: 'line 9: the file ends inside the hierarchy',
};

describe('convert progress', () => {
  it('draws a bar on a terminal and prints failures above it', () => {
    const s = stream();
    const progress = createProgress({ total: 2, stream: s, tty: true });
    progress.done(ok);
    expect(s.text).toMatch(/^\r\x1b\[K\[#{15}\.{15}\] 1\/2, [\d.]+ files\/s  a\/walk\.bvh$/);
    progress.done(failed);
    expect(s.text).toContain(
      '\r\x1b[Kfailed  b/cut.bvh: line 9: the file ends inside the hierarchy\n',
    );
    expect(s.text).toMatch(/\[#{30}\] 2\/2, 1 failed, [\d.]+ files\/s  b\/cut\.bvh$/);
    progress.finish();
    expect(s.text.endsWith('\n')).toBe(true);
  });

  it('prints one plain line per file elsewhere, saying when a capture was cut', () => {
    const s = stream();
    const progress = createProgress({ total: 3, stream: s, tty: false });
    progress.done(ok);
    progress.done(failed);
    progress.done({ ...ok, frames: 20000, truncatedFrom: 30000 });
    progress.finish();
    expect(s.text).toBe(
      '[1/3] ok      a/walk.bvh → out/a/walk.npz (30 frames, 0.10 s)\n' +
        '[2/3] failed  b/cut.bvh: line 9: the file ends inside the hierarchy\n' +
        '[3/3] ok      a/walk.bvh → out/a/walk.npz (20000 frames, cut from 30000, 0.10 s)\n',
    );
  });
});
