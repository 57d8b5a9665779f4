// kvscope-cli roofline: this machine's two ceilings measured and our small GPT's decode and
// prefill steps set on them (gpu/rooflinerun.h), or with --predict the data-sheet lower bound on
// the time per output token of a scenario (core/roofline.h). Every byte and FLOP is core's.
#include "rooflinecommand.h"

#include "argparser.h"
#include "clitext.h"
#include "error.h"
#include "gpus.h"
#include "messages.h"
#include "roofline.h"
#include "rooflinerun.h"
#include "scenariooptions.h"
#include "units.h"

#include <nlohmann/json.hpp>

#include <iostream>
#include <sstream>

namespace kvscope::cli {
namespace {

using nlohmann::ordered_json;
namespace rl = kvscope::roofline;

std::string boundKey(rl::Bound bound) {
    return bound == rl::Bound::Memory ? "memory" : "compute";
}

std::string intensityText(double intensity) {
    return fixedText(intensity, intensity < 10 ? 2 : intensity < 100 ? 1 : 0);
}

std::string msText(double seconds) {
    const double ms = seconds * 1000.0;
    return fixedText(ms, ms < 1 ? 4 : ms < 100 ? 3 : 1);
}

std::vector<std::uint32_t> parseList(const ArgParser& p, std::string_view name) {
    std::vector<std::uint32_t> out;
    const std::optional<std::string> text = p.value(name);
    if (!text)
        return out;
    std::stringstream in(*text);
    std::string item;
    while (std::getline(in, item, ',')) {
        std::size_t used = 0;
        unsigned long value = 0;
        try {
            value = std::stoul(item, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != item.size() || value == 0 || value > 65536)
            throw Error("--" + std::string(name) +
                        ": expected a comma-separated list of whole numbers from 1 to "
                        "65536, got '" +
                        *text + "'");
        out.push_back(std::uint32_t(value));
    }
    if (out.empty())
        throw Error("--" + std::string(name) + ": expected at least one number");
    return out;
}

// The reading of one point in the --lang language: the same figures as gpu::englishReading.
std::string pointReading(const gpu::RooflinePoint& point) {
    const rl::Reading& r = point.reading;
    const bool memory = r.bound == rl::Bound::Memory;
    const std::string b = std::to_string(point.batch), c = std::to_string(point.context);
    const std::string i = intensityText(r.intensity), share = fixedText(r.shareOfRoof * 100.0, 0);
    if (point.kind == gpu::PointKind::Prefill)
        return memory ? tr("prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound",
                           {b, c, i, share})
                      : tr("prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the compute roof: compute-bound",
                           {b, c, i, share});
    return memory ? tr("batch %1, context %2: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound", {b, c, i, share})
                  : tr("batch %1, context %2: %3 FLOP/byte, %4% of the compute roof: compute-bound", {b, c, i, share});
}

ordered_json workJson(const rl::StepWork& w) {
    return {{"bytes", w.bytes},
            {"weight_bytes", w.weightBytes},
            {"kv_read_bytes", w.kvReadBytes},
            {"kv_write_bytes", w.kvWriteBytes},
            {"flops", w.flops},
            {"matmul_flops", w.matmulFlops},
            {"attention_flops", w.attentionFlops}};
}

int runMeasure(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli roofline",
                tr("Measures this machine's roofline (memory bandwidth and peak FLOP/s, in the same run) and sets\n"
                   "our small GPT's decode steps (batch 1 to 256, several contexts) and prefills on it.\n"
                   "With --predict: the lower bound on the time per output token from a GPU's data sheet."));
    p.addFlag("predict", tr("the data-sheet prediction for a model, GPU, batch and context instead (see --predict "
                            "--help)"));
    p.addFlag("quick", tr("a smaller grid and a 40 s budget (contexts 64 and 256)"));
    p.addOption("backend", "B", tr("auto, cpu or cuda (default auto: CUDA when a device answers)"));
    p.addOption("dtype", "D", tr("fp32 (default) or bf16 (weights, activations and KV cache; CUDA backend only)"));
    p.addOption("batches", "LIST", tr("batches to measure, comma-separated (default 1,4,16,64,256)"));
    p.addOption("contexts", "LIST", tr("contexts to measure, comma-separated (default 64,256,1024)"));
    p.addOption("steps", "N", tr("one-token steps measured after each prefill (default 5)"));
    p.addOption("budget", "SECONDS", tr("time for the decode runs; the largest are skipped past it"));
    p.addOption("threads", "N", tr("CPU threads (default 2)"));
    p.addFlag("json", tr("print one JSON object"));
    if (!parseOrHelp(p, args))
        return 0;
    gpu::RooflineOptions o;
    o.quick = p.has("quick");
    o.backend = gpu::parseBackendChoice(p.valueOr("backend", "auto"), "--backend");
    o.precision = gpu::parsePrecision(p.valueOr("dtype", "fp32"), "--dtype");
    o.batches = parseList(p, "batches");
    o.contexts = parseList(p, "contexts");
    o.decodeSteps = std::uint32_t(p.uintValue("steps", 1, 64).value_or(5));
    o.budgetSeconds = p.doubleValue("budget", 1.0, 86400.0).value_or(0.0);
    o.threads = int(p.uintValue("threads", 1, 256).value_or(2));
    const bool json = p.has("json");
    const gpu::RooflineReport r = gpu::measureRoofline(o, nullptr, [json](double fraction, const std::string& what) {
        if (!json)
            std::cerr << "[" << fixedText(fraction * 100.0, 0) << "%] " << what << "\n";
    });
    const gpu::MeasuredRoof& m = r.roof;
    const bool cuda = m.backend == gpu::Backend::Cuda;
    if (json) {
        ordered_json j;
        j["backend"] = cuda ? "cuda" : "cpu";
        j["backend_why"] = r.backendWhy;
        j["device"] = m.device;
        j["threads"] = m.threads;
        j["roof"] = {{"bandwidth_bytes_per_s", m.roof.bandwidth},
                     {"bandwidth_source", m.bandwidthSource},
                     {"peak_flops", m.roof.peakFlops},
                     {"peak_source", m.peakSource},
                     {"ridge_flops_per_byte", rl::ridgePoint(m.roof)},
                     {"read_only_bytes_per_s", m.readBandwidth},
                     {"triad_bytes_per_s", m.triadBandwidth},
                     {"copy_bytes_per_s", m.copyBandwidth},
                     {"sgemm_flops", m.sgemmFlops},
                     {"gemm_fp32_flops", m.gemmFp32Flops},
                     {"gemm_bf16_flops", m.gemmBf16Flops}};
        j["model"] = {{"layers", r.model.layers},   {"width", r.model.width},
                      {"heads", r.model.heads},     {"kv_heads", r.model.kvHeads},
                      {"vocab", r.model.vocab},     {"max_context", r.model.maxContext},
                      {"parameters", r.parameters}, {"precision", gpu::precisionName(r.precision)},
                      {"cache", "contiguous"}};
        j["budget_seconds"] = r.budgetSeconds;
        j["seconds"] = r.seconds;
        j["stopped"] = r.stopped;
        j["points"] = ordered_json::array();
        for (const gpu::RooflinePoint& point : r.points) {
            ordered_json pj = {{"kind", gpu::pointKindName(point.kind)},
                               {"batch", point.batch},
                               {"context", point.context},
                               {"steps", point.steps}};
            pj.update(workJson(point.work));
            pj["ms"] = point.milliseconds;
            pj["intensity_flops_per_byte"] = point.reading.intensity;
            pj["achieved_flops_per_s"] = point.reading.achievedFlops;
            pj["achieved_bytes_per_s"] = point.reading.achievedBandwidth;
            pj["roof_flops_per_s"] = point.reading.roofFlops;
            pj["lower_bound_ms"] = point.reading.lowerBoundSeconds * 1000.0;
            pj["share_of_roof"] = point.reading.shareOfRoof;
            pj["bound"] = boundKey(point.reading.bound);
            pj["reading"] = gpu::englishReading(point);
            j["points"].push_back(pj);
        }
        j["skipped"] = ordered_json::array();
        for (const gpu::SkippedPoint& s : r.skipped)
            j["skipped"].push_back({{"batch", s.batch}, {"context", s.context}, {"why", s.why}});
        printJson(j);
        return 0;
    }
    std::cout << (cuda ? tr("Roofline of this machine, measured on the GPU: %1", {m.device})
                       : tr("Roofline of this machine, measured on the CPU (%1 threads): %2",
                            {std::to_string(m.threads), m.device}))
              << "\n";
    if (!cuda && !r.backendWhy.empty())
        std::cout << tr("Why the CPU: %1", {r.backendWhy}) << "\n";
    if (cuda) {
        std::cout << "  " << tr("memory:  %1 (device-to-device copy)", {rateText(m.copyBandwidth, "B/s")}) << "\n"
                  << "  "
                  << tr("compute: %1 (cuBLAS FP32 GEMM), %2 (cuBLAS BF16 GEMM)",
                        {rateText(m.gemmFp32Flops, "FLOP/s"), rateText(m.gemmBf16Flops, "FLOP/s")})
                  << "\n";
    } else {
        std::cout << "  "
                  << tr("memory:  %1 (read-only sum); STREAM triad %2",
                        {rateText(m.readBandwidth, "B/s"), rateText(m.triadBandwidth, "B/s")})
                  << "\n"
                  << "  " << tr("compute: %1 (OpenBLAS SGEMM)", {rateText(m.sgemmFlops, "FLOP/s")}) << "\n";
    }
    std::cout << "  " << tr("ridge point: %1 FLOP/byte", {intensityText(rl::ridgePoint(m.roof))}) << "\n";
    std::cout << tr("Model: our small GPT, %1 layers, width %2, %3 parameters, %4, contiguous cache",
                    {std::to_string(r.model.layers), std::to_string(r.model.width), groupThousands(r.parameters),
                     gpu::precisionName(r.precision)})
              << "\n\n";
    if (!r.points.empty()) {
        std::vector<std::vector<std::string>> table{{tr("step kind"), tr("batch"), tr("context"), tr("FLOP/byte"),
                                                     tr("time (ms)"), tr("achieved GFLOP/s"), tr("achieved GB/s"),
                                                     tr("of roof"), tr("bound")}};
        for (const gpu::RooflinePoint& point : r.points) {
            const rl::Reading& x = point.reading;
            table.push_back({point.kind == gpu::PointKind::Prefill ? tr("prefill") : tr("decode"),
                             std::to_string(point.batch), std::to_string(point.context), intensityText(x.intensity),
                             fixedText(point.milliseconds, point.milliseconds < 100 ? 2 : 0),
                             fixedText(x.achievedFlops / 1e9, 1), fixedText(x.achievedBandwidth / 1e9, 1),
                             fixedText(x.shareOfRoof * 100.0, 0) + "%",
                             x.bound == rl::Bound::Memory ? tr("memory-bound") : tr("compute-bound")});
        }
        printTable(table, TableStyle().spaced(2));
        std::cout << "\n";
        for (const gpu::RooflinePoint& point : r.points)
            std::cout << "  " << pointReading(point) << "\n";
    }
    for (const gpu::SkippedPoint& s : r.skipped)
        std::cout << tr("skipped: batch %1, context %2: %3",
                        {std::to_string(s.batch), std::to_string(s.context), s.why})
                  << "\n";
    if (r.stopped)
        std::cout << tr("stopped before the end") << "\n";
    std::cout << tr("Bytes and FLOPs per step are core's formulas (core/roofline.h); only the times are measured.")
              << "\n";
    return 0;
}

int runPredict(const std::vector<std::string>& args) {
    ArgParser p("kvscope-cli roofline --predict",
                tr("The lower bound on the time per output token (TPOT) of one decode step from a GPU's data sheet:\n"
                   "max(bytes / bandwidth, FLOPs / peak), bytes and FLOPs from core's formulas. --model is\n"
                   "accepted for --preset."));
    p.addFlag("predict", tr("the data-sheet prediction (this mode)"));
    addScenarioOptions(p);
    p.addFlag("json", tr("print one JSON object"));
    std::vector<std::string> renamed = args;
    for (std::string& a : renamed) {
        if (a == "--model")
            a = "--preset";
        else if (a.starts_with("--model="))
            a = "--preset=" + a.substr(8);
    }
    if (!parseOrHelp(p, renamed))
        return 0;
    std::vector<std::string> notes;
    const Scenario s = scenarioFromOptions(p, notes);
    const std::optional<rl::Prediction> prediction = rl::predictScenario(s);
    if (!prediction) {
        std::string known;
        for (const GpuPreset& gpu : gpuPresets())
            if (gpu.sheet.present())
                known += (known.empty() ? "" : ", ") + gpu.id;
        throw Error("--gpu " + s.gpuId + " has no data-sheet bandwidth and peak; GPUs with them: " + known);
    }
    const GpuPreset& gpu = findGpuPreset(s.gpuId);
    const rl::Prediction& x = *prediction;
    const rl::Reading& r = x.reading;
    if (p.has("json")) {
        ordered_json j;
        j["model"] = s.model.id;
        j["name"] = s.model.displayName;
        j["weight_dtype"] = s.weightDtype.name();
        j["kv_dtype"] = s.kvDtype.name();
        j["batch"] = s.batch;
        j["context"] = s.context;
        j["tensor_parallel"] = s.tensorParallel;
        j["gpu"] = {{"id", gpu.id},
                    {"name", gpu.name},
                    {"bandwidth_bytes_per_s", gpu.sheet.bandwidth},
                    {"peak_flops", gpu.sheet.peakFlops},
                    {"peak_dtype", gpu.sheet.peakDtype},
                    {"source", gpu.sheet.source}};
        j["step"] = workJson(x.work);
        j["intensity_flops_per_byte"] = r.intensity;
        j["ridge_flops_per_byte"] = rl::ridgePoint(x.roof);
        j["memory_ms"] = r.memorySeconds * 1000.0;
        j["compute_ms"] = r.computeSeconds * 1000.0;
        j["tpot_lower_bound_ms"] = x.tpotSeconds * 1000.0;
        j["bound"] = boundKey(r.bound);
        j["left_out"] = "communication between GPUs, activations between kernels, element-wise work, kernel "
                        "launches; a lower bound, not a forecast";
        j["notes"] = notes;
        printJson(j);
        return 0;
    }
    std::cout << tr("%1, %2 weights, %3 KV cache, batch %4, context %5 on %6",
                    {s.model.displayName, s.weightDtype.name(), s.kvDtype.name(), groupThousands(s.batch),
                     groupThousands(s.context), gpu.name})
              << "\n";
    if (s.tensorParallel > 1)
        std::cout << tr("Per GPU of %1 (tensor parallel; the communication between them is left out)",
                        {std::to_string(s.tensorParallel)})
                  << "\n";
    std::cout << tr("Data sheet: %1, %2 dense %3 (%4)",
                    {rateText(gpu.sheet.bandwidth, "B/s"), rateText(gpu.sheet.peakFlops, "FLOP/s"), gpu.sheet.peakDtype,
                     gpu.sheet.source.starts_with("data sheet: ") ? gpu.sheet.source.substr(12) : gpu.sheet.source})
              << "\n";
    std::cout << "  "
              << tr("bytes per step: %1 (weights %2, KV cache read %3, written %4)",
                    {sizeText(x.work.bytes), sizeText(x.work.weightBytes), sizeText(x.work.kvReadBytes),
                     sizeScaled(x.work.kvWriteBytes)})
              << "\n";
    std::cout << "  "
              << tr("FLOPs per step: %1 (matrices %2, attention %3)",
                    {rateText(double(x.work.flops), "FLOP"), rateText(double(x.work.matmulFlops), "FLOP"),
                     rateText(double(x.work.attentionFlops), "FLOP")})
              << "\n";
    std::cout << "  "
              << tr("arithmetic intensity: %1 FLOP/byte; ridge point %2 FLOP/byte",
                    {intensityText(r.intensity), intensityText(rl::ridgePoint(x.roof))})
              << "\n";
    std::cout << (r.bound == rl::Bound::Memory
                      ? tr("TPOT lower bound: %1 ms (bytes / bandwidth %2 ms, FLOPs / peak %3 ms): memory-bound",
                           {msText(x.tpotSeconds), msText(r.memorySeconds), msText(r.computeSeconds)})
                      : tr("TPOT lower bound: %1 ms (bytes / bandwidth %2 ms, FLOPs / peak %3 ms): compute-bound",
                           {msText(x.tpotSeconds), msText(r.memorySeconds), msText(r.computeSeconds)}))
              << "\n";
    std::cout << tr("A lower bound from the data sheet, not a forecast: kernel launches, element-wise work and "
                    "activations are left out.")
              << "\n";
    printNotes(notes);
    return 0;
}

} // namespace

int runRoofline(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--predict")
            return runPredict(args);
    return runMeasure(args);
}

} // namespace kvscope::cli
