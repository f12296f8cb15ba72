// Types of web/lib/body-contacts.js: the capsule model of the body and the
// pairs of parts that interpenetrate in a pose, merged into the object
// loadKBlend() returns.

export type BodyPartName =
  | 'pelvis'
  | 'torso'
  | 'neck'
  | 'head'
  | `${'left' | 'right'}_${'upper_arm' | 'forearm' | 'hand' | 'thigh' | 'shank' | 'foot'}`;

/** A capsule of the model in the T-pose bind: fractions of the body height. */
export interface BodyCapsuleSpec {
  /** The joint whose bone carries it. */
  readonly bone: string;
  readonly a: readonly [number, number, number];
  readonly b: readonly [number, number, number];
  readonly radius: number;
}

export interface BodyPart {
  readonly name: BodyPartName;
  /** Parts that share a joint are neighbours: their overlap never counts. */
  readonly joints: readonly string[];
  readonly capsules: readonly BodyCapsuleSpec[];
}

export const BODY_PARTS: readonly BodyPart[];
export const BODY_PART_NAMES: readonly BodyPartName[];

export interface BodyContactOptions {
  /** Body height, m, in [0.5, 3] (default 1.75). */
  height?: number;
  /** Root translation, m (default none). */
  root?: ArrayLike<number>;
}

/** Two parts that interpenetrate. */
export interface BodyContact {
  a: BodyPartName;
  b: BodyPartName;
  /** How far they pass into each other, m (> 0). */
  depth: number;
  /** World point in the middle of the deepest overlap, m. */
  point: [number, number, number];
}

/** A capsule of a pose, in the world (m). */
export interface WorldCapsule {
  part: BodyPartName;
  a: [number, number, number];
  b: [number, number, number];
  radius: number;
}

export interface BodyContactsApi {
  /** Pairs of parts sharing no joint that interpenetrate, deepest first. */
  bodyContacts(pose: ArrayLike<number>, options?: BodyContactOptions): BodyContact[];
  /** Every capsule of the model placed by the pose (for drawing or overlays). */
  bodyCapsules(pose: ArrayLike<number>, options?: BodyContactOptions): WorldCapsule[];
}

/** Capsule tables (one per body height) kept at once; older heights are rebuilt on use. */
export const CAPSULE_CACHE_LIMIT: number;

/** Closest points of two segments and their distance. */
export function segmentDistance(
  p0: ArrayLike<number>,
  p1: ArrayLike<number>,
  q0: ArrayLike<number>,
  q1: ArrayLike<number>,
): { distance: number; p: number[]; q: number[] };

export function createBodyContactsApi(kb: {
  bindPositions(height?: number): Float32Array;
  forwardKinematics(
    local: ArrayLike<number>,
    root?: ArrayLike<number>,
    options?: { height?: number },
  ): { positions: Float32Array; rotations: Float32Array };
}): BodyContactsApi;
