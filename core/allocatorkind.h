#pragma once

#include <span>
#include <string>
#include <string_view>

namespace kvscope {

// The KV allocators the simulator replays (Kwon et al. 2023, section 6.1): three ways a contiguous server
// reserves a region per sequence, and PagedAttention's blocks.
enum class AllocatorKind {
    Max,    // contiguous: the maximum model length, whatever the request (Orca-Max)
    Pow2,   // contiguous: the next power of two of prompt + the request's output (Orca-Pow2)
    Oracle, // contiguous: exactly prompt + output, a server that knew the future (Orca-Oracle)
    Paged,  // PagedAttention: fixed blocks from one pool, added as the sequence grows
};

// One row per allocator, in the order the CLI and the window list them. A new policy is its enum value, its row
// here, and its case in ContiguousAllocator::reservationFor (or an allocator of its own in KvSimulator).
struct AllocatorInfo {
    AllocatorKind kind;
    std::string_view name;      // the CLI's --allocator, lessons' "contiguous", the JSON's "allocator"
    bool contiguous;            // one region per sequence, reserved up front
    std::string_view paperName; // what Kwon et al. call it
};
std::span<const AllocatorInfo> allocatorKinds();
const AllocatorInfo& allocatorInfo(AllocatorKind kind);
std::string allocatorKindName(AllocatorKind kind); // "max", "pow2", "oracle", "paged"
// The names joined for a message: "max, pow2, oracle or paged" (`last` before the last name; ", " for a list that
// goes on); only the contiguous ones when asked.
std::string allocatorKindNames(bool contiguousOnly = false, std::string_view last = " or ");
// Throws Error naming `what` and listing the names.
AllocatorKind parseAllocatorKind(std::string_view text, std::string_view what = "--allocator");

} // namespace kvscope
