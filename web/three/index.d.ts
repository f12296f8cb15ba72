// Types of kblend/three (package.json exports["./three"]; peer: three).
import type {
  AnimationClip,
  BufferGeometry,
  Camera,
  Color,
  Group,
  InstancedMesh,
  Material,
  Matrix4,
  Object3D,
  Raycaster,
  Vector3,
} from 'three';
import type { Crowd, JointName, Preview } from 'kblend';

/** kblend's pelvis bind position at its default height (DEFAULT_HEIGHT), under the root translation. */
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
  /** Samples per second (default: the preview's own frame grid; needs evaluate and duration). */
  fps?: number;
  /**
   * An Object3D holding a humanoid (a scene, a bone hierarchy or a
   * SkinnedMesh): the clip is baked for its own bones through
   * createRigBinding's math, quaternion tracks named by its bones and the
   * hips' position scaled to it, so AnimationMixer on the unbound rig shows
   * what a live binding would. Bone names must be track-safe (as
   * GLTFLoader gives them). Without rig: tracks named by kblend's joints.
   */
  rig?: Object3D;
  /** With rig: createRigBinding's map. */
  map?: RigBindingOptions['map'];
  /** With rig: createRigBinding's rest (default 'auto'). */
  rest?: RigBindingOptions['rest'];
  /** Without rig: 22 names in kblend's joint order, or { kblendJoint: boneName } (default kblend's names). */
  boneNames?: readonly (string | null)[] | Partial<Record<JointName, string>>;
  /** Without rig: added to the root translation in the position track (default PELVIS_BIND). */
  rootOffset?: ArrayLike<number>;
}

/**
 * One QuaternionKeyframeTrack per joint on the preview's frame grid, and a
 * VectorKeyframeTrack "<pelvis bone>.position" when the preview moves its
 * root; with options.rig, one per bone of that rig a binding drives (its
 * userData.kblend holds the binding's mapped, unmapped, rest and notes).
 * Unknown option keys throw a TypeError naming the nearest known one.
 */
export function toAnimationClip(
  preview: ClipSource | Preview,
  options?: AnimationClipOptions,
): AnimationClip;

export interface RigBindingOptions {
  /** 'auto' (default): by name, then topology; or { kblendJoint: boneName }, which wins. */
  map?: 'auto' | Partial<Record<JointName, string>>;
  /**
   * The rig's rest: 'auto' (default) reads it from the bones (arm angle,
   * elbow and knee bends, leg splay, spine lean) and matches it by a kblend
   * pose; or kblend's T-pose bind, its idle A-pose, or any kblend pose.
   */
  rest?: 'auto' | 'tpose' | 'apose' | ArrayLike<number> | { rotations: ArrayLike<number> };
}

/** The rest a binding took (binding.rest); angles in radians, null where the rig lacks the bones. */
export interface RigRest {
  /** What the bones show: kblend's bind, arms lowered, elbows or knees bent, or another rest; 'pose' when a pose was given. */
  readonly kind: 'tpose' | 'apose' | 'bent' | 'other' | 'pose';
  /** True when the caller named the rest (then the figures below are still what the bones show). */
  readonly given?: boolean;
  /** The kblend pose P matching the rest (88 numbers), null for the T-pose bind. */
  readonly pose: Float64Array | null;
  /** Upper arms below level. */
  readonly armAngle: number | null;
  readonly elbowBend: number | null;
  readonly kneeBend: number | null;
  /** Thighs turned out from straight down, in the frontal plane. */
  readonly legSplay: number | null;
  /** The trunk (pelvis to neck) leaning forward. */
  readonly spineLean: number | null;
  /** The largest turn of a segment from kblend's bind. */
  readonly worst: number;
  /** kblend's wrist world rotations in P, [x, y, z, w]. */
  readonly wrists: { readonly left: number[]; readonly right: number[] };
}

/** What apply() accepts besides a preview. */
export type RigPose =
  ArrayLike<number> | { rotations: ArrayLike<number>; root?: ArrayLike<number> | null };

export interface RigBinding {
  /**
   * Writes the bones of the joints that changed since the last apply: a
   * preview at time t (evaluated here; compared with the pose this binding
   * last applied), or a pose with an optional changed-joint mask (22 flags,
   * 1 = differs from the pose last applied through this binding; without
   * one the binding compares itself). Quaternions are written without
   * three's onChange callback, so a bound bone's `rotation` (Euler) is not
   * kept: read its quaternion. Returns the number of bones written.
   */
  apply(source: Preview | { evaluate(t: number): ArrayLike<number> }, t: number): number;
  apply(
    source: RigPose | (RigPose & { changedMask?: ArrayLike<number> }),
    mask?: ArrayLike<number> | null,
    root?: ArrayLike<number> | null,
  ): number;
  /** kblend joint → bone name. */
  readonly mapped: Partial<Record<JointName, string>>;
  /** kblend joints without a bone. */
  readonly unmapped: JointName[];
  /** The rest read from the bones (or given). */
  readonly rest: RigRest;
  /**
   * What was guessed, in words: a SkinnedMesh bound through its skeleton's
   * root, a root frame not standing along +Y, joints mapped by their place
   * in the hierarchy, joints without a bone, the rest read.
   */
  readonly notes: readonly string[];
  /** kblend joint → the bone object. */
  readonly bones: Partial<Record<JointName, Object3D>>;
  /**
   * The objects whose matrices the binding keeps (docs/design.md §8a): the bones and
   * the plain objects under them, with matrixAutoUpdate and
   * matrixWorldAutoUpdate off, world matrices recomputed for changed
   * subtrees only (and all of them when the rig's frame moves). A static
   * object's transform is frozen at binding time; dispose() releases them.
   */
  readonly owned: readonly Object3D[];
  /** Puts every bone back at its rest, gives the objects' matrices back to three. */
  dispose(): void;
}

/**
 * Drives any humanoid under root (an Object3D hierarchy, or a SkinnedMesh,
 * bound through its skeleton's root). Unknown option keys throw a TypeError.
 */
export function createRigBinding(root: Object3D, options?: RigBindingOptions): RigBinding;

export interface CrowdBinding {
  /** One binding per rig, in the crowd's order. */
  readonly bindings: readonly RigBinding[];
  /** crowd.evaluate(t), then update(). Returns the bones written. */
  apply(t: number): number;
  /** The crowd's last evaluate onto the rigs, by its changedMask: call after every evaluate. */
  update(): number;
  /** Disposes every rig binding (not the crowd). */
  dispose(): void;
}

/** Drives roots[i] from crowd member i (options: createRigBinding's, shared or one per rig). */
export function createCrowdBinding(
  roots: readonly Object3D[],
  crowd: Crowd,
  options?: RigBindingOptions | readonly RigBindingOptions[],
): CrowdBinding;

/** One body segment of an instanced crowd, drawn at its joint's world matrix. */
export interface CrowdSegment {
  /** A kblend joint name or index 0–21: the frame the segment moves with. */
  joint: JointName | number;
  /** In the joint's frame (or moved there by `matrix`). */
  geometry: BufferGeometry;
  /** Default: the options' material. */
  material?: Material | Material[];
  /** The segment's placement in its joint's frame (baked into a copy of the geometry). */
  matrix?: Matrix4;
}

export interface CrowdInstancesOptions {
  /** Default: crowdBodySegments(crowd.bind), a capsule per bone and a head. */
  segments?: readonly CrowdSegment[];
  /** For segments without one (default a blue MeshStandardMaterial, owned and disposed). */
  material?: Material;
}

export interface CrowdHit {
  /** The crowd member (the instanceId). */
  member: number;
  /** The joint whose segment was hit. */
  joint: number;
  point: Vector3;
  distance: number;
}

export interface CrowdInstances {
  /**
   * Holds the meshes: add it to the scene; moving it moves the whole crowd.
   * The meshes stay at identity in it and share its matrixWorld (their
   * matrixAutoUpdate and matrixWorldAutoUpdate are off). Members move
   * through crowd.roots.
   */
  readonly object: Group;
  /** One InstancedMesh per segment, instance i = member i; userData.joint is the joint. */
  readonly meshes: readonly InstancedMesh[];
  /** crowd.evaluate(t), then update(). Returns the joints flagged for upload. */
  apply(t: number): number;
  /**
   * After every crowd.evaluate (movedJoints tells the last one only): flags
   * the instance matrices of the joints that moved (crowd.movedJoints; all
   * of them and new bounds when crowd.roots changed). The matrices
   * themselves are views of the core's: nothing is copied.
   */
  update(): number;
  /** Member i's colour on every segment (instanceColor, multiplied with the material's). */
  setColorAt(member: number, color: Color): void;
  /** The member nearest along a ray, or under a pointer in NDC seen by camera. */
  intersect(ray: Raycaster): CrowdHit | null;
  intersect(pointer: { x: number; y: number }, camera: Camera): CrowdHit | null;
  /** Member i's joint j as drawn, in world space. */
  matrixAt(member: number, joint: JointName | number, target?: Matrix4): Matrix4;
  /** Removes the meshes and frees what this made; the crowd stays the caller's (dispose it after). */
  dispose(): void;
}

/**
 * A crowd drawn as one InstancedMesh per body segment, its instance
 * matrices the core's joint-major world matrices themselves. The crowd must
 * come from kb.createCrowd({ members, matrices: true, matrixLayout: 'joint' }).
 */
export function createCrowdInstances(crowd: Crowd, options?: CrowdInstancesOptions): CrowdInstances;

/** A capsule per bone and a sphere for the head at the crowd's proportions (crowd.bind). */
export function crowdBodySegments(
  bind: ArrayLike<number>,
  options?: { radius?: number; headRadius?: number },
): CrowdSegment[];
