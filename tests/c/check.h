/* Minimal test harness for the native tests: CHECK records a failure with
 * its place and goes on; check_summary() prints "N passed, N failed". */
#ifndef KBLEND_CHECK_H
#define KBLEND_CHECK_H

#include <math.h>
#include <stdio.h>

static int check_passed, check_failed;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (cond)                                                                  \
      check_passed++;                                                          \
    else {                                                                     \
      check_failed++;                                                          \
      fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
    }                                                                          \
  } while (0)

#define CHECK_NEAR(a, b, tol)                                                  \
  do {                                                                         \
    double check_a_ = (a), check_b_ = (b);                                     \
    if (fabs(check_a_ - check_b_) <= (tol))                                    \
      check_passed++;                                                          \
    else {                                                                     \
      check_failed++;                                                          \
      fprintf(stderr, "%s:%d: %s = %.9g, %s = %.9g, tolerance %g\n", __FILE__, \
              __LINE__, #a, check_a_, #b, check_b_, (double)(tol));            \
    }                                                                          \
  } while (0)

static int check_summary(const char *suite) {
  printf("%s: %d passed, %d failed\n", suite, check_passed, check_failed);
  return check_failed == 0 ? 0 : 1;
}

#endif
