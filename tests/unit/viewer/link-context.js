// The share-link parser's context in the tests: three gestures with their
// lengths and the viewer's defaults, as the page gives them.
export const LINK_DURATIONS = { clap: 2.4, wave: 3, salute: 2 };

export const linkDefaults = () => ({
  gesture: 'clap',
  attack: 0.15,
  release: 0.2,
  epsilon: 0.0005,
  lambda: 18,
  duration: 2.4,
  jitter: 0,
  seed: 1,
  apose: 1.18,
});

export const linkContext = (defaults = linkDefaults(), durations = LINK_DURATIONS) => ({
  gestureNames: Object.keys(durations),
  defaults,
  durationOf: (name) => durations[name],
});
