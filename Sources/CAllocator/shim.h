#ifndef CATALOG_CALLOCATOR_SHIM_H
#define CATALOG_CALLOCATOR_SHIM_H

// glibc's allocator controls (malloc_trim), which Glibc's Swift module leaves out.
#if defined(__linux__)
#include <malloc.h>
#endif

#endif
