#pragma once
// Runs our CUDA kernels' source on the CPU: every CUDA thread of a block is a std::thread,
// __syncthreads is a barrier over the block, __shfl_xor_sync exchanges values through a
// per-warp slot array between two barriers, and __shared__ variables are statics (one
// block runs at a time). It checks the kernels' logic (indexing, the online-softmax
// merges, every lane reaching every shuffle: a lane that skips one deadlocks the test)
// on machines without a GPU. It says nothing about speed, and the arithmetic is the
// host's (expf for __expf), so results match a device to rounding, not bit for bit.
//
// Include this instead of the CUDA headers, before cudakernels.cuh.

#include <cuda_bf16.h>
#include <cuda_runtime.h>

#include <array>
#include <atomic>
#include <barrier>
#include <cmath>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

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

// A binary semaphore on a mutex and a condition variable: open() lets one pass() through.
// libstdc++'s std::binary_semaphore can lose a wakeup and sleep for ever (GCC bug 104928; GCC
// 12 here): this suite hung on it under load, the launcher waiting for a block that had
// finished and every CUDA thread waiting for the next. (std::barrier, used for __syncthreads,
// waits differently and was never caught in the hang; it is twice as fast as a condition
// variable would be.)
class Gate {
public:
    void open() {
        {
            const std::lock_guard lock(m_mutex);
            m_open.store(true, std::memory_order_release);
        }
        m_changed.notify_one();
    }
    void pass() {
        // A few yields first, as the semaphore did: a block's threads often finish within them,
        // and sleeping on every block cost a sixth of the suite's time.
        for (int i = 0; i < 16; ++i) {
            if (m_open.exchange(false, std::memory_order_acquire))
                return;
            std::this_thread::yield();
        }
        std::unique_lock lock(m_mutex);
        m_changed.wait(lock, [this] { return m_open.exchange(false, std::memory_order_acquire); });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    std::atomic<bool> m_open{false}; // set under the mutex; taken by the one thread that passes
};

struct BlockState {
    explicit BlockState(unsigned threads)
        : all(std::ptrdiff_t(threads))
        , slots((threads + 31) / 32) {
        for (unsigned w = 0; w < (threads + 31) / 32; ++w)
            warps.push_back(std::make_unique<std::barrier<>>(std::ptrdiff_t(std::min(32u, threads - 32 * w))));
    }
    std::barrier<> all;
    std::vector<std::unique_ptr<std::barrier<>>> warps;
    std::vector<std::array<std::uint32_t, 32>> slots;
};

inline BlockState* block = nullptr;
inline thread_local dim3 threadIndex, blockIndex;
inline dim3 blockSize, gridSize;

// The CUDA threads of a block: OS threads kept between blocks (starting 128 threads for
// every block would cost more than the kernels), released together for each block.
class ThreadPool {
public:
    ~ThreadPool() {
        m_stop = true;
        for (auto& worker : m_workers)
            worker->go.open();
        for (auto& worker : m_workers)
            worker->thread.join();
    }
    // Runs body() on threads 0 .. n-1 with threadIdx and blockIdx set, and waits for them.
    void run(unsigned n, dim3 blockIndexOfAll, const std::function<void()>& body) {
        while (m_workers.size() < n) {
            auto worker = std::make_unique<Worker>();
            const unsigned id = unsigned(m_workers.size());
            worker->thread = std::thread([this, id, self = worker.get()] { work(id, *self); });
            m_workers.push_back(std::move(worker));
        }
        m_body = &body;
        m_block = blockIndexOfAll;
        m_remaining = n;
        for (unsigned i = 0; i < n; ++i) // only the block's own threads wake
            m_workers[i]->go.open();
        m_done.pass();
    }

private:
    struct Worker {
        Gate go;
        std::thread thread;
    };
    void work(unsigned id, Worker& self) {
        for (;;) {
            self.go.pass();
            if (m_stop)
                return;
            threadIndex = dim3(id, 0, 0);
            blockIndex = m_block;
            (*m_body)();
            if (m_remaining.fetch_sub(1) == 1)
                m_done.open();
        }
    }

    std::vector<std::unique_ptr<Worker>> m_workers;
    const std::function<void()>* m_body = nullptr;
    dim3 m_block;
    std::atomic<unsigned> m_remaining{0};
    Gate m_done;
    std::atomic<bool> m_stop{false};
};
inline ThreadPool pool;

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
                pool.run(threads.x, dim3(x, y, z), run);
                block = nullptr;
            }
}

} // namespace emu

#define threadIdx emu::threadIndex
#define blockIdx emu::blockIndex
#define blockDim emu::blockSize
#define gridDim emu::gridSize

inline void __syncthreads() {
    emu::block->all.arrive_and_wait();
}

template <typename V> V __shfl_xor_sync(unsigned, V value, int laneMask) {
    static_assert(sizeof(V) == 4);
    const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    auto& slots = emu::block->slots[warp];
    std::memcpy(&slots[lane], &value, 4);
    emu::block->warps[warp]->arrive_and_wait(); // every lane has written
    V other;
    std::memcpy(&other, &slots[lane ^ unsigned(laneMask)], 4);
    emu::block->warps[warp]->arrive_and_wait(); // every lane has read
    return other;
}

inline int min(int a, int b) {
    return a < b ? a : b;
}

inline float __expf(float x) {
    return std::exp(x);
}
