// glibc's malloc tuning (mallopt), for the command-line tool's process-wide settings.
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
