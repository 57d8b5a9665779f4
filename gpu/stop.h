#pragma once
// When a decode run should end early: a flag another thread raises (the window's Stop, or the
// window closing), and/or a deadline (the probes before a run have a time budget). Polled
// between steps and inside them (per layer, per chunk of rows of a large product, per query
// row of attention), so a stop takes effect within a small part of a step, whatever its size.

#include <atomic>
#include <chrono>

namespace kvscope::gpu {

struct StopCondition {
    using Clock = std::chrono::steady_clock;
    const std::atomic<bool>* flag = nullptr;               // raised by another thread; read, never written here
    Clock::time_point deadline = Clock::time_point::max(); // none by default

    // A relaxed load and, with a deadline, one read of the steady clock (tens of ns).
    bool requested() const {
        if (flag && flag->load(std::memory_order_relaxed))
            return true;
        return deadline != Clock::time_point::max() && Clock::now() >= deadline;
    }
};

} // namespace kvscope::gpu
