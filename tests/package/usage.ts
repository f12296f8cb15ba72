// Type-checked (not run) against the installed package's declarations.
import { BvhImportError, loadKBlend, type BvhClip, type KBlend, type Preview } from 'kblend';
import { createRigBinding, toAnimationClip, type RigBinding } from 'kblend/three';
import { AnimationClip, AnimationMixer, Object3D } from 'three';

export async function drive(character: Object3D): Promise<number> {
  const kb: KBlend = await loadKBlend();
  const preview: Preview = kb.createPreview({ gesture: 'clap', attack: 0.2 });
  const clip: AnimationClip = toAnimationClip(preview, { name: 'clap' });
  new AnimationMixer(character).clipAction(clip).play();
  const binding: RigBinding = createRigBinding(character, { map: { head: 'Head' }, rest: 'apose' });
  const written: number = binding.apply(preview, 0.5);
  const text: string = kb.exportBvh(preview, { fps: 60, units: 'm' });
  let imported: BvhClip | null = null;
  try {
    imported = kb.importBvh(text, { name: 'clap.bvh', height: 1.8, maxFrames: 1000 });
  } catch (error) {
    if (error instanceof BvhImportError) console.log(error.unmapped, error.line);
  }
  const moving = kb.createPreview({ track: imported!.track });
  binding.apply({ rotations: moving.evaluate(0.1), root: imported!.root.subarray(0, 3) });
  binding.dispose();
  return written + binding.unmapped.length + imported!.frames;
}

// kblend/element: importing it defines <kblend-preview>, typed by tag name.
import { KBlendPreview, type KBlendPreviewStats } from 'kblend/element';

export function tune(): number {
  const el = document.createElement('kblend-preview');
  const same: KBlendPreview = el;
  same.attack = 0.3;
  same.controls = 'attack release';
  same.addEventListener('error', (event) => console.log(event.detail.notices.length));
  same.seek(1.2);
  const stats: KBlendPreviewStats = KBlendPreview.stats();
  return stats.frames + same.currentTime;
}
