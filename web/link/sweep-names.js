// The sweeps the grid offers and its sizes: what a link's sw= and sws=
// may say (plain lists, imported by the params without a cycle). 'kli' is
// the KLI shape and follower, each on and off.
export const SWEEP_OFF = 'off';
export const SWEEP_NAMES = Object.freeze([
  SWEEP_OFF,
  'attack-release',
  'epsilon-lambda',
  'jitter-epsilon',
  'apose',
  'jitter',
  'kli',
]);
export const SWEEP_SIZES = Object.freeze(['3', '5', '10']);
