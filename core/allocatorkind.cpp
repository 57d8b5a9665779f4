#include "allocatorkind.h"

#include "error.h"

#include <vector>

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
    std::vector<std::string_view> names;
    for (const AllocatorInfo& info : allocatorKinds())
        if (!contiguousOnly || info.contiguous)
            names.push_back(info.name);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        out += i == 0 ? "" : i + 1 == names.size() ? last : ", ";
        out += names[i];
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
