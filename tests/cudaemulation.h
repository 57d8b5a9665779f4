#pragma once
// Runs our CUDA kernels' source on the CPU: every CUDA thread of a block is a fiber (its own
// stack, ucontext), all of them on the calling thread; __syncthreads is a barrier over the block,
// __shfl_xor_sync exchanges values through a per-warp slot array between two warp barriers, and
// __shared__ variables are statics (one block runs at a time). A fiber runs until it waits at a
// barrier, then the next one runs; the block's fibers take turns until all have returned. It
// checks the kernels' logic (indexing, the online-softmax merges, every lane reaching every
// barrier and shuffle: a lane that skips one fails the launch with emu::Deadlock) on
// machines without a GPU. It says nothing about speed, and the arithmetic is the host's (expf
// for __expf), so results match a device to rounding, not bit for bit.
//
// Fibers, not threads: with an OS thread per CUDA thread, every barrier woke 64-256 threads
// through the kernel's scheduler, so the suites' time depended on what else the machine ran
// (tst_cudabackend took 75 s alone and 270 s beside CI's other suites) and a lost wakeup in
// libstdc++'s semaphore (GCC bug 104928) once hung it. Switching between fibers is a function
// call and one system call (swapcontext's signal mask), with nothing to wait for. The schedule is
// fixed, in thread order: a kernel that reads another thread's write without a barrier between
// them gets the same answer on every run here, right or wrong, where a GPU would vary.
//
// Include this instead of the CUDA headers, before cudakernels.cuh.

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

// Sanitizers follow a switch of stacks only when told. ASan: which stack is live, so that it
// neither reports nor poisons the others. TSan: each fiber's call stack for its reports; the
// switches synchronise, so TSan checks the host code around the kernels, not races between CUDA
// threads (which one OS thread running them in turn could not show anyway).
#if defined(__SANITIZE_ADDRESS__)
#define KVSCOPE_EMU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define KVSCOPE_EMU_ASAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define KVSCOPE_EMU_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define KVSCOPE_EMU_TSAN 1
#endif
#endif
#ifdef KVSCOPE_EMU_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef KVSCOPE_EMU_TSAN
#include <sanitizer/tsan_interface.h>
#endif

#undef __global__
#undef __device__
#undef __shared__
#undef __forceinline__
#undef __launch_bounds__
#undef threadIdx
#undef blockIdx
#undef blockDim
#undef gridDim
#define __global__
#define __device__
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __shared__ static // one block runs at a time: a static is that block's shared memory

namespace emu {

[[noreturn]] inline void fail(const char* what) {
    std::fprintf(stderr, "CUDA emulation: %s\n", what);
    std::abort();
}

// A block whose threads can go no further: some wait at a barrier that the others, returned or
// waiting at another one, never reach. On a GPU the kernel would hang or go wrong.
class Deadlock : public std::logic_error {
public:
    using std::logic_error::logic_error;
};

// The built-in variables; threadIndex is set for each fiber whenever it is resumed.
inline dim3 threadIndex, blockIndex, blockSize, gridSize;

// The CUDA threads of the block being run: fibers on the calling thread, their stacks kept
// from one block to the next.
class Fibers {
public:
    Fibers() = default;
    Fibers(const Fibers&) = delete;
    Fibers& operator=(const Fibers&) = delete;
    ~Fibers() {
        for (Fiber& f : m_fibers) {
            ::munmap(f.mapping, kGuard + kStack);
#ifdef KVSCOPE_EMU_TSAN
            if (f.tsan)
                __tsan_destroy_fiber(f.tsan);
#endif
        }
    }

    // Runs body() on fibers 0 .. n-1, each with its threadIdx, until every one has returned.
    void run(unsigned n, const std::function<void()>& body) {
        if (m_running)
            fail("a kernel was launched from inside a kernel");
        while (m_fibers.size() < n)
            add();
        m_body = &body;
        m_running = true;
        for (unsigned i = 0; i < n; ++i) {
            Fiber& f = m_fibers[i];
            if (!f.started) // new, or abandoned in a deadlock: a fresh context on its stack
                start(f);
            f.done = false; // a started fiber waits in entry()'s loop for the next body
        }
        unsigned live = n;
        while (live > 0) {
            m_progress = false;
            for (unsigned i = 0; i < n; ++i) {
                Fiber& f = m_fibers[i];
                if (f.done)
                    continue;
                m_current = i;
                threadIndex = dim3(i, 0, 0);
                resume(f);
                if (f.done) {
                    --live;
                    m_progress = true;
                }
            }
            // Every fiber still running waits at a barrier that none of them can complete. They are
            // left where they are (their stacks are reused by the next launch) and the launch fails.
            if (live > 0 && !m_progress) {
                for (unsigned i = 0; i < n; ++i) {
                    if (!m_fibers[i].done)
                        m_fibers[i].started = false;
                    m_fibers[i].done = true;
                }
                m_running = false;
                m_body = nullptr;
                throw Deadlock("CUDA emulation: " + std::to_string(live) + " of the " + std::to_string(n) +
                               " threads of block (" + std::to_string(blockIndex.x) + ", " +
                               std::to_string(blockIndex.y) + ", " + std::to_string(blockIndex.z) +
                               ") wait at a barrier (__syncthreads or __shfl_xor_sync) that the others, returned "
                               "or waiting at another, never reach");
            }
        }
        m_running = false;
        m_body = nullptr;
    }

    // From a fiber: lets the others run; back when the scheduler comes round to this one again.
    void yield() {
        toScheduler(false);
    }
    // A barrier completed: the fibers waiting at it can go on.
    void progressed() {
        m_progress = true;
    }

private:
    // Kernels keep a few hundred bytes of locals; a sanitizer's frames are larger. The guard page
    // below each stack turns an overflow into a crash at once.
    static constexpr std::size_t kStack = std::size_t(256) << 10;
    static inline const std::size_t kGuard = std::size_t(::sysconf(_SC_PAGESIZE));

    struct Fiber {
        void* mapping = nullptr; // the guard page, then the stack
        char* stack = nullptr;
        ucontext_t context{};
        bool started = false; // its context is in entry()'s loop (or a kernel), not to be made again
        bool done = true;     // has no body to run, or has returned from this block's
#ifdef KVSCOPE_EMU_TSAN
        void* tsan = nullptr;
#endif
    };

    void add() {
        Fiber f;
        f.mapping = ::mmap(nullptr, kGuard + kStack, PROT_READ | PROT_WRITE,
                           MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (f.mapping == MAP_FAILED)
            fail("no memory for a CUDA thread's stack");
        if (::mprotect(f.mapping, kGuard, PROT_NONE) != 0)
            fail("cannot protect the guard page below a CUDA thread's stack");
        f.stack = static_cast<char*>(f.mapping) + kGuard;
        m_fibers.push_back(f);
    }

    void start(Fiber& f) {
        if (::getcontext(&f.context) != 0)
            fail("getcontext failed");
        f.context.uc_stack.ss_sp = f.stack;
        f.context.uc_stack.ss_size = kStack;
        f.context.uc_link = nullptr; // entry() never returns
        ::makecontext(&f.context, &Fibers::entry, 0);
#ifdef KVSCOPE_EMU_ASAN
        // ASan's swapcontext clears the whole stack's shadow on every switch to a context with a
        // known stack, which would erase the redzones of the frames a kernel keeps across a
        // barrier. Forget the stack once made (swapcontext does not need it) and clear its shadow
        // here, once: an abandoned fiber's frames leave poison behind.
        f.context.uc_stack.ss_size = 0;
        __asan_unpoison_memory_region(f.stack, kStack);
#endif
#ifdef KVSCOPE_EMU_TSAN
        // A fresh TSan fiber: the old one's call stack holds the abandoned frames.
        if (f.tsan)
            __tsan_destroy_fiber(f.tsan);
        f.tsan = __tsan_create_fiber(0);
#endif
        f.started = true;
    }

    void resume(Fiber& f) {
#ifdef KVSCOPE_EMU_ASAN
        void* fake = nullptr;
        __sanitizer_start_switch_fiber(&fake, f.stack, kStack);
#endif
#ifdef KVSCOPE_EMU_TSAN
        m_tsanScheduler = __tsan_get_current_fiber();
        __tsan_switch_to_fiber(f.tsan, 0);
#endif
        if (::swapcontext(&m_scheduler, &f.context) != 0)
            fail("swapcontext failed");
#ifdef KVSCOPE_EMU_ASAN
        __sanitizer_finish_switch_fiber(fake, nullptr, nullptr);
#endif
    }

    void toScheduler(bool finished) {
        Fiber& f = m_fibers[m_current];
#ifdef KVSCOPE_EMU_ASAN
        void* fake = nullptr; // the fiber lives on (entry()'s loop): its fake stack is kept
        __sanitizer_start_switch_fiber(&fake, m_schedulerStack, m_schedulerStackSize);
#endif
#ifdef KVSCOPE_EMU_TSAN
        __tsan_switch_to_fiber(m_tsanScheduler, 0);
#endif
        f.done = finished;
        if (::swapcontext(&f.context, &m_scheduler) != 0)
            fail("swapcontext failed");
#ifdef KVSCOPE_EMU_ASAN
        arrived(fake);
#endif
    }

#ifdef KVSCOPE_EMU_ASAN
    // On a fiber, just switched to: learns the scheduler's stack, to switch back to it.
    void arrived(void* fake) {
        __sanitizer_finish_switch_fiber(fake, &m_schedulerStack, &m_schedulerStackSize);
    }
#endif

    static void entry();

    std::vector<Fiber> m_fibers;
    ucontext_t m_scheduler{};
    const std::function<void()>* m_body = nullptr;
    unsigned m_current = 0;
    bool m_running = false;
    bool m_progress = false;
#ifdef KVSCOPE_EMU_ASAN
    const void* m_schedulerStack = nullptr;
    std::size_t m_schedulerStackSize = 0;
#endif
#ifdef KVSCOPE_EMU_TSAN
    void* m_tsanScheduler = nullptr;
#endif
};
inline Fibers fibers;

// A fiber's life: a body per block, then back to the scheduler until the next block's. It never
// returns (a stack made by makecontext has nowhere to return to); the next block resumes it
// here instead of making its context again.
inline void Fibers::entry() {
#ifdef KVSCOPE_EMU_ASAN
    fibers.arrived(nullptr);
#endif
    for (;;) {
        (*fibers.m_body)();
        fibers.toScheduler(true);
    }
}

// A barrier over `expected` fibers of the block: each arrives and waits until all have.
class Barrier {
public:
    explicit Barrier(unsigned expected)
        : m_expected(expected) {}
    void arriveAndWait() {
        const std::uint64_t generation = m_generation;
        if (++m_arrived == m_expected) {
            m_arrived = 0;
            ++m_generation;
            fibers.progressed();
            return;
        }
        do
            fibers.yield();
        while (m_generation == generation);
    }

private:
    unsigned m_expected;
    unsigned m_arrived = 0;
    std::uint64_t m_generation = 0;
};

struct BlockState {
    explicit BlockState(unsigned threads)
        : all(threads)
        , slots((threads + 31) / 32) {
        for (unsigned w = 0; w < (threads + 31) / 32; ++w)
            warps.emplace_back(std::min(32u, threads - 32 * w));
    }
    Barrier all;
    std::vector<Barrier> warps;
    std::vector<std::array<std::uint32_t, 32>> slots;
};

inline BlockState* block = nullptr;

// Runs body() once per thread of every block of the grid, block after block.
template <typename Body> void launch(dim3 grid, dim3 threads, const Body& body) {
    gridSize = grid;
    blockSize = threads;
    const std::function<void()> run = [&body] { body(); };
    for (unsigned z = 0; z < grid.z; ++z)
        for (unsigned y = 0; y < grid.y; ++y)
            for (unsigned x = 0; x < grid.x; ++x) {
                BlockState state(threads.x);
                block = &state;
                blockIndex = dim3(x, y, z);
                try {
                    fibers.run(threads.x, run);
                } catch (...) {
                    block = nullptr;
                    throw;
                }
                block = nullptr;
            }
}

} // namespace emu

#define threadIdx emu::threadIndex
#define blockIdx emu::blockIndex
#define blockDim emu::blockSize
#define gridDim emu::gridSize

inline void __syncthreads() {
    emu::block->all.arriveAndWait();
}

template <typename V> V __shfl_xor_sync(unsigned, V value, int laneMask) {
    static_assert(sizeof(V) == 4);
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    auto& slots = emu::block->slots[warp];
    std::memcpy(&slots[lane], &value, 4);
    emu::block->warps[warp].arriveAndWait(); // every lane has written
    V other;
    std::memcpy(&other, &slots[lane ^ unsigned(laneMask)], 4);
    emu::block->warps[warp].arriveAndWait(); // every lane has read
    return other;
}

inline int min(int a, int b) {
    return a < b ? a : b;
}

inline float __expf(float x) {
    return std::exp(x);
}
