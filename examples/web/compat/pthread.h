/* SPDX-License-Identifier: MIT */
/*
 * pthread.h for wasm32-wasi, which has no threads (wasi-libc ships no
 * pthread.h for it; examples/web/build.sh puts this one in clang's sysroot):
 * just what the library and the players use. pthread_once() runs the
 * function the first time, which is all it must do with one thread;
 * pthread_create() always fails with EAGAIN, which the mcts and az players
 * take as "fewer threads" and search on the calling thread alone. Nothing
 * else of <pthread.h> is offered, so any other use fails to compile instead
 * of misbehaving.
 */
#ifndef PACKEIS_WEB_COMPAT_PTHREAD_H
#define PACKEIS_WEB_COMPAT_PTHREAD_H

#include <errno.h>

typedef int pthread_t;
typedef int pthread_attr_t;
typedef int pthread_once_t;

#define PTHREAD_ONCE_INIT 0

static inline int pthread_once(pthread_once_t *flag, void (*function)(void))
{
    if (*flag == 0) {
        *flag = 1;
        function();
    }
    return 0;
}

static inline int pthread_create(pthread_t *thread, const pthread_attr_t *attributes,
                                 void *(*start)(void *), void *argument)
{
    (void)thread;
    (void)attributes;
    (void)start;
    (void)argument;
    return EAGAIN;
}

static inline int pthread_join(pthread_t thread, void **result)
{
    (void)thread;
    (void)result;
    return EINVAL; /* no thread was ever started */
}

#endif
