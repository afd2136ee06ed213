// glibc's sched_getaffinity and CPU_COUNT_S, which Swift's Glibc module does not import (they
// need _GNU_SOURCE, and CPU_COUNT_S is a macro).
#ifndef CSCHED_SHIMS_H
#define CSCHED_SHIMS_H

/// The number of CPUs in the calling process's affinity mask, or -1 (errno set) when the call
/// fails. Sizes the mask for up to 65536 CPUs, more than a node has.
int kt_sched_affinity_count(void);

#endif
