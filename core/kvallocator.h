#pragma once

#include "workload.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

// On an invariant checker: no coverage feedback for a fuzzer. The checkers walk every block
// after every step; traced, their comparisons were most of a trace fuzzer's time and guided it
// towards nothing in the code under test. Sanitizers still watch them.
#if defined(__clang__)
#define KVSCOPE_CHECKER __attribute__((no_sanitize("coverage")))
#else
#define KVSCOPE_CHECKER
#endif

namespace kvscope {

// Where the slots of a KV pool are, in token slots. The five always sum to the pool.
struct SlotUsage {
    std::uint64_t tokenStates = 0; // slots holding a token's K and V
    std::uint64_t reserved = 0;    // held for tokens the request will still generate
    std::uint64_t internal = 0;    // held but never to be used (the request ends first, rounding)
    std::uint64_t external = 0;    // free but unusable: holes too small for the next waiting request
    std::uint64_t free = 0;
    std::uint64_t total() const { return tokenStates + reserved + internal + external + free; }
};

// The KV tiers under a paged pool that keep the prefix blocks it evicts (issue 30): host memory, then a local disk.
enum class OffloadTier : std::uint8_t { Host, Disk };
inline constexpr std::size_t kOffloadTiers = 2;

enum class EventKind { Allocate, Append, Share, CopyOnWrite, Free, Preempt };
std::string eventKindName(EventKind kind);

// One step of the allocator's life, for the view's log and the tests.
struct AllocEvent {
    std::uint64_t step = 0;
    EventKind kind = EventKind::Allocate;
    std::uint32_t request = 0;
    std::uint32_t sample = 0;
    std::uint64_t where = 0; // first slot (contiguous) or physical block (paged)
    std::uint64_t count = 0; // slots or blocks
};

// A running sequence as the allocator sees it.
struct SequenceView {
    std::uint32_t request = 0;
    std::uint32_t sample = 0;
    std::uint32_t length = 0;      // tokens stored now
    std::uint32_t finalLength = 0; // tokens it will hold when it finishes
};

// A KV memory manager behind one interface: the simulator admits requests, appends one
// token per step to each sequence and releases finished requests. Every call either
// succeeds completely or changes nothing.
class KvAllocator {
public:
    virtual ~KvAllocator() = default;

    virtual std::string name() const = 0;
    virtual std::uint64_t poolSlots() const = 0;

    // Room for `samples` sequences of `tokens` tokens each (prompt + tokens generated
    // before a preemption), for a request that will end at `finalLength` tokens.
    virtual bool admit(const Request& request, std::uint32_t samples, std::uint32_t tokens,
                       std::uint32_t finalLength) = 0;
    // Stores token number `newLength` (1-based) of one sequence.
    virtual bool append(std::uint32_t request, std::uint32_t sample, std::uint32_t newLength) = 0;
    virtual void release(std::uint32_t request) = 0;

    // `next` is the first waiting request (nullptr when none), for external fragmentation.
    virtual SlotUsage usage(const Request* next, std::uint32_t nextSamples) const = 0;
    // Throws Error when an invariant is broken (a slot owned twice, a leaked block...).
    virtual void checkInvariants() const = 0;
    virtual bool empty() const = 0; // nothing allocated
    // Token slots held by requests now (what a swap would copy out if all of it left).
    virtual std::uint64_t usedSlots() const {
        const SlotUsage u = usage(nullptr, 1);
        return u.tokenStates + u.reserved + u.internal;
    }

    std::uint64_t blockOperations() const { return m_blockOps; }
    // For the simulator's fast-forward (one sample per request only): would admit() succeed,
    // how many tokens can every sequence still store without the allocation changing, and
    // store that many in every sequence at once.
    virtual bool canAdmit(const Request& request, std::uint32_t tokens, std::uint32_t finalLength) const = 0;
    virtual std::uint64_t appendsBeforeChange() const = 0;
    virtual void advanceAll(std::uint32_t tokens) = 0;

    // Blocks that sharing saves now (paged with samples > 1); 0 for contiguous.
    virtual std::uint64_t sharedBlocksSaved() const { return 0; }

    void setEventLog(std::vector<AllocEvent>* log) { m_log = log; }
    void setStep(std::uint64_t step) { m_step = step; }

protected:
    void logEvent(EventKind kind, std::uint32_t request, std::uint32_t sample, std::uint64_t where,
                  std::uint64_t count) {
        if (m_log)
            m_log->push_back({m_step, kind, request, sample, where, count});
    }
    std::uint64_t m_blockOps = 0;

private:
    std::vector<AllocEvent>* m_log = nullptr;
    std::uint64_t m_step = 0;
};

} // namespace kvscope
