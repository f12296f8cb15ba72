/* Entry points shared between the core's sources without argument checks:
 * their public twins check, then call these. Not part of the API. */
#ifndef KBLEND_INTERNAL_H
#define KBLEND_INTERNAL_H

#include "kblend.h"

/* kb_filter_step on checked targets; returns the joints that moved. */
int kb__filter_step_unchecked(kb_filter *f, const float *targets, float dt);
/* kb_track_sample on a checked track; weights is scratch for 22 floats. */
void kb__track_sample_unchecked(const kb_track *track, const float *idle,
                                float t, float *weights, float *out);

#endif
