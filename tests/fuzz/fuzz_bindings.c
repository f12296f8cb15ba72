/* The remaining binding entries the WebAssembly module exports: the ABI
 * table, status texts, joint lookups, filter and marker entries,
 * the IK workspace's markers. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_input in = {data, size};
  int i = (int)fuzz_u32(&in);
  const char *name = kb_abi_name(i);
  double value = kb_abi_value(i);
  if (i >= 0 && i < kb_abi_count())
    FUZZ_CHECK(name && name[0] && isfinite(value));
  else
    FUZZ_CHECK(!name && isnan(value));
  FUZZ_CHECK(kb_status_text((kb_status)i)[0] != 0);
  const char *joint = kb_joint_name(i);
  FUZZ_CHECK(joint == NULL || kb_joint_index(joint) == i);
  FUZZ_CHECK(i >= 0 && i < KB_JOINT_COUNT ? kb_joint_parent(i) < i
                                          : kb_joint_parent(i) == -2);
  kb_skeleton s;
  if (kb_skeleton_init(&s, fuzz_float(&in)) == KB_OK) {
    float marker[4];
    int which = fuzz_int(&in, -2, 5);
    if (kb_hand_marker_flat(&s, which, marker) == KB_OK)
      FUZZ_CHECK(all_finite(marker, 4) && which >= 0 && which < 4);
  }
  static kb_ik_workspace *w;
  if (!w) w = malloc(fuzz_abi_size("sizeof.ik_workspace"));
  if (kb_ik_workspace_init(w, fuzz_float(&in)) == KB_OK) {
    double marker[4];
    int which = fuzz_int(&in, -2, 5);
    if (kb_ik_marker_flat(w, which, marker) == KB_OK)
      FUZZ_CHECK(all_finite_d(marker, 4) && which >= 0 && which < 4);
  }
  kb_filter f;
  float state[KB_FILTER_FLOATS_PER_JOINT * 3];
  if (kb_filter_init_flat(&f, fuzz_float(&in), fuzz_float(&in), fuzz_float(&in),
                          fuzz_int(&in, -1, 2), state,
                          fuzz_int(&in, -1, 3)) == KB_OK)
    FUZZ_CHECK(f.count >= 1 && f.count <= 3);
  FUZZ_CHECK(kb_preview_frame_count(NULL) == 0);
  return 0;
}
