// Moved to web/lib/bvh/ (mapping by name and topology, BVH import and
// export); these names stay importable from here for existing callers.
export { mapJointNames } from './bvh/joint-names.js';
export {
  REQUIRED_JOINTS,
  bodyScale,
  gatherPositions,
  limbDirectionError,
  limbPairs,
} from './bvh/retarget-helpers.js';
