#include "kvtiers.h"

#include "checked.h"
#include "error.h"
#include "memorymodel.h"
#include "text.h"
#include "units.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

namespace kvscope {

namespace {
// Line rates in one direction, in bytes per second. An NVMe drive is bounded by its PCIe x4 link (a drive reads
// below it: a Samsung 990 PRO's rated sequential read is 7.45 GB/s on PCIe 4.0); a network link by its data rate.
constexpr double kPcieLane4 = 16e9 * 128.0 / 130.0 / 8.0; // one PCIe 4.0 lane: 16 GT/s, 128b/130b
constexpr HostLink kBeyondHost[] = {
    {"nvme-gen4", 4.0 * kPcieLane4,
     "NVMe SSD on PCIe 4.0 x4: the link's 7.88 GB/s (PCI-SIG); drives read less (Samsung 990 PRO: 7.45 GB/s)"},
    {"nvme-gen5", 8.0 * kPcieLane4, "NVMe SSD on PCIe 5.0 x4: the link's 15.8 GB/s (PCI-SIG); drives read less"},
    {"eth-100g", 100e9 / 8.0, "100 Gb Ethernet: 12.5 GB/s each way (IEEE 802.3)"},
    {"ib-ndr", 400e9 / 8.0, "InfiniBand NDR, 400 Gb/s a port: 50 GB/s each way (NVIDIA ConnectX-7)"},
    {"nvlink4", 450e9, "NVLink 4 between H100s: 900 GB/s both ways, 450 GB/s each (NVIDIA H100 data sheet)"},
};
constexpr std::size_t kDiskLinks = 2; // kBeyondHost's first two: the drives; the rest reach another server
} // namespace

std::span<const HostLink> kvLinks() {
    static const std::vector<HostLink> links = [] {
        std::vector<HostLink> all(hostLinks().begin(), hostLinks().end());
        all.insert(all.end(), std::begin(kBeyondHost), std::end(kBeyondHost));
        return all;
    }();
    return links;
}

const HostLink& findKvLink(std::string_view id) {
    std::string known;
    for (const HostLink& link : kvLinks()) {
        if (link.id == id)
            return link;
        known += (known.empty() ? "" : ", ") + std::string(link.id);
    }
    throw Error("--link: unknown link " + quoteExcerpt(id) + "; known links: " + known);
}

KvLinkRole kvLinkRole(const HostLink& link) {
    for (const HostLink& host : hostLinks())
        if (host.id == link.id)
            return KvLinkRole::Host;
    for (std::size_t i = 0; i < std::size(kBeyondHost); ++i)
        if (kBeyondHost[i].id == link.id)
            return i < kDiskLinks ? KvLinkRole::Disk : KvLinkRole::Network;
    throw Error("a KV link: " + quoteExcerpt(link.id) + " is not one of the links KV tiers know");
}

TierRefusal tierRefusal(const ModelShape& model, DType kvDtype) {
    const SequenceState state = sequenceState(model, kvDtype, DType::bf16());
    if (state.stateLayers > 0 || state.crossLayers > 0)
        return TierRefusal::SequenceState;
    const KvGrowth growth = kvGrowth(model, kvDtype);
    if (growth.perToken == 0 && growth.windowedPerToken == 0)
        return TierRefusal::NoKv;
    return TierRefusal::None;
}

ReloadOrRecompute reloadOrRecompute(const roofline::StepPricer& pricer, const roofline::Roof& roof,
                                    std::uint64_t tokens, double linkBandwidth) {
    if (tokens == 0)
        throw Error("reload or recompute: a cache of at least one token");
    if (!(linkBandwidth > 0.0) || !std::isfinite(linkBandwidth))
        throw Error("reload or recompute: the link's bandwidth must be positive");
    switch (tierRefusal(pricer.model(), pricer.kvDtype())) {
    case TierRefusal::SequenceState:
        throw Error("reload or recompute: " + pricer.model().displayName +
                    " keeps a per-sequence state (state-space, linear or cross attention) beside its K and V; "
                    "moving that state is not modelled yet");
    case TierRefusal::NoKv:
        throw Error("reload or recompute: " + pricer.model().displayName + " caches no K and V per token");
    case TierRefusal::None:
        break;
    }
    ReloadOrRecompute out;
    out.tokens = tokens;
    out.bytes = kvBytes(pricer.model(), pricer.kvDtype(), tokens, 1); // windowed layers keep their window only
    out.reloadSeconds = double(out.bytes) / linkBandwidth;
    const roofline::PrefillChunk prompt{0, tokens, false}; // the cache again, not a next token
    out.recomputeWork = pricer.work({}, {&prompt, 1});
    out.recompute = roofline::read(out.recomputeWork, roof);
    return out;
}

ReloadCurve reloadCurve(const roofline::StepPricer& pricer, const roofline::Roof& roof, double linkBandwidth,
                        std::uint64_t maxTokens) {
    if (maxTokens == 0)
        throw Error("reload or recompute: a longest cache of at least one token");
    const auto reloads = [&](std::uint64_t tokens) {
        return reloadOrRecompute(pricer, roof, tokens, linkBandwidth).reloadFaster();
    };
    ReloadCurve curve;
    curve.reloadFasterAtOne = reloads(1);
    bool current = curve.reloadFasterAtOne;
    std::uint64_t last = 1; // the largest length known to have `current`
    while (last < maxTokens) {
        const std::uint64_t next = last > maxTokens / 2 ? maxTokens : 2 * last;
        if (reloads(next) == current) {
            last = next;
            continue;
        }
        // The change lies in (last, next]: bisect to the first length that has the other answer.
        std::uint64_t lo = last, hi = next;
        while (hi - lo > 1) {
            const std::uint64_t mid = lo + (hi - lo) / 2;
            (reloads(mid) == current ? lo : hi) = mid;
        }
        current = !current;
        curve.changes.push_back({hi, current});
        last = hi;
    }
    return curve;
}

std::vector<TokenRange> reloadFasterRanges(const ReloadCurve& curve, std::uint64_t maxTokens) {
    std::vector<TokenRange> ranges;
    bool reload = curve.reloadFasterAtOne;
    std::uint64_t from = 1;
    for (const TierCrossover& change : curve.changes) {
        if (reload)
            ranges.push_back({from, change.tokens - 1});
        reload = change.reloadFaster;
        from = change.tokens;
    }
    if (reload)
        ranges.push_back({from, maxTokens});
    return ranges;
}

std::uint64_t tierHorizon(const ModelShape& model, std::uint64_t tokens) {
    return std::max(tokens, model.maxContext != 0 ? model.maxContext : tokens);
}

std::vector<std::uint64_t> tierChartLengths(std::span<const ReloadCurve> curves, std::uint64_t tokens,
                                            std::uint64_t maxTokens) {
    std::set<std::uint64_t> lengths{tokens, maxTokens};
    for (std::uint64_t n = 1; n < maxTokens; n *= 2)
        lengths.insert(n);
    for (const ReloadCurve& curve : curves)
        for (const TierCrossover& change : curve.changes)
            lengths.insert({change.tokens - 1, change.tokens});
    lengths.erase(0);
    return {lengths.begin(), lengths.end()};
}

KvTier diskTier(std::uint64_t gigabytes, std::uint64_t kvBytesPerToken) {
    return kvTier(mulChecked("a KV tier on a drive", gigabytes, GB), kvBytesPerToken);
}

KvTier kvTier(std::uint64_t bytes, std::uint64_t kvBytesPerToken) {
    if (kvBytesPerToken == 0)
        throw Error("a KV tier: the model's KV bytes per token are 0 (a model with no KV cache)");
    return {bytes, bytes / kvBytesPerToken};
}

KvTier hostTierByRatio(std::uint64_t gpuPoolBytes, double ratio, std::uint64_t kvBytesPerToken) {
    if (!(ratio > 0.0) || !std::isfinite(ratio))
        throw Error("a host KV tier: the ratio to the GPU's pool must be positive");
    const double bytes = std::floor(double(gpuPoolBytes) * ratio);
    if (!(bytes < 0x1p64))
        throw Error("a host KV tier: " + std::to_string(ratio) + " times the GPU's pool passes 2^64 bytes");
    return kvTier(std::uint64_t(bytes), kvBytesPerToken);
}

} // namespace kvscope
