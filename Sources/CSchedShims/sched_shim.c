#define _GNU_SOURCE
#include <sched.h>
#include <errno.h>
#include "CSchedShims.h"

int kt_sched_affinity_count(void) {
    for (int cpus = 1024; cpus <= 65536; cpus *= 4) {
        cpu_set_t *set = CPU_ALLOC(cpus);
        if (set == NULL) return -1;
        size_t size = CPU_ALLOC_SIZE(cpus);
        CPU_ZERO_S(size, set);
        if (sched_getaffinity(0, size, set) == 0) {
            int count = CPU_COUNT_S(size, set);
            CPU_FREE(set);
            return count;
        }
        int error = errno;
        CPU_FREE(set);
        if (error != EINVAL) { errno = error; return -1; }  // EINVAL: the mask is larger than `cpus`
    }
    errno = EINVAL;
    return -1;
}
