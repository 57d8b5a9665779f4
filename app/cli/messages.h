#pragma once

// kvscope-cli's text output in English or Korean, without Qt: a catalog keyed by the English
// source, looked up by tr(). A tr() whose text is not in the catalog does not compile.
//
// What is translated: the labels, sentences, --help texts and error prefixes the CLI composes.
// What is not: --json (keys and values), identifiers (allocator and cache mode names, dtypes,
// option names), vLLM's two log lines (students match them against their server's log), and the
// English of core/ and gpu/ (kvscope::Error texts, notes from the importer, gpu::englishReading,
// device summaries), which the CLI may only label.
//
// Placeholders are %1 .. %9 as in Qt: the Korean is a whole sentence with its own word order, never
// a concatenation of fragments. Korean terms follow GLOSSARY-ko.md and the window's kvscope_ko.ts.

#include <cstddef>
#include <initializer_list>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace kvscope::cli {

enum class Language { English, Korean };

struct Message {
    std::string_view en;
    std::string_view ko;
};

// clang-format off
inline constexpr Message kMessages[] = {
    // Top-level usage, --version and errors composed by main()
    {"Usage: kvscope-cli <command> [options]", "사용법: kvscope-cli <명령> [옵션]"},
    {"Answers KV Scope's memory questions on the command line.", "KV Scope의 메모리 질문에 명령줄에서 답합니다."},
    {"Commands:", "명령:"},
    {"weights + KV cache + overheads of a scenario against a GPU budget",
     "시나리오의 가중치 + KV 캐시 + 부가 메모리를 GPU 한도와 비교"},
    {"KV cache tokens and maximum concurrency, as vLLM reports them",
     "vLLM이 보고하는 방식의 KV 캐시 토큰 수와 최대 동시 요청 수"},
    {"contiguous reservation vs PagedAttention blocks on a request trace",
     "요청 트레이스로 연속 할당 예약과 PagedAttention 블록 비교"},
    {"our small GPT generating tokens with and without a KV cache, measured",
     "우리의 작은 GPT가 캐시 없음/캐시 사용으로 토큰을 생성하는 과정 측정"},
    {"the model and GPU presets", "모델과 GPU 프리셋"},
    {"Every command takes --help, --json and --lang. Options:", "모든 명령은 --help, --json, --lang을 받습니다. 옵션:"},
    {"print the version and the compute backend", "버전과 연산 백엔드를 출력"},
    {"language of the text output: ko or en (default: the system's; JSON stays English)",
     "텍스트 출력 언어: ko 또는 en (기본값: 시스템 언어, JSON은 영어 그대로)"},
    {"--lang expects en or ko, got '%1'", "--lang에는 en 또는 ko가 필요합니다. 입력값: '%1'"},
    {"CUDA backend: built", "CUDA 백엔드: 빌드됨"},
    {"CUDA backend: not built", "CUDA 백엔드: 빌드 안 됨"},
    {"cuBLAS: loads", "cuBLAS: 로드됨"},
    {"cuBLAS: %1", "cuBLAS: 로드 실패 (%1)"},
    {"Compute: %1", "연산 장치: %1"},
    {"kvscope-cli: unknown command '%1'; expected estimate, capacity, simulate, decode or presets",
     "kvscope-cli: 알 수 없는 명령 '%1'. estimate, capacity, simulate, decode, presets 중 하나를 쓰세요"},
    {"kvscope-cli %1: error: %2", "kvscope-cli %1: 오류: %2"},
    {"kvscope-cli %1: internal error: %2", "kvscope-cli %1: 내부 오류: %2"},
    {"note: %1", "참고: %1"},

    // Every command's --help (ArgParser)
    {"Usage: %1 [options]", "사용법: %1 [옵션]"},
    {"Options:", "옵션:"},
    {"show this help and exit", "이 도움말을 보여 주고 종료"},
    {"print one JSON object", "JSON 객체 하나를 출력"},

    // Scenario options (estimate, capacity, simulate) and the notes they add
    {"model preset (see 'kvscope-cli presets'); default llama-3.1-8b",
     "모델 프리셋 ('kvscope-cli presets' 참고), 기본값 llama-3.1-8b"},
    {"a Hugging Face config.json instead of a preset", "프리셋 대신 쓸 Hugging Face config.json"},
    {"decoder layers (overrides the preset or config)", "디코더 레이어 수 (프리셋이나 config 값을 덮어씀)"},
    {"hidden size", "히든 크기"},
    {"query heads", "쿼리 헤드 수"},
    {"key/value heads; must divide --heads", "KV 헤드 수 (키(K)/값(V) 헤드), --heads의 약수여야 함"},
    {"per-head width (default hidden / heads)", "헤드 하나의 폭 (기본값 히든 / 헤드 수)"},
    {"MLP width (for the parameter estimate)", "MLP 폭 (파라미터 수 추정용)"},
    {"vocabulary size (for the parameter estimate)", "어휘 크기 (파라미터 수 추정용)"},
    {"parameter count; replaces the estimate from the shape", "파라미터 수, 구조에서 추정한 값 대신 사용"},
    {"weight storage: fp32, bf16, fp16, fp8, int8, int4, int4-g128, ... (default bf16)",
     "가중치 저장 형식: fp32, bf16, fp16, fp8, int8, int4, int4-g128, ... (기본값 bf16)"},
    {"KV cache storage, same names (default bf16)", "KV 캐시 저장 형식, 이름은 위와 같음 (기본값 bf16)"},
    {"tokens per sequence (default 8192)", "시퀀스당 토큰 수, 즉 컨텍스트 길이 (기본값 8192)"},
    {"concurrent sequences (default 8)", "동시에 처리하는 시퀀스 수, 즉 배치 (기본값 8)"},
    {"GPU preset (default rtx-4090, 24 GiB)", "GPU 프리셋 (기본값 rtx-4090, 24 GiB)"},
    {"GPU memory in GiB instead of a preset", "프리셋 대신 GiB 단위로 주는 GPU 메모리"},
    {"fraction of GPU memory the server may use, like vLLM (default 0.9)",
     "서버가 쓸 수 있는 GPU 메모리 비율, 즉 GPU 메모리 사용률 (vLLM과 같음, 기본값 0.9)"},
    {"tensor-parallel GPUs (default 1)", "텐서 병렬 GPU 수 (기본값 1)"},
    {"KV block size in tokens (default 16)", "KV 블록 크기, 토큰 단위 (기본값 16)"},
    {"parameters estimated from the shape (Llama-style gated MLP, 32K vocabulary unless --vocab, intermediate "
     "4 x hidden unless --intermediate); pass --params to give the count",
     "파라미터 수는 구조에서 추정했습니다 (Llama 방식 게이트 MLP, --vocab이 없으면 어휘 32K, --intermediate가 "
     "없으면 중간 폭 4 x 히든). 수를 직접 주려면 --params를 쓰세요"},
    {"the shape was changed, so the parameter count is estimated rather than published",
     "구조를 바꿨으므로 파라미터 수는 공개된 값이 아니라 추정값입니다"},

    // estimate
    {"Weights, KV cache and overheads of one scenario on one GPU, against its memory budget.",
     "시나리오 하나의 가중치, KV 캐시, 부가 메모리를 GPU 한 장의 메모리 한도와 비교합니다."},
    {"print one JSON object instead of a table", "표 대신 JSON 객체 하나를 출력"},
    {"%1 (%2): %3 layers, %4 query heads, %5 KV heads, head_dim %6",
     "%1 (%2): 레이어 %3개, 쿼리 헤드 %4개, KV 헤드 %5개, 헤드 차원 %6"},
    {"Scenario: %1 weights, %2 cache, context %3, batch %4, TP %5",
     "시나리오: 가중치 %1, KV 캐시 %2, 컨텍스트 길이 %3, 배치 %4, 텐서 병렬 %5"},
    {"parameters", "파라미터"},
    {"%1 (estimated from the shape)", "%1 (구조에서 추정)"},
    {"%1 (published)", "%1 (공개된 값)"},
    {"KV bytes per token", "토큰당 KV 바이트"},
    {"  naive (query heads)", "  단순 공식 (쿼리 헤드)"},
    {"weights", "가중치"},
    {"weights per GPU", "GPU당 가중치"},
    {"KV cache", "KV 캐시"},
    {"KV cache per GPU", "GPU당 KV 캐시"},
    {"activations (estimate)", "활성화 값 (추정)"},
    {"CUDA context (estimate)", "CUDA 컨텍스트 (추정)"},
    {"total", "합계"},
    {"total per GPU", "GPU당 합계"},
    {"budget", "한도"},
    {"%1 = %2 GiB x %3", "%1 = %2 GiB x 사용률 %3"},
    {"verdict", "판정"},
    {"fits, %1 GiB to spare", "적재 가능, %1 GiB 여유"},
    {"does not fit: short by %1 GiB", "메모리 부족 (OOM): %1 GiB 부족"},
    {"largest batch at this context", "이 컨텍스트 길이의 최대 배치"},
    {"longest context at this batch", "이 배치의 최대 컨텍스트 길이"},
    {"%1 tokens", "%1 토큰"},
    {"The verdict is an estimate: allocator reserve and fragmentation are not in the sum.",
     "판정은 추정입니다: 할당기의 예비 메모리와 단편화는 합계에 들어 있지 않습니다."},

    // capacity (vLLM's own two lines are printed verbatim, outside the catalog)
    {"KV cache capacity the way vLLM reports it at start-up.",
     "vLLM이 시작할 때 보고하는 방식으로 KV 캐시 용량을 보여 줍니다."},
    {"tokens per request for the concurrency line (default: the model's maximum)",
     "동시 요청 수 줄에 쓰는 요청당 토큰 수 (기본값: 모델의 최대 컨텍스트 길이)"},
    {"memory given to the KV cache, instead of deriving it from the GPU budget",
     "GPU 한도에서 계산하는 대신 KV 캐시에 직접 줄 메모리 (GiB)"},
    {"print one JSON object instead of the two lines", "두 줄 대신 JSON 객체 하나를 출력"},
    {"  (the KV cache holds %1 tokens, all requests together)",
     "  (GPU KV 캐시 크기: 모든 요청을 합쳐 KV 캐시에 담을 수 있는 토큰 %1개)"},
    {"  (at most %1 requests of %2 tokens fit at once)",
     "  (최대 동시 요청 수: 요청당 토큰 %2개 기준, 한 번에 요청 %1개분까지 적재 가능)"},
    {"(%1 blocks of %2 tokens, %3 each, in %4 of KV memory)", "(KV 메모리 %4에 %2 토큰짜리 블록 %1개, 블록당 %3)"},

    // presets
    {"The model and GPU presets, by id.", "모델과 GPU 프리셋을 id별로 보여 줍니다."},
    {"Model presets (--preset):", "모델 프리셋 (--preset):"},
    {"GPU presets (--gpu):", "GPU 프리셋 (--gpu):"},

    // simulate
    {"Replays a request trace through contiguous reservation (max, pow2, oracle) and PagedAttention\n"
     "blocks, and reports where the KV pool's slots go. Fractions are averaged over the steps\n"
     "with at least one request waiting (the server under load), and over all steps in all_steps.",
     "요청 트레이스를 연속 할당 예약 (max, pow2, oracle)과 PagedAttention 블록으로 재생하고,\n"
     "KV 풀의 슬롯이 어디에 쓰이는지 보고합니다. 비율은 대기 중인 요청이 하나 이상 있는 스텝\n"
     "(부하가 걸린 서버)의 평균이며, all_steps에는 모든 스텝의 평균이 들어갑니다."},
    {"max, pow2, oracle, paged or all (default all)", "max, pow2, oracle, paged 또는 all (기본값 all)"},
    {"sharegpt, alpaca, fixed:P,O, uniform:PMIN-PMAX,OMIN-OMAX or a CSV/JSONL trace file",
     "sharegpt, alpaca, fixed:P,O, uniform:PMIN-PMAX,OMIN-OMAX 또는 CSV/JSONL 트레이스 파일"},
    {"requests to generate (default 1000)", "생성할 요청 수 (기본값 1000)"},
    {"Poisson arrivals per step (default: all at step 0)",
     "스텝당 도착하는 요청 수, 포아송 분포 (기본값: 모두 스텝 0에 도착)"},
    {"KV pool in token slots (default 15,728: a 13B model with 12 GiB of KV); or give --preset, --config, --gpu "
     "or --gpu-memory-gib to size it from a model on a GPU",
     "토큰 슬롯 단위의 KV 풀 크기 (기본값 15,728: KV 12 GiB를 쓰는 13B 모델). 또는 --preset, --config, --gpu, "
     "--gpu-memory-gib로 GPU에 올린 모델에서 크기를 정함"},
    {"caps prompt + output; what max reserves (default 2048)",
     "프롬프트 + 출력의 상한, max가 예약하는 길이 (기본값 2048)"},
    {"parallel samples per request; paged shares their prompt blocks (default 1)",
     "요청당 병렬 샘플 수, 페이지 방식은 샘플끼리 프롬프트 블록을 공유 (기본값 1)"},
    {"random seed (default 1)", "난수 시드 (기본값 1)"},
    {"place contiguous regions with a buddy allocator instead of first fit",
     "연속 할당 영역을 최초 적합 (first fit) 대신 버디 할당기 (buddy)로 배치"},
    {"given", "직접 지정"},
    {"from %1 on %2 GiB", "%2 GiB GPU에 올린 %1 기준"},
    {"Workload: %1, %2 requests", "워크로드: %1, 요청 %2개"},
    {"Pool: %1 token slots (%2), max model length %3, block size %4, samples %5",
     "풀: 토큰 슬롯 %1개 (%2), 최대 모델 길이 %3, 블록 크기 %4, 샘플 수 %5"},
    {"allocator", "할당 방식"},
    {"tokens", "토큰"},
    {"reserved", "예약 공간"},
    {"internal", "내부 단편화"},
    {"external", "외부 단편화"},
    {"free", "빈 공간"},
    {"batch", "배치"},
    {"preempt", "선점"},
    {"steps", "스텝 수"},
    {"Shares of the pool averaged over the steps with requests waiting (the server under load).",
     "풀의 비율은 대기 중인 요청이 있는 스텝 (부하가 걸린 서버)의 평균입니다."},
    {"* No step of this run had a request waiting: the row shows the average over all steps.",
     "* 이 실행에서는 요청이 대기한 스텝이 하나도 없어, 이 행은 모든 스텝의 평균을 보여 줍니다."},
    {"Kwon et al. (2023) measured token states at 20.4% (max), 26.8% (pow2), 38.2% (oracle) and 96.3%\n"
     "(vLLM) on ShareGPT.",
     "Kwon et al. (2023)은 ShareGPT에서 저장된 토큰의 비율을 20.4% (max), 26.8% (pow2), 38.2% (oracle),\n"
     "96.3% (vLLM)로 측정했습니다."},
    {"This trace is a synthetic fit to ShareGPT's mean lengths, not the dataset.",
     "이 트레이스는 ShareGPT의 평균 길이에 맞춘 합성 데이터이며 데이터셋 자체가 아닙니다."},
    {"This trace is a synthetic fit to Alpaca's mean lengths (shorter requests), not ShareGPT.",
     "이 트레이스는 Alpaca의 평균 길이 (더 짧은 요청)에 맞춘 합성 데이터이며 ShareGPT가 아닙니다."},
    {"This run replays the trace file %1, not ShareGPT.", "이 실행은 ShareGPT가 아니라 트레이스 파일 %1을 재생합니다."},
    {"This trace (%1) is not ShareGPT.", "이 트레이스 (%1)는 ShareGPT가 아닙니다."},
    {"recompute or swap (to CPU memory): what paged does when its pool runs dry (default recompute)",
     "recompute 또는 swap (CPU 메모리로): 페이지 방식의 풀이 바닥났을 때의 선점 방식 (기본값 recompute)"},
    {"%1 requests have a prompt of %2 tokens or more (the max model length) and were rejected, as vLLM "
     "rejects them",
     "요청 %1개는 프롬프트가 %2 토큰 (최대 모델 길이) 이상이라 vLLM처럼 거부했습니다"},
    {"%1 requests ask for more than %2 tokens in all; their output was cut to fit the max model length",
     "요청 %1개는 합계 %2 토큰을 넘어, 최대 모델 길이에 맞게 출력을 잘랐습니다"},
    {"%1: %2 requests can never fit the pool, even alone, and were rejected; the rest ran",
     "%1: 요청 %2개는 혼자서도 풀에 들어갈 수 없어 거부했고, 나머지는 실행했습니다"},
    {"with --buddy every region is rounded up to a power of two, so oracle reserves exactly what pow2 "
     "does and their rows are the same",
     "--buddy에서는 모든 영역이 2의 거듭제곱으로 올림되므로 oracle이 pow2와 똑같이 예약해 두 행이 같습니다"},
    {"%1: %2 preemptions swapped %3 token slots (%4) between GPU and CPU memory",
     "%1: 선점 %2회로 토큰 슬롯 %3개 (%4)를 GPU와 CPU 메모리 사이에서 스왑했습니다"},
    {"%1: %2 preemptions recomputed %3 tokens", "%1: 선점 %2회로 토큰 %3개를 다시 계산했습니다"},
    {"parallel:N (N samples of each prompt) or beam:K (beam search of width K); paged shares their blocks",
     "parallel:N (프롬프트마다 샘플 N개) 또는 beam:K (너비 K의 빔 서치). 페이지 방식은 이들의 블록을 공유"},
    {"beam search", "빔 서치"},
    {"simulate: %1, %2 of the requests done (Ctrl-C stops)", "simulate: %1, 요청의 %2 완료 (Ctrl-C로 중지)"},
    {"kvscope-cli simulate: stopped by Ctrl-C; nothing printed",
     "kvscope-cli simulate: Ctrl-C로 중지했습니다. 출력한 결과는 없습니다"},
    {"Sharing (%1, beam search of width %2): %3 of the blocks the beams would hold unshared are saved (block-step "
     "mean), %4 at the most in one step.",
     "공유 (%1, 너비 %2의 빔 서치): 빔들이 공유 없이 차지했을 블록 중 %3를 아꼈습니다 (블록·스텝 평균), "
     "한 스텝 최대 %4."},
    {"Sharing (%1, %2 parallel samples): %3 of the blocks the samples would hold unshared are saved (block-step "
     "mean), %4 at the most in one step.",
     "공유 (%1, 병렬 샘플 %2개): 샘플들이 공유 없이 차지했을 블록 중 %3를 아꼈습니다 (블록·스텝 평균), "
     "한 스텝 최대 %4."},
    {"Kwon et al. (2023) report 6.1-9.8% for parallel sampling and 37.6-55.2% for beam search on Alpaca (OPT-13B). "
     "Ours differ because every sample here generates the same number of tokens,\nbeams are chosen at random (each "
     "step a beam continues another with probability 1/4) rather than by a model's scores, and the synthetic prompts "
     "are short.",
     "Kwon et al. (2023)은 Alpaca (OPT-13B)에서 병렬 샘플링 6.1-9.8%, 빔 서치 37.6-55.2%를 보고합니다. "
     "여기서는 모든 샘플이 같은 수의 토큰을 생성하고,\n빔을 모델 점수가 아니라 무작위로 고르며 (스텝마다 확률 1/4로 "
     "다른 빔을 이어받음), 합성 프롬프트가 짧아서 값이 다릅니다."},
    {"put one of N shared system prompts of P tokens before every generated request's prompt",
     "생성하는 모든 요청의 프롬프트 앞에 공유 시스템 프롬프트 N개 (각 P 토큰) 중 하나를 붙임"},
    {"paged keeps full shared-prefix blocks for later requests (automatic prefix caching)",
     "페이지 방식이 공유 프리픽스의 가득 찬 블록을 이후 요청을 위해 보관 (자동 프리픽스 캐싱)"},
    {"Prefix cache (%1): %2 of %3 prompt tokens found cached (hit rate %4): prefill saved.\n"
     "Cached blocks no one holds keep %5 slots on average (%6), %7 at the peak; %8 evicted.",
     "프리픽스 캐싱 (%1): 프롬프트 토큰 %3개 중 %2개를 캐시에서 찾아 (적중률 %4) 프리필을 아꼈습니다.\n"
     "아무도 쓰지 않는 캐시 블록이 평균 슬롯 %5개 (%6), 최대 %7개를 차지했고, %8개를 내보냈습니다 (eviction)."},

    // decode
    {"Greedy decoding with our small GPT, with and without a KV cache (contiguous and paged), measuring\n"
     "step time and memory against the formulas. Runs on a CUDA device when one answers (cuBLAS and our\n"
     "kernels), else on the CPU (BLAS + two threads), and says which and why.",
     "우리의 작은 GPT로 KV 캐시 없이, 그리고 KV 캐시 (연속 할당, 페이지 방식)를 써서 그리디 디코딩을 하며\n"
     "스텝 시간과 메모리를 공식과 비교해 측정합니다. 응답하는 CUDA 장치가 있으면 CUDA (cuBLAS와 자체 커널)에서,\n"
     "없으면 CPU (BLAS + 스레드 두 개)에서 실행하고, 어디서 왜 실행했는지 알려 줍니다."},
    {"auto, cpu or cuda (default auto: CUDA when a device answers)",
     "auto, cpu 또는 cuda (기본값 auto: 응답하는 장치가 있으면 CUDA)"},
    {"small (default: DOMAIN.md's 8 layers, width 512) or a GPT-2-layout .safetensors file",
     "small (기본값: DOMAIN.md의 레이어 8개, 폭 512) 또는 GPT-2 구조의 .safetensors 파일"},
    {"decoder layers (default 8)", "디코더 레이어 수 (기본값 8)"},
    {"model width (default 512)", "모델 폭 (기본값 512)"},
    {"query heads (default 8)", "쿼리 헤드 수 (기본값 8)"},
    {"K/V heads, dividing --heads (default: --heads)", "KV 헤드 수, --heads의 약수 (기본값: --heads)"},
    {"fp32 (default) or bf16 (weights, activations and KV cache; CUDA backend only)",
     "fp32 (기본값) 또는 bf16 (가중치, 활성화 값, KV 캐시에 적용, CUDA 백엔드 전용)"},
    {"sequences decoded together (default 1)", "함께 디코드하는 시퀀스 수 (기본값 1)"},
    {"tokens generated per sequence (default 32)", "시퀀스당 생성할 토큰 수 (기본값 32)"},
    {"seeded random prompt tokens (default 16)", "시드로 만든 무작위 프롬프트 토큰 수 (기본값 16)"},
    {"none, contiguous, paged or all (default all)", "none, contiguous, paged 또는 all (기본값 all)"},
    {"paged block size in tokens (default 16)", "페이지 방식 캐시의 블록 크기, 토큰 단위 (기본값 16)"},
    {"capture the cached step in a CUDA graph (CUDA backend only)",
     "캐시 사용 스텝을 CUDA 그래프로 캡처 (CUDA 백엔드 전용)"},
    {"weights, prompts and block order (default 1)", "가중치, 프롬프트, 블록 순서를 정하는 시드 (기본값 1)"},
    {"Backend: %1", "백엔드: %1"},
    {"Model: %1 layers, width %2, %3 heads, %4 KV heads, %5 parameters, %6",
     "모델: 레이어 %1개, 폭 %2, 헤드 %3개, KV 헤드 %4개, 파라미터 %5개, %6"},
    {"Model: %1 layers, width %2, %3 heads, %4 KV heads, %5 parameters, %6, CUDA graphs",
     "모델: 레이어 %1개, 폭 %2, 헤드 %3개, KV 헤드 %4개, 파라미터 %5개, %6, CUDA 그래프"},
    {"Batch %1, prompt %2, %3 steps", "배치 %1, 프롬프트 %2, 스텝 %3개"},
    {"cache", "캐시"},
    {"ms/step", "ms/스텝"},
    {"tokens/s", "토큰/s"},
    {"KV (formula)", "KV (공식)"},
    {"peak allocated", "최대 할당량"},
    {"tokens identical across modes: %1", "모드 간 생성 토큰 일치: %1"},
    {"yes", "예"},
    {"NO", "아니요 (불일치)"},
    {"not compared (fewer than two modes)", "비교 안 함 (모드가 두 개 미만)"},
    {"Reading (in English): %1", "해설 (영문): %1"},
};
// clang-format on

namespace detail {
// Never defined: reaching it at compile time makes a tr() of a text missing from the catalog an error
// that names this function.
void textIsNotInTheMessageCatalog();

consteval std::size_t messageIndex(std::string_view english) {
    for (std::size_t i = 0; i < std::size(kMessages); ++i)
        if (kMessages[i].en == english)
            return i;
    textIsNotInTheMessageCatalog();
    return 0;
}
} // namespace detail

// One catalog entry, found when the program is compiled.
class Text {
public:
    // Implicit, so that tr("...") reads like Qt's.
    consteval Text(const char* english)
        : m_index(detail::messageIndex(english)) {}
    constexpr const Message& message() const { return kMessages[m_index]; }

private:
    std::size_t m_index;
};

Language language();
void setLanguage(Language language);
// "en" or "ko"; nothing for anything else.
std::optional<Language> parseLanguage(std::string_view code);
// Korean when the locale the window would follow is Korean: LANGUAGE's first entry if set, else
// the first of LC_ALL, LC_MESSAGES and LANG that is set (as Qt's QLocale::system().uiLanguages()).
Language languageFromEnvironment();

// The text in the current language, with %1 .. %9 replaced by args.
std::string tr(Text text);
std::string tr(Text text, std::initializer_list<std::string_view> args);
// The English source, for text that must stay English where it is stored (the notes in --json).
inline std::string english(Text text) {
    return std::string(text.message().en);
}
// A catalog text found at run time by its English (a note kept in English): the current
// language's text, or `text` itself when the catalog does not have it (core's English).
std::string translateKnown(std::string_view text);
// %1 .. %9 replaced by args[0] .. args[8]; a % not followed by a digit is kept.
std::string substitute(std::string_view format, std::initializer_list<std::string_view> args);

// Columns a UTF-8 string takes in a terminal: two for Hangul and other East Asian wide characters.
std::size_t displayWidth(std::string_view utf8);

// The help line of --lang, shared by the top-level usage and every command's --help.
std::string languageOptionHelp();

} // namespace kvscope::cli
