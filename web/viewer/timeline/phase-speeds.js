// The speeds a phase loop plays at (labels as the panel shows them).
export const PHASE_SPEEDS = Object.freeze({ '1×': 1, '½×': 0.5, '¼×': 0.25 });
