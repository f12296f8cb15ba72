// Types of kblend's JS library (package.json exports["."] → kblend.js).
// Quaternions are [x, y, z, w]; a pose is 22 local rotations (88 numbers)
// relative to the T-pose bind, joints in the order of `kb.skeleton.names`.
import type { BvhApi } from './bvh/index.js';
import type { BodyContactsApi } from './body-contacts.js';
import type { ComparisonApi } from './comparison.js';
import type { FitEnvelopeApi } from './fit/fit-envelope.js';
import type { IkApi } from './ik.js';

export { BVH_LIMITS, BvhImportError } from './bvh/index.js';
// kb.importBvh(text, { name, height, map, maxFrames, ground, inPlace,
// onProgress }) and kb.exportBvh: BvhImportOptions (onProgress(fraction,
// phase) reports 0, rising fractions, then 1 while a file imports).
export type * from './bvh/index.js';
export { COMPARISON_METHODS, jointAngle } from './comparison.js';
export type { ComparisonApi, ComparisonFigures, MethodFigures } from './comparison.js';
export { HOPF_AXIS, PAPER_EXAMPLE, hopf, hopfPath, paperStopTime } from './hopf.js';
export type * from './ik.js';
export type * from './body-contacts.js';
export type * from './fit/fit-envelope.js';

/** The 22 joint names in the core's order (docs/design.md §3). */
export const JOINT_NAMES: readonly JointName[];
/** Parent index of each joint (−1 for the pelvis). */
export const JOINT_PARENTS: readonly number[];
export const JOINT_COUNT: 22;
/** kb.defaults.height: kblend's default body height, m. */
export const DEFAULT_HEIGHT: number;
/** kb.idlePose(): the idle A-pose at kb.defaults.apose (upper arms lowered about Z), 88 numbers. */
export const IDLE_POSE: readonly number[];
/** kb.bindPositions(1): the T-pose bind at a height of 1 m, joint j at [3j, 3j + 1, 3j + 2]. */
export const BIND_FRACTIONS: readonly number[];
/**
 * In a tree given by its parents (−1 for a root), e.g. JOINT_PARENTS: the
 * joints from `ancestor` (exclusive; −1 for above the root) down to j, top
 * first, or null when ancestor is not above j.
 */
export function jointChain(
  parents: ArrayLike<number>,
  ancestor: number,
  j: number,
): number[] | null;
/** Envelope shapes, in the core's enum order. */
export const SHAPES: readonly ['smoothstep', 'kli'];
/** Filter followers, in the core's enum order. */
export const FOLLOWERS: readonly ['exp', 'kli'];
/** Pipeline orders, in the core's enum order. */
export const ORDERS: readonly ['kblend', 'seed', 'naive-euler'];
/** out = a ⊗ b (Hamilton, [x, y, z, w]); out may alias a or b. */
export function multiplyQuat<T extends { [i: number]: number }>(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  out: T,
): T;
/**
 * The same product on flat arrays: out[o…o+3] = a[ai…ai+3] ⊗ b[bi…bi+3],
 * for per-frame loops over many joints that allocate nothing; every input
 * is read before out is written, so out may alias a or b.
 */
export function multiplyQuatAt<T extends { [i: number]: number }>(
  a: ArrayLike<number>,
  ai: number,
  b: ArrayLike<number>,
  bi: number,
  out: T,
  o: number,
): T;
/** q v q⁻¹ for a unit quaternion q. */
export function rotateVector(q: ArrayLike<number>, v: ArrayLike<number>): [number, number, number];
/**
 * XYZ Euler angles (R = Rx·Ry·Rz, three.js's 'XYZ' order), radians, of a
 * quaternion [x, y, z, w] (normalized first), as three.js's
 * Euler.setFromRotationMatrix computes them; z is 0 at gimbal lock.
 */
export function eulerXYZ(q: ArrayLike<number>): [number, number, number];

/** A source skeleton's joints matched to kblend's 22 (indexOf[j]: the source joint of kblend joint j, −1 when none). */
export interface JointMapping {
  readonly indexOf: number[];
  /** kblend joint → source joint name. */
  readonly mapped: Partial<Record<JointName, string>>;
  /** kblend joints without a source joint. */
  readonly unmapped: JointName[];
  /** Source joints kblend does not use. */
  readonly ignored: string[];
}
/**
 * Maps a humanoid skeleton by its joint names alone (Kimodo/SMPL names, the
 * common conventions' aliases, the spine by hierarchy); parents[i] is joint
 * i's parent index (−1 for a root).
 */
export function mapJointNames(names: readonly string[], parents: readonly number[]): JointMapping;
/**
 * Maps a humanoid skeleton as kb.importBvh and kblend/three's
 * createRigBinding do: the caller's map first ({ kblendJoint: name }), then
 * names, then the hierarchy and the standing rest positions ([x, y, z] per
 * source joint); consistent drops automatic picks that contradict the map.
 */
export function mapJoints(source: {
  names: readonly string[];
  parents: readonly number[];
  rest: readonly ArrayLike<number>[];
  map?: 'auto' | Partial<Record<JointName, string>>;
  consistent?: boolean;
}): JointMapping;
/**
 * An options object checked against the names it may hold (undefined reads
 * as {}): a key outside them throws a TypeError naming the nearest known one.
 */
export function checkOptions<T extends object>(
  name: string,
  value: T | undefined,
  known?: readonly string[],
): T;
/**
 * A number within bounds (each optional; open with minOpen / maxOpen): a
 * TypeError or RangeError naming the parameter, the value and what is allowed.
 */
export function checkNumber(
  name: string,
  value: unknown,
  bounds?: {
    min?: number;
    max?: number;
    minOpen?: boolean;
    maxOpen?: boolean;
    integer?: boolean;
    allowInfinity?: boolean;
    float32?: boolean;
  },
): number;

export type Quat = ArrayLike<number>;
export type JointName =
  | 'pelvis'
  | 'left_hip'
  | 'right_hip'
  | 'spine1'
  | 'left_knee'
  | 'right_knee'
  | 'spine2'
  | 'left_ankle'
  | 'right_ankle'
  | 'spine3'
  | 'left_foot'
  | 'right_foot'
  | 'neck'
  | 'left_collar'
  | 'right_collar'
  | 'head'
  | 'left_shoulder'
  | 'right_shoulder'
  | 'left_elbow'
  | 'right_elbow'
  | 'left_wrist'
  | 'right_wrist';

export interface EnvelopeOptions {
  /** Attack ratio a ≥ 0 (default 0.15). */
  attack?: number;
  /** Release ratio r ≥ 0, a + r ≤ 1 (default 0.20). */
  release?: number;
}

export interface KliOptions {
  /** Coupling K in kb.limits.kliRate (default 1). */
  rate?: number;
  /** Step h in kb.limits.kliStep (default 0.01). */
  step?: number;
  /** Stop when |q − r| < ε, ε in kb.limits.kliEpsilon (default 1e-5). */
  epsilon?: number;
  method?: 'rk4' | 'euler';
  /** Negate r when p·r < 0 (default true); false: the paper's model. */
  shortestPath?: boolean;
  /**
   * Step cap, an integer in kb.limits.kliMaxSteps (at most 10,000,000: about
   * half a second of RK4); default: enough steps for t = 1000 s, within that cap.
   */
  maxSteps?: number;
}

export interface KliResult {
  tStop: number;
  steps: number;
  q: Float64Array;
  /** false when maxSteps was reached first. */
  converged: boolean;
}

export interface FilterOptions {
  /** Deadband ε, rad, in kb.limits.epsilon (default kb.defaults.epsilon). */
  epsilon?: number;
  /** Follow rate λ, 1/s, in kb.limits.lambda, or Infinity: a pure gate (default 18). */
  lambda?: number;
  /** dt is clamped to [0, dtMax]; dtMax in kb.limits.dtMax (default 1/30 s). */
  dtMax?: number;
  follower?: 'exp' | 'kli';
  /** Joints filtered per step (default 1). */
  joints?: number;
}

export interface Filter {
  readonly options: Readonly<Required<FilterOptions>>;
  /** One sample of every joint (4·joints numbers); returns the filtered rotations. */
  step(q: ArrayLike<number>, dt: number): Float32Array;
  /** Joints that moved at the last step. */
  readonly changed: number;
  reset(): void;
  dispose(): void;
}

/** A hand's shape and curl (0: open … 1: the whole shape). */
export type HandShape = 'open' | 'relaxed' | 'fist' | 'point' | 'thumbUp';
export interface Hand {
  readonly shape: HandShape;
  readonly curl: number;
}
export interface Hands {
  readonly left: Hand;
  readonly right: Hand;
}

export interface Gesture {
  /** The file format's version the gesture is in (2). */
  readonly version: number;
  readonly name: string;
  readonly description: string;
  readonly duration: number;
  readonly loop: boolean;
  readonly period: number;
  readonly timeUnit: 'seconds' | 'hold';
  readonly keyframes: ReadonlyArray<{
    readonly time: number;
    readonly rotations: Readonly<Partial<Record<JointName, readonly [number, number, number]>>>;
    readonly hands: Hands;
  }>;
  readonly joints: readonly JointName[];
}

/** A gesture file's content (docs/design.md §8): XYZ Euler degrees per joint. */
export interface GestureData {
  /** 1 (the default: no hand shapes) or 2. */
  version?: 1 | 2;
  name: string;
  description?: string;
  duration?: number;
  loop?: boolean;
  period?: number;
  timeUnit?: 'seconds' | 'hold';
  keyframes: {
    time: number;
    rotations: Partial<Record<JointName, [number, number, number]>>;
    /** Version 2: a side left out is open; curl defaults to 1. */
    hands?: Partial<Record<'left' | 'right', { shape: HandShape; curl?: number }>>;
  }[];
}

/** Whole poses at seconds, e.g. a retargeted clip. */
export interface Track {
  /** Seconds, increasing (as float32). */
  times: ArrayLike<number>;
  /** times.length · 88 numbers. */
  rotations: ArrayLike<number>;
  loop?: boolean;
  period?: number;
  /** 22 flags: joints the track drives (default all). */
  mask?: ArrayLike<number>;
  /** Root translation per key, m: times.length · 3 numbers (default none: [0, 0, 0]). */
  root?: ArrayLike<number>;
}

/** Every tunable's default (docs/design.md §4–§7), from the core's header. */
export interface Defaults {
  readonly gesture: string;
  readonly attack: number;
  readonly release: number;
  readonly epsilon: number;
  readonly lambda: number;
  readonly dtMax: number;
  readonly duration: number;
  readonly fps: number;
  readonly jitter: number;
  readonly seed: number;
  readonly apose: number;
  readonly height: number;
  readonly attackSeconds: number;
  readonly releaseSeconds: number;
  readonly kliRate: number;
  readonly kliStep: number;
  readonly kliEpsilon: number;
  readonly kliMaxSteps: number;
  readonly shape: 'smoothstep' | 'kli';
  readonly order: 'kblend' | 'seed' | 'naive-euler';
  readonly follower: 'exp' | 'kli';
}

/** An inclusive range of a numeric tunable; every value in it is one the core accepts. */
export interface Limit {
  readonly min: number;
  readonly max: number;
  /** Present (true) for integer tunables. */
  readonly integer?: true;
}

export type LimitName =
  | 'attack'
  | 'release'
  | 'epsilon'
  | 'lambda'
  | 'dtMax'
  | 'duration'
  | 'fps'
  | 'jitter'
  | 'seed'
  | 'apose'
  | 'height'
  | 'attackSeconds'
  | 'releaseSeconds'
  | 'kliRate'
  | 'kliStep'
  | 'kliEpsilon'
  | 'kliMaxSteps'
  | 'batchPairs';

/** Palm centre, palm normal, thumb tip and thumb direction of one hand, world frame. */
export interface HandMarkersWorld {
  palmCentre: [number, number, number];
  palmNormal: [number, number, number];
  thumbTip: [number, number, number];
  thumbDirection: [number, number, number];
}

/**
 * What a displayed frame needs (preview.evaluateFrame): one pose evaluation
 * and, when fk, clap or markers is asked, one forward-kinematics pass.
 * Every array is a fresh copy, the caller's to keep.
 */
export interface PreviewFrame {
  /** t clamped to [0, duration], s. */
  time: number;
  /** Local rotations, 88 numbers (as evaluate(t)). */
  pose: Float32Array;
  /** Root translation at t, m ([0, 0, 0] without root motion). */
  root: Float32Array;
  /** Envelope value E(t / duration) with the preview's attack and release. */
  envelope: number;
  /** The hand shapes shown at t (docs/design.md §8, "Hand shapes"): open for a track or while envelope < 0.5. */
  hands: Hands;
  /** Joints whose rotation changed at this frame (as preview.changed). */
  changed: number;
  /** With fk: world positions (66) of the pose moved by root. */
  positions?: Float32Array;
  /** With fk: world rotations (88). */
  rotations?: Float32Array;
  /** With clap: the clap report of the pose (as validateClap returns it). */
  clap?: ClapReport;
  /** With markers: both hands' markers in the world. */
  markers?: { left: HandMarkersWorld; right: HandMarkersWorld };
}

export interface EvaluateFrameOptions {
  /** World positions and rotations (default false). */
  fk?: boolean;
  /** The clap report (default false). */
  clap?: boolean;
  /** The hand markers in the world (default false). */
  markers?: boolean;
}

export interface PreviewOptions extends EnvelopeOptions {
  /** A gesture name from the library or a gesture object (default 'clap'). */
  gesture?: string | GestureData | Gesture;
  /** Instead of a gesture: a ready-made track (a capture: importBvh's clip.track). */
  track?: Track;
  /**
   * 'none': the track plays as captured — every key time gives that key's
   * pose and root, the first and last keys included, times between keys
   * interpolate (no envelope, no deadband, no smoothing). 'idle': the
   * envelope blends from idle and the filter runs, as for a gesture (frame 0
   * and the last frame exactly idle). Default: 'none' for a track given none
   * of attack, release, epsilon, lambda, dtMax, follower; else 'idle'.
   * 'none' beside any of those is a RangeError.
   */
  blend?: 'idle' | 'none';
  epsilon?: number;
  lambda?: number;
  dtMax?: number;
  follower?: 'exp' | 'kli';
  /** Clip length, s, in kb.limits.duration (default: the gesture's or the track's). */
  duration?: number;
  /** Frame grid, in kb.limits.fps (default: a track's key rate, or the smallest
   * multiple of it reaching 30, so every key is a frame; 30 for a gesture). */
  fps?: number;
  /** Seeded target noise amplitude σ, rad, in kb.limits.jitter (default 0). */
  jitter?: number;
  /** Integer in kb.limits.seed (default 1). */
  seed?: number;
  /** Idle A-pose angle, rad, in kb.limits.apose (default 1.18). */
  apose?: number;
  /** Body height for FK, the clap check and markers in evaluateFrame, m (default 1.75). */
  height?: number;
  shape?: 'smoothstep' | 'kli';
  /** 'kblend' (filter the target, blend last), 'seed' (blend, then filter), 'naive-euler'. */
  order?: 'kblend' | 'seed' | 'naive-euler';
}

/** After dispose() every method and getter throws an Error saying so. */
export interface Preview {
  readonly options: Readonly<
    PreviewOptions & { gesture: string; duration: number; fps: number; blend: 'idle' | 'none' }
  >;
  readonly gesture: Gesture | null;
  readonly duration: number;
  readonly fps: number;
  readonly frameCount: number;
  /** True when the track gave root motion. */
  readonly hasRoot: boolean;
  /** Joints whose rotation changed at the frame last evaluated. */
  readonly changed: number;
  /** 22 bytes, 1 where a joint's output differs from the output last
   * returned (evaluate or frame; after a seek, every joint that differs
   * from what was last shown). A live view, updated in place. */
  readonly changedMask: Uint8Array;
  /** Local rotations at time t (clamped to [0, duration]). */
  evaluate(t: number): Float32Array;
  /** The pose into out (length ≥ 88); rootOut (length ≥ 3) gets the root translation. */
  evaluateInto<T extends Float32Array | Float64Array>(
    t: number,
    out: T,
    rootOut?: Float32Array | Float64Array,
  ): T;
  /** Everything a displayed frame needs from one pass (see PreviewFrame). */
  evaluateFrame(t: number, options?: EvaluateFrameOptions): PreviewFrame;
  /** Root translation at t, m: the track's per-key roots sampled on the frame grid like the poses. */
  root(t: number): [number, number, number];
  frame(k: number): Float32Array;
  frameTime(k: number): number;
  dispose(): void;
}

export interface ClapReport {
  separation: number;
  palmDot: number;
  thumbLeft: number;
  thumbRight: number;
  /** (p_L − p_R)·x̂_body: positive when the arms are not crossed. */
  order: number;
  ordered: boolean;
  ok: boolean;
  rules: {
    separation: boolean;
    palms: boolean;
    thumbLeft: boolean;
    thumbRight: boolean;
    ordered: boolean;
  };
}

/** n SLERP pairs living in the core's heap (no copies per call); after dispose() the views are empty and the methods throw. */
export interface SlerpBatch {
  readonly count: number;
  readonly a: Float32Array;
  readonly b: Float32Array;
  readonly u: Float32Array;
  readonly out: Float32Array;
  slerp(): Float32Array;
  /** Polynomial kernel, SIMD; the same accuracy bar (1e-5 rad). n in kb.limits.batchPairs (fits the heap). */
  slerpFast(): Float32Array;
  dispose(): void;
}

export interface CrowdOptions {
  /** An array of preview options (1 to 10000), or { count, options }. */
  members: PreviewOptions[] | { count: number; options?: PreviewOptions };
  /** Also fill worldMatrices at every evaluate (default false). */
  matrices?: boolean;
  /** Where joint j of member i is in worldMatrices: 'member' (default) at
   * 16·(22·i + j), 'joint' at 16·(count·j + i), each joint's matrices over
   * the crowd one contiguous run (an instanced mesh's instance matrices);
   * 'joint' needs matrices: true. */
  matrixLayout?: 'member' | 'joint';
  /** Body height for the matrices' FK, m, in [0.5, 3] (default 1.75). */
  height?: number;
  /** Initial root positions, 3 per member (default: all at the origin). */
  roots?: ArrayLike<number>;
  /** Slerp every joint at every stage (the reference of the skipping
   * core): the same output, slower; for checks and benchmarks. */
  referencePath?: boolean;
}

/** N previews evaluated by one call into the core. */
export interface Crowd {
  readonly count: number;
  readonly members: readonly Preview[];
  /** 88 floats per member: local rotations at the last evaluate. */
  readonly poses: Float32Array;
  /** 22 bytes per member: 1 where a joint differs from the output last
   * returned for that member. */
  readonly changedMask: Uint8Array;
  /** 3 floats per member, read by evaluate when matrices are on. */
  readonly roots: Float32Array;
  /** 16·22 floats per member (column-major, as Matrix4.elements), world
   * matrices from FK at each member's root, laid out by matrixLayout; null
   * without `matrices`. */
  readonly worldMatrices: Float32Array | null;
  /** The layout of worldMatrices; null without `matrices`. */
  readonly matrixLayout: 'member' | 'joint' | null;
  /** With matrixLayout 'joint': 22 bytes, 1 where the last evaluate
   * recomputed that joint's matrix for some member (its or an ancestor's
   * rotation changed, or the member's root moved; FK runs only there);
   * else null. */
  readonly movedJoints: Uint8Array | null;
  /** Body height of the matrices' FK, m. */
  readonly height: number;
  /** The T-pose bind's world positions at that height, 66 floats (m). */
  readonly bind: Float32Array;
  /** Every member at time t (clamped to each clip); returns poses. */
  evaluate(t: number): Float32Array;
  dispose(): void;
}

export interface KBlend extends IkApi, ComparisonApi, BvhApi, BodyContactsApi, FitEnvelopeApi {
  /** N previews in one call. */
  createCrowd(options: CrowdOptions): Crowd;
  envelope(p: number, options?: EnvelopeOptions): number;
  envelopeSlope(p: number, options?: EnvelopeOptions): number;
  envelopeRatios(options: { attackSeconds?: number; releaseSeconds?: number; duration: number }): {
    attack: number;
    release: number;
  };
  /**
   * The attack + release ≤ 1 rule: the value not `moved` gives way (both
   * shrink in proportion without `moved`); `decimals` rounds the result.
   */
  fitAttackRelease(
    attack: number,
    release: number,
    options?: { moved?: 'attack' | 'release'; decimals?: number },
  ): { attack: number; release: number; adjusted: boolean };
  slerp(a: Quat, b: Quat, u: number): Float32Array;
  geodesicAngle(a: Quat, b: Quat): number;
  quatFromEuler(euler: ArrayLike<number>): Float32Array;
  eulerFromQuat(q: Quat): Float32Array;
  createBatch(n: number): SlerpBatch;
  kli(p: Quat, r: Quat, options?: KliOptions): KliResult;
  kliAt(
    p: Quat,
    r: Quat,
    t: number,
    options?: { rate?: number; shortestPath?: boolean },
  ): Float32Array;
  kliWeight(theta0: number, rate: number, t: number): number;
  /**
   * The 'kli' shape's ramp (kb_kli_ramp): kliWeight(theta0, K, elapsed) with
   * K = ln(tan(theta0/2) / tan(epsilon/4)) / span, the rate that arrives
   * within epsilon (rad, taken ≥ 1e-5) after span seconds; 1 when span is 0
   * or theta0 is within epsilon already.
   */
  kliRamp(theta0: number, epsilon: number, span: number, elapsed: number): number;
  createFilter(options?: FilterOptions): Filter;
  readonly skeleton: { readonly names: readonly JointName[]; readonly parents: readonly number[] };
  idlePose(apose?: number): Float32Array;
  bindPositions(height?: number): Float32Array;
  forwardKinematics(
    localRotations: ArrayLike<number>,
    rootTranslation?: ArrayLike<number>,
    options?: { height?: number },
  ): { positions: Float32Array; rotations: Float32Array };
  /** count poses (count·88 numbers) in one call; roots count·3. With
   * `out` the results are written into its buffers (count·66 and count·88
   * floats), which are returned; else into new arrays. */
  forwardKinematicsBatch(
    localRotations: ArrayLike<number>,
    rootTranslations?: ArrayLike<number> | null,
    options?: {
      height?: number;
      out?: { positions: Float32Array; rotations: Float32Array };
    },
  ): { positions: Float32Array; rotations: Float32Array };
  validateClap(localRotations: ArrayLike<number>, options?: { height?: number }): ClapReport;
  /** The core's hand markers: points fixed in a wrist's frame (m). */
  handMarkers(
    height?: number,
  ): Readonly<
    Record<
      'leftPalm' | 'rightPalm' | 'leftThumb' | 'rightThumb',
      { joint: number; offset: readonly number[] }
    >
  >;
  createPreview(options?: PreviewOptions): Preview;
  /** A gesture keyframe as a whole pose: named joints from their Euler degrees, the rest at idle. */
  keyframePose(
    keyframe: { rotations: Partial<Record<JointName, ArrayLike<number>>> },
    apose?: number,
  ): Float32Array;
  readonly gestureNames: readonly string[];
  getGesture(name: string): Gesture;
  parseGesture(data: unknown, file?: string): Gesture;
  /** A gesture file's JSON text; a key given twice is refused. */
  parseGestureJson(text: string, file?: string): Gesture;
  /** Every tunable's default, from the core's header; frozen. */
  readonly defaults: Defaults;
  /** { min, max } of every numeric tunable, from the core's header; frozen. */
  readonly limits: Readonly<Record<LimitName, Limit>>;
  /** The core's ABI table: status codes, enum values, layouts, sizes by name; frozen. */
  readonly abi: Readonly<Record<string, number>>;
  statusText(status: number): string;
  /** The heap's size and the largest block it can still give, bytes. */
  heap(): { size: number; largestFree: number };
}

export function loadKBlend(options?: { wasmBinary?: ArrayBuffer | Uint8Array }): Promise<KBlend>;
export const gestureNames: readonly string[];
/** The gesture file format's current version. */
export const GESTURE_FORMAT_VERSION: 2;
/** The hand shapes a keyframe may name. */
export const HAND_SHAPES: readonly HandShape[];
/** Both hands open (what a keyframe without "hands" holds). */
export const OPEN_HANDS: Hands;
export function getGesture(name: string): Gesture;
export function parseGesture(data: unknown, file?: string): Gesture;
export function parseGestureJson(text: string, file?: string): Gesture;
