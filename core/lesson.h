#pragma once

// Guided lessons: a class hour as data. A lesson puts the app into a scenario and a page,
// asks a question, lets the class predict (a number or a choice), then reveals an answer
// whose numbers are the app's own figures, and outlines the widget that shows them.
//
// Lesson file format, version 1 (UTF-8 JSON, at most 1 MiB):
//
// {
//   "format": "kvscope-lessons", "version": 1,
//   "id": "course",                              // [a-z0-9-]+, at most 64 characters
//   "title": {"en": "...", "ko": "..."},
//   "lessons": [ {                               // 1 to 200 lessons, shown in this order
//     "id": "int4-still-oom",                    // [a-z0-9-]+, unique within the file
//     "title": {"en": "...", "ko": "..."},
//     "page": "memory",                          // memory, attention, scaling, paged, gpu or serving
//     "scenario": {                              // optional, every key optional; the base is
//                                                // kvscope::defaultScenario()
//       "preset": "llama-3.1-8b",                // a model preset id (kvscope::loadPreset); weight
//                                                // and KV dtypes then default to its native dtype
//       "params": 7000000000,                    // parameter count replacing the estimate, 1..1e13
//       "kv_heads": 32,                          // 1..65536, must divide the query heads
//       "weight_dtype": "int4", "kv_dtype": "bf16",   // kvscope::DType::parse names
//       "context": 32768,                        // tokens per sequence, 1..2^24
//       "batch": 32,                             // sequences, 1..2^20
//       "gpu": "rtx-4090",                       // kvscope::findGpuPreset id
//       "utilization": 0.9,                      // (0, 1]
//       "tp": 1,                                 // tensor-parallel GPUs, 1..1024
//       "block_size": 16,                        // tokens per KV block, 1..4096
//       "speculative": {"method": "eagle",       // speculative decoding: ngram, eagle or draft (+ "draft":
//                       "tokens": 3,             // a preset id); draft tokens 1..16 (default 3) and the
//                       "acceptance": 0.7}       // acceptance rate (0, 1] (default 0.7)
//     },
//     "simulation": {                            // optional; only for the simulation figures
//       "workload": "sharegpt",                  // sharegpt, alpaca, fixed:P,O or
//                                                // uniform:PMIN-PMAX,OMIN-OMAX (no trace files)
//       "requests": 200,                         // 1..10000 (default 1000)
//       "pool_tokens": 15728,                    // KV pool in token slots, 1..2^22 (default 15,728)
//       "max_model_len": 2048,                   // 2..pool_tokens (default 2048)
//       "block_size": 16,                        // paged block, 1..256 and <= pool_tokens (default 16)
//       "seed": 1,                               // default 1
//       "contiguous": "max"                      // the contiguous policy compared: max, pow2, oracle
//     },                                         // requests x max_model_len <= 2^25: a reveal
//                                                // runs in about a second
//     "question": {"en": "...", "ko": "..."},
//     "predict": {"kind": "number", "figure": "kv_gib",
//                 "unit": {"en": "GiB", "ko": "GiB"},  // optional
//                 "tolerance": 0.05,                   // relative, (0, 1], default 0.05
//                 "also_accept": [{"figure": "kv_gb",  // optional, 1 to 4: the same quantity
//                                  "unit": {"en": "GB", "ko": "GB"}}]}  // in another unit
//             or {"kind": "choice", "choices": [{"en": "...", "ko": "..."}, ...],  // 2 to 8
//                 "answer": 2},                        // 0-based index of the right choice
//     "answer": {"en": "... {kv_gib:2} GiB ...", "ko": "..."},
//     "highlight": "memoryChart",                // one of lessonHighlightTargets()
//     "lock": ["batch"],                         // optional: controls fixed while the lesson is open
//     "hide": ["kvHeads"],                       // optional: controls off the panel while it is open;
//                                                // both from lessonControlTargets(), none in both
//     "experiment": "classroom",                 // optional, page "gpu" only: the GPU page sets up the
//                                                // classroom decode (the course's model at batch 1, then
//                                                // 64) and runs it when the lesson opens, unless a run
//                                                // of it is already there or under way
//     "moment": {"run": "contiguous",            // optional, with "simulation" only: at the reveal the
//                "at": "first-wait"}             // paged page stands at this moment of the run
//                                                // (contiguous or paged; first-wait, first-preemption,
//                                                // peak-batch or finished: core's runMoments)
//   } ]
// }
//
// Every text is {"en": ..., "ko": ...}, both non-empty, at most 4000 bytes each. Any text
// may hold placeholders {figure} or {figure:decimals} (decimals 0-9); a '{' that does not
// open one is an error, and so is a name that is no figure. Unknown and repeated keys are
// errors everywhere, so a typo is never silently ignored; nesting is limited to 16 levels.
// Errors name the file, the lesson ("lesson 3 'int4-still-oom'", counted from 1) and the
// field ("predict.figure"), say what was expected, and quote at most ~40 bytes of a value.
//
// Highlight targets (the object names the app gives its widgets): memoryChart, verdict,
// kvFormula, breakdown, capacity, weightsChart, attentionChart, naiveFormula,
// attentionTable, scalingChart, fitMap, contiguousMap, pagedMap, pagedTimeline,
// decodeTimeChart, decodeMemoryChart, decodeSummary, decodeCourse, servingHeadline, servingTable,
// servingThroughput, servingLatency, tiersFormulas, tierLadder, tierLinks, tiersChart, context, batch,
// kvHeads, weightDtype, kvDtype, layers, gpu.
//
// Figures: named doubles computed by core/ from the lesson's scenario; the name carries
// the unit. GiB = 2^30 bytes, GB = 10^9 bytes, KiB = 1024 bytes; per-GPU under tensor
// parallelism unless said otherwise.
//   scenario:   context_tokens, batch_size, model_layers, model_hidden, model_heads,
//               model_kv_heads, model_head_dim, kv_bytes_per_element, params_billion,
//               params_million, gpu_memory_gib
//   memory:     weights_gib, weights_gb, weights_mb (10^6 bytes), kv_gib, kv_gb, kv_bytes,
//               kv_bytes_per_sequence, kv_gib_per_sequence, weights_kv_gib (the course
//               chart's sum), kv_weights_ratio, activations_gib, runtime_gib (both
//               estimates), total_gib, budget_gib, headroom_gib (negative when short)
//   per token:  kv_bytes_per_token, kv_kib_per_token (whole model), naive_kv_kib_per_token,
//               naive_kv_gib, naive_factor (query heads in place of KV heads)
//   limits:     max_batch, max_context, capacity_tokens, max_concurrency, kv_pool_gib
//               (what vLLM reports: blocks of block_size tokens, per request = context)
//   dtypes:     weights_fp32_gib, weights_bf16_gib, weights_int8_gib, weights_int4_gib
//               (the parameter count in each plain dtype, all GPUs)
//   attention:  mha_kv_kib_per_token, gqa_kv_kib_per_token (the model's own KV heads),
//               mqa_kv_kib_per_token (kvscope::attentionVariants)
//   simulation: need "simulation". Its inputs sim_pool_tokens, sim_max_model_len,
//               sim_requests; its results averaged over the steps with requests waiting,
//               as `kvscope-cli simulate` reports them: contiguous_token_share_pct,
//               contiguous_reserved_pct, contiguous_internal_pct, contiguous_external_pct,
//               paged_token_share_pct, paged_internal_pct, contiguous_mean_batch,
//               paged_mean_batch, paged_batch_ratio
//   serving:    need "page": "serving" and a scenario the Serving page can time (servingUnpriced):
//               core's servingStudy of the scenario at the page's default settings (ServingStudyInput:
//               1,000 ShareGPT-like requests, Poisson at 2 per second, p90 TTFT 2 s and TPOT 100 ms):
//               serving_requests, serving_rate_rps, serving_ttft_target_s, serving_tpot_target_ms,
//               serving_pool_tokens, serving_{max,pow2,oracle,paged}_capacity_rps (the largest rate
//               meeting the targets), serving_paged_users, serving_paged_over_max,
//               serving_paged_over_oracle (capacity ratios), serving_max_tokens_per_s,
//               serving_paged_tokens_per_s (at the rate). The study runs when the lesson is shown
//               (about half a second) and is cached like the simulation.
//   tiers:      a request of the scenario's context beyond the GPU (core/kvtiers.h; a GPU preset with a data sheet,
//               one GPU, one weight dtype): tiers_request_mb (10^6 bytes), tiers_gpu_tflops (the data sheet's peak),
//               tiers_pcie4_gbps and tiers_pcie5_gbps (the links, 10^9 B/s),
//               tiers_reload_{pcie4,pcie5,nvme4}_ms, tiers_handoff_{ib,eth}_ms (InfiniBand NDR, 100 Gb Ethernet),
//               tiers_recompute_ms (a prefill on the data-sheet roofline) and its tiers_recompute_memory_ms,
//               tiers_recompute_compute_ms and tiers_recompute_tflop, tiers_reload_speedup_pcie4 and
//               tiers_reload_speedup_pcie5 (recompute / reload), tiers_nvme4_recompute_from_tokens and
//               tiers_nvme4_reload_again_from_tokens (where an NVMe drive on PCIe 4.0 loses to the recompute, and wins
//               again, up to the model's maximum context), tiers_host_ratio and tiers_host_tokens (a host tier of
//               SGLang HiCache's default 2x the GPU pool)
//   speculative: the scenario's "speculative" (core/speculation.h): spec_draft_params_m (millions),
//               spec_draft_weights_gib, spec_draft_kv_gib, spec_lookahead_mib, spec_total_gib (what the drafter adds
//               per GPU), and on one GPU preset with a data sheet: spec_expected_tokens (per step), spec_speedup,
//               spec_decode_ms (a plain step), spec_verify_ms (k + 1 tokens checked), spec_draft_ms (one draft
//               step), spec_step_ms (the check and k draft steps)
//   per GPU:    the scenario split as the lesson's "parallel" says (core/pergpu.h; one stage and group by
//               default): pergpu_gpus, pergpu_tightest_gpu and pergpu_tightest_stage (the GPU with the least
//               headroom), pergpu_tightest_total_gib, pergpu_{first,last}_stage_layers,
//               pergpu_{first,last}_{weights,kv,total}_gib (GPU 0's and the last GPU's), pergpu_kv_copies
//   course:     the small-GPT decode of docs/domain.md section 7 (core/coursedata.h):
//               course_batch1_cached_ms, course_batch1_uncached_ms,
//               course_uncached_mean_tokens, course_fit_a_ms, course_fit_b_ms,
//               course_fixed_share_cached_pct, course_fixed_share_uncached_pct,
//               course_speedup_b1, course_speedup_b64, course_cpu_speedup_b1,
//               course_predicted_b64_cached_ms, course_predicted_b64_uncached_ms (the
//               course's rounded a and b), course_measured_b64_cached_ms,
//               course_measured_b64_uncached_ms

#include "kvsimulator.h"
#include "pergpu.h"
#include "scenario.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvscope {

inline constexpr int kLessonFormatVersion = 1;
inline constexpr std::size_t kLessonFileMaxBytes = std::size_t{1024} * 1024;
inline constexpr std::size_t kLessonMaxCount = 200;
inline constexpr std::size_t kLessonTextMaxBytes = 4000;

enum class Language { En, Ko };

struct LocalizedText {
    std::string en, ko;
    const std::string& in(Language language) const { return language == Language::Ko ? ko : en; }
    bool empty() const { return en.empty() && ko.empty(); }
};

enum class LessonPage { Memory, Attention, Scaling, Paged, Gpu, Serving, Tiers, PerGpu };
std::string_view lessonPageName(LessonPage page); // "memory", "attention", ...

// The object names the app gives the widgets a lesson may outline.
const std::vector<std::string>& lessonHighlightTargets();
// The scenario controls a lesson may lock or hide (a subset of the highlight targets): context, batch, kvHeads,
// weightDtype, kvDtype, layers, gpu.
const std::vector<std::string>& lessonControlTargets();

// The paged-vs-contiguous run behind the simulation figures (see the format above).
struct LessonSimulation {
    std::string workload = "sharegpt"; // WorkloadSpec::parse text
    std::uint32_t requests = 1000;
    std::uint64_t poolTokens = 15'728;
    std::uint32_t maxModelLen = 2048;
    std::uint32_t blockSize = 16;
    std::uint64_t seed = 1;
    AllocatorKind contiguous = AllocatorKind::Max;
};
struct LessonSimulationResult {
    SimSummary contiguous;
    SimSummary paged;
};
struct LessonSimulationCache; // defined in lesson.cpp

struct LessonPrediction {
    enum class Kind { Number, Choice };
    Kind kind = Kind::Number;
    // Number: the figure the typed value is checked against, its unit (may be empty) and
    // the relative tolerance of "close enough".
    std::string figure;
    LocalizedText unit;
    double tolerance = 0.05;
    // The same quantity in other units ("also_accept"): a prediction within tolerance of one is right too.
    struct Alternate {
        std::string figure;
        LocalizedText unit;
    };
    std::vector<Alternate> alternates;
    // Choice: the options in order and the index of the right one.
    std::vector<LocalizedText> choices;
    int answer = 0;
};

enum class LessonExperiment { None, Classroom };
// A named moment of the lesson's run: which allocator's run, and which of core's moments.
struct LessonMoment {
    bool paged = false; // the paged run; else the contiguous one
    MomentKind kind = MomentKind::FirstWait;
    bool operator==(const LessonMoment&) const = default;
};

struct Lesson {
    std::string id;
    int index = 0; // 0-based position in its set
    LocalizedText title;
    LessonPage page = LessonPage::Memory;
    std::string presetId; // the model preset the scenario starts from
    Scenario scenario;    // built and validated when the file is parsed
    std::optional<LessonSimulation> simulation;
    LocalizedText question;
    LessonPrediction predict;
    LocalizedText answer;
    std::string highlight;                   // one of lessonHighlightTargets()
    std::vector<std::string> lockedControls; // lessonControlTargets() fixed while the lesson is open
    std::vector<std::string> hiddenControls; // and those taken off the panel
    LessonExperiment experiment = LessonExperiment::None;
    std::optional<LessonMoment> moment; // where the paged page stands at the reveal
    // The "pergpu" page's split beyond the scenario's tensor parallelism ("parallel": {"pipeline": P,
    // "attention_groups": D, "expert": true}); the figures pergpu_* are core's perGpuEstimate of it.
    Parallelism parallel;
    // The simulation's result, run on first use and shared by copies of this lesson
    // (thread-safe). Null in a hand-built Lesson: then every use runs it again.
    std::shared_ptr<LessonSimulationCache> simulationCache;
};

struct LessonSet {
    std::string id;
    LocalizedText title;
    std::vector<Lesson> lessons;
    std::string source; // the file name (or "resources/lessons/<id>.json") used in messages
};

// Throws Error naming `sourceName`, the lesson and the field when the text is not a valid
// lesson file; never quotes more than about 40 characters of a bad value.
LessonSet parseLessonSet(std::string_view json, const std::string& sourceName);
// Checks that `path` is a regular file of at most kLessonFileMaxBytes, then parses it.
LessonSet loadLessonFile(const std::string& path);

// The sets embedded from resources/lessons/*.json ("course").
std::vector<std::string> shippedLessonSetIds();
LessonSet loadShippedLessonSet(std::string_view id);
// True for a set loadShippedLessonSet gave (a teacher's file with a shipped set's id is not one).
bool isShippedLessonSet(const LessonSet& set);

// Every figure name, in the order of the list above.
std::vector<std::string> lessonFigureNames();
bool isLessonFigure(std::string_view name);
bool isSimulationFigure(std::string_view name);
bool isServingFigure(std::string_view name); // needs a lesson on the "serving" page
// Computes a figure for the lesson's scenario (microseconds). A simulation figure runs the
// lesson's simulation on first use: milliseconds for the course, at most about a second for
// any file the parser accepts. Throws Error for an unknown name, or a simulation figure of
// a lesson without "simulation".
double lessonFigure(const Lesson& lesson, std::string_view name);
// The simulation behind the simulation figures; cached (see Lesson::simulationCache).
LessonSimulationResult lessonSimulationResult(const Lesson& lesson);
// The Serving page's study behind the serving figures; cached with the simulation.
struct ServingStudy;
ServingStudy lessonServingStudy(const Lesson& lesson);
// True once the simulation has run for this lesson (or a copy of it).
bool lessonSimulationCached(const Lesson& lesson);

// Number lessons: |value - figure| <= tolerance x |figure|. Choice lessons: the index is
// the answer. False for the other kind of prediction and for an index out of range.
bool predictionIsCorrect(const Lesson& lesson, double value);
// Which figure a number prediction matches: 0 the lesson's own, i + 1 its alternate i, -1 none.
int matchingFigure(const Lesson& lesson, double value);
bool predictionIsCorrect(const Lesson& lesson, int choice);

// Replaces every {figure} / {figure:decimals} of `text` by format(value, decimals); a
// placeholder without decimals gets the figure's default. `format` is the app's
// locale-aware formatter; formatLessonNumber is a plain one ("1,048,576,000", "18.82").
using LessonNumberFormat = std::function<std::string(double value, int decimals)>;
std::string renderLessonText(const std::string& text, const Lesson& lesson, const LessonNumberFormat& format);
std::string formatLessonNumber(double value, int decimals);

} // namespace kvscope
