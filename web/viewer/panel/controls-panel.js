// The tuning and playback panel (lil-gui). The panel only reports what the
// user moved (`onTune(name, value)` in the units of the library: ratios,
// radians, seconds) and shows what the page decided (`show(params)`): the
// page owns the state, so a link, a reset and a slider all go one way.
import GUI from 'lil-gui';
import 'lil-gui/style.css';
import { NUMERIC_PARAMS } from '../state/params.js';
import { CHOICE_PARAMS } from '../state/choice-params.js';
import { SPEED_RANGE } from '../timeline/playback.js';

const DEG = Math.PI / 180;
const EPSILON_LOG = {
  min: Math.log10(NUMERIC_PARAMS.epsilon.min),
  max: Math.log10(NUMERIC_PARAMS.epsilon.max),
};

function epsilonLabel(epsilon) {
  return `epsilon ${epsilon.toExponential(1)} rad`;
}

function noteElement(className) {
  const note = document.createElement('div');
  note.className = `panel-note ${className}`;
  note.setAttribute('role', 'status');
  note.hidden = true;
  return note;
}

/**
 * @param {object} options
 * @param {HTMLElement} options.container
 * @param {string[]} options.gestureNames
 * @param {object} options.params  canonical params to show first
 * @param {object} options.playback  the clock (loop, speed)
 * @param {object} options.actions  onTune(name, value), playPause(), step(n),
 *   home(), end(), reset(), copyLink(), view(name), skeleton(on), body(on)
 *   importBvh(), clapArrows(on)
 */
export function createControlsPanel({ container, gestureNames, params, playback, actions }) {
  const gui = new GUI({
    container,
    title: 'kblend',
    injectStyles: false,
    width: 300,
  });
  const model = {
    ...params,
    epsilonLog: Math.log10(params.epsilon),
    aposeDegrees: params.apose / DEG,
    speed: playback.speed,
    loop: playback.loop,
    skeleton: false,
    body: true,
    clapArrows: params.gesture === 'clap',
    importBvh: actions.importBvh,
    playPause: actions.playPause,
    stepBack: () => actions.step(-1),
    stepForward: () => actions.step(1),
    home: actions.home,
    end: actions.end,
    reset: actions.reset,
    copyLink: actions.copyLink,
    front: () => actions.view('front'),
    side: () => actions.view('side'),
    threeQuarter: () => actions.view('threeQuarter'),
  };
  const tune =
    (name, toLibrary = (x) => x) =>
    (value) =>
      actions.onTune(name, toLibrary(value));

  const gesture = gui.addFolder('gesture');
  const controllers = {
    gesture: gesture.add(model, 'gesture', gestureNames).name('gesture').onChange(tune('gesture')),
  };
  controllers.ik = gesture.add(model, 'ik').name('solve with IK').onChange(tune('ik'));
  controllers.ik.domElement.title =
    'Target: the clap pose solved by IK so that every clap rule holds';
  controllers.ik.show(params.gesture === 'clap'); // the switch is the clap's
  const importButton = gesture.add(model, 'importBvh').name('import BVH…');
  importButton.domElement.title =
    'Import a BVH clip (or drop one on the page); a share link cannot carry it';
  const envelope = gui.addFolder('envelope');
  controllers.attack = envelope
    .add(model, 'attack', 0, 1, 0.01)
    .name('attack')
    .onChange(tune('attack'));
  controllers.release = envelope
    .add(model, 'release', 0, 1, 0.01)
    .name('release')
    .onChange(tune('release'));
  const ratioNote = noteElement('ratio-note');
  controllers.release.domElement.after(ratioNote);
  controllers.shape = envelope
    .add(model, 'shape', CHOICE_PARAMS.shape.values)
    .name('shape')
    .onChange(tune('shape'));

  const filter = gui.addFolder('deadband filter');
  controllers.epsilon = filter
    .add(model, 'epsilonLog', EPSILON_LOG.min, EPSILON_LOG.max, 0.01)
    .name(epsilonLabel(params.epsilon))
    .decimals(2)
    .onChange(tune('epsilon', (exponent) => 10 ** exponent));
  controllers.lambda = filter
    .add(model, 'lambda', NUMERIC_PARAMS.lambda.min, NUMERIC_PARAMS.lambda.max, 0.5)
    .name('lambda (1/s)')
    .onChange(tune('lambda'));
  controllers.follower = filter
    .add(model, 'follower', CHOICE_PARAMS.follower.values)
    .name('follower')
    .onChange(tune('follower'));

  const clip = gui.addFolder('clip');
  controllers.duration = clip
    .add(model, 'duration', NUMERIC_PARAMS.duration.min, NUMERIC_PARAMS.duration.max, 0.05)
    .name('duration (s)')
    .onChange(tune('duration'));
  controllers.jitter = clip
    .add(model, 'jitter', NUMERIC_PARAMS.jitter.min, NUMERIC_PARAMS.jitter.max, 0.001)
    .name('jitter σ (rad)')
    .onChange(tune('jitter'));
  controllers.seed = clip
    .add(model, 'seed', NUMERIC_PARAMS.seed.min, NUMERIC_PARAMS.seed.max, 1)
    .name('jitter seed')
    .onChange(tune('seed'));
  controllers.apose = clip
    .add(model, 'aposeDegrees', 0, NUMERIC_PARAMS.apose.max / DEG, 0.1)
    .name('A-pose angle (°)')
    .decimals(1)
    .onChange(tune('apose', (degrees) => degrees * DEG));
  const errorNote = noteElement('error-note');
  controllers.apose.domElement.after(errorNote);

  const comparison = gui.addFolder('comparison');
  controllers.compare = comparison
    .add(model, 'compare')
    .name('compare methods')
    .onChange(tune('compare'));
  controllers.joint = comparison
    .add(model, 'joint', CHOICE_PARAMS.joint.values)
    .name('plotted joint')
    .onChange(tune('joint'));

  const play = gui.addFolder('playback');
  const playButton = play.add(model, 'playPause').name('play');
  play.add(model, 'stepBack').name('step −1 frame (←)');
  play.add(model, 'stepForward').name('step +1 frame (→)');
  play.add(model, 'home').name('to start (Home)');
  play.add(model, 'end').name('to end (End)');
  play
    .add(model, 'loop')
    .name('loop')
    .onChange((on) => {
      playback.loop = on;
    });
  play
    .add(model, 'speed', SPEED_RANGE.min, SPEED_RANGE.max, 0.05)
    .name('playback speed')
    .onChange((speed) => {
      playback.speed = speed;
    });

  const view = gui.addFolder('view');
  view.add(model, 'front').name('front view');
  view.add(model, 'side').name('side view');
  view.add(model, 'threeQuarter').name('three-quarter view');
  view.add(model, 'skeleton').name('skeleton overlay').onChange(actions.skeleton);
  view.add(model, 'body').name('body').onChange(actions.body);
  const clapArrows = view.add(model, 'clapArrows').name('clap arrows').onChange(actions.clapArrows);

  gui.add(model, 'reset').name('reset to defaults');
  gui.add(model, 'copyLink').name('copy link');

  function showNote(note, text) {
    note.textContent = text ?? '';
    note.hidden = !text;
  }

  return {
    gui,
    // Show the page's current params (after clamping and the a + r rule).
    show(current) {
      Object.assign(model, current, {
        epsilonLog: Math.log10(current.epsilon),
        aposeDegrees: current.apose / DEG,
      });
      controllers.epsilon.name(epsilonLabel(current.epsilon));
      for (const controller of Object.values(controllers)) controller.updateDisplay();
      controllers.ik.show(current.gesture === 'clap');
    },
    setPlaying(playing) {
      playButton.name(playing ? 'pause (Space)' : 'play (Space)');
    },
    // The attack/release rule and step warnings, in words under the sliders.
    setRatioNote(text) {
      showNote(ratioNote, text);
    },
    // An option the library refused, with its message.
    setError(text) {
      showNote(errorNote, text);
    },
    // The gesture picker's list (the library's, then imported clips).
    setGestureNames(names) {
      controllers.gesture.options(names).updateDisplay();
    },
    setClapArrows(on) {
      model.clapArrows = on;
      clapArrows.updateDisplay();
    },
    get error() {
      return errorNote.textContent;
    },
  };
}
