#include "CFuzzDriver.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Defined by libFuzzer (libclang_rt.fuzzer) when the target is linked with -fsanitize=fuzzer:
// its driver, for programs that have a main of their own. SwiftPM makes an executable target's
// `@main` the program's entry (--defsym main=<Target>_main), so libFuzzer's own main is never
// used; the fuzz targets call this instead. Weak, so a normal build links without libFuzzer and
// finds it NULL.
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))
    __attribute__((weak));

static int replay(const char *path, kt_fuzz_test_one_input test) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); return 1; }
    size_t capacity = 4096, size = 0;
    uint8_t *data = malloc(capacity);
    size_t got;
    while (data && (got = fread(data + size, 1, capacity - size, file)) > 0) {
        size += got;
        if (size == capacity) {
            uint8_t *bigger = realloc(data, capacity *= 2);
            if (!bigger) free(data);
            data = bigger;
        }
    }
    int failed = !data || ferror(file);
    fclose(file);
    if (failed) { fprintf(stderr, "%s: cannot read\n", path); free(data); return 1; }
    test(data, size);
    free(data);
    printf("replayed %s (%zu bytes): no crash\n", path, size);
    return 0;
}

int kt_fuzz_main(int argc, char **argv, kt_fuzz_test_one_input test) {
    if (LLVMFuzzerRunDriver) return LLVMFuzzerRunDriver(&argc, &argv, test);
    if (argc < 2 || strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
        printf("Usage: %s FILE...\n"
               "This build has no libFuzzer: it replays each FILE through the fuzz target once.\n"
               "To fuzz, build and run it with scripts/fuzz (-sanitize=fuzzer,address).\n", argv[0]);
        return argc < 2 ? 2 : 0;
    }
    int status = 0;
    for (int i = 1; i < argc; i++) status |= replay(argv[i], test);
    return status;
}
