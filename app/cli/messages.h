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
// a concatenation of fragments. Korean terms follow docs/glossary-ko.md and the window's kvscope_ko.ts.

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
    {"a server's start-up log read back, recomputed and set beside KV Scope's estimate",
     "서버 시작 로그를 읽어 다시 계산하고 KV Scope 추정과 나란히 보여 줌"},
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
    {"kvscope-cli: unknown command '%1'; expected %2", "kvscope-cli: 알 수 없는 명령 '%1'. %2 중 하나를 쓰세요"},
    {" or ", " 또는 "},
    {"kvscope-cli %1: error: %2", "kvscope-cli %1: 오류: %2"},
    {"%1 (from its lines)", "%1 (로그의 줄에서 계산)"},
    {"kvscope-cli: error: no command given (kvscope-cli --help lists them)",
     "kvscope-cli: 오류: 명령이 주어지지 않았습니다 (kvscope-cli --help에 목록이 있습니다)"},
    {"kvscope-cli: error: --version takes nothing more, got '%1'",
     "kvscope-cli: 오류: --version 뒤에는 다른 인자를 쓸 수 없습니다. 입력값: '%1'"},
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
    {"weight storage: fp32, bf16, fp16, fp8, int8, int4, int4-g128, ..., or stored: as a quantized config's "
     "checkpoint stores them (the default for one; else bf16)",
     "가중치 저장 형식: fp32, bf16, fp16, fp8, int8, int4, int4-g128, ... 또는 stored: 양자화된 config의 체크포인트에 "
     "저장된 그대로 (양자화된 config의 기본값, 그 밖에는 bf16)"},
    {"KV cache storage, same names (default bf16)", "KV 캐시 저장 형식, 이름은 위와 같음 (기본값 bf16)"},
    {"tokens per sequence (default 8192)", "시퀀스당 토큰 수, 즉 컨텍스트 길이 (기본값 8192)"},
    {"concurrent sequences (default 8)", "동시에 처리하는 시퀀스 수, 즉 배치 (기본값 8)"},
    {"GPU preset (default rtx-4090, 24 GiB)", "GPU 프리셋 (기본값 rtx-4090, 24 GiB)"},
    {"GPU memory in GiB instead of a preset", "프리셋 대신 GiB 단위로 주는 GPU 메모리"},
    {"fraction of GPU memory the server may use, like vLLM (default 0.9)",
     "서버가 쓸 수 있는 GPU 메모리 비율, 즉 GPU 메모리 사용률 (vLLM과 같음, 기본값 0.9)"},
    {"tensor-parallel GPUs (default 1)", "텐서 병렬 GPU 수 (기본값 1)"},
    {"n-gram lookup", "n-gram 조회"},
    {"an EAGLE head", "EAGLE 헤드"},
    {"draft %1", "드래프트 %1"},
    {"speculative decoding", "추측 디코딩"},
    {"%1 (k = %2): draft weights %3, draft KV %4, lookahead slots %5",
     "%1 (k = %2): 드래프트 가중치 %3, 드래프트 KV %4, 룩어헤드 슬롯 %5"},
    {"  warning", "  경고"},
    {"the draft's vocabulary is not the model's: no server pairs them",
     "드래프트의 어휘가 모델과 달라 어떤 서버도 둘을 함께 쓰지 못함"},
    {"  speedup", "  속도 향상"},
    {"none under tensor parallelism (the step model is for one GPU)", "텐서 병렬에서는 없음 (스텝 모델은 GPU 한 장 기준)"},
    {"none for weights as stored (choose a weight dtype)", "저장된 그대로의 가중치에는 없음 (가중치 dtype을 고르세요)"},
    {"none without a GPU preset's data sheet", "데이터시트가 있는 GPU 프리셋이 없으면 없음"},
    {"%1x at acceptance %2: %3 tokens a step; checking them %4 ms, drafting %5 ms, a plain step %6 ms (data-sheet "
     "roofline)",
     "수락률 %2에서 %1배: 스텝마다 토큰 %3개, 검증 %4 ms, 드래프트 생성 %5 ms, 일반 스텝 %6 ms (데이터시트 루프라인)"},
    {"speculative decoding: none, ngram, eagle (a one-layer EAGLE head) or draft:PRESET (default none)",
     "추측 디코딩: none, ngram, eagle (레이어 하나짜리 EAGLE 헤드) 또는 draft:PRESET (기본값 none)"},
    {"draft tokens per step with --speculative, 1-16 (default 3)",
     "--speculative를 쓸 때 스텝마다 만드는 드래프트 토큰 수, 1-16 (기본값 3)"},
    {"chance each draft token is accepted, 0-1 (default 0.7): for the speedup",
     "드래프트 토큰 하나가 수락될 확률, 0-1 (기본값 0.7): 속도 향상 계산에 씀"},
    {"KV block size in tokens (default 16)", "KV 블록 크기, 토큰 단위 (기본값 16)"},
    {"parameters estimated from the shape (Llama-style gated MLP, 32K vocabulary unless --vocab, intermediate "
     "4 x hidden unless --intermediate); pass --params to give the count",
     "파라미터 수는 구조에서 추정했습니다 (Llama 방식 게이트 MLP, --vocab이 없으면 어휘 32K, --intermediate가 "
     "없으면 중간 폭 4 x 히든). 수를 직접 주려면 --params를 쓰세요"},
    {"a scenario code (kvscope:?v=1&...) as the window's File > Copy Scenario Link gives; the options below change it",
     "창의 파일 > 시나리오 링크 복사로 얻은 시나리오 코드 (kvscope:?v=1&...), 아래 옵션으로 바꿀 수 있음"},
    {"the code's page, lesson and step are the window's; this command uses its scenario",
     "코드의 페이지, 문항, 단계는 창에서 쓰는 값입니다. 이 명령은 코드의 시나리오만 씁니다"},
    {"the shape was changed, so the parameter count is estimated rather than published",
     "구조를 바꿨으므로 파라미터 수는 공개된 값이 아니라 추정값입니다"},

    // estimate
    {"Weights, KV cache and overheads of one scenario on one GPU, against its memory budget.",
     "시나리오 하나의 가중치, KV 캐시, 부가 메모리를 GPU 한 장의 메모리 한도와 비교합니다."},
    {"print one JSON object instead of a table", "표 대신 JSON 객체 하나를 출력"},
    {"%1 (%2): %3 layers, %4 query heads, %5 KV heads, head_dim %6",
     "%1 (%2): 레이어 %3개, 쿼리 헤드 %4개, KV 헤드 %5개, 헤드 차원 %6"},
    {"  the %1 sliding layers have their own: %2 query heads, %3 KV heads, head_dim %4 (K) and %5 (V); the "
     "figures above are the full layers'",
     "  슬라이딩 윈도우 레이어 %1개는 자체 값을 씁니다: 쿼리 헤드 %2개, KV 헤드 %3개, 헤드 차원 %4 (K)와 %5 (V). 위 "
     "값은 전체 어텐션 레이어의 값입니다"},
    {"  K of %1 values and V of %2 per head", "  헤드마다 K 값 %1개, V 값 %2개"},
    {"Scenario: %1 weights, %2 cache, context %3, batch %4, TP %5",
     "시나리오: 가중치 %1, KV 캐시 %2, 컨텍스트 길이 %3, 배치 %4, 텐서 병렬 %5"},
    {"%1 (as stored)", "%1 (저장된 그대로)"},
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
    {"CUDA context + NCCL (estimate)", "CUDA 컨텍스트 + NCCL (추정)"},
    {"total", "합계"},
    {"total per GPU", "GPU당 합계"},
    {"budget", "한도"},
    {"%1 = %2 x %3", "%1 = %2 x 사용률 %3"},
    {"verdict", "판정"},
    {"fits, %1 to spare", "적재 가능, %1 여유"},
    {"does not fit: short by %1", "메모리 부족 (OOM): %1 부족"},
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
    {"(KV memory = budget %1 - weights %2 - activations %3 (estimated for batch %4, context %5) - runtime %6 "
     "(estimated); another batch or context gives another figure)",
     "(KV 메모리 = 한도 %1 - 가중치 %2 - 활성화 값 %3 (배치 %4, 컨텍스트 길이 %5 기준 추정값) - 런타임 %6 "
     "(추정값). 배치나 컨텍스트 길이가 다르면 값도 달라짐)"},

    // Units, the KV formula, the parameter count's provenance, limits and empty caches (clitext.cpp,
    // estimate, capacity, scenario options)
    {"unit of the sizes in the text output (default GiB; JSON stays in bytes)",
     "텍스트 출력의 크기 단위 (기본값 GiB, JSON은 바이트 그대로)"},
    {"--units expects gib or gb, got '%1'", "--units에는 gib 또는 gb가 필요합니다. 입력값: '%1'"},
    {"KV formula", "KV 캐시 공식"},
    {"2 (K, V) x L x B x S x H_kv x D_head x bytes", "2 (K, V) x L x B x S x H_kv x D_head x 바이트"},
    {"L x B x S x H_kv x (D_K + D_V) x bytes", "L x B x S x H_kv x (D_K + D_V) x 바이트"},
    {"L x B x S x (latent + rope) x bytes", "L x B x S x (잠재 벡터 + rope) x 바이트"},
    {"+ %1 B per token per layer: the sparse-attention indexer's key (FP8, one FP32 scale per 128 values), whatever "
     "the KV dtype",
     "+ 토큰당 레이어당 %1 B: 희소 어텐션 인덱서의 키 (FP8, 값 128개마다 FP32 스케일 하나), KV dtype과 무관"},
    {"S = %1 on %2 layers: the sliding window caps the %3-token context",
     "레이어 %2개에서는 S = %1: 슬라이딩 윈도우가 컨텍스트 길이 %3 토큰을 제한"},
    {"%1 (set by hand)", "%1 (직접 입력)"},
    {"%1 (published, K/V projections re-estimated for %2 KV heads)",
     "%1 (공개된 값, K/V 프로젝션만 KV 헤드 %2개 기준으로 다시 추정)"},
    {"%1 (set by hand, K/V projections re-estimated for %2 KV heads)",
     "%1 (직접 입력, K/V 프로젝션만 KV 헤드 %2개 기준으로 다시 추정)"},
    {"--kv-heads re-estimated the K/V projection weights; the rest of the given parameter count is kept",
     "--kv-heads에 맞춰 K/V 프로젝션 가중치만 다시 추정했고, 주어진 파라미터 수의 나머지는 그대로입니다"},
    {"the context of %1 tokens is beyond %2's maximum of %3: the memory is computed, but the model was not "
     "trained for it",
     "컨텍스트 길이 %1 토큰은 %2의 최대 컨텍스트 길이 %3를 넘습니다: 메모리는 계산했지만 모델은 이 길이로 "
     "학습되지 않았습니다"},
    {"warning: %1", "경고: %1"},
    {"No KV memory: weights %1 + activations %2 (estimate) + CUDA context %3 (estimate) = %4 exceed the budget of "
     "%5 by %6.",
     "KV 메모리 없음: 가중치 %1 + 활성화 값 %2 (추정) + CUDA 컨텍스트 %3 (추정) = %4로 한도 %5를 %6 넘습니다."},
    {"No KV memory: weights %1 + activations %2 (estimate) + CUDA context and NCCL %3 (estimate) = %4 exceed the "
     "budget of %5 by %6.",
     "KV 메모리 없음: 가중치 %1 + 활성화 값 %2 (추정) + CUDA 컨텍스트와 NCCL %3 (추정) = %4로 한도 %5를 %6 넘습니다."},
    {"No KV block fits: %1 of KV memory is less than one block of %2.",
     "KV 블록이 하나도 들어가지 않음: KV 메모리 %1는 블록 하나 (%2)보다 작습니다."},

    // attention, sweep, fitmap (explorecommands.cpp)
    {"MHA, GQA and MQA (or MLA) variants of a model: cache, weights, largest batch",
     "모델의 MHA, GQA, MQA (또는 MLA) 변형: KV 캐시, 가중치, 최대 배치"},
    {"memory along the context or the batch, one column per batch or context",
     "컨텍스트 길이나 배치에 따른 메모리, 배치나 컨텍스트 길이마다 열 하나"},
    {"which context x batch pairs fit the budget", "한도 안에 들어가는 컨텍스트 길이 x 배치 조합"},
    {"KV cache per token, the cache now, the weights and the largest batch of MHA, GQA and MQA\n"
     "(or MLA) variants of one model, as the window's attention page compares them.",
     "한 모델의 MHA, GQA, MQA (또는 MLA) 변형마다 토큰당 KV 캐시, 지금의 KV 캐시, 가중치, 최대 배치를\n"
     "창의 어텐션 페이지처럼 비교합니다."},
    {"%1: KV cache per token by attention kind (%2 layers, %3 query heads, %4 cache)",
     "%1: 어텐션 방식별 토큰당 KV 캐시 (레이어 %2개, 쿼리 헤드 %3개, KV 캐시 %4)"},
    {"Context %1, batch %2, %3 weights, budget %4", "컨텍스트 길이 %1, 배치 %2, 가중치 %3, 한도 %4"},
    {"attention", "어텐션"},
    {"KV heads", "KV 헤드"},
    {"KV per token", "토큰당 KV"},
    {"KV cache now", "지금의 KV 캐시"},
    {"largest batch", "최대 배치"},
    {"%1 (this model)", "%1 (이 모델)"},
    {"latent", "잠재 벡터"},
    {"The largest batch is at %1 tokens per sequence on this GPU, one GPU per variant.",
     "최대 배치는 이 GPU에서 시퀀스당 %1 토큰 기준이며, 변형마다 GPU 한 장입니다."},
    {"Weights: changing the KV heads re-estimates only the K/V projections (2 x hidden x KV heads x\n"
     "head_dim per layer); a published or typed count keeps the rest. `estimate --kv-heads N` and the\n"
     "window follow the same rule. A trained model's KV heads are fixed by its weights: this compares\n"
     "designs.",
     "가중치: KV 헤드 수를 바꾸면 K/V 프로젝션 (레이어마다 2 x 히든 x KV 헤드 x head_dim)만 다시\n"
     "추정하고, 공개된 값이나 직접 입력한 파라미터 수의 나머지는 그대로 둡니다. `estimate --kv-heads N`과\n"
     "창도 같은 규칙을 따릅니다. 학습된 모델의 KV 헤드 수는 가중치에 고정되어 있으므로, 이 표는 설계를\n"
     "비교하는 것입니다."},
    {"Naive formula (query heads in place of KV heads): %1 per token, %2 now, %3x the real cache.",
     "단순 공식 (KV 헤드 대신 쿼리 헤드): 토큰당 %1, 지금 %2, 실제 KV 캐시의 %3배."},
    {"Memory per GPU along the context (one column per batch 1, 8, 32 and the current one) or along\n"
     "the batch (one column per context 2K, 8K, 32K and the current one), as the scaling page draws it.",
     "컨텍스트 길이에 따른 GPU당 메모리 (배치 1, 8, 32와 현재 배치마다 열 하나) 또는 배치에 따른\n"
     "메모리 (컨텍스트 길이 2K, 8K, 32K와 현재 값마다 열 하나)를 스케일링 페이지처럼 보여 줍니다."},
    {"context or batch (default context)", "context 또는 batch (기본값 context)"},
    {"total (weights + KV + estimates, default) or kv (the KV cache alone)",
     "total (가중치 + KV + 추정값, 기본값) 또는 kv (KV 캐시만)"},
    {"%1: total memory per GPU (%2)", "%1: GPU당 전체 메모리 (%2)"},
    {"%1: KV cache per GPU (%2)", "%1: GPU당 KV 캐시 (%2)"},
    {"Budget %1; * marks a cell over the budget.", "한도 %1, *는 한도를 넘는 칸입니다."},
    {"context", "컨텍스트 길이"},
    {"batch %1", "배치 %1"},
    {" (now)", " (현재)"},
    {"Which context x batch pairs fit the budget (weights + KV + estimates), as the scaling page's\n"
     "fit map shows them: contexts 512 up to the model's maximum, batches 1 to 256.",
     "어떤 컨텍스트 길이 x 배치 조합이 한도 (가중치 + KV + 추정값) 안에 들어가는지 스케일링 페이지의\n"
     "적재 지도처럼 보여 줍니다: 컨텍스트 길이 512부터 모델 최대까지, 배치 1부터 256까지."},
    {"%1 on %2: which context and batch fit a %3 budget (o fits, x over budget)",
     "%2의 %1: 한도 %3 안에 들어가는 컨텍스트 길이와 배치 (o 적재 가능, x 한도 초과)"},
    {"batch \\ context", "배치 \\ 컨텍스트 길이"},

    // presets
    {"The model and GPU presets, by id.", "모델과 GPU 프리셋을 id별로 보여 줍니다."},
    {"Model presets (--preset):", "모델 프리셋 (--preset):"},
    {"GPU presets (--gpu):", "GPU 프리셋 (--gpu):"},

    // explain-log (vLLM's, llama.cpp's and SGLang's key names stay as the logs print them)
    {"Reads a vLLM, llama.cpp or SGLang start-up log (FILE, or - for standard input), recomputes what\n"
     "its memory lines imply, checks them against each other and sets them beside KV Scope's\n"
     "estimate for the same model and settings.",
     "vLLM, llama.cpp, SGLang의 시작 로그 (FILE, 표준 입력은 -)를 읽어 메모리 줄이 뜻하는 값을\n"
     "다시 계산하고, 줄끼리 서로 맞는지 확인한 뒤, 같은 모델과 설정에 대한 KV Scope의\n"
     "추정과 나란히 보여 줍니다."},
    {"the model's preset, when the log does not name one KV Scope knows",
     "로그에 KV Scope가 아는 모델 이름이 없을 때 쓸 모델 프리셋"},
    {"budget = total GPU memory x utilization", "한도 = GPU 전체 메모리 x GPU 메모리 사용률"},
    {"KV = total x utilization - peak torch memory (weights included) - non-torch",
     "KV = 전체 x 사용률 - PyTorch 최대 메모리 (가중치 포함) - PyTorch 외 메모리"},
    {"KV = total x utilization - weights - activation peak - non-torch",
     "KV = 전체 x 사용률 - 가중치 - 활성화 최대치 - PyTorch 외 메모리"},
    {"tokens = KV memory / bytes per token, in whole blocks", "토큰 수 = KV 메모리 / 토큰당 바이트, 온전한 블록 단위"},
    {"tokens = blocks x block size", "토큰 수 = 블록 수 x 블록 크기"},
    {"concurrency = tokens / max_model_len", "동시 요청 수 = 토큰 수 / max_model_len"},
    {"KV size = K + V", "KV 크기 = 키(K) + 값(V)"},
    {"KV size = the KV buffers added up", "KV 크기 = KV 버퍼의 합"},
    {"weights = free memory before loading - free memory after", "가중치 = 로드 전 여유 메모리 - 로드 후 여유 메모리"},
    {"#tokens = max_total_num_tokens", "#tokens (토큰 수) = max_total_num_tokens"},
    {"KV memory is not negative", "KV 메모리가 음수가 아님"},
    {"agrees", "일치"},
    {"DISAGREES", "불일치"},
    {"NEGATIVE", "음수"},
    {"differs, explained below", "다름 (아래에서 설명)"},
    {"activation peak", "활성화 최대치"},
    {"non-torch memory", "PyTorch 외 메모리"},
    {"KV cache memory", "KV 캐시 메모리"},
    {"KV cache tokens", "KV 캐시 토큰 수"},
    {"maximum concurrency", "최대 동시 요청 수"},
    {"activation peak: the server measured %1 in its profiling run; KV Scope estimates %2 for one prefill chunk",
     "활성화 최대치: 서버 측정값 (프로파일링 실행) %1, KV Scope 추정 (프리필 청크 하나) %2"},
    {"non-torch memory (CUDA context, NCCL, cuBLAS): the server measured %1; KV Scope assumes a typical %2",
     "PyTorch 외 메모리 (CUDA 컨텍스트, NCCL, cuBLAS): 서버 측정값 %1, KV Scope 가정 (흔한 값) %2"},
    {"block rounding: the cache is whole blocks of %1 tokens (%2 each), so %3 of the KV memory stays unused",
     "블록 단위 반올림: 캐시는 %1 토큰짜리 온전한 블록 (블록당 %2)으로만 잡혀, 쓰이지 않는 KV 메모리 %3"},
    {"utilization: the server may use %1 of the card and holds back %2",
     "GPU 메모리 사용률: 서버가 쓰는 비율 %1, 남겨 두는 메모리 %2"},
    {"tensor parallelism: every figure is per GPU of %1; the weights are split and each GPU keeps %2 KV heads",
     "텐서 병렬: 모든 수치는 GPU %1개 중 한 장 기준이며, 가중치는 나뉘고 GPU마다 KV 헤드 %2개를 둡니다"},
    {"sliding window: %1 layers keep only the last %2 tokens, so vLLM's concurrency is not tokens / max_model_len",
     "슬라이딩 윈도우: 레이어 %1개는 마지막 토큰 %2개만 보관하므로 vLLM의 동시 요청 수는 토큰 수 / max_model_len이 "
     "아닙니다"},
    {"weights: the server loaded %1; parameters x dtype give %2 (quantization scales, extra or tied tensors)",
     "가중치: 서버 로드량 %1, 파라미터 수 x 자료형 %2 (양자화 스케일, 추가 텐서나 공유 텐서의 차이)"},
    {"KV bytes per token: the log implies %1 B, the model's shape gives %2 B: another model, cache dtype or TP split?",
     "토큰당 KV 바이트: 로그로는 %1 B, 모델 구조로는 %2 B입니다. 다른 모델, KV 캐시 자료형, 텐서 병렬 분할인지 "
     "확인하세요"},
    {"memory pools: SGLang took %1 but K + V are %2; the rest is its request-to-token table",
     "메모리 풀: SGLang이 잡은 메모리 %1, 키(K) + 값(V) %2. 나머지는 요청-토큰 표 (req_to_token)입니다"},
    {"CUDA graphs: %1 taken after the KV cache was sized, outside KV Scope's sum",
     "CUDA 그래프: KV 캐시 크기를 정한 뒤 추가로 쓴 메모리 %1 (KV Scope의 합계에는 없음)"},
    {"compute buffers: llama.cpp reserves %1 for activations; KV Scope estimates %2",
     "연산 버퍼: llama.cpp가 활성화 값에 예약한 메모리 %1, KV Scope 추정 %2"},
    {"the server failed to start: its KV memory is %1, so weights, activations and non-torch memory exceed total x "
     "utilization",
     "서버 시작 실패: KV 메모리 %1. 가중치, 활성화 값, PyTorch 외 메모리가 전체 x 사용률을 넘습니다"},
    {"one request of max_model_len %1 needs %2 of KV cache, but only %3 is available",
     "max_model_len %1인 요청 하나에 KV 캐시 %2가 필요하지만 쓸 수 있는 메모리는 %3뿐입니다"},
    {"max_model_len %1 is more than the %2 tokens the KV cache holds",
     "max_model_len %1이 KV 캐시에 담을 수 있는 %2 토큰보다 큽니다"},
    {"one request of the full max_model_len does not fit in the KV cache",
     "max_model_len 길이의 요청 하나가 KV 캐시에 들어가지 않습니다"},
    {"no memory is left for the KV cache blocks: weights, activations and non-torch memory take the whole budget",
     "KV 캐시 블록에 남은 메모리가 없습니다. 가중치, 활성화 값, PyTorch 외 메모리가 한도를 모두 차지합니다"},
    {"SGLang found no memory for its KV pool (raise --mem-fraction-static or free GPU memory)",
     "SGLang이 KV 풀에 쓸 메모리를 찾지 못했습니다 (--mem-fraction-static을 올리거나 GPU 메모리를 비우세요)"},
    {"the loaded weights leave no memory for the KV pool: SGLang's profiled token count is zero or negative",
     "불러온 가중치가 KV 풀에 메모리를 남기지 않습니다. SGLang이 측정한 토큰 수가 0 이하입니다"},
    {"the KV memory is %1: weights, activations and non-torch memory exceed total x utilization",
     "KV 메모리가 %1입니다. 가중치, 활성화 값, PyTorch 외 메모리가 전체 x 사용률을 넘습니다"},
    {"llama.cpp could not allocate the KV cache's buffer",
     "llama.cpp가 KV 캐시 버퍼를 할당하지 못했습니다"},
    {"llama.cpp could not allocate its compute buffers (the activations' memory)",
     "llama.cpp가 연산 버퍼 (활성화 값의 메모리)를 할당하지 못했습니다"},
    {"the GPU ran out of memory",
     "GPU 메모리 부족 (OOM)"},
    {"the model could not be loaded",
     "모델을 불러오지 못했습니다"},
    {"the engine stopped during start-up; the log says no more than that",
     "엔진이 시작 중에 멈췄습니다. 로그에는 그 이상의 내용이 없습니다"},
    {"FAILED TO START: %1",
     "시작 실패: %1"},
    {"the allocation that failed: %1",
     "실패한 할당: %1"},
    {"the largest max_model_len that fits: %1 tokens (the server's own estimate)",
     "들어가는 가장 큰 max_model_len: %1 토큰 (서버 자체 추정)"},
    {"line %1: %2",
     "%1번째 줄: %2"},
    {"=== Start-up %1 of %2 (lines %3 to %4) ===",
     "=== 시작 %2회 중 %1번째 (%3 ~ %4번째 줄) ==="},
    {"Version: not printed; the lines are those of %1",
     "버전: 로그에 없음. 줄의 형식은 %1의 것입니다"},
    {"KV cache memory, %1",
     "KV 캐시 메모리, %1"},
    {"KV cache memory (every rank sized by the smallest, %1)",
     "KV 캐시 메모리 (모든 랭크를 가장 작은 %1에 맞춤)"},
    {"%1: %2 cells, %3 layers",
     "%1: 셀 %2개, 레이어 %3개"},
    {"%1, %2 B per cell",
     "%1, 셀당 %2 B"},
    {"recurrent state",
     "순환 상태 (recurrent state)"},
    {"MLA latent cache",
     "MLA 잠재 벡터 캐시"},
    {"%1 KV cache",
     "%1 KV 캐시"},
    {"attention block size (hybrid)",
     "어텐션 블록 크기 (하이브리드)"},
    {"Stated by the server (totals over its devices):",
     "서버가 밝힌 값 (모든 장치의 합계):"},
    {"(a hybrid model: attention pages share their size with the mamba state's, so there is no one figure per token; vLLM's token count is blocks / groups x block size and undercounts; its concurrency is the figure to trust)",
     "(하이브리드 모델: 어텐션 페이지가 맘바 상태 페이지와 크기를 맞추므로 토큰당 값이 하나로 정해지지 않습니다. vLLM의 토큰 수는 블록 수 / 그룹 수 x 블록 크기라 실제보다 적게 나오며, 믿을 값은 최대 동시 요청 수입니다)"},
    {"(several caches: a token takes a cell in each, so there is no one figure per token; see each cache's bytes per cell above)",
     "(캐시가 여러 개: 토큰 하나가 캐시마다 셀을 하나씩 차지하므로 토큰당 값이 하나로 정해지지 않습니다. 위의 캐시별 셀당 바이트를 보세요)"},
    {"KV cache memory (the same on every rank)", "KV 캐시 메모리 (모든 랭크가 같음)"},
    {"tokens in the full-attention pool", "전체 어텐션 풀의 토큰 수"},
    {"tokens in the sliding-window pool", "슬라이딩 윈도우 풀의 토큰 수"},
    {"KV = requested memory - all non-KV memory", "KV = 요청 메모리 - KV 외 전체 메모리"},
    {"the largest max_model_len that fits: %1 tokens (%2 GPU blocks x %3 tokens; vLLM refuses a longer one)",
     "들어가는 가장 큰 max_model_len: %1 토큰 (GPU 블록 %2개 x %3 토큰. vLLM은 이보다 긴 값을 거부합니다)"},
    {"the server's way out: raise --mem-fraction-static above %1",
     "서버가 제시한 해결책: --mem-fraction-static을 %1보다 크게"},
    {"KV cache tokens (GPU blocks x %1)", "KV 캐시 토큰 수 (GPU 블록 수 x %1)"},
    {"tokens = concurrency x max_model_len, rounded down", "토큰 수 = 동시 요청 수 x max_model_len (내림)"},
    {"vLLM keeps several KV cache groups: line %1 sets an attention block of %2 tokens, as large as one page of the mamba or linear-attention state",
     "vLLM이 KV 캐시 그룹을 여러 개 둡니다: %1번째 줄이 어텐션 블록을 %2 토큰으로 정해, 맘바 또는 선형 어텐션 상태 한 페이지와 크기를 맞춥니다"},
    {"vLLM keeps several KV cache groups (hybrid or sliding-window layers): its concurrency x max_model_len, %1x x %2 = %3 tokens, is more than the %4 tokens of its token line, which one full-attention group never gives",
     "vLLM이 KV 캐시 그룹을 여러 개 둡니다 (하이브리드 또는 슬라이딩 윈도우 레이어): 동시 요청 수 x max_model_len = %1x x %2 = %3 토큰이 토큰 수 줄의 %4 토큰보다 많은데, 전체 어텐션 그룹 하나로는 이렇게 될 수 없습니다"},
    {"vLLM keeps several KV cache groups: the log has its hybrid lines",
     "vLLM이 KV 캐시 그룹을 여러 개 둡니다: 로그에 하이브리드 줄이 있습니다"},
    {"its token line is blocks / groups x the attention block: %1 = %2 x %3; its concurrency is blocks / the blocks one request needs: %4 attention blocks for max_model_len %5 in each attention group, plus the state's blocks in each mamba group",
     "토큰 수 줄은 블록 수 / 그룹 수 x 어텐션 블록입니다: %1 = %2 x %3. 최대 동시 요청 수는 블록 수 / 요청 하나에 필요한 블록 수로, 어텐션 그룹마다 max_model_len %5에 어텐션 블록 %4개, 맘바 그룹마다 상태 블록이 더해집니다"},
    {"its token line is blocks / groups x the attention block size, its concurrency blocks / the blocks one request needs in all groups; the log prints neither the groups nor the attention block size, so neither figure is recomputed",
     "토큰 수 줄은 블록 수 / 그룹 수 x 어텐션 블록 크기, 최대 동시 요청 수는 블록 수 / 모든 그룹에서 요청 하나에 필요한 블록 수입니다. 로그에 그룹 수도 어텐션 블록 크기도 없으므로 두 값 모두 다시 계산하지 않습니다"},
    {"so the token line undercounts: the cache holds %1 requests of max_model_len %2, about %3 tokens; vLLM's concurrency is the figure to trust, and there is no one figure of KV bytes per token",
     "따라서 토큰 수 줄은 실제보다 적게 나옵니다: 캐시에는 max_model_len %2인 요청 %1개, 약 %3 토큰이 들어갑니다. 믿을 값은 vLLM의 최대 동시 요청 수이며, 토큰당 KV 바이트는 하나로 정해지지 않습니다"},
    {"its token line is int(concurrency x max_model_len), %1x x %2 (vLLM's get_kv_cache_capacity), not blocks x block size: %3 is no whole number of %4-token blocks, so no KV bytes per token follow from it",
     "토큰 수 줄은 블록 수 x 블록 크기가 아니라 int(동시 요청 수 x max_model_len) = %1x x %2입니다 (vLLM의 get_kv_cache_capacity): %3은 %4 토큰 블록의 정수배가 아니므로 토큰당 KV 바이트를 구할 수 없습니다"},
    {"the log does not show which rule made its token line (blocks / groups x block size, or concurrency x max_model_len): no KV bytes per token and no concurrency are recomputed; vLLM's concurrency is its own",
     "로그만으로는 토큰 수 줄을 어느 규칙으로 계산했는지 (블록 수 / 그룹 수 x 블록 크기, 또는 동시 요청 수 x max_model_len) 알 수 없습니다: 토큰당 KV 바이트와 최대 동시 요청 수를 다시 계산하지 않으며, 최대 동시 요청 수는 vLLM이 밝힌 값입니다"},
    {"all non-KV memory", "KV 외 전체 메모리"},
    {"draft model's KV cache (not in the total)", "초안 모델의 KV 캐시 (합계에 넣지 않음)"},
    {"pipeline parallel", "파이프라인 병렬"},
    {"max_total_num_tokens", "max_total_num_tokens (KV 풀 토큰 수)"},
    {"(the ranks' KV memory differs and they may hold other layers (pipeline stages): vLLM keeps the fewest blocks, which need not be the smallest memory's, so no per-token figure is made)",
     "(랭크마다 KV 메모리가 다르고 서로 다른 레이어를 맡을 수 있습니다 (파이프라인 단계). vLLM은 가장 적은 블록 수에 맞추는데 그것이 가장 작은 메모리의 랭크라는 보장이 없으므로 토큰당 값을 만들지 않습니다)"},
    {"KV cache memory (%1, the smallest of the ranks shown; not every rank is in the log)",
     "KV 캐시 메모리 (%1, 로그에 나온 랭크 중 가장 작은 값. 모든 랭크가 로그에 있지는 않음)"},
    {"KV cache memory, %1 (one rank of several)", "KV 캐시 메모리, %1 (여러 랭크 중 하나)"},
    {"KV cache memory (one rank of several, not named)", "KV 캐시 메모리 (여러 랭크 중 하나, 이름 없음)"},
    {"at most %1 B: one rank's KV memory over vLLM's tokens, which are the smallest rank's; the log does not show that rank",
     "최대 %1 B: 한 랭크의 KV 메모리를 vLLM의 토큰 수로 나눈 값입니다. 토큰 수는 가장 작은 랭크의 것이며, 그 랭크는 로그에 없습니다"},
    {"at most %1 B: %2's KV memory over vLLM's tokens, which are the smallest rank's; the log does not show that rank",
     "최대 %1 B: %2의 KV 메모리를 vLLM의 토큰 수로 나눈 값입니다. 토큰 수는 가장 작은 랭크의 것이며, 그 랭크는 로그에 없습니다"},
    {"The log's numbers agree with each other; the server still did not start.",
     "로그의 수치는 서로 맞지만 서버는 시작되지 못했습니다."},
    {"KV cache memory (the smallest, %1)", "KV 캐시 메모리 (가장 작은 값, %1)"},
    {"KV cache memory (ollama's estimate)", "KV 캐시 메모리 (ollama의 추정)"},
    {"ollama's estimate: KV cache", "ollama의 추정: KV 캐시"},
    {"ollama's estimate: weights", "ollama의 추정: 가중치"},
    {"ollama's estimate: compute graph", "ollama의 추정: 연산 그래프"},
    {"Server log: %1", "서버 로그: %1"},
    {"Version: %1", "버전: %1"},
    {"Model in the log: %1", "로그의 모델: %1"},
    {"Compared with the preset %1 (matched by name)", "비교 대상: 프리셋 %1 (이름으로 찾음)"},
    {"Compared with %1 (given)", "비교 대상: %1 (직접 지정)"},
    {"No preset matches the log's model: give --model or --config to compare with KV Scope's estimate",
     "로그의 모델과 맞는 프리셋이 없습니다. KV Scope 추정과 비교하려면 --model이나 --config를 주세요"},
    {"Lines: %1 read, %2 understood, %3 ignored", "줄: %1줄 읽음, %2줄 해석, %3줄 무시"},
    {"cannot write the output to standard output (%1)", "출력을 표준 출력에 쓸 수 없습니다 (%1)"},
    {"%1 byte sequence(s) were not UTF-8 and are shown as U+FFFD", "UTF-8이 아닌 바이트열 %1개는 U+FFFD로 표시합니다"},
    {"max_model_len / context", "max_model_len / 컨텍스트 길이"},
    {"utilization", "GPU 메모리 사용률"},
    {"block size", "블록 크기"},
    {"tensor parallel", "텐서 병렬"},
    {"KV cache dtype", "KV 캐시 자료형"},
    {"total GPU memory", "GPU 전체 메모리"},
    {"peak torch memory (weights included)", "PyTorch 최대 메모리 (가중치 포함)"},
    {"K", "키(K)"},
    {"V", "값(V)"},
    {"model buffer %1", "모델 버퍼 %1"},
    {"compute buffer %1", "연산 버퍼 %1"},
    {"GPU blocks", "GPU 블록 수"},
    {"CUDA graphs", "CUDA 그래프"},
    {"Stated by the server (per GPU):", "서버가 밝힌 값 (GPU당):"},
    {"Recomputed from the log:", "로그에서 다시 계산한 값:"},
    {"%1 (the model's: the log prints no KV size)", "%1 (모델 값: 로그에 KV 크기가 없음)"},
    {"%1 (printed rounding allows %2 to %3)", "%1 (출력된 반올림으로는 %2 ~ %3)"},
    {"K bytes per token", "토큰당 키(K) 바이트"},
    {"block", "블록"},
    {"%1 tokens, %2", "%1 토큰, %2"},
    {"%1 (%2 to %3 within the printed rounding)", "%1 (출력된 반올림 안에서 %2 ~ %3)"},
    {"(the log has no token count and no KV size to recompute from)",
     "(로그에 다시 계산할 토큰 수도 KV 크기도 없습니다)"},
    {"Checks (the log against itself):", "확인 (로그의 값끼리 비교):"},
    {"stated %1, recomputed %2", "로그 %1, 재계산 %2"},
    {"The log's numbers agree with each other.", "로그의 수치가 서로 맞습니다."},
    {"The log's numbers DISAGREE with each other: see the checks above.",
     "로그의 수치가 서로 맞지 않습니다 (불일치): 위의 확인 항목을 보세요."},
    {"KV Scope's estimate for %1 (%2 weights, %3 cache, context %4, TP %5):",
     "%1에 대한 KV Scope 추정 (가중치 %2, KV 캐시 %3, 컨텍스트 길이 %4, 텐서 병렬 %5):"},
    {"term", "항목"},
    {"server", "서버"},
    {"KV Scope", "KV Scope 추정"},
    {"(the log does not print the card's memory: KV Scope's budget is the server's terms added up)",
     "(로그에 GPU 메모리 크기가 없어 KV Scope의 한도는 서버 항목의 합으로 잡았습니다)"},
    {"Why they differ:", "차이가 나는 이유:"},
    {"No comparison with KV Scope's estimate: %1", "KV Scope 추정과 비교할 수 없습니다: %1"},

    // simulate
    {"Replays a request trace through contiguous reservation (max, pow2, oracle) and PagedAttention\n"
     "blocks, and reports where the KV pool's slots go. Fractions are averaged over the steps\n"
     "with at least one request waiting (the server under load), and over all steps in all_steps.",
     "요청 트레이스를 연속 할당 예약 (max, pow2, oracle)과 PagedAttention 블록으로 재생하고,\n"
     "KV 풀의 슬롯이 어디에 쓰이는지 보고합니다. 비율은 대기 중인 요청이 하나 이상 있는 스텝\n"
     "(부하가 걸린 서버)의 평균이며, all_steps에는 모든 스텝의 평균이 들어갑니다."},
    {"%1 or all (default all)", "%1 또는 all (기본값 all)"},
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
    {"simulate: reading the trace, %1 (Ctrl-C stops)", "simulate: 트레이스 읽는 중, %1 (Ctrl-C로 중지)"},
    {"simulate: drawing the requests, %1 (Ctrl-C stops)", "simulate: 요청 생성 중, %1 (Ctrl-C로 중지)"},
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
    {"small (default: the course's 8 layers, width 512) or a GPT-2-layout .safetensors file",
     "small (기본값: 강의의 레이어 8개, 폭 512) 또는 GPT-2 구조의 .safetensors 파일"},
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
    // decode: cache kinds (issue 14)
    {"none, contiguous (or static), paged, dynamic, int8, fp8 (CUDA only), a comma-separated list of them, or all "
     "(default all: every mode the backend runs)",
     "none, contiguous (또는 static), paged, dynamic, int8, fp8 (CUDA 전용), 이들을 쉼표로 나눈 목록, 또는 all "
     "(기본값 all: 백엔드가 실행하는 모든 모드)"},
    {"stored as", "저장 형식"},
    {"KV peak", "KV 최대"},
    {"tokens agreeing", "일치한 토큰"},
    {"first differs", "첫 불일치"},
    {"max |logit diff|", "최대 |로짓 차이|"},
    {"not compared", "비교 안 함"},
    {"reference", "기준"},
    {"never", "없음"},
    {"step %1", "스텝 %1"},
    {"fp8 skipped: it needs the CUDA backend (this run is on the CPU)",
     "fp8 건너뜀: CUDA 백엔드가 필요함 (이 실행은 CPU에서 진행)"},
    {"accuracy against a contiguous-cache run made for the comparison, not shown",
     "정확도는 비교용으로 따로 실행한 연속 할당 캐시와 비교함 (표에는 없음)"},
    {"accuracy not compared: the contiguous cache (the reference) did not complete",
     "정확도 비교 안 함: 기준인 연속 할당 캐시 실행이 끝나지 않음"},
    // estimate: the family rule the importer used, and per-sequence state (issue 10)
    {"family rule", "계열 규칙"},
    // estimate: how sure the import is (issue 24)
    {"confidence", "신뢰도"},
    {"%1 (MLA): %2 layers, %3 query heads; each layer caches a latent of %4 values and a shared RoPE key of %5 per "
     "token (K heads of %6, V heads of %7 are rebuilt from it)",
     "%1 (MLA): 레이어 %2개, 쿼리 헤드 %3개; 레이어마다 토큰당 값 %4개로 된 잠재 벡터와 값 %5개로 된 공유 RoPE 키를 "
     "캐시 (차원 %6의 K 헤드와 차원 %7의 V 헤드는 잠재 벡터에서 다시 만듦)"},
    {"  and the sparse-attention indexer's key of %1 values (%2 B in FP8 with its scales) per token per layer, "
     "scored by %3 indexer heads",
     "  그리고 희소 어텐션 인덱서의 키: 토큰당 레이어당 값 %1개 (스케일 포함 FP8로 %2 B), 인덱서 헤드 %3개가 점수를 "
     "매김"},
    {"%1 B (%2), growing in the %3 full-attention layers", "%1 B (%2), 전체 어텐션 레이어 %3개에서 계속 늘어남"},
    {"  every layer, uncapped", "  모든 레이어, 상한 없음"},
    {"  as the checkpoint stores them", "  체크포인트에 저장된 그대로"},
    {"  the checkpoint as stored (all GPUs)", "  체크포인트에 저장된 그대로 (모든 GPU 합계)"},
    {"%1 B (%2) until the %3-token window fills; then at most %4 per sequence",
     "%1 B (%2), 토큰 %3개의 윈도우가 찰 때까지; 그 뒤로는 시퀀스당 최대 %4"},
    {"%1 state layers x (%2 conv values x %3 B + %4 recurrent values x %5 B) + %6 cross-attention layers x %7 image "
     "tokens x %8 B, x %9 sequences",
     "상태 레이어 %1개 x (합성곱 값 %2개 x %3 B + 순환 상태 값 %4개 x %5 B) + 교차 어텐션 레이어 %6개 x 이미지 토큰 "
     "%7개 x %8 B, x 시퀀스 %9개"},
    {"%1: %2 parameters in %3, %4 in %5 (%6)", "%1: 파라미터 %2개는 %3, %4개는 %5 (%6)"},
    {"  of which per-row, per-column and outer scales", "  그중 행별, 열별, 상위 스케일"},
    {"  windowed part", "  슬라이딩 윈도우 부분"},
    {"at most %1 per sequence: %2 layers keep their last %3 tokens",
     "시퀀스당 최대 %1: 레이어 %2개가 마지막 토큰 %3개만 보관"},
    {"exact: the %1 rule applied and every key that may size memory was read",
     "정확: %1 규칙을 적용했고 메모리 크기를 정할 수 있는 키를 모두 읽음"},
    {"derived: no rule for model_type '%1'; the generic rules read every key that may size memory",
     "유도: model_type '%1'에 대한 규칙이 없어 일반 규칙으로 메모리 크기를 정할 수 있는 키를 모두 읽음"},
    {"UNVERIFIED: keys that may size memory were not understood (%1); the figures below may be wrong",
     "검증 안 됨: 메모리 크기를 정할 수 있는 키를 이해하지 못함 (%1), 아래 수치는 틀릴 수 있음"},
    {"layers", "레이어"},
    {"%1, %2: 1 KV head (%3)", "%1, %2: KV 헤드 1개 (%3)"},
    {"%1, %2: %3 KV heads (%4)", "%1, %2: KV 헤드 %3개 (%4)"},
    {"%1, %2 absent, the configuration class's default: %3 KV heads (%4)",
     "%1, %2 없음, 설정 클래스의 기본값: KV 헤드 %3개 (%4)"},
    {"%1, no KV-head key: one KV head per query head, %2 (MHA)",
     "%1, KV 헤드 키 없음: 쿼리 헤드마다 KV 헤드 1개, 모두 %2개 (MHA)"},
    {"%1, %2: one compressed latent per token, shared by all heads (MLA)",
     "%1, %2: 모든 헤드가 공유하는 토큰당 압축 잠재 벡터 1개 (MLA)"},
    {"%1: no attention layers, nothing is cached per token", "%1: 어텐션 레이어 없음, 토큰마다 캐시하는 것 없음"},
    {"model_type '%1' (no family rule)", "model_type '%1' (계열 규칙 없음)"},
    {"%1 of %2 layers cache K and V per token, %3 hold a fixed state per sequence, %4 cache the image's tokens (%5)",
     "레이어 %2개 중 %1개는 토큰마다 K와 V를 캐시, %3개는 시퀀스마다 고정 크기 상태를 보관, %4개는 이미지 토큰을 캐시 (%5)"},
    {"per-sequence state", "시퀀스별 상태"},
    {"%1 state layers x %2 values x %3 B + %4 cross-attention layers x %5 image tokens x %6 B, x %7 sequences",
     "상태 레이어 %1개 x 값 %2개 x %3 B + 교차 어텐션 레이어 %4개 x 이미지 토큰 %5개 x %6 B, x 시퀀스 %7개"},

    // kvscope-cli roofline (the measured roofline and --predict)
    {"this machine's roofline measured, with our small GPT's steps on it; --predict: a GPU's data-sheet TPOT bound",
     "이 컴퓨터의 루프라인을 측정하고 작은 GPT의 스텝을 그 위에 표시, --predict: GPU 데이터시트로 본 TPOT 하한"},
    {"prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound",
     "프리필, 배치 %1, 토큰 %2개: %3 FLOP/바이트, 대역폭 한계선의 %4%: 메모리 바운드"},
    {"prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the compute roof: compute-bound",
     "프리필, 배치 %1, 토큰 %2개: %3 FLOP/바이트, 연산 한계선의 %4%: 연산 바운드"},
    {"batch %1, context %2: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound",
     "배치 %1, 컨텍스트 %2: %3 FLOP/바이트, 대역폭 한계선의 %4%: 메모리 바운드"},
    {"batch %1, context %2: %3 FLOP/byte, %4% of the compute roof: compute-bound",
     "배치 %1, 컨텍스트 %2: %3 FLOP/바이트, 연산 한계선의 %4%: 연산 바운드"},
    {"Measures this machine's roofline (memory bandwidth and peak FLOP/s, in the same run) and sets\n"
     "our small GPT's decode steps (batch 1 to 256, several contexts) and prefills on it.\n"
     "With --predict: the lower bound on the time per output token from a GPU's data sheet.",
     "이 컴퓨터의 루프라인(메모리 대역폭과 최대 FLOP/s, 한 번의 실행에서 측정)을 재고\n"
     "작은 GPT의 디코드 스텝(배치 1~256, 여러 컨텍스트 길이)과 프리필을 그 위에 놓습니다.\n"
     "--predict: GPU 데이터시트로 계산한 출력 토큰당 시간(TPOT)의 하한."},
    {"the data-sheet prediction for a model, GPU, batch and context instead (see --predict --help)",
     "대신 모델, GPU, 배치, 컨텍스트 길이에 대한 데이터시트 예측 (--predict --help 참고)"},
    {"a smaller grid and a 40 s budget (contexts 64 and 256)", "더 작은 격자와 40초 예산 (컨텍스트 64와 256)"},
    {"batches to measure, comma-separated (default 1,4,16,64,256)", "측정할 배치, 쉼표로 구분 (기본값 1,4,16,64,256)"},
    {"contexts to measure, comma-separated (default 64,256,1024)",
     "측정할 컨텍스트 길이, 쉼표로 구분 (기본값 64,256,1024)"},
    {"one-token steps measured after each prefill (default 5)", "프리필마다 그 뒤에 측정할 한 토큰 스텝 수 (기본값 5)"},
    {"time for the decode runs; the largest are skipped past it", "디코드 실행에 쓸 시간, 넘으면 가장 큰 실행부터 건너뜀"},
    {"CPU threads (default 2)", "CPU 스레드 수 (기본값 2)"},
    {"Roofline of this machine, measured on the GPU: %1", "이 컴퓨터의 루프라인, GPU에서 측정: %1"},
    {"Roofline of this machine, measured on the CPU (%1 threads): %2",
     "이 컴퓨터의 루프라인, CPU에서 측정 (스레드 %1개): %2"},
    {"Why the CPU: %1", "CPU를 쓰는 이유: %1"},
    {"memory:  %1 (device-to-device copy)", "메모리: %1 (장치 내 복사)"},
    {"compute: %1 (cuBLAS FP32 GEMM), %2 (cuBLAS BF16 GEMM)", "연산: %1 (cuBLAS FP32 GEMM), %2 (cuBLAS BF16 GEMM)"},
    {"memory:  %1 (read-only sum); STREAM triad %2", "메모리: %1 (읽기 전용 합계), STREAM triad %2"},
    {"compute: %1 (OpenBLAS SGEMM)", "연산: %1 (OpenBLAS SGEMM)"},
    {"ridge point: %1 FLOP/byte", "리지 포인트: %1 FLOP/바이트"},
    {"Model: our small GPT, %1 layers, width %2, %3 parameters, %4, contiguous cache",
     "모델: 작은 GPT, 레이어 %1개, 폭 %2, 파라미터 %3개, %4, 연속 할당 캐시"},
    {"step kind", "스텝 종류"},
    {"FLOP/byte", "FLOP/바이트"},
    {"time (ms)", "시간 (ms)"},
    {"achieved GFLOP/s", "달성 GFLOP/s"},
    {"achieved GB/s", "달성 GB/s"},
    {"of roof", "한계선 대비"},
    {"bound", "병목"},
    {"prefill", "프리필"},
    {"decode", "디코드"},
    {"memory-bound", "메모리 바운드"},
    {"compute-bound", "연산 바운드"},
    {"skipped: batch %1, context %2: %3", "건너뜀: 배치 %1, 컨텍스트 %2: %3"},
    {"stopped before the end", "끝나기 전에 중지됨"},
    {"Bytes and FLOPs per step are core's formulas (core/roofline.h); only the times are measured.",
     "스텝당 바이트와 FLOP은 core의 공식(core/roofline.h)으로 계산하고, 시간만 측정합니다."},
    {"The lower bound on the time per output token (TPOT) of one decode step from a GPU's data sheet:\n"
     "max(bytes / bandwidth, FLOPs / peak), bytes and FLOPs from core's formulas. --model is\n"
     "accepted for --preset.",
     "GPU 데이터시트로 계산한 디코드 스텝 하나의 출력 토큰당 시간(TPOT) 하한:\n"
     "max(바이트 / 대역폭, FLOP / 최대 성능), 바이트와 FLOP은 core의 공식으로 계산합니다.\n"
     "--preset 대신 --model도 쓸 수 있습니다."},
    {"the data-sheet prediction (this mode)", "데이터시트 예측 (이 모드)"},
    {"%1, %2 weights, %3 KV cache, batch %4, context %5 on %6",
     "%1, 가중치 %2, KV 캐시 %3, 배치 %4, 컨텍스트 %5, GPU %6"},
    {"Per GPU of %1 (tensor parallel; the communication between them is left out)",
     "GPU %1개 중 하나 기준 (텐서 병렬, GPU 사이 통신은 제외)"},
    {"Data sheet: %1, %2 dense %3 (%4)", "데이터시트: %1, %2 (dense %3) (%4)"},
    {"bytes per step: %1 (weights %2, KV cache read %3, written %4)",
     "스텝당 바이트: %1 (가중치 %2, KV 캐시 읽기 %3, 쓰기 %4)"},
    {"FLOPs per step: %1 (matrices %2, attention %3)", "스텝당 FLOP: %1 (행렬 %2, 어텐션 %3)"},
    {"arithmetic intensity: %1 FLOP/byte; ridge point %2 FLOP/byte",
     "연산 강도: %1 FLOP/바이트, 리지 포인트 %2 FLOP/바이트"},
    {"TPOT lower bound: %1 ms (bytes / bandwidth %2 ms, FLOPs / peak %3 ms): memory-bound",
     "TPOT 하한: %1 ms (바이트 / 대역폭 %2 ms, FLOP / 최대 성능 %3 ms): 메모리 바운드"},
    {"TPOT lower bound: %1 ms (bytes / bandwidth %2 ms, FLOPs / peak %3 ms): compute-bound",
     "TPOT 하한: %1 ms (바이트 / 대역폭 %2 ms, FLOP / 최대 성능 %3 ms): 연산 바운드"},
    {"A lower bound from the data sheet, not a forecast: kernel launches, element-wise work and activations are "
     "left out.",
     "데이터시트로 구한 하한이며 예측값이 아닙니다: 커널 실행, 원소별 연산, 활성화 값은 빠져 있습니다."},
    // simulate's timed replay (core/servingreplay.h)
    {"requests per second, Poisson: replays every allocator in seconds on the GPU's data-sheet roofline (tokens/s, "
     "TTFT, TPOT); without --preset/--config and --gpu, OPT-13B on an A100-40GB",
     "초당 요청 수 (포아송 도착): 모든 할당 방식을 GPU 데이터시트의 루프라인으로 초 단위 재생 (초당 토큰, TTFT, TPOT). "
     "--preset/--config와 --gpu가 없으면 A100-40GB의 OPT-13B"},
    {"replay at each request rate per second: throughput and p90 latency against offered load, and where each "
     "allocator stops keeping up",
     "각 요청률(초당)에서 재생: 부하에 따른 처리량과 p90 지연 시간, 각 할당 방식이 감당하지 못하게 되는 지점"},
    {"the largest request rate, and the concurrent users, whose p90 TTFT and TPOT meet the target, per allocator "
     "(seconds, or ms after the number)",
     "할당 방식별로 p90 TTFT와 TPOT가 목표를 지키는 가장 높은 요청률과 동시 사용자 수 (초 단위, 숫자 뒤에 ms를 "
     "붙이면 밀리초)"},
    {"fixed cost of each serving step on top of the roofline (default 0: every time is a lower bound)",
     "루프라인 시간에 더하는 서빙 스텝당 고정 비용 (기본값 0: 모든 시간이 하한)"},
    {"the GPU-CPU link swapped blocks cross: pcie4-x16 (default) or pcie5-x16",
     "스왑되는 블록이 지나는 GPU-CPU 링크: pcie4-x16 (기본값) 또는 pcie5-x16"},
    {"with --prefix-cache: token slots of host memory under the paged pool, which keep the prefix "
     "blocks the pool evicts; a later request loads them back over --host-link instead of computing "
     "them (KV offloading, as SGLang's HiCache)",
     "--prefix-cache와 함께: 페이지 풀 아래 호스트 메모리 계층의 토큰 슬롯 수. 풀이 내보낸 프리픽스 블록을 담아 두고, "
     "뒤에 오는 요청은 이를 재계산하지 않고 --host-link로 다시 읽습니다 (KV 오프로딩, SGLang의 HiCache처럼)"},
    {"with --host-tier-tokens: token slots on a local disk below the host tier, for the blocks it "
     "evicts (loaded back over an NVMe drive's PCIe 4.0 x4 link)",
     "--host-tier-tokens와 함께: 호스트 계층 아래 로컬 드라이브 계층의 토큰 슬롯 수. 호스트 계층이 내보낸 블록을 "
     "담습니다 (NVMe 드라이브의 PCIe 4.0 x4 링크로 다시 읽음)"},
    {"Host tier (%1): %2 blocks of %3 tokens; %4 prompt tokens loaded back instead of computed, %5 blocks "
     "stored, %6 evicted, %7 replaced by a newer copy, %8 held at the end.",
     "호스트 계층 (%1): %3토큰 블록 %2개. 프롬프트 토큰 %4개를 재계산하지 않고 다시 읽었고, 블록 %5개를 받아 %6개를 "
     "내보냈고, %7개는 더 새로운 사본으로 대체되었으며, 끝에 %8개가 남았습니다."},
    {"Disk tier (%1): %2 blocks of %3 tokens; %4 prompt tokens loaded back instead of computed, %5 blocks "
     "stored, %6 evicted, %7 replaced by a newer copy, %8 held at the end.",
     "디스크 계층 (%1): %3토큰 블록 %2개. 프롬프트 토큰 %4개를 재계산하지 않고 다시 읽었고, 블록 %5개를 받아 %6개를 "
     "내보냈고, %7개는 더 새로운 사본으로 대체되었으며, 끝에 %8개가 남았습니다."},
    {"With the tiers, %1 of the prompt tokens were not computed (%2 in the pool alone).",
     "계층까지 더하면 프롬프트 토큰의 %1를 계산하지 않았습니다 (풀만으로는 %2)."},
    // kvscope-cli tiers
    {"a scenario's KV cache beyond the GPU: host and disk tiers, reload against recompute, hand-off",
     "GPU 밖의 KV 캐시: 호스트·디스크 계층, 다시 읽기와 재계산 비교, 전달"},
    {"A scenario's KV cache beyond the GPU: how many tokens host memory and a disk hold, and for one\n"
     "request's cache over each link the time to read it back (or hand it to another server) against\n"
     "the time to compute it again, a prefill on the GPU's data-sheet roofline. Lower bounds: links at\n"
     "their line rate, the prefill at max(bytes / bandwidth, FLOPs / peak).",
     "시나리오의 KV 캐시를 GPU 밖에서 봅니다: 호스트 메모리와 디스크에 담을 수 있는 토큰 수를 보이고,\n"
     "요청 하나의 캐시를 링크마다 다시 읽어 오는 (또는 다른 서버로 전달하는) 시간과 다시 계산하는 시간\n"
     "(GPU 데이터시트 루프라인 위의 프리필)을 비교합니다. 하한입니다: 링크는 규격상 최대 속도로,\n"
     "프리필은 max(바이트 / 대역폭, FLOP / 최대 성능)으로 계산합니다."},
    {"the request's cache in tokens (default: the scenario's context)",
     "요청 캐시의 토큰 수 (기본값: 시나리오의 컨텍스트 길이)"},
    {"host memory given to the KV cache, GiB", "KV 캐시에 주는 호스트 메모리, GiB"},
    {"disk given to the KV cache, GB (decimal, as drives are sold)",
     "KV 캐시에 주는 디스크 용량, GB (드라이브 표기처럼 십진 단위)"},
    {"%1 has sliding-window layers: a request's cache stops growing in them at the window, the reload times take "
     "this into account; a tier's token count assumes every layer's K and V for each token.",
     "%1에는 슬라이딩 윈도우 레이어가 있습니다: 이 레이어에서는 요청의 캐시가 윈도우 크기 이상 늘지 않으며, "
     "다시 읽기 시간은 이를 반영합니다. 계층의 토큰 수는 토큰마다 모든 레이어의 K와 V를 담는다고 보고 셉니다."},
    {"%1 (%2 weights, %3 KV cache) on the %4: %5 of K and V a token.",
     "%4의 %1 (가중치 %2, KV 캐시 %3): 토큰당 K와 V %5."},
    {"tier", "계층"},
    {"bytes", "바이트"},
    {"GPU KV pool", "GPU KV 풀"},
    {"host memory", "호스트 메모리"},
    {"disk", "디스크"},
    {"A cache of %1 tokens is %2. Computed again, on the data sheet of the %3: %4 (%5).",
     "토큰 %1개의 캐시는 %2입니다. %3 데이터시트 기준 재계산 시간: %4 (%5)."},
    {"link", "링크"},
    {"bandwidth", "대역폭"},
    {"reload or hand-off", "다시 읽기 또는 전달"},
    {"faster", "더 빠른 쪽"},
    {"reload faster at (tokens, 1-%1)", "다시 읽기가 빠른 길이 (토큰, 1-%1)"},
    {"reload", "다시 읽기"},
    {"recompute", "재계산"},
    {"always", "항상"},
    {"Lower bounds: each link at its line rate (a drive or a network stack reads less), the prefill at its roofline "
     "time.",
     "하한입니다: 링크는 규격상 최대 속도로 계산하고 (드라이브나 네트워크 스택은 이보다 느립니다), 프리필은 "
     "루프라인 시간으로 계산합니다."},
    {"vLLM's max_num_batched_tokens with chunked prefill: the tokens one step computes, running requests first; a "
     "prompt longer than that takes several steps (vLLM's API server: 2048, or 8192 on GPUs of 70 GiB or more other "
     "than the A100; default: none, every prompt whole)",
     "청크 프리필을 쓰는 vLLM의 max_num_batched_tokens: 스텝 하나가 계산하는 토큰 수(토큰 예산)로, 실행 중인 "
     "요청이 먼저 씁니다. 이보다 긴 프롬프트는 여러 스텝에 걸쳐 계산합니다 (vLLM API 서버: 2048, A100을 뺀 "
     "70 GiB 이상 GPU는 8192; 기본값: 없음, 프롬프트를 한 번에 계산)"},
    {"Chunked prefill: %1 tokens a step, running requests first; a longer prompt is computed over several steps and "
     "its first token comes with the last chunk.",
     "청크 프리필: 스텝마다 토큰 예산 %1개이며 실행 중인 요청이 먼저 씁니다. 이보다 긴 프롬프트는 여러 스텝에 걸쳐 "
     "계산하고, 첫 토큰은 마지막 청크와 함께 나옵니다."},
    {"Time: %1 on the %2, priced on its data sheet (%3 GB/s, %4 TFLOP/s) plus %5 a step.",
     "시간: %2의 %1, 데이터시트(%3 GB/s, %4 TFLOP/s)로 계산하고 스텝마다 %5를 더합니다."},
    {"Time: %1 on the %2, priced on its data sheet (%3 GB/s, %4 TFLOP/s) with no fixed cost: each step takes its "
     "roofline time,\nso every latency below is a best case and every throughput an upper bound.",
     "시간: %2의 %1, 데이터시트(%3 GB/s, %4 TFLOP/s)로 고정 비용 없이 계산: 스텝마다 루프라인 시간만 걸리므로\n아래의 "
     "지연 시간은 모두 최선의 경우이고 처리량은 모두 상한입니다."},
    {"%1x %2's", "%2의 %1배"},
    {"At this target, paged's request rate is %1.", "이 목표에서 페이지 방식의 요청률은 %1입니다."},
    {"no model or GPU was given: the times are %1's (%2) on the %3, the setting of Kwon et al. (2023)",
     "모델이나 GPU를 지정하지 않아 시간은 Kwon 외 (2023)의 설정인 %3의 %1 (%2) 기준입니다"},
    {"Ours differ where the setting does: step times are roofline lower bounds, the trace is a synthetic fit to "
     "ShareGPT's\nmean lengths, and the target is on p90 TTFT and TPOT rather than the paper's mean normalized "
     "latency.",
     "설정이 다른 만큼 수치도 다릅니다: 스텝 시간은 루프라인 하한이고, 트레이스는 ShareGPT의 평균 길이에 맞춘\n합성 "
     "데이터이며, 목표는 논문의 평균 정규화 지연 시간이 아니라 p90 TTFT와 TPOT입니다."},
    {"At %1 requests per second (Poisson):", "초당 요청 %1개 (포아송 도착):"},
    {"requests/s", "요청/s"},
    {"queue p90", "대기 p90"},
    {"Rate sweep, %1:", "요청률 스윕, %1:"},
    {"rate/s", "요청률"},
    {"keeps up", "감당"},
    {"no", "아니요"},
    {"Keeps up to %1 requests per second of those swept.", "스윕한 요청률 가운데 초당 %1개까지 감당합니다."},
    {"Keeps up with none of the rates swept.", "스윕한 요청률을 하나도 감당하지 못합니다."},
    {"Capacity at p90 TTFT <= %1 and p90 TPOT <= %2:", "p90 TTFT <= %1, p90 TPOT <= %2에서의 용량:"},
    {"users", "사용자"},
    {"not met", "미달"},
    {"Users: concurrent requests at that rate (Little's law: rate x mean latency). Kwon et al. (2023) report\nvLLM "
     "sustaining 1.7-2.7x the rate of Orca (Oracle) and 2.7-8x that of Orca (Max) on ShareGPT with OPT-13B at "
     "similar latency.",
     "사용자: 그 요청률에서의 동시 요청 수 (리틀의 법칙: 요청률 x 평균 지연 시간). Kwon 외 (2023)는 ShareGPT와 "
     "OPT-13B에서\nvLLM이 비슷한 지연 시간으로 Orca (Oracle)의 1.7-2.7배, Orca (Max)의 2.7-8배 요청률을 감당한다고 "
     "보고합니다."},
    {"replay in seconds at a Mooncake or Azure LLM trace's own arrival times, on the GPU's roofline",
     "Mooncake 또는 Azure LLM 트레이스의 실제 도착 시각으로 GPU 루프라인 위에서 초 단위 재생"},
    {"with --trace-times: arrivals X times as fast (2: twice the rate)",
     "--trace-times와 함께: 도착을 X배 빠르게 (2: 요청률 두 배)"},
    {"a Mooncake trace: the prefix-cache hit rate against cache size, beside the trace's upper bound",
     "Mooncake 트레이스: 캐시 크기에 따른 프리픽스 캐시 적중률과 트레이스의 상한"},
    {"At the trace's own times (%1 requests over %2, at %3x speed):",
     "트레이스의 실제 도착 시각 (%2 동안 요청 %1개, %3배 속도):"},
    {"%1 rows of the trace have no context or no generated token and were left out",
     "트레이스의 %1행은 컨텍스트 토큰이나 생성 토큰이 없어 뺐습니다"},
    {"the trace's arrival times drive timed replays only (--trace-times); here every request arrives at the start",
     "트레이스의 도착 시각은 초 단위 재생(--trace-times)에만 쓰입니다. 여기서는 모든 요청이 처음에 도착합니다"},
    {"the replay does not share this trace's prompt blocks (hash_ids): its prefixes are one chain per request; "
     "--hit-curve measures the trace's own sharing",
     "재생은 이 트레이스의 프롬프트 블록(hash_ids)을 공유하지 않습니다: 프리픽스는 요청마다 한 줄기입니다. "
     "트레이스 자체의 공유는 --hit-curve로 측정합니다"},
    {"Prefix-cache hit rate on this trace's own blocks of %1 tokens (an LRU cache of prefixes), of %2 prompt tokens:",
     "이 트레이스 자체의 %1 토큰 블록으로 구한 프리픽스 캐시 적중률 (프리픽스의 LRU 캐시), 프롬프트 토큰 %2개 기준:"},
    {"cache tokens", "캐시 토큰"},
    {"hit rate", "적중률"},
    {"upper bound", "상한"},
    {"Upper bound: every repeated block a hit, whatever the cache holds.",
     "상한: 캐시 크기와 상관없이 반복되는 블록이 모두 적중한 경우."},
    {"when paged admits a request: vllm (its prompt's blocks free, preempt later; default), conservative (room "
     "for every running request's maximum) or watermark[:F] (keep the share F of the blocks free, default 0.1)",
     "페이지 방식이 요청을 받아들이는 조건: vllm (프롬프트에 필요한 블록이 남아 있으면 승인하고 나중에 선점, 기본값), "
     "conservative (실행 중인 모든 요청이 최대 길이까지 자랄 공간) 또는 watermark[:F] (블록의 F만큼을 비워 둠, "
     "기본값 0.1)"},
    {"replay paged under each admission policy: preemptions avoided or caused, batch, and the times",
     "승인 정책마다 페이지 방식을 재생: 피하거나 일으킨 선점, 배치, 시간"},
    {"Paged under each admission policy, the same requests:", "같은 요청으로 재생한 승인 정책별 페이지 방식:"},
    {"admission", "승인 정책"},
    {"recomputed", "재계산 토큰"},
    {"A preemption is the out-of-memory event a paged server turns into recomputation (or a swap): fewer with a "
     "larger\nwatermark, none when every running request's maximum is reserved (conservative), at the cost of a "
     "smaller batch.",
     "선점은 페이지 방식 서버가 메모리 부족(OOM)을 재계산(또는 스왑)으로 바꾼 것입니다: 워터마크가 클수록\n"
     "줄고, 실행 중인 모든 요청의 최대 길이를 예약하면(conservative) 없어지지만, 그만큼 배치가 작아집니다."},
    // estimate's rows per GPU (core/pergpu.h)
    {"pipeline-parallel stages of --tp GPUs each (default 1): a row per GPU",
     "파이프라인 병렬 단계 수, 단계마다 --tp개의 GPU (기본값 1): GPU마다 한 줄"},
    {"attention in D data-parallel groups of the --tp GPUs (default 1): each group its own sequences",
     "--tp개의 GPU를 어텐션 데이터 병렬 그룹 D개로 나눔 (기본값 1): 그룹마다 자기 시퀀스를 맡음"},
    {"expert parallelism: whole routed experts on each GPU of a stage",
     "전문가 병렬: 단계의 GPU마다 라우팅 전문가를 통째로 둠"},
    {"Per GPU: %1 pipeline stage(s) of %2 GPU(s), attention in %3 group(s)%4; layers per stage %5.",
     "GPU별: 파이프라인 단계 %1개, 단계마다 GPU %2장, 어텐션 그룹 %3개%4; 단계별 레이어 %5."},
    {", whole routed experts on each GPU", ", GPU마다 라우팅 전문가를 통째로 둠"},
    {"GPU", "GPU 번호"},
    {"GPU %1: %2", "GPU %1번: %2"},
    {"stage", "단계"},
    {"sequences", "시퀀스"},
    {"headroom", "여유"},
    {"embedding", "임베딩"},
    {"LM head", "LM 헤드"},
    {"routed experts: %1", "라우팅 전문가 %1개"},
    {"every GPU fits, %1 to spare", "모든 GPU에 적재 가능, 여유 %1"},
    {"no GPU fits: each is short by %1", "어느 GPU에도 적재 불가: GPU마다 %1 부족"},
    {"every GPU fits; GPU %1 has the least room, %2", "모든 GPU에 적재 가능; 여유가 가장 적은 GPU는 %1번, %2"},
    {"GPU %1 runs out first: short by %2", "GPU %1번이 가장 먼저 부족: %2 부족"},
    {"split", "분할"},
    {"the rows above hold every layer on each of the %1 tensor-parallel GPU(s)",
     "위의 줄은 텐서 병렬 GPU %1장마다 모든 레이어를 둔 값입니다"},
    {"KV x%1", "KV %1배"},
    {"least headroom", "여유가 가장 적음"},
    {"runs out first", "가장 먼저 부족"},
    {"Weights split in proportion to the parameters each GPU holds; activations and the CUDA context are the one-GPU "
     "estimates on every GPU, the logits on the last stage only (NCCL buffers, which grow with the GPUs, are not in "
     "them).",
     "가중치는 GPU마다 가진 파라미터에 비례해 나눴습니다. 활성화 값과 CUDA 컨텍스트는 모든 GPU에 GPU 한 장의 "
     "추정치를 썼고, 로짓은 마지막 단계에만 넣었습니다 (GPU 수에 따라 커지는 NCCL 버퍼는 들어 있지 않습니다)."},
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
