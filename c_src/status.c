#include "kblend.h"

const char *kb_status_text(kb_status status) {
  switch (status) {
  case KB_OK:
    return "ok";
  case KB_ERR_NULL:
    return "a required pointer is NULL";
  case KB_ERR_NOT_FINITE:
    return "a value is NaN or infinite";
  case KB_ERR_OUT_OF_RANGE:
    return "a value is out of its allowed range";
  case KB_ERR_ZERO_QUAT:
    return "a quaternion has zero norm";
  case KB_ERR_CAPACITY:
    return "a count exceeds the buffers";
  case KB_ERR_BAD_ORDER:
    return "keyframe times are not increasing";
  }
  return "unknown status";
}
