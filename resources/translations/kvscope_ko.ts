<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>AttentionPage</name>
    <message>
        <location filename="../../app/attentionpage.cpp" line="27"/>
        <source>KV cache per token</source>
        <translation>토큰당 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="31"/>
        <source>KV cache per token by attention kind</source>
        <translation>어텐션 방식별 토큰당 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="43"/>
        <source>KiB per token</source>
        <translation>토큰당 KiB</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>Attention</source>
        <translation>어텐션</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>KV heads</source>
        <translation>KV 헤드</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>KV per token</source>
        <translation>토큰당 KV</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>KV cache now</source>
        <translation>현재 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>Largest batch that fits</source>
        <translation>적재 가능한 최대 배치</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="68"/>
        <source>The naive formula vs the real one</source>
        <translation>단순 공식과 실제 공식</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="95"/>
        <source>MLA latent%1</source>
        <translation>MLA 잠재 벡터%1</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="95"/>
        <location filename="../../app/attentionpage.cpp" line="99"/>
        <location filename="../../app/attentionpage.cpp" line="133"/>
        <source> (this model)</source>
        <translation> (이 모델)</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="96"/>
        <source>%1, %2 KV heads%3</source>
        <translation>%1, KV 헤드 %2개%3</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="119"/>
        <source>%1: KV cache per token by attention kind (%2 layers, %3 query heads, %4 cache)</source>
        <translation>%1: 어텐션 방식별 토큰당 KV 캐시 (레이어 %2개, 쿼리 헤드 %3개, %4 캐시)</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="134"/>
        <source>latent</source>
        <translation>잠재 벡터</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="136"/>
        <source>%1 at %2 tokens</source>
        <translation>%1 (%2 토큰 기준)</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="148"/>
        <source>%1 caches one latent of %2 + %3 values per layer (MLA): %4 per token. The naive formula with %5 heads would say %6, %7x more.</source>
        <translation>%1: 레이어마다 값 %2 + %3개로 된 잠재 벡터 하나를 캐시합니다 (MLA). 토큰당 %4입니다. 헤드 %5개로 계산하는 단순 공식으로는 %6, 즉 %7배가 나옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="163"/>
        <source>&lt;b&gt;Naive&lt;/b&gt; (query heads): 2 x %1 layers x %2 heads x %3 x %4 B = &lt;b&gt;%5&lt;/b&gt; per token, %6 for this scenario.&lt;br&gt;&lt;b&gt;Real&lt;/b&gt; (KV heads): 2 x %1 x %7 x %3 x %4 B = &lt;b&gt;%8&lt;/b&gt; per token, %9.&lt;br&gt;The naive formula overstates this model&apos;s cache &lt;b&gt;%10x&lt;/b&gt;: the query heads share %7 KV heads, and that number is fixed by the trained weights.</source>
        <translation>&lt;b&gt;단순 공식&lt;/b&gt; (쿼리 헤드): 2 x %1 레이어 x %2 헤드 x %3 x %4 B = 토큰당 &lt;b&gt;%5&lt;/b&gt;, 이 시나리오에서 %6.&lt;br&gt;&lt;b&gt;실제&lt;/b&gt; (KV 헤드): 2 x %1 x %7 x %3 x %4 B = 토큰당 &lt;b&gt;%8&lt;/b&gt;, %9.&lt;br&gt;단순 공식은 이 모델의 캐시를 &lt;b&gt;%10배&lt;/b&gt;로 부풀립니다: 쿼리 헤드들이 KV 헤드 %7개를 나눠 쓰며, 이 개수는 학습된 가중치로 정해져 있습니다.</translation>
    </message>
</context>
<context>
    <name>BreakdownModel</name>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="56"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="58"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="60"/>
        <source>Activations (estimate)</source>
        <translation>활성화 값 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="62"/>
        <source>CUDA context (estimate)</source>
        <translation>CUDA 컨텍스트 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="64"/>
        <source>Total</source>
        <translation>합계</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="66"/>
        <source>Budget</source>
        <translation>한도</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="75"/>
        <source>%1 parameters x %2 bits / 8</source>
        <translation>%1 파라미터 x %2 비트 / 8</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="79"/>
        <source>2 x %1 layers x %2 KV heads x %3 x %4 tokens x %5 sequences</source>
        <translation>2 x %1 레이어 x %2 KV 헤드 x %3 x %4 토큰 x %5 시퀀스</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="86"/>
        <source>one %1-token prefill chunk + logits; an estimate</source>
        <translation>%1 토큰 프리필 청크 하나 + 로짓, 추정값</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="88"/>
        <source>typical CUDA context with cuBLAS; an estimate</source>
        <translation>cuBLAS를 포함한 일반적인 CUDA 컨텍스트, 추정값</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="90"/>
        <source>sum of the four terms above</source>
        <translation>위 네 항목의 합</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="92"/>
        <source>%1 GiB x utilization %2</source>
        <translation>%1 GiB x 사용률 %2</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="140"/>
        <source>Term</source>
        <translation>항목</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="142"/>
        <source>Bytes</source>
        <translation>바이트</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="144"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="144"/>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="146"/>
        <source>Share of budget</source>
        <translation>한도 대비 비율</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="148"/>
        <source>How it is computed</source>
        <translation>계산 방법</translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <location filename="../../app/controlspanel.cpp" line="61"/>
        <source>hidden / heads</source>
        <translation>히든 / 헤드 수</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="63"/>
        <source>from the shape</source>
        <translation>구조에서 계산</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="75"/>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="80"/>
        <source>Storage and workload</source>
        <translation>저장 형식과 작업량</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="84"/>
        <source>Weight dtype</source>
        <translation>가중치 dtype</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="85"/>
        <source>KV cache dtype</source>
        <translation>KV 캐시 dtype</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="87"/>
        <source> tok</source>
        <translation> 토큰</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="88"/>
        <source>Context</source>
        <translation>컨텍스트 길이</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="91"/>
        <source>Batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="94"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="98"/>
        <location filename="../../app/controlspanel.cpp" line="172"/>
        <source>Custom</source>
        <translation>사용자 지정</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="99"/>
        <source>Card</source>
        <translation>카드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="102"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="103"/>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="107"/>
        <source>vLLM&apos;s gpu_memory_utilization: the share of the card the server may use</source>
        <translation>vLLM의 gpu_memory_utilization: 서버가 쓸 수 있는 카드 메모리의 비율</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="108"/>
        <source>Utilization</source>
        <translation>메모리 사용률</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="111"/>
        <source>Tensor parallelism: weights and KV heads split across this many GPUs</source>
        <translation>텐서 병렬: 가중치와 KV 헤드를 이 개수의 GPU에 나눠 담습니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="112"/>
        <source>Tensor parallel</source>
        <translation>텐서 병렬</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="173"/>
        <source>Open config.json...</source>
        <translation>config.json 열기...</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="175"/>
        <source>Preset</source>
        <translation>프리셋</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="182"/>
        <source>Layers</source>
        <translation>레이어</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="185"/>
        <source>Hidden size</source>
        <translation>히든 크기</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="187"/>
        <source>Query heads</source>
        <translation>쿼리 헤드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="188"/>
        <source>Only divisors of the query heads: each KV head serves a whole group</source>
        <translation>쿼리 헤드 수의 약수만 고를 수 있습니다: KV 헤드 하나가 쿼리 헤드 한 그룹 전체를 맡습니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="189"/>
        <source>KV heads</source>
        <translation>KV 헤드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="196"/>
        <source>Head dim</source>
        <translation>헤드 차원</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="199"/>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="206"/>
        <source>Parameters</source>
        <translation>파라미터</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="272"/>
        <source>%1 attention</source>
        <translation>%1 어텐션</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="274"/>
        <source>, %1 experts (%2 active)</source>
        <translation>, 전문가 %1개 (활성 %2개)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="276"/>
        <source>, %1-token sliding window on %2 layers</source>
        <translation>, 레이어 %2개에 %1 토큰 슬라이딩 윈도우</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="278"/>
        <source>, max context %1</source>
        <translation>, 최대 컨텍스트 길이 %1</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="290"/>
        <source>latent (MLA): %1 + %2 values</source>
        <translation>잠재 벡터 (MLA): 값 %1 + %2개</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="303"/>
        <source>This model caches an MLA latent, not per-head K and V</source>
        <translation>이 모델은 헤드별 K, V 대신 MLA 잠재 벡터를 캐시합니다</translation>
    </message>
</context>
<context>
    <name>DecodePage</name>
    <message>
        <location filename="../../app/decodepage.cpp" line="39"/>
        <location filename="../../app/decodepage.cpp" line="74"/>
        <source>no cache</source>
        <translation>캐시 없음</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="41"/>
        <source>contiguous cache</source>
        <translation>연속 할당 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="43"/>
        <source>paged cache</source>
        <translation>페이지 방식 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="75"/>
        <source>contiguous</source>
        <translation>연속 할당</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="76"/>
        <source>paged</source>
        <translation>페이지 방식</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="77"/>
        <source>CUDA graphs</source>
        <translation>CUDA 그래프</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="80"/>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="81"/>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="89"/>
        <location filename="../../app/decodepage.cpp" line="91"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="90"/>
        <location filename="../../app/decodepage.cpp" line="319"/>
        <location filename="../../app/decodepage.cpp" line="418"/>
        <source>ms per step</source>
        <translation>스텝당 ms</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="92"/>
        <source>KV cache held (MiB)</source>
        <translation>보유 중인 KV 캐시 (MiB)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="105"/>
        <source>&lt;b&gt;Runs on the CPU&lt;/b&gt; (%1). The formulas are the same; the timings are a CPU&apos;s.</source>
        <translation>&lt;b&gt;CPU에서 실행&lt;/b&gt; (%1). 공식은 같고, 시간은 CPU에서 잰 값입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="102"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;The decode core runs on this GPU: cuBLAS for the matrix products, our own kernels for attention, norms and sampling; step times by CUDA events, memory by cudaMemGetInfo.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;디코드 코어가 이 GPU에서 실행됩니다: 행렬곱은 cuBLAS, 어텐션·정규화·샘플링은 자체 커널로 계산하고, 스텝 시간은 CUDA 이벤트로, 메모리는 cudaMemGetInfo로 잽니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="107"/>
        <source>Auto</source>
        <translation>자동</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="108"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="109"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="117"/>
        <source>BF16 halves the weights and the KV cache; it needs the CUDA backend</source>
        <translation>BF16은 가중치와 KV 캐시를 절반으로 줄입니다. CUDA 백엔드가 필요합니다</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="120"/>
        <source>Replay the one-token step as a CUDA graph: one launch instead of ~90, so the launch cost of a small model&apos;s step disappears. Needs the CUDA backend.</source>
        <translation>토큰 하나짜리 스텝을 CUDA 그래프로 재실행합니다: 커널 호출이 ~90번에서 한 번으로 줄어, 작은 모델의 스텝에서 호출 비용이 사라집니다. CUDA 백엔드가 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="126"/>
        <source>Model and run</source>
        <translation>모델과 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>Layers</source>
        <translation>레이어</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>Width</source>
        <translation>폭</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>Heads</source>
        <translation>헤드</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>KV heads</source>
        <translation>KV 헤드</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Steps</source>
        <translation>스텝 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Prompt</source>
        <translation>프롬프트</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Block size</source>
        <translation>블록 크기</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="138"/>
        <source>Backend</source>
        <translation>백엔드</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="140"/>
        <source>Precision</source>
        <translation>정밀도</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="143"/>
        <source>Modes:</source>
        <translation>모드:</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="146"/>
        <source>Course experiment, batch 1</source>
        <translation>강의 실험, 배치 1</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="147"/>
        <source>Course experiment, batch 64</source>
        <translation>강의 실험, 배치 64</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="164"/>
        <source>Step time</source>
        <translation>스텝 시간</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="165"/>
        <source>KV cache: measured (points) and formula (line)</source>
        <translation>KV 캐시: 측정값 (점)과 공식 (선)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>Cache</source>
        <translation>캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>ms/step</source>
        <translation>ms/스텝</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>tokens/s</source>
        <translation>토큰/s</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>Speedup</source>
        <translation>속도 향상</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="178"/>
        <source>Weights (formula)</source>
        <translation>가중치 (공식)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="178"/>
        <source>KV (formula)</source>
        <translation>KV (공식)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="178"/>
        <source>Peak allocated (ours)</source>
        <translation>최대 할당량 (자체 할당기)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="179"/>
        <location filename="../../app/decodepage.cpp" line="455"/>
        <source>Process (VmRSS)</source>
        <translation>프로세스 (VmRSS)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="179"/>
        <source>Tokens</source>
        <translation>생성 토큰</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="201"/>
        <source>Estimated %1 min on this machine from a 2-step probe: Stop and lower the steps or batch if that is too long.</source>
        <translation>2스텝 시험 실행으로 추정: 이 컴퓨터에서 %1분. 너무 길면 중지하고 스텝 수나 배치를 줄이세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="204"/>
        <source>Estimated under a second from a 2-step probe.</source>
        <translation>2스텝 시험 실행으로 추정: 1초 미만.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="205"/>
        <source>Estimated %1 s from a 2-step probe.</source>
        <translation>2스텝 시험 실행으로 추정: %1초.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="219"/>
        <source>Press Run: each mode generates the tokens in turn; step times and the cache held appear as they are measured, against the formula&apos;s line.</source>
        <translation>실행을 누르세요: 각 모드가 차례로 토큰을 생성하고, 스텝 시간과 보유 중인 캐시가 측정되는 대로 공식의 선과 함께 나타납니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="300"/>
        <source>The course&apos;s experiment. Press Run: a 2-step probe estimates the time first.</source>
        <translation>강의 실험입니다. 실행을 누르세요: 먼저 2스텝 시험 실행으로 걸릴 시간을 추정합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="344"/>
        <source>formula (tokens held)</source>
        <translation>공식 (보유 토큰 기준)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="364"/>
        <source>Probing...</source>
        <translation>시험 실행 중...</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/decodepage.cpp" line="417"/>
        <source>ms per step (%n slower step(s) above the axis)</source>
        <translation>
            <numerusform>스텝당 ms (축 위로 벗어난 느린 스텝 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="441"/>
        <source> (stopped)</source>
        <translation> (중지됨)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="449"/>
        <source>identical</source>
        <translation>동일</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="449"/>
        <source>DIFFER</source>
        <translation>불일치</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="455"/>
        <source>Device in use (cudaMemGetInfo)</source>
        <translation>장치 메모리 사용량 (cudaMemGetInfo)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="458"/>
        <source> Fixed cost is %1% of an uncached step (least squares over every step).</source>
        <translation> 캐시 없는 스텝에서 고정 비용은 %1%입니다 (모든 스텝에 대한 최소제곱 적합).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="461"/>
        <source>On CUDA, %1%2 (%3). </source>
        <translation>CUDA에서 실행, %1%2 (%3). </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="463"/>
        <source>, cached steps replayed as a CUDA graph</source>
        <translation>, 캐시 사용 스텝은 CUDA 그래프로 재실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="465"/>
        <source>On the CPU (%1). </source>
        <translation>CPU에서 실행 (%1). </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="467"/>
        <source> (Stopped before the end.)</source>
        <translation> (끝나기 전에 중지했습니다.)</translation>
    </message>
</context>
<context>
    <name>FitMapWidget</name>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="24"/>
        <source>batch 1024</source>
        <translation>배치 1024</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="43"/>
        <source>Context %1, batch %2: %3 of a %4 budget - %5</source>
        <translation>컨텍스트 길이 %1, 배치 %2: 한도 %4 중 %3 - %5</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="47"/>
        <source>fits</source>
        <translation>적재 가능</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="47"/>
        <source>over budget</source>
        <translation>한도 초과</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="75"/>
        <source>context (tokens per sequence)</source>
        <translation>컨텍스트 길이 (시퀀스당 토큰)</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="78"/>
        <source>batch %1</source>
        <translation>배치 %1</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/mainwindow.cpp" line="54"/>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="55"/>
        <source>Attention</source>
        <translation>어텐션</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="56"/>
        <source>Scaling</source>
        <translation>스케일링</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="57"/>
        <source>Paged memory</source>
        <translation>페이지 방식 메모리</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="58"/>
        <source>GPU decode</source>
        <translation>GPU 디코드</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="61"/>
        <source>Scenario</source>
        <translation>시나리오</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="75"/>
        <source>Open a Hugging Face config.json</source>
        <translation>Hugging Face config.json 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="76"/>
        <source>Model config (*.json);;All files (*)</source>
        <translation>모델 설정 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="83"/>
        <source>Not applied: %1</source>
        <translation>적용 안 됨: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="92"/>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="93"/>
        <source>&amp;Open Scenario...</source>
        <translation>시나리오 열기(&amp;O)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="95"/>
        <source>Open scenario</source>
        <translation>시나리오 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="95"/>
        <location filename="../../app/mainwindow.cpp" line="101"/>
        <source>KV Scope scenario (*.json)</source>
        <translation>KV Scope 시나리오 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="99"/>
        <source>&amp;Save Scenario As...</source>
        <translation>시나리오를 다른 이름으로 저장(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="100"/>
        <source>Save scenario</source>
        <translation>시나리오 저장</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="105"/>
        <source>Open &amp;Recent</source>
        <translation>최근 파일 열기(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="108"/>
        <source>Open &amp;config.json...</source>
        <translation>config.json 열기(&amp;C)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="110"/>
        <source>Export Chart as &amp;PNG...</source>
        <translation>차트를 PNG로 내보내기(&amp;P)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="112"/>
        <location filename="../../app/mainwindow.cpp" line="118"/>
        <source>Export chart</source>
        <translation>차트 내보내기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="112"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 이미지 (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="116"/>
        <source>Export Chart as S&amp;VG...</source>
        <translation>차트를 SVG로 내보내기(&amp;V)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="118"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG 이미지 (*.svg)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="122"/>
        <source>Save Breakdown as &amp;CSV...</source>
        <translation>메모리 내역을 CSV로 저장(&amp;C)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="124"/>
        <source>Save breakdown</source>
        <translation>메모리 내역 저장</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="124"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="128"/>
        <source>Copy Breakdown as &amp;Markdown</source>
        <translation>메모리 내역을 Markdown 표로 복사(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="131"/>
        <source>&amp;Quit</source>
        <translation>종료(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="133"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="134"/>
        <source>&amp;Pin This Scenario as Reference</source>
        <translation>이 시나리오를 비교 기준으로 고정(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="137"/>
        <source>Reset to the Course&apos;s &amp;Reference Scenario</source>
        <translation>강의 기준 시나리오로 되돌리기(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="140"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="141"/>
        <source>&amp;About KV Scope</source>
        <translation>KV Scope 정보(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="142"/>
        <source>About KV Scope</source>
        <translation>KV Scope 정보</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="143"/>
        <source>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;See where an LLM&apos;s inference memory goes: weights, KV cache and the overheads around them, against a GPU&apos;s budget.&lt;/p&gt;</source>
        <translation>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;LLM 추론 메모리가 어디에 쓰이는지 보여 줍니다: 가중치, KV 캐시와 그 밖의 부가 메모리를 GPU의 메모리 한도와 비교합니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="190"/>
        <location filename="../../app/mainwindow.cpp" line="197"/>
        <source>Cannot open scenario</source>
        <translation>시나리오를 열 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="194"/>
        <source>Opened %1</source>
        <translation>열기 완료: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="206"/>
        <source>Saved %1</source>
        <translation>저장 완료: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="209"/>
        <source>Cannot save scenario</source>
        <translation>시나리오를 저장할 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="221"/>
        <source>Cannot use this config</source>
        <translation>이 설정을 쓸 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="227"/>
        <source>Imported %1</source>
        <translation>가져오기 완료: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="228"/>
        <source>Imported %1 - %2</source>
        <translation>가져오기 완료: %1 - %2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="232"/>
        <source>Cannot read config.json</source>
        <translation>config.json을 읽을 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="260"/>
        <location filename="../../app/mainwindow.cpp" line="268"/>
        <source>Cannot export chart</source>
        <translation>차트를 내보낼 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="260"/>
        <source>%1: cannot write the SVG file</source>
        <translation>%1: SVG 파일을 쓸 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="268"/>
        <source>%1: cannot write the image (use .png or .svg)</source>
        <translation>%1: 이미지를 쓸 수 없습니다 (.png 또는 .svg를 쓰세요)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="277"/>
        <location filename="../../app/mainwindow.cpp" line="282"/>
        <source>Cannot save breakdown</source>
        <translation>메모리 내역을 저장할 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="277"/>
        <location filename="../../app/mainwindow.cpp" line="282"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="290"/>
        <source>Breakdown copied as a Markdown table</source>
        <translation>메모리 내역을 Markdown 표로 복사함</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="308"/>
        <source>KV Scope - %1%2</source>
        <translation>KV Scope - %1%2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="309"/>
        <source> (custom)</source>
        <translation> (사용자 지정)</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <location filename="../../app/memorychart.cpp" line="34"/>
        <source>Memory per GPU</source>
        <translation>GPU당 메모리</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="35"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="36"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="37"/>
        <source>Activations (est.)</source>
        <translation>활성화 값 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="38"/>
        <source>CUDA ctx (est.)</source>
        <translation>CUDA 컨텍스트 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="53"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="170"/>
        <source>Pinned scenario</source>
        <translation>고정한 시나리오</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="212"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;Weights: %3&lt;br&gt;KV cache: %4&lt;br&gt;Activations (estimate): %5&lt;br&gt;CUDA context (estimate): %6&lt;br&gt;&lt;b&gt;Total: %7&lt;/b&gt; of a %8 budget</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;가중치: %3&lt;br&gt;KV 캐시: %4&lt;br&gt;활성화 값 (추정): %5&lt;br&gt;CUDA 컨텍스트 (추정): %6&lt;br&gt;&lt;b&gt;합계: %7&lt;/b&gt; (한도 %8)</translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <location filename="../../app/memorypage.cpp" line="52"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="63"/>
        <source>Bars by context</source>
        <translation>컨텍스트 길이별 막대</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="64"/>
        <source>Bars by batch</source>
        <translation>배치별 막대</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="65"/>
        <source>GiB (1024³)</source>
        <translation>GiB (1024³)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="66"/>
        <source>GB (10⁹)</source>
        <translation>GB (10⁹)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="80"/>
        <source>Weights alone by dtype</source>
        <translation>가중치만: dtype별 크기</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="95"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="119"/>
        <source>KV cache formula, with this scenario&apos;s numbers</source>
        <translation>KV 캐시 공식 (이 시나리오의 값 대입)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="122"/>
        <source>Breakdown (per GPU)</source>
        <translation>메모리 내역 (GPU당)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="130"/>
        <source>Capacity, as vLLM reports it</source>
        <translation>vLLM이 보고하는 방식의 용량</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="189"/>
        <source>batch %1</source>
        <translation>배치 %1</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="191"/>
        <source> (now)</source>
        <translation> (현재)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="195"/>
        <source>%1 at %2 tokens, by batch</source>
        <translation>%1, %2 토큰, 배치별</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="197"/>
        <source>%1, batch %2, by context</source>
        <translation>%1, 배치 %2, 컨텍스트 길이별</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="202"/>
        <source>budget %1 (%2% of the card)</source>
        <translation>한도 %1 (카드의 %2%)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="203"/>
        <source>card %1</source>
        <translation>카드 %1</translation>
    </message>
</context>
<context>
    <name>PagedPage</name>
    <message>
        <location filename="../../app/pagedpage.cpp" line="56"/>
        <location filename="../../app/pagedpage.cpp" line="208"/>
        <source>Play</source>
        <translation>재생</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="66"/>
        <source>ShareGPT-like</source>
        <translation>ShareGPT 유사</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="67"/>
        <source>Alpaca-like</source>
        <translation>Alpaca 유사</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="68"/>
        <source>Paper&apos;s figure</source>
        <translation>논문 그림</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="70"/>
        <source>ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets&apos; mean lengths. The paper&apos;s figure: one request reserves 2,048 slots and stops after 10.</source>
        <translation>ShareGPT·Alpaca 유사 트레이스는 합성한 것입니다: 길이는 각 데이터셋의 평균 길이에 맞춘 로그 정규 분포를 따릅니다. 논문 그림: 요청 하나가 슬롯 2,048개를 예약하고 10 토큰 뒤에 끝납니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="72"/>
        <source>Fixed 200 + 200 tokens</source>
        <translation>고정 200 + 200 토큰</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="73"/>
        <source>Uniform 1-400 + 1-400</source>
        <translation>균등 분포 1-400 + 1-400</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="80"/>
        <source>all at once</source>
        <translation>한꺼번에</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="81"/>
        <source>Poisson arrivals per decode step</source>
        <translation>디코드 스텝당 도착하는 요청 수 (포아송 분포)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="82"/>
        <source>max length</source>
        <translation>최대 길이</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="83"/>
        <source>next power of 2</source>
        <translation>2의 거듭제곱으로 올림</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="84"/>
        <source>exact (oracle)</source>
        <translation>정확한 길이 (oracle)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="85"/>
        <source>What a contiguous server reserves per request: the maximum model length (Orca-Max), the next power of two of its length (Orca-Pow2), or exactly its length (Orca-Oracle)</source>
        <translation>연속 할당 서버가 요청마다 예약하는 공간: 모델의 최대 길이 (Orca-Max), 요청 길이를 2의 거듭제곱으로 올린 길이 (Orca-Pow2), 또는 요청 길이 그대로 (Orca-Oracle)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="87"/>
        <source>First fit</source>
        <translation>최초 적합 (first fit)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="88"/>
        <source>Buddy</source>
        <translation>버디 할당 (buddy)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="95"/>
        <source>KV pool size in token slots</source>
        <translation>KV 풀 크기 (토큰 슬롯 단위)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="104"/>
        <source>Decode steps per second</source>
        <translation>초당 디코드 스텝 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="105"/>
        <source>From the scenario</source>
        <translation>시나리오에서 가져오기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="106"/>
        <source>The KV cache tokens the current model leaves on the current GPU</source>
        <translation>현재 GPU에 현재 모델을 올리고 남는 메모리에 들어가는 KV 캐시 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="108"/>
        <source>Trace and pool</source>
        <translation>트레이스와 풀</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="111"/>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="111"/>
        <source>Requests</source>
        <translation>요청 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="111"/>
        <source>Arrivals</source>
        <translation>도착률</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Contiguous</source>
        <translation>연속 할당</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Placement</source>
        <translation>할당 위치</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Block size</source>
        <translation>블록 크기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Pool</source>
        <translation>풀 크기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Samples</source>
        <translation>샘플 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Max model len</source>
        <translation>최대 모델 길이</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="114"/>
        <source>Seed</source>
        <translation>시드</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="123"/>
        <source>Restart</source>
        <translation>다시 시작</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="124"/>
        <source>Step</source>
        <translation>한 스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="129"/>
        <source>Speed</source>
        <translation>속도</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="141"/>
        <source>Solid: tokens stored. Pale: reserved for tokens still to come. Grey, hatched: never used (internal fragmentation). Red, hatched: free but too small for the next request (external fragmentation). Hover a request to see its blocks.</source>
        <translation>진한 색: 저장된 토큰. 옅은 색: 앞으로 올 토큰을 위한 예약 공간. 회색 빗금: 끝내 쓰이지 않는 공간 (내부 단편화). 빨간 빗금: 비어 있지만 다음 요청이 들어가기에는 작은 공간 (외부 단편화). 요청 위에 마우스를 올리면 해당 요청의 블록 표시.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="189"/>
        <source>Contiguous: where the pool goes, step by step</source>
        <translation>연속 할당: 스텝별 풀 사용 내역</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="190"/>
        <source>Paged: where the pool goes, step by step</source>
        <translation>페이지 방식 (PagedAttention): 스텝별 풀 사용 내역</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="208"/>
        <source>Pause</source>
        <translation>일시 정지</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="355"/>
        <source>Contiguous, %1: %2 tokens · %3 running · %4 waiting</source>
        <translation>연속 할당, %1: 토큰 %2 · 실행 중 %3 · 대기 %4</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="359"/>
        <source>Paged, block %1: %2 tokens · %3 running · %4 waiting</source>
        <translation>페이지 방식, 블록 %1: 토큰 %2 · 실행 중 %3 · 대기 %4</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="365"/>
        <source>step &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp; finished &lt;b&gt;%3&lt;/b&gt; / &lt;b&gt;%4&lt;/b&gt; of %5 &amp;nbsp; preemptions %6 &amp;nbsp; blocks saved by sharing %7</source>
        <translation>스텝 &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp; 완료 &lt;b&gt;%3&lt;/b&gt; / &lt;b&gt;%4&lt;/b&gt; (전체 %5) &amp;nbsp; 선점 %6 &amp;nbsp; 공유로 아낀 블록 %7</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="393"/>
        <source>sample %1: %2</source>
        <translation>샘플 %1: %2</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="395"/>
        <source>&lt;b&gt;Request %1&lt;/b&gt;: %2 prompt + %3 output tokens, %4 generated so far. Block table (logical→physical): %5</source>
        <translation>&lt;b&gt;요청 %1&lt;/b&gt;: 프롬프트 %2 + 출력 %3 토큰, 지금까지 %4 토큰 생성. 블록 테이블 (논리 블록→물리 블록): %5</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="401"/>
        <source>not in the paged pool now</source>
        <translation>지금은 페이지 방식 풀에 없음</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="419"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="426"/>
        <source>tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="427"/>
        <source>reserved</source>
        <translation>예약 공간</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="428"/>
        <source>internal</source>
        <translation>내부 단편화</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="429"/>
        <source>external</source>
        <translation>외부 단편화</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="430"/>
        <source>free</source>
        <translation>빈 공간</translation>
    </message>
</context>
<context>
    <name>ScalingPage</name>
    <message>
        <location filename="../../app/scalingpage.cpp" line="37"/>
        <source>Log scale</source>
        <translation>로그 스케일</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="46"/>
        <source>KV cache only</source>
        <translation>KV 캐시만</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="47"/>
        <source>Total (weights + KV + estimates)</source>
        <translation>합계 (가중치 + KV + 추정값)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="52"/>
        <source>context (tokens per sequence, log scale)</source>
        <translation>컨텍스트 길이 (시퀀스당 토큰, 로그 스케일)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="54"/>
        <source>GiB per GPU</source>
        <translation>GPU당 GiB</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="57"/>
        <source>GiB per GPU (log scale)</source>
        <translation>GPU당 GiB (로그 스케일)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="76"/>
        <source>Show</source>
        <translation>표시</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="82"/>
        <source>Fit map: which context x batch pairs fit the budget (current scenario outlined)</source>
        <translation>적재 가능 맵: 한도 안에 들어가는 컨텍스트 길이 x 배치 조합 (현재 시나리오는 테두리로 표시)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="143"/>
        <source>batch %1%2</source>
        <translation>배치 %1%2</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="143"/>
        <source> (now)</source>
        <translation> (현재)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="148"/>
        <source>Budget %1</source>
        <translation>한도 %1</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="154"/>
        <source>%1: %2 against context (%3 weights, %4 cache)</source>
        <translation>%1: 컨텍스트 길이에 따른 %2 (가중치 %3, 캐시 %4)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="156"/>
        <source>total memory</source>
        <translation>전체 메모리</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="156"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
</context>
<context>
    <name>viewtext</name>
    <message>
        <location filename="../../app/viewtext.cpp" line="21"/>
        <source>&lt;span style=&apos;color:#1b7f3b; font-size:16pt; font-weight:600&apos;&gt;Fits&lt;/span&gt;&amp;nbsp;&amp;nbsp;%1 to spare of a %2 budget</source>
        <translation>&lt;span style=&apos;color:#1b7f3b; font-size:16pt; font-weight:600&apos;&gt;적재 가능&lt;/span&gt;&amp;nbsp;&amp;nbsp;한도 %2에서 %1 여유</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="24"/>
        <source>&lt;span style=&apos;color:#b3261e; font-size:16pt; font-weight:600&apos;&gt;Out of memory&lt;/span&gt;&amp;nbsp;&amp;nbsp;short by %1 of a %2 budget</source>
        <translation>&lt;span style=&apos;color:#b3261e; font-size:16pt; font-weight:600&apos;&gt;메모리 부족 (OOM)&lt;/span&gt;&amp;nbsp;&amp;nbsp;한도 %2에서 %1 부족</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="36"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x bytes = %1 x %2 x %3 x (%4 + %5) x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x 바이트 = %1 x %2 x %3 x (%4 + %5) x %6 B = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="43"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = 2 x L x B x S x H&lt;sub&gt;kv&lt;/sub&gt; x D&lt;sub&gt;head&lt;/sub&gt; x bytes = 2 x %1 x %2 x %3 x %4 x %5 x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation>&lt;b&gt;KV&lt;/b&gt; = 2 x L x B x S x H&lt;sub&gt;kv&lt;/sub&gt; x D&lt;sub&gt;head&lt;/sub&gt; x 바이트 = 2 x %1 x %2 x %3 x %4 x %5 x %6 B = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="51"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head</source>
        <translation>&lt;br&gt;GPU당: KV 헤드는 %1개인데 GPU는 %2개이므로, GPU마다 헤드 하나를 복제해 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="54"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads split across %2 GPUs, %3 each</source>
        <translation>&lt;br&gt;GPU당: KV 헤드 %1개를 GPU %2개에 나눠 GPU마다 %3개씩 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="59"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:#b3261e&apos;&gt;The context is beyond this model&apos;s maximum of %1 tokens.&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:#b3261e&apos;&gt;컨텍스트 길이가 이 모델의 최대값 %1 토큰을 넘습니다.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="62"/>
        <source>&lt;br&gt;%1 of %2 layers keep only the last %3 tokens (sliding window)</source>
        <translation>&lt;br&gt;레이어 %2개 중 %1개는 마지막 %3 토큰만 보관합니다 (슬라이딩 윈도우)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="75"/>
        <source>&lt;tt&gt;GPU KV cache size: %1 tokens&lt;br&gt;Maximum concurrency for %2 tokens per request: %3x&lt;/tt&gt;&lt;br&gt;&lt;small&gt;%4 blocks of %5 tokens (%6 each) in %7 left for the cache&lt;/small&gt;</source>
        <translation>&lt;tt&gt;GPU KV cache size: %1 tokens&lt;br&gt;Maximum concurrency for %2 tokens per request: %3x&lt;/tt&gt;&lt;br&gt;&lt;small&gt;캐시에 남은 %7에 %5 토큰짜리 블록 (블록당 %6) %4개&lt;/small&gt;</translation>
    </message>
</context>
</TS>
