#include "allocatorkind.h"

#include "error.h"

namespace kvscope {

std::span<const AllocatorInfo> allocatorKinds() {
    static constexpr AllocatorInfo table[] = {
        {AllocatorKind::Max, "max", true, "Orca (Max)"},
        {AllocatorKind::Pow2, "pow2", true, "Orca (Pow2)"},
        {AllocatorKind::Oracle, "oracle", true, "Orca (Oracle)"},
        {AllocatorKind::Paged, "paged", false, "vLLM (PagedAttention)"},
    };
    return table;
}

const AllocatorInfo& allocatorInfo(AllocatorKind kind) {
    for (const AllocatorInfo& info : allocatorKinds())
        if (info.kind == kind)
            return info;
    throw Error("allocator kind " + std::to_string(static_cast<int>(kind)) + " has no row in allocatorKinds()");
}

std::string allocatorKindName(AllocatorKind kind) {
    return std::string(allocatorInfo(kind).name);
}

std::string allocatorKindNames(bool contiguousOnly, std::string_view last) {
    std::string out;
    std::size_t left = 0;
    for (const AllocatorInfo& info : allocatorKinds())
        left += !contiguousOnly || info.contiguous;
    for (const AllocatorInfo& info : allocatorKinds()) {
        if (contiguousOnly && !info.contiguous)
            continue;
        --left;
        out += std::string(info.name) + std::string(left > 1 ? ", " : left == 1 ? last : "");
    }
    return out;
}

AllocatorKind parseAllocatorKind(std::string_view text, std::string_view what) {
    for (const AllocatorInfo& info : allocatorKinds())
        if (text == info.name)
            return info.kind;
    throw Error(std::string(what) + ": '" + std::string(text) + "' is not an allocator; expected " +
                allocatorKindNames());
}

} // namespace kvscope
