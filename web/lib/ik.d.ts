// Types of the IK part of the kblend API (web/lib/ik.js), merged into the
// object loadKBlend() returns.
import type { ClapReport } from './kblend.js';

/** A joint by name (e.g. 'left_wrist') or index in the order of the skeleton. */
export type JointRef = string | number;

/** A point fixed to the body: a joint, a hand marker, or a joint with an offset in its frame (m). */
export type PointRef =
  | JointRef
  | 'left_palm'
  | 'right_palm'
  | 'left_thumb'
  | 'right_thumb'
  | { joint: JointRef; offset?: ArrayLike<number> };

export interface FrameVectorPair {
  /** Origin point; null or omitted: the world origin (index −1). */
  origin?: PointRef | null;
  /** Task link. */
  link: PointRef;
  /** Target displacement d_tgt, world, m. */
  target: ArrayLike<number>;
  /** s_i (default 1). */
  scale?: number;
  /** w_i ≥ 0 (default 1). */
  weight?: number;
}

/** FrameVectorTask (docs/design.md §7): d = s(p_link − p_origin) matched to a target. */
export interface FrameVectorTask {
  type: 'frameVector';
  pairs: FrameVectorPair[];
  /** Only the target's direction counts. */
  directionOnly?: boolean;
  huber?: 'off' | 'component' | 'norm';
  /** Huber threshold δ > 0 (default 1). */
  huberDelta?: number;
  /** Soft gate from the raw target length, start > full ≥ 0. */
  gate?: { start: number; full: number } | false | null;
}

/** TrajectoryRetargetingTask (docs/design.md §7) for one frame. */
export interface RetargetTask {
  type: 'retarget';
  /** Segments joint − origin (origin null or −1: the world origin). */
  pairs: { joint: JointRef; origin?: JointRef | null; weight?: number }[];
  /** Source positions P in our joint order: 66 numbers. */
  targets: ArrayLike<number>;
  /** α > 0 (default 1). */
  targetScale?: number;
  weightPosition?: number;
  weightDirection?: number;
  /** 1: the seed's 1 − d̂·t̂ row; 3: d̂ − t̂ (does not stall at opposite directions). */
  directionRows?: 1 | 3;
}

export interface IkOptions {
  maxIterations?: number;
  lambda0?: number;
  lambdaMin?: number;
  lambdaMax?: number;
  acceptRatio?: number;
  costTolerance?: number;
  stepTolerance?: number;
  gradientTolerance?: number;
  decreaseTolerance?: number;
}

export interface IkRequest {
  tasks: (FrameVectorTask | RetargetTask)[];
  /** Warm start: 88 local rotations (default: the idle pose). */
  start?: ArrayLike<number>;
  /** Root translation of the start (m). */
  root?: ArrayLike<number>;
  /** Joints that may move ('root' for the translation); default all. */
  mask?: (JointRef | 'root')[];
  /** Or a mask per degree of freedom (69 entries, 0/1). */
  dofMask?: ArrayLike<number>;
  reference?: ArrayLike<number>;
  referenceRoot?: ArrayLike<number>;
  referenceWeight?: number;
  previous?: ArrayLike<number>;
  previousRoot?: ArrayLike<number>;
  previousWeight?: number;
  options?: IkOptions;
  /** Body height of the rig, m (default 1.75). */
  height?: number;
}

export interface IkResult {
  pose: Float32Array;
  root: Float64Array;
  iterations: number;
  accepted: number;
  rejected: number;
  initialCost: number;
  cost: number;
  lambda: number;
  gradient: number;
  stop: 'cost' | 'gradient' | 'step' | 'lambda' | 'iterations';
  /** Stopped before the iteration cap. */
  converged: boolean;
  /** cost ≤ costTolerance: the targets were reached (else: least squares). */
  reached: boolean;
  status: string;
}

export interface ClapSolveOptions {
  separation?: number;
  chestForward?: number;
  chestDrop?: number;
  chestWeight?: number;
  referenceWeight?: number;
  height?: number;
}

export interface ClapSolveResult {
  pose: Float32Array;
  /** kb.validateClap(pose). */
  report: ClapReport;
  iterations: number;
  cost: number;
  converged: boolean;
  ok: boolean;
  result: IkResult;
}

export interface RetargetClipRequest {
  /** frames × 66 source positions in our joint order (any unit; see targetScale); 1 ≤ frames ≤ 50,000 (fits the heap). */
  positions: ArrayLike<number>;
  /** 22 booleans: which joints have a source (default all). */
  driven?: ArrayLike<boolean>;
  pairs?: { joint: JointRef; origin?: JointRef | null; weight?: number }[];
  targetScale?: number;
  weightPosition?: number;
  weightDirection?: number;
  directionRows?: 1 | 3;
  referenceWeight?: number;
  previousWeight?: number;
  maxIterations?: number;
  mask?: (JointRef | 'root')[];
  dofMask?: ArrayLike<number>;
  options?: IkOptions;
  height?: number;
}

export interface RetargetClipResult {
  frames: number;
  /** frames × 88 local rotations. */
  rotations: Float32Array;
  /** frames × 3 root translations, m. */
  root: Float32Array;
  iterations: number;
  meanCost: number;
  /** Frames that reached the iteration cap (kept with the best pose found). */
  unconverged: number;
}

export interface IkApi {
  solveIK(request: IkRequest): IkResult;
  solveClap(localRotations: ArrayLike<number>, options?: ClapSolveOptions): ClapSolveResult;
  retargetClip(request: RetargetClipRequest): RetargetClipResult;
  taskRows(
    task: FrameVectorTask | RetargetTask,
    at?: {
      pose?: ArrayLike<number>;
      root?: ArrayLike<number>;
      mask?: (JointRef | 'root')[];
      dofMask?: ArrayLike<number>;
      height?: number;
    },
  ): { rows: number; residual: Float64Array; jacobian: Float64Array };
  applyStep(
    pose: ArrayLike<number>,
    root: ArrayLike<number> | null,
    delta: ArrayLike<number>,
  ): { pose: Float64Array; root: Float64Array };
  defaultRetargetPairs(driven: ArrayLike<boolean>): { joint: number; origin: number }[];
  ikDefaults: Readonly<Required<IkOptions>>;
  /** The clap solve's defaults, from the core. */
  clapDefaults: Readonly<Required<Omit<ClapSolveOptions, 'height'>>>;
}
