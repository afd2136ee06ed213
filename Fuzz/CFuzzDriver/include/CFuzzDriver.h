#ifndef KINETYPE_CFUZZDRIVER_H
#define KINETYPE_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's per-input callback (the signature of LLVMFuzzerTestOneInput).
typedef int (*kt_fuzz_test_one_input)(const uint8_t *data, size_t size);

/// The `main` of a fuzz target. Linked with libFuzzer (-sanitize=fuzzer), hands control to
/// libFuzzer's driver with the command line. In a normal build, where libFuzzer is absent, runs
/// `test` once on the contents of each file named on the command line (replay), and returns 1 if
/// one cannot be read.
int kt_fuzz_main(int argc, char **argv, kt_fuzz_test_one_input test);

#endif
