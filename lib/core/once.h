/* SPDX-License-Identifier: MIT */
/* One-time initialisation of read-only process data, safe from any thread:
 * pthread_once where meson found threads, else a C11 atomic flag (a thread
 * that loses the race waits for the winner to finish). */
#ifndef PK_ONCE_H
#define PK_ONCE_H

#if defined(PK_HAVE_PTHREAD)
#    include <pthread.h>

typedef pthread_once_t pk_once_flag;
#    define PK_ONCE_INIT PTHREAD_ONCE_INIT

static inline void pk_call_once(pk_once_flag *flag, void (*init)(void))
{
    (void)pthread_once(flag, init);
}
#else
#    include <stdatomic.h>

typedef atomic_int pk_once_flag; /* 0: not started, 1: running, 2: done */
#    define PK_ONCE_INIT 0

static inline void pk_call_once(pk_once_flag *flag, void (*init)(void))
{
    if (atomic_load_explicit(flag, memory_order_acquire) == 2)
        return;
    int expected = 0;
    if (atomic_compare_exchange_strong(flag, &expected, 1)) {
        init();
        atomic_store_explicit(flag, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(flag, memory_order_acquire) != 2)
        ; /* the winner is building the data: a few microseconds at most */
}
#endif

#endif /* PK_ONCE_H */
