#pragma once
// KV beyond the GPU (issue 30): the tiers under the GPU's KV pool (host memory, a local disk), the links between
// them, what each tier holds, and the choice a server makes for a request whose cache left the GPU: read its K
// and V back over a link, or compute them again (a prefill of its tokens on the GPU's roofline). The same bytes
// over a network link price the hand-off of prefill/decode disaggregation: a request's cache sent from the server
// that computed its prompt to the one that decodes it.
//
// Every time here is a lower bound: a link at its line rate (a drive or a network stack reads less), a recompute
// at the roofline's max(bytes / bandwidth, FLOPs / peak).

#include "roofline.h"
#include "servingreplay.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace kvscope {

// The links a cache crosses: the host links of servingreplay.h (PCIe 4.0 and 5.0 x16) first, then NVMe drives on
// PCIe 4.0 and 5.0 x4, InfiniBand NDR, 100 Gb Ethernet and NVLink 4, each at its line rate in one direction.
std::span<const HostLink> kvLinks();
const HostLink& findKvLink(std::string_view id); // throws Error naming the ids
// What a link of kvLinks() connects the GPU to: host memory (PCIe x16), a local drive (NVMe), or another server
// (the network and NVLink links that carry a disaggregated hand-off). Throws Error for a link not in kvLinks().
enum class KvLinkRole { Host, Disk, Network };
KvLinkRole kvLinkRole(const HostLink& link);

// SGLang HiCache sizes its host pool as a multiple of the GPU's KV pool: --hicache-ratio, default 2 ("the ratio of
// the size of host KV cache memory pool to the size of device pool", SGLang's server arguments).
inline constexpr double kHostPoolRatio = 2.0;

// Why a model's cache cannot be priced across tiers; None when it can. A fixed per-sequence state (state-space,
// linear or cross attention) moves with a cache too, and a model with no per-token K and V would move "nothing":
// neither is modelled yet.
enum class TierRefusal { None, SequenceState, NoKv };
TierRefusal tierRefusal(const ModelShape& model, DType kvDtype);

// Reloading `tokens` tokens of one request's cache over a link against computing them again.
struct ReloadOrRecompute {
    std::uint64_t tokens = 0;
    std::uint64_t bytes = 0;          // one sequence's cache of `tokens` tokens (memorymodel's kvBytes: windows kept)
    double reloadSeconds = 0.0;       // bytes / link bandwidth
    roofline::StepWork recomputeWork; // the prefill's bytes moved and FLOPs (no LM head: no next token is sampled)
    roofline::Reading recompute;      // that prefill on the GPU's roof
    bool reloadFaster() const { return reloadSeconds < recompute.lowerBoundSeconds; }
    double reloadSpeedup() const { return recompute.lowerBoundSeconds / reloadSeconds; }    // > 1: reload faster
    double recomputeSpeedup() const { return reloadSeconds / recompute.lowerBoundSeconds; } // > 1: recompute faster
};
// Throws Error for 0 tokens, a link bandwidth that is not positive, an invalid roof, or a model whose cache is not
// only per-token K and V (a state-space, linear- or cross-attention state: not modelled yet).
ReloadOrRecompute reloadOrRecompute(const roofline::StepPricer& pricer, const roofline::Roof& roof,
                                    std::uint64_t tokens, double linkBandwidth);

// Where reloading and recomputing change places between 1 and `maxTokens` tokens: each crossover is the smallest
// length at which the faster of the two is no longer the one before it. A short cache reloads faster than one
// reading of the weights; past a length a slow link loses to the GPU's FLOPs; attention's quadratic cost can hand
// the lead back to the link at long contexts. Found on a doubling grid, then by bisection to the token (two
// changes within one doubling would be missed; the two costs' shapes keep them further apart).
struct TierCrossover {
    std::uint64_t tokens = 0;  // the first length at which `reloadFaster` holds
    bool reloadFaster = false; // from `tokens` on (until the next crossover)
};
struct ReloadCurve {
    bool reloadFasterAtOne = false;     // with 1 token
    std::vector<TierCrossover> changes; // in order; empty: the same one is faster at every length
};
ReloadCurve reloadCurve(const roofline::StepPricer& pricer, const roofline::Roof& roof, double linkBandwidth,
                        std::uint64_t maxTokens);
// The lengths from 1 to `maxTokens` (the curve's) at which reloading is faster, as [first, last] ranges in order.
struct TokenRange {
    std::uint64_t first = 0, last = 0;
    bool operator==(const TokenRange&) const = default;
};
std::vector<TokenRange> reloadFasterRanges(const ReloadCurve& curve, std::uint64_t maxTokens);
// The longest cache the curves run to: the model's maximum context, or the request's own length when that is longer
// or the model states none.
std::uint64_t tierHorizon(const ModelShape& model, std::uint64_t tokens);
// The lengths a chart of the two costs samples from 1 to `maxTokens`: every power of two, `tokens` (the request's),
// `maxTokens`, and each change of the curves with the length before it, so that a line bends where it does.
std::vector<std::uint64_t> tierChartLengths(std::span<const ReloadCurve> curves, std::uint64_t tokens,
                                            std::uint64_t maxTokens);

// A tier of memory under the GPU's pool and the tokens of cache it holds.
struct KvTier {
    std::uint64_t bytes = 0;
    std::uint64_t tokens = 0; // bytes / KV bytes per token, rounded down
    // Whole requests whose caches are `requestBytes` each (a reloadOrRecompute's bytes: windows kept); 0 for 0 bytes.
    std::uint64_t requestsOf(std::uint64_t requestBytes) const { return requestBytes ? bytes / requestBytes : 0; }
};
// Throws Error when the KV bytes per token are 0.
KvTier kvTier(std::uint64_t bytes, std::uint64_t kvBytesPerToken);
// A drive of `gigabytes` GB (10^9 bytes, as drives are sold). Throws Error past 2^64 bytes or for KV bytes per token
// of 0.
KvTier diskTier(std::uint64_t gigabytes, std::uint64_t kvBytesPerToken);
// A host tier of `ratio` times the GPU's KV pool (kHostPoolRatio's rule). Throws Error for a ratio that is not
// positive and finite, a tier past 2^64 bytes, or KV bytes per token of 0.
KvTier hostTierByRatio(std::uint64_t gpuPoolBytes, double ratio, std::uint64_t kvBytesPerToken);

} // namespace kvscope
