#pragma once

#include "dtype.h"
#include "memorymodel.h"
#include "modelshape.h"

#include <cstdint>
#include <vector>

namespace kvscope {

// The KV cache formula with a scenario's numbers put in, as terms whose factors multiply to
// the bytes they show, so that the window, the breakdown table and the CLI print the same thing:
//
//   KV = 2 x L x B x S x H_kv x D_head x bytes per element
//
// A sliding window caps S at the window on the layers that use it, so a model with some
// windowed layers (Gemma 2/3) has two terms: the full-context layers and the windowed ones.
// A model whose every layer is windowed (Mistral-7B) has one term with the capped S. Where the windowed
// layers have heads of their own (Gemma 4, MiMo-V2), they are a term of their own at every context.
struct KvFormulaTerm {
    std::uint32_t kvFactor = 2;     // 2: one K and one V per token; 1: the MLA latent (K and V share it)
    std::uint32_t layers = 0;       // L: layers of this term
    std::uint64_t batch = 0;        // B: sequences
    std::uint64_t tokens = 0;       // S put in: the context, or the window on windowed layers
    bool windowed = false;          // S is the sliding window (the context is longer)
    bool windowedKind = false;      // the term's layers are windowed ones (with their own heads where they differ)
    std::uint32_t kvHeads = 0;      // H_kv, per GPU (0 for MLA)
    std::uint32_t headDim = 0;      // D_head (0 for MLA)
    std::uint32_t vHeadDim = 0;     // a V head's width where it is not D_head; 0 = the same
    std::uint32_t latent = 0;       // MLA: kv_lora_rank values per token per layer
    std::uint32_t rope = 0;         // MLA: qk_rope_head_dim values per token per layer
    std::uint32_t indexerBytes = 0; // DSA: the indexer key's bytes per token per layer (FP8 + scales), in no dtype
    std::uint64_t bytes = 0;        // this term's bytes, exactly as kvBytes() counts them

    // Values stored: kvFactor x L x B x S x (H_kv x D_head, or latent + rope); with V heads of their own width,
    // L x B x S x H_kv x (D_head + D_v).
    std::uint64_t elements() const;
};

struct KvFormula {
    bool mla = false;
    bool indexer = false;            // MLA with DSA's indexer: each term's bytes hold its keys too
    std::uint64_t context = 0;       // tokens per sequence (S before any cap)
    std::uint64_t slidingWindow = 0; // 0: no window
    std::uint32_t elementBits = 0;   // bits of one stored element, without scales
    double bytesPerElement = 0.0;    // effective, scales of grouped formats included
    bool exact = false; // elements x elementBits / 8 is each term's bytes exactly (no scales, no indexer keys)
    std::vector<KvFormulaTerm> terms; // full-context layers first, then windowed layers
    std::uint64_t totalBytes = 0;     // sum of the terms = kvBytes(model, kv, context, batch, split)
};

// The terms for `batch` sequences of `context` tokens, on one GPU of `split` (H_kv per GPU). Layers that hold no
// per-token cache are in no term: the layer count comes from cachedTokenLayers(), like kvBytes().
KvFormula kvFormula(const ModelShape& model, DType kv, std::uint64_t context, std::uint64_t batch, PerGpu split = {});

} // namespace kvscope
