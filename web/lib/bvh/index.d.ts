// Types of BVH import and export (kb.importBvh, kb.exportBvh).
import type { JointName, Preview } from '../kblend.js';

export interface BvhImportOptions {
  /** Used in messages and as the clip's name (default 'the BVH file'). */
  name?: string;
  /** Height of our rig, m, in [0.5, 3] (default 1.75). */
  height?: number;
  /** 'auto' (default) or { kblendJoint: fileJointName }; given names win, the rest is automatic. */
  map?: 'auto' | Partial<Record<JointName, string>>;
  /** At most this many frames are imported, from the first (default 20000). */
  maxFrames?: number;
  /** Shift the root so the feet rest on y = 0 in contact frames (default true). */
  ground?: boolean;
  /** Keep the root's horizontal position at 0 (default false: it travels). */
  inPlace?: boolean;
  /**
   * Polish the analytic rotation transfer with the core's solver, frame by
   * frame (each solve starts from the transfer's pose and stays near it),
   * e.g. to keep feet on their marks when the file's proportions differ
   * from ours; about 3 ms a frame (default false). clip.method is then
   * 'transfer+refine'.
   */
  refine?: boolean;
  /**
   * Called synchronously as the import goes (default null): first with 0,
   * then with strictly rising fractions while the file is parsed, its
   * joints' motion computed, the rotations carried over and the clip
   * grounded (each phase reports as it goes), and last with 1 just before
   * the clip is returned (not when the import throws). Only a file
   * retargeted by the solver alone (clip.method 'retarget') steps across
   * the 'retarget' slice at once, the solve being one call. `phase` names
   * the part that reported. In a worker, post each value to the page for
   * a progress bar.
   */
  onProgress?:
    ((fraction: number, phase: 'parse' | 'motion' | 'retarget' | 'ground' | 'done') => void) | null;
}

export interface BvhTrack {
  times: Float32Array;
  /** frames · 88 local rotations. */
  rotations: Float32Array;
  /** frames · 3 root translations, m (x and z start at 0). */
  root: Float32Array;
  loop: false;
  period: 0;
  /** 22 flags: the joints the track drives (the file's, and any the solver posed between them). */
  mask: Uint8Array;
}

export interface BvhClip {
  name: string;
  /** What kb.createPreview({ track }) plays. */
  track: BvhTrack;
  rotations: Float32Array;
  root: Float32Array;
  frames: number;
  /** Frames the file has (more than `frames` when cut by maxFrames or 600 s). */
  fileFrames: number;
  truncated: boolean;
  fps: number;
  frameTime: number;
  duration: number;
  /**
   * 'direct': the file is kblend's skeleton, rotations copied; 'transfer':
   * rotations carried over analytically from the file's rest to ours (limb
   * directions follow the file's exactly); 'transfer+refine': that, then
   * polished by the solver (options.refine); 'retarget': solved from
   * positions by the core's solver, because the file's rest could not be
   * matched to ours (the reason is in `notes`).
   */
  method: 'direct' | 'transfer' | 'transfer+refine' | 'retarget';
  /** kblend joint → the file's joint. */
  mapped: Partial<Record<JointName, string>>;
  unmapped: JointName[];
  /** The file's joints not used. */
  ignored: string[];
  /** The file's joint names, in file order. */
  joints: string[];
  /** File units → metres at our height. */
  scale: number;
  /** The floor height removed from the root, m. */
  floor: number;
  driven: boolean[];
  limbs: [number, number][];
  /** frames × 66: the file's joint positions in our joint order, file units. */
  sourcePositions: Float64Array;
  /** Solver iterations over the clip (0 for 'direct' and 'transfer'). */
  iterations: number;
  meanCost: number;
  /**
   * What the import read in a way worth saying, e.g. position channels on
   * joints below the root: values that match a joint's offset are its
   * local position (they replace the offset), values near zero are moves
   * added to it. Empty for most files.
   */
  notes: string[];
}

export interface BvhExportOptions {
  /** Frame rate for a preview (default: the preview's). */
  fps?: number;
  /** Height of the skeleton written, m (default 1.75). */
  height?: number;
  /** 'cm' (default) or 'm'. */
  units?: 'cm' | 'm';
  /** A preview only: three finger joints under each wrist (<side>_thumb, _index, _fingers) bent as the frame's hand shapes (default false). */
  hands?: boolean;
}

export interface BvhApi {
  importBvh(text: string | ArrayBuffer | ArrayBufferView, options?: BvhImportOptions): BvhClip;
  /**
   * BVH text of kblend's skeleton: offsets from bindPositions, channels
   * "Xrotation Yrotation Zrotation" (R = Rx·Ry·Rz) on every joint, the root's
   * "Xposition Yposition Zposition" first.
   */
  exportBvh(
    source:
      | Preview
      | {
          track: {
            times: ArrayLike<number>;
            rotations: ArrayLike<number>;
            root?: ArrayLike<number>;
          };
        }
      | { times: ArrayLike<number>; rotations: ArrayLike<number>; root?: ArrayLike<number> },
    options?: BvhExportOptions,
  ): string;
}

export class BvhImportError extends RangeError {
  readonly name: 'BvhImportError';
  /** The line at fault (1-based), when a line is. */
  readonly line?: number;
  /** Our joints that could not be mapped, when mapping failed. */
  readonly unmapped?: JointName[];
  /** The file's joint names, when mapping failed. */
  readonly joints?: string[];
  /** What automatic mapping did find (our joint → file joint), when mapping failed. */
  readonly mapped?: Partial<Record<JointName, string>>;
  /** The unmapped joints an import cannot do without, when mapping failed. */
  readonly missing?: JointName[];
}

export const BVH_LIMITS: Readonly<{
  maxBytes: number;
  maxJoints: number;
  maxDepth: number;
  maxFrames: number;
  minFrameTime: number;
  maxFrameTime: number;
  maxDegrees: number;
  maxOffset: number;
}>;
