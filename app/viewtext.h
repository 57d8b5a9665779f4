#pragma once

#include "scenario.h"
#include "scenariodiff.h"
#include "units.h"

#include <QString>

#include <optional>

namespace kvscope {
struct ImportNote;
}

// Sentences the pages show, built from core/'s figures (formatting only, no arithmetic).
namespace viewtext {

// What the config importer assumed or could not read, in the window's language.
QString importNote(const kvscope::ImportNote& note);

// The status bar's sentence for one change: "Batch 8 -> 16: KV cache 8.00 -> 16.00 GiB (x2),
// weights unchanged". Empty when nothing a user sees changed.
// With `figures` false (a quiz question is open) only the change is named: "Batch 8 -> 16".
QString changeNarration(const kvscope::ScenarioDiff& diff, const kvscope::Scenario& before,
                        const kvscope::Scenario& after, bool figures = true);
// The window's one size unit (View > Sizes, remembered in the settings): every label, axis and
// tooltip that shows bytes follows it.
kvscope::SizeUnit displayUnit();
// "GiB" or "GB"
QString unitName();
// bytes in displayUnit()
double inUnit(std::uint64_t bytes);
// "8.00 GiB" or "8.59 GB"; in displayUnit() unless a unit is given
QString size(std::uint64_t bytes, std::optional<kvscope::SizeUnit> unit = std::nullopt, int decimals = 2);
// "128.00 KiB" or "131.07 kB": the largest unit of displayUnit()'s family that keeps the value >= 1
QString sizeScaled(std::uint64_t bytes);
// "8,030,261,248 (published)", "(set by hand)", "(estimated from the shape)", and "K/V projections
// re-estimated" when withKvHeads adjusted a given count.
QString paramsProvenance(const kvscope::ParameterBreakdown& params);
// How the scenario weighs its weights, for titles and narration: "BF16", or "AWQ as stored" when the
// checkpoint's own bytes are used (Scenario::weightsAsStored).
QString weightsName(const kvscope::Scenario& scenario);
// Speculative decoding as set, for narration and titles: "off", "n-gram, k = 3", "EAGLE head, k = 3",
// "draft TinyLlama-1.1B, k = 3".
QString speculationName(const kvscope::Speculation& speculation);
// A dtype for people, in the interface's language (core's DType::label, translated): "INT4 (g128, FP16 scales:
// 4.125 bits)", "BF16".
QString dtypeLabel(const kvscope::DType& dtype);

} // namespace viewtext

namespace kvscope::gpu {
struct DeviceInfo;
}

namespace viewtext {
// "CPU: AMD EPYC, 2 threads, 23.54 GiB RAM (no CUDA driver)" in the interface's language,
// from the probe's fields; the reasons gpu/ gives are translated where they are known.
QString deviceLine(const kvscope::gpu::DeviceInfo& device);
QString deviceReason(const std::string& reason);
// "GPU KV cache size: 48,864 tokens" and "Maximum concurrency for 8,192 tokens per request: 5.96x"
QString capacityHtml(const kvscope::Capacity& capacity);
// "Largest batch at 8K tokens: 12 · longest context at batch 8: 15,360 tokens" (core's maxBatchForContext and
// maxContextForBatch, as `kvscope-cli estimate` prints them).
QString limitsHtml(std::uint64_t maxBatch, std::uint64_t context, std::uint64_t maxContext, std::uint64_t batch);
// 2048 -> "2K", 131072 -> "128K", 1000 -> "1,000"
QString tokens(std::uint64_t count);
// A latency: "12.5 ms" under a second (more decimals the shorter), "1.25 s" above, "125 s" from 100 s; "2.9 µs"
// under 10 microseconds.
QString duration(double seconds);
// A rate in decimal units, as data sheets print them: rate(28.1e9, "B/s") is "28.1 GB/s", "65.9 GFLOP/s".
QString rate(double perSecond, const QString& unit);
} // namespace viewtext
