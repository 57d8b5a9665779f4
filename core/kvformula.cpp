#include "kvformula.h"

#include "checked.h"
#include "memorymodel.h"

namespace kvscope {

std::uint64_t KvFormulaTerm::elements() const {
    if (latent + rope == 0 && vHeadDim != 0 && vHeadDim != headDim)
        return mulChecked("KV formula values", mulChecked("KV formula values", layers, batch), tokens,
                          std::uint64_t(kvHeads) * (std::uint64_t(headDim) + vHeadDim));
    const std::uint64_t perTokenPerLayer =
        latent + rope > 0 ? std::uint64_t(latent) + rope : std::uint64_t(kvHeads) * headDim;
    return mulChecked("KV formula values", mulChecked("KV formula values", kvFactor, layers, batch), tokens,
                      perTokenPerLayer);
}

KvFormula kvFormula(const ModelShape& m, DType kv, std::uint64_t context, std::uint64_t batch, PerGpu split) {
    m.validate();
    KvFormula f;
    f.mla = m.mla.kvLoraRank > 0;
    f.context = context;
    f.slidingWindow = m.slidingWindow;
    f.elementBits = kv.bits();
    f.bytesPerElement = kv.effectiveBits() / 8.0;
    f.indexer = f.mla && m.mla.indexHeadDim > 0;
    f.exact = !kv.isQuantized() && !f.indexer;
    // Layers holding a per-token cache: each holds one position at a context of one token.
    const std::uint64_t cachingLayers = cachedTokenLayers(m, 1);
    const std::uint32_t windowed = m.layerCounts().windowedKv; // of the caching layers only (hybrids)
    const bool capped = windowed > 0 && context > m.slidingWindow;
    // One term per layer kind: windowed layers apart when the window caps them or their heads differ.
    const auto term = [&](bool windowedKind) {
        KvFormulaTerm t;
        t.kvFactor = f.mla ? 1 : 2;
        t.batch = batch;
        if (f.mla) {
            t.latent = m.mla.kvLoraRank;
            t.rope = m.mla.qkRopeHeadDim;
            t.indexerBytes = static_cast<std::uint32_t>(indexerKeyBytes(m)); // at most kMaxHeadDim x 1.03
        } else {
            const AttentionGeometry g = m.attentionOf(windowedKind);
            t.kvHeads = split.tensorParallel == 1 ? g.kvHeads : kvHeadsPerGpu(g, split.tensorParallel);
            t.headDim = g.headDim;
            if (g.effectiveVHeadDim() != g.headDim)
                t.vHeadDim = g.effectiveVHeadDim();
        }
        return t;
    };
    auto add = [&](std::uint64_t layers, std::uint64_t tokens, bool windowedKind, bool isCapped) {
        if (layers == 0)
            return;
        KvFormulaTerm t = term(windowedKind);
        t.layers = static_cast<std::uint32_t>(layers);
        t.tokens = tokens;
        t.windowed = isCapped;
        t.windowedKind = windowedKind;
        const std::uint64_t perLayerBytes = kvBytesPerTokenPerLayer(m, kv, split, windowedKind);
        t.bytes = mulChecked("KV formula bytes", perLayerBytes, mulChecked("KV formula bytes", layers, tokens), batch);
        f.totalBytes = addChecked(f.totalBytes, t.bytes, "KV formula bytes");
        f.terms.push_back(t);
    };
    const std::uint64_t full = cachingLayers > windowed ? cachingLayers - windowed : 0;
    if (capped || m.hasTwoGeometries()) {
        add(full, context, false, false);
        add(windowed, capped ? m.slidingWindow : context, true, capped);
    } else {
        add(cachingLayers, context, false, false);
    }
    return f;
}

} // namespace kvscope
