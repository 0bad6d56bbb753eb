/* Preloaded before libfaketime by scripts/test-clock.sh.
 *
 * libfaketime shifts the wall clock of a process tree. With FAKETIME_DONT_FAKE_MONOTONIC=1
 * it still shifts the deadline of clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, ...),
 * the call Python's time.sleep() makes, and the kernel answers EINVAL. A monotonic
 * deadline, or any relative sleep, has nothing to do with the wall clock: this sends
 * those calls straight to the kernel, and leaves absolute wall-clock sleeps to
 * libfaketime.
 *
 * The same goes for pthread_cond_timedwait: libfaketime rewrites its deadline, and on a
 * loaded machine its rewrite of a monotonic deadline now and then fails, which Python's
 * GIL (a monotonic condition variable) ends with "Fatal Python error: take_gil". The
 * programs under test (Python, Qt, GLib) time their condition variables on the
 * monotonic clock, so their waits go to glibc's own function untouched.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <pthread.h>

typedef int (*clock_nanosleep_fn)(clockid_t, int, const struct timespec *, struct timespec *);

int clock_nanosleep(clockid_t clock_id, int flags, const struct timespec *request,
                    struct timespec *remain) {
    if (clock_id != CLOCK_REALTIME || !(flags & TIMER_ABSTIME)) {
        /* the system call's errors come back in errno; clock_nanosleep returns them */
        return syscall(SYS_clock_nanosleep, clock_id, flags, request, remain) == 0 ? 0 : errno;
    }
    static clock_nanosleep_fn next;
    if (next == NULL) {
        next = (clock_nanosleep_fn)dlsym(RTLD_NEXT, "clock_nanosleep");
    }
    return next(clock_id, flags, request, remain);
}

typedef int (*cond_timedwait_fn)(pthread_cond_t *, pthread_mutex_t *, const struct timespec *);

int pthread_cond_timedwait(pthread_cond_t *cond, pthread_mutex_t *mutex,
                           const struct timespec *deadline) {
    static cond_timedwait_fn glibc;
    if (glibc == NULL) {
        void *libc = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
        glibc = (cond_timedwait_fn)dlvsym(libc, "pthread_cond_timedwait", "GLIBC_2.3.2");
    }
    return glibc(cond, mutex, deadline);
}
