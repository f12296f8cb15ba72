// Types of kblend/three (package.json exports["./three"]; peer: three).
import type { AnimationClip, Object3D } from 'three';
import type { JointName, Preview } from '../lib/kblend.js';

/** kblend's pelvis bind position at 1.75 m, under the root translation. */
export const PELVIS_BIND: readonly [number, number, number];

/** A preview, or anything with its frame grid (and root motion, when it has any). */
export interface ClipSource {
  readonly frameCount: number;
  frameTime(k: number): number;
  frame(k: number): Float32Array;
  root?(t: number): ArrayLike<number>;
  readonly options?: { readonly gesture?: string };
}

export interface AnimationClipOptions {
  /** Default: the preview's gesture name. */
  name?: string;
  /** 22 names in kblend's joint order, or { kblendJoint: boneName } (default kblend's names). */
  boneNames?: readonly (string | null)[] | Partial<Record<JointName, string>>;
  /** Added to the root translation in the position track (default PELVIS_BIND). */
  rootOffset?: ArrayLike<number>;
}

/**
 * One QuaternionKeyframeTrack per joint on the preview's frame grid, and a
 * VectorKeyframeTrack "<pelvis bone>.position" when the preview moves its root.
 */
export function toAnimationClip(
  preview: ClipSource | Preview,
  options?: AnimationClipOptions,
): AnimationClip;

export interface RigBindingOptions {
  /** 'auto' (default): by name, then topology; or { kblendJoint: boneName }, which wins. */
  map?: 'auto' | Partial<Record<JointName, string>>;
  /** The rig's rest: kblend's T-pose bind (default), its idle A-pose, or any kblend pose. */
  rest?: 'tpose' | 'apose' | ArrayLike<number> | { rotations: ArrayLike<number> };
}

/** What apply() accepts besides a preview. */
export type RigPose =
  ArrayLike<number> | { rotations: ArrayLike<number>; root?: ArrayLike<number> | null };

export interface RigBinding {
  /**
   * Writes the bones: a preview at time t (only the joints that changed when the
   * preview has a changedMask), or a pose. Returns the number of bones written.
   */
  apply(source: Preview | { evaluate(t: number): ArrayLike<number> }, t: number): number;
  apply(source: RigPose): number;
  /** kblend joint → bone name. */
  readonly mapped: Partial<Record<JointName, string>>;
  /** kblend joints without a bone. */
  readonly unmapped: JointName[];
  /** kblend joint → the bone object. */
  readonly bones: Partial<Record<JointName, Object3D>>;
  /** Puts every bone back at its rest and releases the rig. */
  dispose(): void;
}

/** Drives any humanoid under root (a SkinnedMesh's skeleton or an Object3D hierarchy). */
export function createRigBinding(root: Object3D, options?: RigBindingOptions): RigBinding;
