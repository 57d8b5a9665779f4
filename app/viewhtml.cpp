#include "viewhtml.h"

#include "chartstyle.h"
#include "kvformula.h"
#include "viewtext.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>

using namespace Qt::StringLiterals;

namespace viewtext {
namespace {
QString tr(const char* text, const char* disambiguation = nullptr, int n = -1) {
    return QCoreApplication::translate("viewtext", text, disambiguation, n);
}
} // namespace

QString verdictHtml(const kvscope::Estimate& e) {
    // The word carries the verdict (with a mark), the colour only repeats it.
    const QString headline = u"<span style='color:%1; font-size:%2pt; font-weight:600'>%3</span>"_s;
    const QString points = QString::number(chartstyle::headlinePoints());
    if (e.fits)
        return headline.arg(chartstyle::good().name(), points, tr("✓ Fits")) +
               tr("&nbsp;&nbsp;%1 to spare of a %2 budget")
                   .arg(size(std::uint64_t(e.headroomBytes)), size(e.budgetBytes));
    return headline.arg(chartstyle::bad().name(), points, tr("✗ Out of memory")) +
           tr("&nbsp;&nbsp;short by %1 of a %2 budget").arg(size(std::uint64_t(-e.headroomBytes)), size(e.budgetBytes));
}

QString verdictNoteHtml() {
    return tr("<small>Weights + KV cache + estimated activations and CUDA context, against card x "
              "utilization. Not an out-of-memory guarantee: the allocator's reserve and fragmentation are "
              "not in the sum.</small>");
}

QString kvFormulaLegendHtml(const kvscope::ModelShape& model) {
    if (model.mla.kvLoraRank > 0) // MLA (a rank of 0 means none)
        return {};
    return tr("<small>2: one K and one V · L: layers · B: batch · S: tokens per sequence · "
              "H<sub>kv</sub>: KV heads · D<sub>head</sub>: head size · bytes: per element</small>");
}

QString symbolColor(char symbol) {
    return chartstyle::symbol(symbol).name(); // the light or the dark set, by the window's palette
}

QString kvFormulaHtml(const kvscope::Scenario& s, const kvscope::Estimate& e) {
    const QLocale locale;
    const auto& m = s.model;
    // The same terms the CLI prints (core/kvformula.h): a sliding window's S is the window, and
    // windowed and full-context layers are separate terms, so the factors multiply to the total.
    const kvscope::KvFormula f =
        kvscope::kvFormula(m, s.kvDtype, s.context, s.batch, kvscope::PerGpu{s.tensorParallel});
    const QString bytesPerElement = f.exact && f.elementBits % 8 == 0 ? QString::number(f.elementBits / 8)
                                                                      : QString::number(f.bytesPerElement, 'g', 4);
    const auto num = [&](std::uint64_t v) { return locale.toString(qulonglong(v)); };
    // Each symbol and the number put in for it share a colour; the 2 is labelled as K and V.
    const auto sym = [](char c, const QString& text) {
        return u"<span style='color:%1'><b>%2</b></span>"_s.arg(symbolColor(c), text);
    };
    QStringList products;
    QStringList termSizes;
    for (const kvscope::KvFormulaTerm& t : f.terms) {
        if (f.indexer)
            products << u"%1 x %2 x %3 x ((%4 + %5) x %6 B + %7 B)"_s
                            .arg(sym('L', QString::number(t.layers)), sym('B', num(t.batch)), sym('S', num(t.tokens)))
                            .arg(t.latent)
                            .arg(t.rope)
                            .arg(bytesPerElement)
                            .arg(t.indexerBytes);
        else if (f.mla)
            products << u"%1 x %2 x %3 x (%4 + %5) x %6 B"_s
                            .arg(sym('L', QString::number(t.layers)), sym('B', num(t.batch)), sym('S', num(t.tokens)))
                            .arg(t.latent)
                            .arg(t.rope)
                            .arg(bytesPerElement);
        else if (t.vHeadDim != 0) // K and V heads of their own widths: no factor 2
            products << u"%1 x %2 x %3 x %4 x (%5 + %6) x %7"_s.arg(
                sym('L', QString::number(t.layers)), sym('B', num(t.batch)), sym('S', num(t.tokens)),
                sym('H', QString::number(t.kvHeads)), sym('D', QString::number(t.headDim)),
                sym('D', QString::number(t.vHeadDim)), sym('b', bytesPerElement + tr(" B")));
        else
            products << u"%1 x %2 x %3 x %4 x %5 x %6 x %7"_s.arg(
                sym('2', u"2"_s), sym('L', QString::number(t.layers)), sym('B', num(t.batch)), sym('S', num(t.tokens)),
                sym('H', QString::number(t.kvHeads)), sym('D', QString::number(t.headDim)),
                sym('b', bytesPerElement + tr(" B")));
        termSizes << size(t.bytes);
    }
    QString numbers = products.join(u" + "_s);
    if (f.terms.size() > 1)
        numbers += u" = "_s + termSizes.join(u" + "_s);
    QString text;
    if (f.indexer) {
        text = tr("<b>KV</b> = L x B x S x ((latent + rope) x bytes + indexer key) = %1 = <b>%2</b>")
                   .arg(numbers, size(f.totalBytes));
        text += tr("<br>The sparse-attention indexer (DSA) caches a key per token per layer beside the latent, in "
                   "FP8 with one FP32 scale per 128 values, whatever the KV dtype.");
    } else if (f.mla) {
        text = tr("<b>KV</b> = L x B x S x (latent + rope) x bytes = %1 = <b>%2</b>").arg(numbers, size(f.totalBytes));
    } else if (!f.terms.empty() && f.terms.front().vHeadDim != 0) {
        text = tr("<b>KV</b> = %1 x %2 x %3 x %4 x (%5 + %6) x %7 = %8 = <b>%9</b>")
                   .arg(sym('L', u"L"_s), sym('B', u"B"_s), sym('S', u"S"_s), sym('H', u"H<sub>kv</sub>"_s),
                        sym('D', u"D<sub>K</sub>"_s), sym('D', u"D<sub>V</sub>"_s), sym('b', tr("bytes")), numbers,
                        size(f.totalBytes));
    } else {
        text = tr("<b>KV</b> = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 = <b>%9</b>")
                   .arg(sym('2', tr("2<sub>(K, V)</sub>")), sym('L', u"L"_s), sym('B', u"B"_s), sym('S', u"S"_s),
                        sym('H', u"H<sub>kv</sub>"_s), sym('D', u"D<sub>head</sub>"_s), sym('b', tr("bytes")), numbers,
                        size(f.totalBytes));
    }
    if (s.tensorParallel > 1 && m.hasTwoGeometries() && m.mla.kvLoraRank == 0) {
        // Each layer kind's heads are split on their own; fewer heads than GPUs are replicated, one per GPU.
        text += tr("<br>Per GPU: the full layers' %1 KV heads and the sliding layers' %2 across %3 GPUs, %4 and %5 "
                   "each")
                    .arg(m.kvHeads)
                    .arg(m.windowedAttention->kvHeads)
                    .arg(s.tensorParallel)
                    .arg(kvscope::kvHeadsPerGpu(m.fullAttention(), s.tensorParallel))
                    .arg(kvscope::kvHeadsPerGpu(*m.windowedAttention, s.tensorParallel));
        if (e.kvReplicated)
            text += tr(" (a kind with fewer heads than GPUs keeps a copy of one head on each)");
    } else if (s.tensorParallel > 1)
        text += e.kvReplicated ? tr("<br>Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head")
                                     .arg(m.kvHeads)
                                     .arg(s.tensorParallel)
                               : tr("<br>Per GPU: %1 KV heads split across %2 GPUs, %3 each")
                                     .arg(m.kvHeads)
                                     .arg(s.tensorParallel)
                                     .arg(e.kvHeadsPerGpu);
    if (e.beyondMaxContext)
        text += u"<br><span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            tr("The context is beyond this model's maximum of %1 tokens.").arg(num(m.maxContext)));
    bool capped = false;
    for (const kvscope::KvFormulaTerm& t : f.terms)
        capped = capped || t.windowed;
    for (const kvscope::KvFormulaTerm& t : f.terms)
        if (t.windowed)
            text += tr("<br>S = %1 on %2 of %3 layers: their sliding window caps the %4-token context")
                        .arg(num(t.tokens))
                        .arg(t.layers)
                        .arg(m.layers)
                        .arg(num(s.context));
    if (m.windowedLayerCount() > 0 && !capped) // within the window: S is the context on every layer
        text += tr("<br>%1 of %2 layers keep only the last %3 tokens (sliding window)")
                    .arg(m.windowedLayerCount())
                    .arg(m.layers)
                    .arg(num(m.slidingWindow));
    return text;
}

QString capacityEmptyHtml(const kvscope::Capacity& c) {
    using Empty = kvscope::Capacity::Empty;
    if (c.empty == Empty::WeightsAndOverheadsExceedBudget) {
        const std::uint64_t used = c.weightBytes + c.activationBytes + c.runtimeBytes;
        return u"<span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            (c.communicationBytes > 0
                 ? QCoreApplication::translate("viewtext", "No KV memory: weights %1 + activations %2 (estimate) + "
                                                           "CUDA context and NCCL %3 (estimate) = %4 exceed the "
                                                           "budget of %5 by %6.")
                 : QCoreApplication::translate("viewtext", "No KV memory: weights %1 + activations %2 (estimate) + "
                                                           "CUDA context %3 (estimate) = %4 exceed the budget of %5 "
                                                           "by %6."))
                .arg(size(c.weightBytes), size(c.activationBytes), size(c.runtimeBytes), size(used),
                     size(c.budgetBytes), size(used - std::min(used, c.budgetBytes))));
    }
    if (c.empty == Empty::LessThanOneBlock)
        return u"<span style='color:%1'>%2</span>"_s.arg(
            chartstyle::bad().name(),
            QCoreApplication::translate("viewtext", "No KV block fits: %1 of KV memory is less than one block of %2.")
                .arg(sizeScaled(c.kvMemoryBytes), sizeScaled(c.blockBytes)));
    return {};
}

} // namespace viewtext
