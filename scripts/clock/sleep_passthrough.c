/* Preloaded before libfaketime by scripts/test-clock.sh.
 *
 * libfaketime shifts the wall clock of a process tree. With FAKETIME_DONT_FAKE_MONOTONIC=1
 * it still shifts the deadline of clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, ...),
 * the call Python's time.sleep() makes, and the kernel answers EINVAL. A monotonic
 * deadline, or any relative sleep, has nothing to do with the wall clock: this sends
 * those calls straight to the kernel, and leaves absolute wall-clock sleeps to
 * libfaketime.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

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
