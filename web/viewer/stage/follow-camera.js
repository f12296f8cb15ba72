// The camera that follows the character along the floor. The point it
// looks at goes after the character's pelvis on a critically damped spring
// (exact for any frame time, so slow or uneven frames do not shake it):
// the view glides, the steps' side sway is smoothed away, and the camera
// keeps its angle and distance (and the user's orbit). The floor stays in
// the world, so the figure is seen walking over it. A jump further than a
// step can cover (a seek, the clip looping back) is taken at once. Height
// is never followed (a jump or a crouch does not bob the view).

// The spring's smoothing time (s): about the lag behind a steady walk.
const SMOOTH_TIME = 0.45;
const OMEGA = 2 / SMOOTH_TIME;
// A goal further than this (m) is jumped to, not glided to.
const SNAP_DISTANCE = 1.5;
// Closer than this (m, m/s) the camera is where it should be.
const SETTLED = 1e-4;

// One axis of the spring over dt: the new offset from the goal and speed.
function spring(offset, speed, dt) {
  const decay = Math.exp(-OMEGA * dt);
  const temp = (speed + OMEGA * offset) * dt;
  return { offset: (offset + temp) * decay, speed: (speed - OMEGA * temp) * decay };
}

/**
 * track(point) sets the goal (the pelvis in the world; null: nothing to
 * follow), step(dt) moves the view toward it (true while it moves), settle()
 * puts it there at once. moveBy(dx, dz) is how the view is moved.
 */
export function createFollow({ lookAt, moveBy }) {
  let on = true;
  let moving = false;
  const goal = { x: lookAt.x, z: lookAt.z };
  const speed = { x: 0, z: 0 };
  function settle() {
    speed.x = speed.z = 0;
    moving = false;
    moveBy(goal.x - lookAt.x, goal.z - lookAt.z);
  }
  return {
    get on() {
      return on;
    },
    setOn(value) {
      on = value === true;
      speed.x = speed.z = 0;
      moving = false;
    },
    track(point) {
      if (!on || !point) return false;
      goal.x = point.x;
      goal.z = point.z;
      if (Math.hypot(goal.x - lookAt.x, goal.z - lookAt.z) > SNAP_DISTANCE) settle();
      else moving = true;
      return true;
    },
    step(dt) {
      if (!on || !moving || !(dt > 0)) return false;
      const x = spring(lookAt.x - goal.x, speed.x, dt);
      const z = spring(lookAt.z - goal.z, speed.z, dt);
      speed.x = x.speed;
      speed.z = z.speed;
      const near = Math.hypot(x.offset, z.offset) < SETTLED;
      if (near && Math.hypot(speed.x, speed.z) < SETTLED) {
        settle();
        return true;
      }
      moveBy(goal.x + x.offset - lookAt.x, goal.z + z.offset - lookAt.z);
      return true;
    },
    settle() {
      if (on) settle();
    },
  };
}
