#include "CKinetypeShims.h"
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void kt_reuse_large_allocations(void) {
#if defined(__GLIBC__)
    mallopt(M_MMAP_THRESHOLD, 256 << 20);
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}
