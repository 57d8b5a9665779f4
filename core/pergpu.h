#pragma once
// A bar per GPU (issue 30): how a scenario's weights and KV cache land on each GPU of a parallel deployment.
//
// The deployment, as vLLM and SGLang lay it out:
//   - tensor parallelism (the scenario's tensorParallel, T): T GPUs share every layer of a pipeline stage;
//   - pipeline parallelism (P stages): the layers split into P contiguous stages by vLLM's rule (get_pp_indices):
//     L / P each, the remainder one apiece to the stages before the last, from the second-to-last back; the token
//     embedding on the first stage, the final norm and the LM head on the last (a copy of a tied embedding there);
//   - data-parallel attention (D groups, D dividing T), as vLLM lays out data parallelism with tensor parallelism
//     T / D inside each rank: attention, dense MLPs, shared experts and the vocabulary run in D groups of A = T / D
//     GPUs, each group serving its own share of the batch. (SGLang's --enable-dp-attention splits the dense MLPs and
//     the vocabulary over all T GPUs instead, unless --moe-dense-tp-size 1 / --enable-dp-lm-head: not modelled.)
//   - expert parallelism (MoE): each GPU of a stage holds whole routed experts, E / T of them (the first E mod T
//     GPUs one more), instead of 1 / T of every expert.
// Within an attention group the query and output projections, dense MLPs, shared experts, state mixers, the
// vocabulary (embedding, LM head) and any extra parameters (a vision tower) split A ways; norms and routers are whole
// on every GPU. K and V projections and caches split A ways, or one head is replicated when A passes the KV heads;
// MLA's down-projections and latent are whole on every GPU of a group, so data-parallel attention divides the latent
// cache by the batch instead of copying it. Activations and the runtime are the one-GPU estimates on every GPU, the
// sampled logits on the last stage only; the runtime adds the communication buffers' estimate on every GPU of a
// deployment of more than one (tensor or pipeline: both open NCCL communicators).
//
// Weights are each GPU's share of the scenario's weight bytes (Estimate::weightBytesAllGpus: a published count or the
// checkpoint's stored format included), in proportion to the parameters counted from the shape. Activations and the
// runtime are the single-GPU estimates (Estimate), the same on every GPU. Per-sequence state (SSM, linear or cross
// attention) is not split across stages or groups here yet: a model with it is refused with P or D above 1.
#include "scenario.h"

#include <cstdint>
#include <vector>

namespace kvscope {

// The most pipeline stages and GPUs a split is drawn for (the page's bars, the CLI's rows, a lesson's split).
inline constexpr std::uint32_t kMaxPipelineStages = 64;
inline constexpr std::uint64_t kMaxSplitGpus = 1024;

struct Parallelism {
    std::uint32_t pipeline = 1;      // P stages
    std::uint32_t dataAttention = 1; // D attention groups within a stage's T GPUs
    bool expert = false;             // MoE routed experts whole on each GPU (expert parallelism)
};

// vLLM's split of `layers` layers into `stages` pipeline stages: the layers of each, in order. Throws Error when
// there are more stages than layers, or none.
std::vector<std::uint32_t> pipelineLayers(std::uint32_t layers, std::uint32_t stages);

// One GPU of the deployment.
struct GpuShare {
    std::uint32_t index = 0; // stage x T + rank
    std::uint32_t stage = 0;
    std::uint32_t rank = 0;  // within the stage, 0..T-1
    std::uint32_t group = 0; // attention group, 0..D-1
    std::uint32_t firstLayer = 0, layerCount = 0;
    bool embedding = false, lmHead = false;
    std::uint32_t routedExperts = 0; // routed experts whole on this GPU per MoE layer (expert parallelism), else 0
    std::uint64_t sequences = 0;     // sequences whose cache this GPU holds part or a copy of
    // GPUs holding the same K and V (1: each holds its own share): a group's GPUs past its KV heads share each head
    // (GPUs / KV heads of the full-attention layers), and every GPU of a group keeps MLA's whole latent.
    std::uint32_t kvCopies = 1;
    std::uint64_t params = 0; // parameters counted from the shape on this GPU
    std::uint64_t weightBytes = 0, kvBytes = 0;
    std::uint64_t stateBytes = 0; // per-sequence state (SSM, linear or cross attention): whole, with P = D = 1 only
    std::uint64_t activationBytes = 0, runtimeBytes = 0; // the single-GPU estimates (logits: the last stage's)
    std::uint64_t communicationBytes = 0; // of runtimeBytes: communicationBytesEstimate(the deployment's GPUs)
    std::uint64_t totalBytes = 0;
    std::int64_t headroomBytes = 0; // budget - total; negative: the shortfall
    bool fits = false;
};

struct PerGpuEstimate {
    std::uint32_t tensor = 1, pipeline = 1, dataAttention = 1;
    std::uint32_t attentionGpus = 1; // A = T / D: the GPUs of an attention group
    bool expert = false;
    std::uint32_t expertsFewest = 0, expertsMost = 0; // routed experts whole on a GPU (expert parallelism)
    std::vector<std::uint32_t> stageLayers;
    std::uint64_t budgetBytes = 0; // per GPU
    std::vector<GpuShare> gpus;
    std::uint32_t tightest = 0; // the GPU with the least headroom (the first to run out), the lowest index on a tie
    bool alike = false;         // every GPU holds the same total: none runs out before the others
    std::uint64_t paramsCounted = 0; // the shape's parameters, unsplit: what the weight shares divide
};

// Throws Error naming --pp, --dp-attention or --ep for a split that cannot be made (more stages than layers or than
// kMaxPipelineStages, more than kMaxSplitGpus GPUs, D not dividing T, experts fewer than the GPUs of a stage, expert
// parallelism for a dense model, query heads an attention group cannot split), and for per-sequence state with P or
// D above 1.
PerGpuEstimate perGpuEstimate(const Scenario& scenario, const Parallelism& parallel);

} // namespace kvscope
