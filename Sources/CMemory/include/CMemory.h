#ifndef CMEMORY_H
#define CMEMORY_H

/// Whether pipe's allocator net is linked in (it is, in the `pipe` executable): the
/// functions of this target replace malloc and its kin, and end the process with a message
/// rather than an abort when an allocation fails (CMemory.c).
int pipe_memory_net_linked(void);

#endif
