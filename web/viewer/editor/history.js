// Undo and redo over snapshots: `record(before)` keeps the state before a
// change; undo gives back the last one kept and keeps the present for redo.
// A new change after an undo drops the redo side. Bounded.
const MAX_HISTORY = 200;

export function createHistory(limit = MAX_HISTORY) {
  const past = [];
  let future = [];
  return {
    record(before) {
      past.push(before);
      if (past.length > limit) past.shift();
      future = [];
    },
    // The snapshot to restore, or null; `present` is kept for redo.
    undo(present) {
      if (past.length === 0) return null;
      future.push(present);
      return past.pop();
    },
    redo(present) {
      if (future.length === 0) return null;
      past.push(present);
      return future.pop();
    },
    get canUndo() {
      return past.length > 0;
    },
    get canRedo() {
      return future.length > 0;
    },
  };
}
