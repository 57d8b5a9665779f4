#pragma once
// The bytes our own buffers hold, like torch.cuda.max_memory_allocated: the CPU backend's host
// buffers and the CUDA backend's device buffers count through the same tracker. Plain C++17:
// the .cu files include it.

#include <algorithm>
#include <cstdint>

namespace kvscope::gpu::detail {

class MemoryTracker {
public:
    void add(std::uint64_t bytes) {
        m_current += bytes;
        m_peak = std::max(m_peak, m_current);
    }
    void remove(std::uint64_t bytes) { m_current -= bytes; }
    std::uint64_t current() const { return m_current; }
    std::uint64_t peak() const { return m_peak; } // since resetPeak()
    void resetPeak() { m_peak = m_current; }

private:
    std::uint64_t m_current = 0, m_peak = 0;
};

} // namespace kvscope::gpu::detail
