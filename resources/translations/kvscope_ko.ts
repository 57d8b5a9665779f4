<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>AttentionPage</name>
    <message>
        <location filename="../../app/attentionpage.cpp" line="46"/>
        <source>KV cache per token</source>
        <translation>토큰당 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="55"/>
        <source>Attention kinds compared</source>
        <translation>어텐션 방식 비교</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="56"/>
        <source>KV bytes per token for MHA, GQA and MQA of the same model</source>
        <translation>같은 모델을 MHA, GQA, MQA로 구성했을 때의 토큰당 KV 바이트</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="57"/>
        <source>Per token the cache holds 2 x L x H_kv x D_head x bytes. MHA keeps a KV head per query head, GQA one per group, MQA a single one: fewer K/V heads stored, a smaller cache. The bar of this model is darker.</source>
        <translation>캐시는 토큰마다 2 x L x H_kv x D_head x 바이트를 저장합니다. MHA는 쿼리 헤드마다 KV 헤드를 하나씩, GQA는 그룹마다 하나씩, MQA는 하나만 둡니다: 저장하는 K/V 헤드가 적을수록 캐시가 작아집니다. 이 모델의 막대는 더 진하게 표시됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>The formula with query heads in place of KV heads, against the real one</source>
        <translation>KV 헤드 자리에 쿼리 헤드를 넣은 공식과 실제 공식 비교</translation>
    </message>
    <message>
        <source>Some texts put the query heads (or the hidden size) where the KV heads belong. For a GQA model that overstates the cache by query heads / KV heads.</source>
        <translation type="vanished">어떤 자료는 KV 헤드가 들어갈 자리에 쿼리 헤드 수(또는 히든 크기)를 넣습니다. GQA 모델에서는 이렇게 하면 캐시가 쿼리 헤드 수 / KV 헤드 수 배로 부풀려집니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="61"/>
        <source>Some texts put the query heads where the KV heads belong (or the hidden size where KV heads x head size belong). For a GQA model that overstates the cache by query heads / KV heads.</source>
        <translation>어떤 자료는 KV 헤드 수 자리에 쿼리 헤드 수를 넣습니다 (또는 KV 헤드 x 헤드 크기 자리에 히든 크기를 넣습니다). GQA 모델에서는 이렇게 하면 캐시가 쿼리 헤드 수 / KV 헤드 수 배로 부풀려집니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="64"/>
        <source>Each attention kind&apos;s cache now and the largest batch that fits the budget</source>
        <translation>어텐션 방식별 현재 캐시와 한도 안에 적재 가능한 최대 배치</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="65"/>
        <source>The largest batch is the number of sequences at this context whose cache fits next to the weights in the budget. A trained model&apos;s KV heads are part of its weights: this compares designs, it is not a setting you can change at inference time.</source>
        <translation>최대 배치는 현재 컨텍스트 길이에서 가중치와 함께 캐시가 한도 안에 들어가는 시퀀스 수입니다. 학습된 모델의 KV 헤드는 가중치의 일부입니다: 이 표는 설계를 비교할 뿐이며, 추론할 때 바꿀 수 있는 설정이 아닙니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="54"/>
        <location filename="../../app/attentionpage.cpp" line="70"/>
        <source>KV cache per token by attention kind</source>
        <translation>어텐션 방식별 토큰당 KV 캐시</translation>
    </message>
    <message>
        <source>KiB per token</source>
        <translation type="vanished">토큰당 KiB</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="82"/>
        <location filename="../../app/attentionpage.cpp" line="196"/>
        <location filename="../../app/attentionpage.cpp" line="197"/>
        <source>%1 per token</source>
        <translation>토큰당 %1</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="vanished">어텐션</translation>
    </message>
    <message>
        <source>KV heads</source>
        <translation type="vanished">KV 헤드</translation>
    </message>
    <message>
        <source>KV per token</source>
        <translation type="vanished">토큰당 KV</translation>
    </message>
    <message>
        <source>KV cache now</source>
        <translation type="vanished">현재 KV 캐시</translation>
    </message>
    <message>
        <source>Largest batch that fits</source>
        <translation type="vanished">적재 가능한 최대 배치</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="vanished">가중치</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="104"/>
        <source>The naive formula vs the real one</source>
        <translation>단순 공식과 실제 공식</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="110"/>
        <source>Weights of each variant: changing the KV heads re-estimates only the K/V projections (2 x hidden x KV heads x head_dim per layer); a published or typed parameter count keeps the rest. The KV heads control and kvscope-cli estimate --kv-heads follow the same rule.</source>
        <translation>변형별 가중치: KV 헤드 수를 바꾸면 K/V 프로젝션 (레이어마다 2 x 히든 x KV 헤드 x head_dim)만 다시 추정하고, 공개된 값이나 직접 입력한 파라미터 수의 나머지는 그대로 둡니다. KV 헤드 설정과 kvscope-cli estimate --kv-heads도 같은 규칙을 따릅니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="162"/>
        <source>MLA latent%1</source>
        <translation>MLA 잠재 벡터%1</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="162"/>
        <location filename="../../app/attentionpage.cpp" line="167"/>
        <location filename="../../app/attentionpage.cpp" line="171"/>
        <source> (this model)</source>
        <translation> (이 모델)</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="163"/>
        <source>%1, %2 KV heads, %3 in sliding layers%4</source>
        <translation>%1, KV 헤드 %2개, 슬라이딩 윈도우 레이어는 KV 헤드 %3개%4</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="168"/>
        <source>%1, %2 KV heads%3</source>
        <translation>%1, KV 헤드 %2개%3</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="192"/>
        <source>%1: %2 per token</source>
        <translation>%1: 토큰당 %2</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="202"/>
        <source>%1: KV cache per token by attention kind&lt;br&gt;(%2 layers, %3 query heads, %4 cache)</source>
        <translation>%1: 어텐션 방식별 토큰당 KV 캐시&lt;br&gt;(레이어 %2개, 쿼리 헤드 %3개, %4 캐시)</translation>
    </message>
    <message>
        <source>%1: KV cache per token by attention kind (%2 layers, %3 query heads, %4 cache)</source>
        <translation type="vanished">%1: 어텐션 방식별 토큰당 KV 캐시 (레이어 %2개, 쿼리 헤드 %3개, %4 캐시)</translation>
    </message>
    <message>
        <source>latent</source>
        <translation type="vanished">잠재 벡터</translation>
    </message>
    <message>
        <source>%1 at %2 tokens</source>
        <translation type="vanished">%1 (%2 토큰 기준)</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="211"/>
        <source>%1 caches one latent of %2 + %3 values per layer (MLA): %4 per token. The naive formula with %5 heads would say %6, %7x more.</source>
        <translation>%1: 레이어마다 값 %2 + %3개로 된 잠재 벡터 하나를 캐시합니다 (MLA). 토큰당 %4입니다. 헤드 %5개로 계산하는 단순 공식으로는 %6, 즉 %7배가 나옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="242"/>
        <source>%1 layers</source>
        <translation>레이어 %1개</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="244"/>
        <source>%1 full layers</source>
        <translation>전체 어텐션 레이어 %1개</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="243"/>
        <source>%1 sliding layers</source>
        <translation>슬라이딩 윈도우 레이어 %1개</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="229"/>
        <source>%1 has no layer that caches K and V per token: its memory per sequence is a fixed state, whatever the context (see the memory page), so the naive formula does not apply.</source>
        <translation>%1에는 토큰마다 K와 V를 캐시하는 레이어가 없습니다. 시퀀스당 메모리는 컨텍스트 길이와 상관없이 고정된 상태이므로(메모리 페이지 참고) 단순 공식은 적용되지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="246"/>
        <source>%1 x %2 KV heads x (%3 + %4)</source>
        <translation>%1 x KV 헤드 %2개 x (%3 + %4)</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="247"/>
        <source>2 x %1 x %2 KV heads x %3</source>
        <translation>2 x %1 x KV 헤드 %2개 x %3</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="250"/>
        <source>&lt;b&gt;Naive&lt;/b&gt; (query heads in place of KV heads): %1 per token, %2 for this scenario.&lt;br&gt;&lt;b&gt;Real&lt;/b&gt; (the layers that cache, each kind with its own KV heads): (%3) x %4 B = &lt;b&gt;%5&lt;/b&gt; per token, %6.&lt;br&gt;The naive formula overstates this model&apos;s cache &lt;b&gt;%7x&lt;/b&gt;.</source>
        <translation>&lt;b&gt;단순 공식&lt;/b&gt; (KV 헤드 자리에 쿼리 헤드): 토큰당 %1, 이 시나리오에서 %2.&lt;br&gt;&lt;b&gt;실제&lt;/b&gt; (캐시하는 레이어만, 종류별 자체 KV 헤드 수): (%3) x %4 B = 토큰당 &lt;b&gt;%5&lt;/b&gt;, %6.&lt;br&gt;단순 공식은 이 모델의 캐시를 &lt;b&gt;%7배&lt;/b&gt;로 부풀립니다.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="264"/>
        <source>&lt;b&gt;Naive&lt;/b&gt; (query heads): 2 x %1 layers x %2 heads x %3 x %4 B = &lt;b&gt;%5&lt;/b&gt; per token, %6 for this scenario.&lt;br&gt;&lt;b&gt;Real&lt;/b&gt; (KV heads): 2 x %1 x %7 x %3 x %4 B = &lt;b&gt;%8&lt;/b&gt; per token, %9.&lt;br&gt;The naive formula overstates this model&apos;s cache &lt;b&gt;%10x&lt;/b&gt;: the query heads share %7 KV heads, and that number is fixed by the trained weights.</source>
        <translation>&lt;b&gt;단순 공식&lt;/b&gt; (쿼리 헤드): 2 x %1 레이어 x %2 헤드 x %3 x %4 B = 토큰당 &lt;b&gt;%5&lt;/b&gt;, 이 시나리오에서 %6.&lt;br&gt;&lt;b&gt;실제&lt;/b&gt; (KV 헤드): 2 x %1 x %7 x %3 x %4 B = 토큰당 &lt;b&gt;%8&lt;/b&gt;, %9.&lt;br&gt;단순 공식은 이 모델의 캐시를 &lt;b&gt;%10배&lt;/b&gt;로 부풀립니다: 쿼리 헤드들이 KV 헤드 %7개를 나눠 쓰며, 이 개수는 학습된 가중치로 정해져 있습니다.</translation>
    </message>
</context>
<context>
    <name>AttentionTableModel</name>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="39"/>
        <source>Attention</source>
        <translation>어텐션</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="41"/>
        <source>KV heads</source>
        <translation>KV 헤드</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="43"/>
        <source>KV per token</source>
        <translation>토큰당 KV</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="45"/>
        <source>KV cache now</source>
        <translation>현재 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="47"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="49"/>
        <source>Largest batch that fits</source>
        <translation>적재 가능한 최대 배치</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="81"/>
        <source> (this model)</source>
        <translation> (이 모델)</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="84"/>
        <source>latent</source>
        <translation>잠재 벡터</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="85"/>
        <source>%1 (sliding layers: %2)</source>
        <translation>%1 (슬라이딩 윈도우 레이어: %2)</translation>
    </message>
    <message>
        <location filename="../../app/attentiontablemodel.cpp" line="94"/>
        <source>%1 at %2 tokens</source>
        <translation>%1 (%2 토큰 기준)</translation>
    </message>
</context>
<context>
    <name>BreakdownModel</name>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="75"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="77"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="79"/>
        <source>Per-sequence state</source>
        <translation>시퀀스별 상태</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="81"/>
        <source>EAGLE head</source>
        <translation>EAGLE 헤드</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="81"/>
        <source>Draft model</source>
        <translation>드래프트 모델</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="83"/>
        <source>Draft KV cache</source>
        <translation>드래프트 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="85"/>
        <source>Lookahead slots</source>
        <translation>룩어헤드 슬롯</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="87"/>
        <source>Activations (estimate)</source>
        <translation>활성화 값 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="89"/>
        <source>CUDA context (estimate)</source>
        <translation>CUDA 컨텍스트 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="89"/>
        <source>CUDA context + NCCL (estimate)</source>
        <translation>CUDA 컨텍스트 + NCCL (추정)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="91"/>
        <source>Total</source>
        <translation>합계</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="93"/>
        <source>Budget</source>
        <translation>한도</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="103"/>
        <source>the checkpoint&apos;s bytes as its quantization_config stores them (%1)</source>
        <translation>체크포인트의 quantization_config가 저장하는 그대로의 바이트 (%1)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="105"/>
        <source>parameters %1 x %2 bits / 8</source>
        <translation>파라미터 %1 x %2 비트 / 8</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="114"/>
        <source>%1 layers x %2 tokens x %3 sequences x (%4 values x %5 bytes + a %6-byte indexer key)</source>
        <translation>레이어 %1개 x 토큰 %2개 x 시퀀스 %3개 x (값 %4개 x %5 바이트 + %6바이트 인덱서 키)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="122"/>
        <source>%1 layers x %2 values per token x %3 tokens x %4 sequences x %5 bytes</source>
        <translation>레이어 %1개 x 토큰당 값 %2개 x 토큰 %3개 x 시퀀스 %4개 x %5 바이트</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="143"/>
        <source>none: every layer caches per token (the KV cache above)</source>
        <translation>없음: 모든 레이어가 토큰마다 캐시합니다 (위의 KV 캐시)</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="145"/>
        <source>(%1 state layers x (%2 conv values x %3 bytes + %4 recurrent values x %5 bytes) + %6 cross-attention layers x %7 image tokens x %8 bytes) x %9 sequences</source>
        <translation>(상태 레이어 %1개 x (합성곱 값 %2개 x %3바이트 + 순환 상태 값 %4개 x %5바이트) + 교차 어텐션 레이어 %6개 x 이미지 토큰 %7개 x %8바이트) x 시퀀스 %9개</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="156"/>
        <source>(%1 state layers x %2 values x %3 bytes + %4 cross-attention layers x %5 image tokens x %6 bytes) x %7 sequences</source>
        <translation>(상태 레이어 %1개 x 값 %2개 x %3바이트 + 교차 어텐션 레이어 %4개 x 이미지 토큰 %5개 x %6바이트) x 시퀀스 %7개</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="169"/>
        <source>one decoder layer of the model&apos;s shape and a 2h x h fc (vLLM&apos;s llama_eagle.py): %1 parameters x %2 bits / 8; the embedding and LM head are the model&apos;s own</source>
        <translation>모델 구조의 디코더 레이어 하나와 2h x h fc (vLLM의 llama_eagle.py): 파라미터 %1개 x %2비트 / 8; 임베딩과 LM 헤드는 모델 것을 공유함</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="174"/>
        <source>none: n-gram lookup drafts from the text itself</source>
        <translation>없음: n-gram 조회는 텍스트 자체에서 드래프트를 만듦</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="175"/>
        <source>%1 parameters x %2 bits / 8, split like the model&apos;s</source>
        <translation>파라미터 %1개 x %2비트 / 8, 모델과 같은 방식으로 나눔</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="182"/>
        <source>none: n-gram lookup keeps no cache</source>
        <translation>없음: n-gram 조회는 캐시를 두지 않음</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="183"/>
        <source>%1 bytes per token x (%2 + %3 draft tokens) x %4 sequences, in the same blocks as the model&apos;s</source>
        <translation>토큰당 %1바이트 x (%2 + 드래프트 토큰 %3개) x 시퀀스 %4개, 모델과 같은 블록에 저장</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="190"/>
        <source>the model&apos;s cache of %1 draft tokens per sequence x %2 sequences, held while they are checked</source>
        <translation>시퀀스마다 드래프트 토큰 %1개에 대한 모델의 캐시 x 시퀀스 %2개, 검증하는 동안 유지</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="197"/>
        <source>typical CUDA context with cuBLAS (%1) + NCCL&apos;s buffers under tensor parallelism (%2, the step vLLM measured from one H100 to two); an estimate</source>
        <translation>cuBLAS를 포함한 일반적인 CUDA 컨텍스트 (%1) + 텐서 병렬의 NCCL 버퍼 (%2, vLLM이 H100 한 장에서 두 장으로 늘릴 때 측정한 증가분), 추정값</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="203"/>
        <source>sum of the terms above</source>
        <translation>위 항목의 합</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="205"/>
        <source>%1 x utilization %2</source>
        <translation>%1 x 사용률 %2</translation>
    </message>
    <message>
        <source>%1 parameters x %2 bits / 8</source>
        <translation type="vanished">%1 파라미터 x %2 비트 / 8</translation>
    </message>
    <message>
        <source>2 x %1 layers x %2 KV heads x %3 x %4 tokens x %5 sequences</source>
        <translation type="vanished">2 x %1 레이어 x %2 KV 헤드 x %3 x %4 토큰 x %5 시퀀스</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="128"/>
        <source>2 (K and V) x %1 layers x %2 KV heads x %3 values per head x %4 tokens x %5 sequences x %6 bytes</source>
        <translation>2 (K와 V) x %1 레이어 x %2 KV 헤드 x 헤드당 값 %3개 x %4 토큰 x %5 시퀀스 x %6 바이트</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="194"/>
        <source>one %1-token prefill chunk + logits; an estimate</source>
        <translation>%1 토큰 프리필 청크 하나 + 로짓, 추정값</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="201"/>
        <source>typical CUDA context with cuBLAS; an estimate</source>
        <translation>cuBLAS를 포함한 일반적인 CUDA 컨텍스트, 추정값</translation>
    </message>
    <message>
        <source>sum of the four terms above</source>
        <translation type="vanished">위 네 항목의 합</translation>
    </message>
    <message>
        <source>%1 GiB x utilization %2</source>
        <translation type="vanished">%1 GiB x 사용률 %2</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="250"/>
        <source>Term</source>
        <translation>항목</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="252"/>
        <source>Bytes</source>
        <translation>바이트</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="254"/>
        <source>GiB</source>
        <translation>GiB</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="254"/>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="256"/>
        <source>Share of budget</source>
        <translation>한도 대비 비율</translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="258"/>
        <source>How it is computed</source>
        <translation>계산 방법</translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <location filename="../../app/controlspanel.cpp" line="68"/>
        <source>hidden / heads</source>
        <translation>히든 / 헤드 수</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="70"/>
        <source>from the shape</source>
        <translation>구조에서 계산</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="94"/>
        <source>Model</source>
        <translation>모델</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="108"/>
        <source>Storage and workload</source>
        <translation>저장 형식과 워크로드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="112"/>
        <source>Weight dtype</source>
        <translation>가중치 dtype</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="113"/>
        <source>How each weight is stored: weights = parameters x bits / 8</source>
        <translation>가중치 하나를 저장하는 형식: 가중치 = 파라미터 x 비트 / 8</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="115"/>
        <source>The storage format of the weights. Weight bytes = parameters x bits / 8: a 7B model is 26.08 GiB in FP32, 13.04 in BF16, 6.52 in INT8 and 3.26 in INT4. Grouped formats (INT4-G128) add one FP16 scale per group, so their bits are a little above 4.</source>
        <translation>가중치의 저장 형식입니다. 가중치 바이트 = 파라미터 x 비트 / 8: 7B 모델은 FP32에서 26.08 GiB, BF16에서 13.04, INT8에서 6.52, INT4에서 3.26입니다. 그룹 양자화 형식(INT4-G128)은 가중치 그룹마다 FP16 스케일을 하나씩 더 저장하므로 비트 수가 4보다 조금 큽니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="118"/>
        <source>KV cache dtype</source>
        <translation>KV 캐시 dtype</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="119"/>
        <source>How each cached key and value is stored: the last factor of the KV formula</source>
        <translation>캐시에 저장하는 키(K)와 값(V) 하나하나의 형식: KV 공식의 마지막 항</translation>
    </message>
    <message>
        <source>The storage format of the KV cache: bytes per element in KV = 2 x L x B x S x H_kv x D_head x bytes. FP8 halves the cache of BF16; the weights are unaffected.</source>
        <translation type="vanished">KV 캐시의 저장 형식으로, KV = 2 x L x B x S x H_kv x D_head x 바이트에서 원소당 바이트 수를 정합니다. FP8은 BF16보다 캐시를 절반으로 줄이며, 가중치에는 영향이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="123"/>
        <source> tok</source>
        <translation> 토큰</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="124"/>
        <source>Context</source>
        <translation>컨텍스트 길이</translation>
    </message>
    <message>
        <source>Tokens per sequence (S): the cache grows linearly with it. Arrows halve or double, Page Up/Down x4</source>
        <translation type="vanished">시퀀스당 토큰 수 (S): 캐시는 이 값에 비례해 커집니다. 화살표 키로 절반·두 배, Page Up/Down으로 4배·1/4</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="127"/>
        <source>Tokens kept per sequence: the prompt plus everything generated so far (S in the KV formula). Four times the context is four times the cache.</source>
        <translation>시퀀스마다 보관하는 토큰 수로, 프롬프트와 지금까지 생성한 모든 토큰입니다 (KV 공식의 S). 컨텍스트 길이가 4배면 캐시도 4배입니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="131"/>
        <source>Batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <source>Concurrent sequences (B): each keeps its own cache. Arrows halve or double, Page Up/Down x4</source>
        <translation type="vanished">동시에 처리하는 시퀀스 수 (B): 시퀀스마다 자기 캐시를 따로 둡니다. 화살표 키로 절반·두 배, Page Up/Down으로 4배·1/4</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="120"/>
        <source>The storage format of the KV cache: it sets the bytes per element in KV = 2 x L x B x S x H_kv x D_head x bytes. FP8 halves the cache of BF16; the weights are unaffected.</source>
        <translation>KV 캐시의 저장 형식으로, KV = 2 x L x B x S x H_kv x D_head x 바이트에서 원소당 바이트 수를 정합니다. FP8은 BF16보다 캐시를 절반으로 줄이며, 가중치에는 영향이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="125"/>
        <source>Tokens per sequence (S): the cache grows linearly with it. Arrows halve or double, Page Up/Down multiply or divide by 4</source>
        <translation>시퀀스당 토큰 수 (S): 캐시는 이 값에 비례해 커집니다. 화살표 키로는 절반 또는 두 배로, Page Up/Down으로는 4배 또는 1/4로 바꿉니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="132"/>
        <source>Concurrent sequences (B): each keeps its own cache. Arrows halve or double, Page Up/Down multiply or divide by 4</source>
        <translation>동시에 처리하는 시퀀스 수 (B): 시퀀스마다 자기 캐시를 따로 둡니다. 화살표 키로는 절반 또는 두 배로, Page Up/Down으로는 4배 또는 1/4로 바꿉니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="134"/>
        <source>Requests served at the same time (B in the KV formula). Every request keeps its own keys and values, so batch x8 is cache x8; the weights are loaded once whatever the batch.</source>
        <translation>동시에 처리하는 요청 수입니다 (KV 공식의 B). 요청마다 자기 키(K)와 값(V)을 따로 보관하므로 배치가 8배면 캐시도 8배입니다. 가중치는 배치와 관계없이 한 번만 올라갑니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="139"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="149"/>
        <location filename="../../app/controlspanel.cpp" line="255"/>
        <source>Custom</source>
        <translation>사용자 지정</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="150"/>
        <source>Card</source>
        <translation>카드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="151"/>
        <source>The GPU whose memory is the budget line</source>
        <translation>메모리가 한도선의 기준이 되는 GPU</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="152"/>
        <source>The card the scenario runs on. Its memory x utilization is the budget the bars are compared with.</source>
        <translation>시나리오를 실행하는 카드입니다. 이 카드의 메모리 x 사용률이 막대와 비교하는 한도입니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="156"/>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="157"/>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="158"/>
        <source>Memory of one GPU, in GiB (1024^3 bytes)</source>
        <translation>GPU 한 장의 메모리 (GiB, 1024^3 바이트)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="159"/>
        <source>Memory of one card. Changing it makes the card a custom one.</source>
        <translation>카드 한 장의 메모리입니다. 값을 바꾸면 카드가 사용자 지정으로 바뀝니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="163"/>
        <source>vLLM&apos;s gpu_memory_utilization: the share of the card the server may use</source>
        <translation>vLLM의 gpu_memory_utilization: 서버가 쓸 수 있는 카드 메모리의 비율</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="164"/>
        <source>vLLM&apos;s gpu_memory_utilization. Budget = card memory x utilization; the rest is left for other processes and fragmentation.</source>
        <translation>vLLM의 gpu_memory_utilization입니다. 한도 = 카드 메모리 x 사용률이며, 나머지는 다른 프로세스와 단편화 몫으로 남겨 둡니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="166"/>
        <source>Utilization</source>
        <translation>메모리 사용률</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="169"/>
        <source>Tensor parallelism: weights and KV heads split across this many GPUs</source>
        <translation>텐서 병렬: 가중치와 KV 헤드를 이 개수의 GPU에 나눠 담습니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="170"/>
        <source>Tensor parallelism splits the weights and the KV heads evenly across GPUs; with fewer KV heads than GPUs each GPU keeps a copy of one head. Figures are per GPU.</source>
        <translation>텐서 병렬은 가중치와 KV 헤드를 여러 GPU에 고르게 나눕니다. KV 헤드가 GPU보다 적으면 GPU마다 헤드 하나를 복제해 둡니다. 수치는 GPU당 값입니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="172"/>
        <source>Tensor parallel</source>
        <translation>텐서 병렬</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="176"/>
        <source>Speculative decoding</source>
        <translation>추측 디코딩</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="256"/>
        <source>A model&apos;s shape, as published; loads in the dtype it was published in</source>
        <translation>공개된 모델 구조: 공개 당시의 dtype 그대로 불러옵니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="257"/>
        <source>Loads a real model&apos;s shape (layers, heads, KV heads, head size) from its Hugging Face config, and its weight and cache dtype as published.</source>
        <translation>실제 모델의 구조(레이어, 헤드, KV 헤드, 헤드 크기)를 Hugging Face 설정에서 불러오고, 가중치와 캐시 dtype도 공개된 그대로 가져옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="259"/>
        <source>Open config.json...</source>
        <translation>config.json 열기...</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="260"/>
        <source>Read any model&apos;s shape from its Hugging Face config.json</source>
        <translation>어떤 모델이든 Hugging Face config.json에서 구조를 읽어 옵니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="263"/>
        <source>Preset</source>
        <translation>프리셋</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="269"/>
        <source>Layers</source>
        <translation>레이어</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="270"/>
        <source>Decoder layers (L): every layer keeps its own K and V</source>
        <translation>디코더 레이어 수 (L): 레이어마다 자기 K와 V를 따로 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="271"/>
        <source>Transformer blocks (L in the KV formula). Each layer stores one K and one V tensor per token, so the cache grows linearly with the layers.</source>
        <translation>트랜스포머 블록 수입니다 (KV 공식의 L). 레이어마다 토큰당 K 텐서 하나와 V 텐서 하나를 저장하므로, 캐시는 레이어 수에 비례해 커집니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="275"/>
        <source>Hidden size</source>
        <translation>히든 크기</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="276"/>
        <source>Model width (d_model); head size = hidden / query heads unless stated</source>
        <translation>모델 폭 (d_model): 따로 정하지 않으면 헤드 크기 = 히든 / 쿼리 헤드 수</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="277"/>
        <source>The width of the residual stream. With no stated head_dim, D_head = hidden / query heads.</source>
        <translation>잔차 스트림의 폭입니다. head_dim이 따로 없으면 D_head = 히든 / 쿼리 헤드 수입니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="279"/>
        <source>Query heads</source>
        <translation>쿼리 헤드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="280"/>
        <source>Attention heads that ask (queries); they share the KV heads</source>
        <translation>질의하는 어텐션 헤드 (쿼리): KV 헤드를 나눠 씁니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="281"/>
        <source>Query heads. The naive formula wrongly uses this count in place of the KV heads.</source>
        <translation>쿼리 헤드 수입니다. 단순 공식은 KV 헤드 수 자리에 이 수를 잘못 씁니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="282"/>
        <source>Only divisors of the query heads: each KV head serves a whole group</source>
        <translation>쿼리 헤드 수의 약수만 고를 수 있습니다: KV 헤드 하나가 쿼리 헤드 한 그룹 전체를 맡습니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="284"/>
        <source>Key/value heads (H_kv): MHA keeps one per query head, GQA one per group of query heads, MQA a single one. The cache is proportional to this number, and it is fixed by the trained weights.</source>
        <translation>키/값 헤드 수 (H_kv): MHA는 쿼리 헤드마다 하나, GQA는 쿼리 헤드 그룹마다 하나, MQA는 하나만 둡니다. 캐시는 이 수에 비례하며, 이 수는 학습된 가중치로 정해져 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="395"/>
        <source>⚠ %1</source>
        <translation>⚠ %1</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="396"/>
        <source>Not applied: %1</source>
        <translation>적용 안 됨: %1</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="423"/>
        <source>Off</source>
        <translation>끔</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="424"/>
        <source>N-gram lookup</source>
        <translation>n-gram 조회</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="425"/>
        <source>EAGLE head</source>
        <translation>EAGLE 헤드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="426"/>
        <location filename="../../app/controlspanel.cpp" line="438"/>
        <source>Draft model</source>
        <translation>드래프트 모델</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="427"/>
        <source>Drafts from</source>
        <translation>드래프트 방식</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="428"/>
        <source>Speculative decoding: a cheap proposer drafts tokens, the model checks them all in one step</source>
        <translation>추측 디코딩: 가벼운 제안 방식이 드래프트 토큰을 만들고, 모델이 한 스텝에 모두 검증</translation>
    </message>
    <message>
        <source>Speculative decoding. N-gram lookup drafts from the text so far (no weights, no cache); an EAGLE head is one decoder layer fed the model&apos;s hidden state; a draft model is a smaller model of the same tokenizer. Each step the model checks k drafts at once and keeps those it agrees with, plus one of its own. Memory: the drafter&apos;s weights and cache, and k lookahead slots per sequence.</source>
        <translation type="vanished">추측 디코딩. n-gram 조회는 지금까지의 텍스트에서 드래프트를 만들고 (가중치도 캐시도 없음), EAGLE 헤드는 모델의 은닉 상태를 입력으로 받는 디코더 레이어 하나이며, 드래프트 모델은 같은 토크나이저를 쓰는 더 작은 모델입니다. 모델은 스텝마다 드래프트 k개를 한 번에 검증해 자기 예측과 일치하는 것을 남기고, 자기 토큰 하나를 더합니다. 메모리: 드래프트용 가중치와 캐시, 그리고 시퀀스마다 룩어헤드 슬롯 k개.</translation>
    </message>
    <message>
        <source>The smaller model that drafts: it must share the model&apos;s vocabulary</source>
        <translation type="vanished">드래프트를 만드는 더 작은 모델: 모델과 어휘가 같아야 함</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="442"/>
        <source>Draft tokens (k)</source>
        <translation>드래프트 토큰 (k)</translation>
    </message>
    <message>
        <source>Tokens drafted per step (vLLM&apos;s num_speculative_tokens): each sequence holds k lookahead slots</source>
        <translation type="vanished">스텝마다 만드는 드래프트 토큰 수 (vLLM의 num_speculative_tokens): 시퀀스마다 룩어헤드 슬롯(lookahead) k개를 둠</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="448"/>
        <source>Acceptance rate</source>
        <translation>수락률</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="449"/>
        <source>The chance each draft token is accepted, given the ones before it were: it sets the speedup, not the memory</source>
        <translation>앞의 드래프트가 모두 수락되었을 때 각 드래프트 토큰이 수락될 확률: 메모리가 아니라 속도 향상을 정함</translation>
    </message>
    <message>
        <source>Acceptance depends on the drafter and the text: EAGLE heads reach about 0.6-0.8 on chat, n-gram lookup is high on edits of the prompt and low elsewhere. Measure it on your traffic (vLLM logs its draft acceptance rate).</source>
        <translation type="vanished">수락률은 드래프트 방식과 텍스트에 따라 다릅니다: EAGLE 헤드는 대화에서 약 0.6-0.8에 이르고, n-gram 조회는 프롬프트를 고쳐 쓰는 작업에서 높고 그 밖에서는 낮습니다. 실제 트래픽에서 재어 보세요 (vLLM은 드래프트 수락률을 로그에 남깁니다).</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="554"/>
        <source>This lesson fixes %1: its question is about the value it set.</source>
        <translation>이 문항에서 고정한 항목: %1. 질문이 문항에서 정한 값에 관한 것이기 때문입니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="554"/>
        <location filename="../../app/controlspanel.cpp" line="556"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="556"/>
        <source>The lesson hides %1 until it closes.</source>
        <translation>문항을 닫을 때까지 숨긴 항목: %1.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="558"/>
        <source>Every control comes back when the lesson closes.</source>
        <translation>문항을 닫으면 모든 컨트롤이 돌아옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="586"/>
        <source>No attention layer: a fixed state per sequence, no KV cache</source>
        <translation>어텐션 레이어 없음: 시퀀스마다 고정된 상태만 두고 KV 캐시는 없음</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="593"/>
        <source> (their own %1 KV heads x %2; the heads and head dim below are the full layers&apos;)</source>
        <translation> (이 레이어들은 자체 KV 헤드 %1개 x 헤드 차원 %2, 아래 헤드 수와 헤드 차원은 전체 어텐션 레이어 기준)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="638"/>
        <source>MLA: each head&apos;s key is %1 + %2 values (nope + rope) and its value %3; the cache holds the latent, not these</source>
        <translation>MLA: 헤드마다 키는 값 %1 + %2개(nope + rope), 값은 %3개입니다. 캐시에는 이것이 아니라 잠재 벡터가 저장됩니다</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="658"/>
        <source>Parameters, in billions: %1</source>
        <translation>파라미터 수 (단위: 10억): %1</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="673"/>
        <source>As stored (%1)</source>
        <translation>저장된 그대로 (%1)</translation>
    </message>
    <message>
        <source>Key/value heads (H_kv): MHA keeps one per query head, GQA a group&apos;s worth, MQA a single one. The cache is proportional to this number, and it is fixed by the trained weights.</source>
        <translation type="vanished">키/값 헤드 수 (H_kv): MHA는 쿼리 헤드마다 하나, GQA는 쿼리 헤드 그룹마다 하나, MQA는 하나만 둡니다. 캐시는 이 수에 비례하며, 이 수는 학습된 가중치로 정해져 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="287"/>
        <source>KV heads</source>
        <translation>KV 헤드</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="289"/>
        <location filename="../../app/controlspanel.cpp" line="648"/>
        <source>Width of one head (D_head)</source>
        <translation>헤드 하나의 폭 (D_head)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="289"/>
        <location filename="../../app/controlspanel.cpp" line="643"/>
        <location filename="../../app/controlspanel.cpp" line="648"/>
        <source>Values per head in K and in V (D_head).</source>
        <translation>K와 V 각각에서 헤드 하나가 가지는 값의 수입니다 (D_head).</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="290"/>
        <source>Use hidden / query heads</source>
        <translation>히든 / 쿼리 헤드 수로 계산</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="296"/>
        <source>Head dim</source>
        <translation>헤드 차원</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="299"/>
        <source> B</source>
        <comment>billions of parameters</comment>
        <translation> B</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="301"/>
        <source>Parameters, in billions</source>
        <translation>파라미터 수 (단위: 10억)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="302"/>
        <source>The parameter count P of weights = P x bits / 8. Computed from the shape, or typed when unticked.</source>
        <translation>가중치 = P x 비트 / 8의 파라미터 수 P입니다. 모델 구조에서 계산하거나, 체크를 끄면 직접 입력합니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="304"/>
        <source>Count the parameters from the shape</source>
        <translation>모델 구조에서 파라미터 수 계산</translation>
    </message>
    <message>
        <source> B</source>
        <translation type="vanished"> B</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="310"/>
        <source>Parameters</source>
        <translation>파라미터</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="431"/>
        <source>Speculative decoding. N-gram lookup drafts from the text so far (no weights, no cache); an EAGLE head is one decoder layer fed the model&apos;s hidden state; a draft model is a smaller model of the same tokenizer. Each step the model checks k drafts at once and keeps those it agrees with, plus one of its own. Memory: the drafter&apos;s weights and cache, and k lookahead slots per sequence (2k with an EAGLE head or a draft model, which drafts again after the check).</source>
        <translation>추측 디코딩. n-gram 조회는 지금까지의 텍스트에서 드래프트를 만들고 (가중치도 캐시도 없음), EAGLE 헤드는 모델의 은닉 상태를 입력으로 받는 디코더 레이어 하나이며, 드래프트 모델은 같은 토크나이저를 쓰는 더 작은 모델입니다. 모델은 스텝마다 드래프트 k개를 한 번에 검증해 자기 예측과 일치하는 것을 남기고, 자기 토큰 하나를 더합니다. 메모리: 드래프트용 가중치와 캐시, 그리고 시퀀스마다 룩어헤드 슬롯 k개 (검증 뒤 다시 드래프트를 만드는 EAGLE 헤드나 드래프트 모델이면 2k개).</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="439"/>
        <source>The smaller model that drafts: it must share the model&apos;s tokenizer (KV Scope compares only the vocabulary sizes)</source>
        <translation>드래프트를 만드는 더 작은 모델: 모델과 토크나이저가 같아야 함 (KV Scope는 어휘 크기만 비교함)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="443"/>
        <source>Tokens drafted per step (vLLM&apos;s num_speculative_tokens): each sequence holds k lookahead slots, 2k with an EAGLE head or a draft model</source>
        <translation>스텝마다 만드는 드래프트 토큰 수 (vLLM의 num_speculative_tokens): 시퀀스마다 룩어헤드 슬롯(lookahead) k개, EAGLE 헤드나 드래프트 모델이면 2k개를 둠</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="452"/>
        <source>The chance each draft token is accepted, given that the ones before it were. vLLM logs a mean acceptance length, the tokens a step keeps ((1 - a^(k+1)) / (1 - a) here), and a draft acceptance rate, accepted over drafted, which is lower than this chance: at 0.7 and k = 3 it reads 51%.</source>
        <translation>앞의 드래프트가 모두 수락되었을 때 각 드래프트 토큰이 수락될 확률입니다. vLLM 로그에는 평균 수락 길이(mean acceptance length), 즉 한 스텝이 남기는 토큰 수(여기서는 (1 - a^(k+1)) / (1 - a))와, 수락된 수를 드래프트 수로 나눈 드래프트 수락률(draft acceptance rate)이 나오는데, 뒤의 것은 이 확률보다 낮습니다: 0.7, k = 3이면 51%로 나옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="587"/>
        <source>%1 attention</source>
        <translation>%1 어텐션</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="589"/>
        <source>, %1 experts (%2 active)</source>
        <translation>, 전문가 %1개 (활성 %2개)</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="591"/>
        <source>, %1-token sliding window on %2 layers</source>
        <translation>, 레이어 %2개에 %1 토큰 슬라이딩 윈도우</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="597"/>
        <source>, max context %1</source>
        <translation>, 최대 컨텍스트 길이 %1</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="618"/>
        <source>latent (MLA): %1 + %2 values</source>
        <translation>잠재 벡터 (MLA): 값 %1 + %2개</translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="631"/>
        <source>This model caches an MLA latent, not per-head K and V</source>
        <translation>이 모델은 헤드별 K, V 대신 MLA 잠재 벡터를 캐시합니다</translation>
    </message>
</context>
<context>
    <name>DecodePage</name>
    <message>
        <location filename="../../app/decodepage.cpp" line="78"/>
        <location filename="../../app/decodepage.cpp" line="196"/>
        <location filename="../../app/decodetext.cpp" line="14"/>
        <source>no cache</source>
        <translation>캐시 없음</translation>
    </message>
    <message>
        <location filename="../../app/decodetext.cpp" line="16"/>
        <source>contiguous cache</source>
        <translation>연속 할당 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodetext.cpp" line="18"/>
        <source>paged cache</source>
        <translation>페이지 방식 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="80"/>
        <location filename="../../app/decodepage.cpp" line="197"/>
        <source>contiguous</source>
        <translation>연속 할당</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="82"/>
        <location filename="../../app/decodepage.cpp" line="198"/>
        <source>paged</source>
        <translation>페이지 방식</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="202"/>
        <source>CUDA graphs</source>
        <translation>CUDA 그래프</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="208"/>
        <location filename="../../app/decodepage.cpp" line="1396"/>
        <source>Run</source>
        <translation>실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="209"/>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="227"/>
        <location filename="../../app/decodepage.cpp" line="229"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="228"/>
        <location filename="../../app/decodepage.cpp" line="911"/>
        <location filename="../../app/decodepage.cpp" line="1106"/>
        <source>ms per step</source>
        <translation>스텝당 ms</translation>
    </message>
    <message>
        <source>KV cache held (MiB)</source>
        <translation type="vanished">보유 중인 KV 캐시 (MiB)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="268"/>
        <source>&lt;b&gt;Runs on the CPU&lt;/b&gt; (%1). The formulas are the same; the timings are a CPU&apos;s.</source>
        <translation>&lt;b&gt;CPU에서 실행&lt;/b&gt; (%1). 공식은 같고, 시간은 CPU에서 잰 값입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="265"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;The decode core runs on this GPU: cuBLAS for the matrix products, our own kernels for attention, norms and sampling; step times by CUDA events, memory by cudaMemGetInfo.</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;디코드 코어가 이 GPU에서 실행됩니다: 행렬곱은 cuBLAS, 어텐션·정규화·샘플링은 자체 커널로 계산하고, 스텝 시간은 CUDA 이벤트로, 메모리는 cudaMemGetInfo로 잽니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="270"/>
        <source>Auto</source>
        <translation>자동</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="271"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="272"/>
        <source>CUDA</source>
        <translation>CUDA</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="352"/>
        <source>BF16 halves the weights and the KV cache; it needs the CUDA backend</source>
        <translation>BF16은 가중치와 KV 캐시를 절반으로 줄입니다. CUDA 백엔드가 필요합니다</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="339"/>
        <source>Replay the one-token step as a CUDA graph: one launch instead of ~90, so the launch cost of a small model&apos;s step disappears. Needs the CUDA backend.</source>
        <translation>토큰 하나짜리 스텝을 CUDA 그래프로 재실행합니다: 커널 호출이 ~90번에서 한 번으로 줄어, 작은 모델의 스텝에서 호출 비용이 사라집니다. CUDA 백엔드가 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodetext.cpp" line="20"/>
        <source>dynamic cache</source>
        <translation>동적 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodetext.cpp" line="22"/>
        <source>INT8 cache</source>
        <translation>INT8 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodetext.cpp" line="24"/>
        <source>FP8 cache</source>
        <translation>FP8 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="84"/>
        <location filename="../../app/decodepage.cpp" line="199"/>
        <source>dynamic</source>
        <translation>동적</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="86"/>
        <location filename="../../app/decodepage.cpp" line="200"/>
        <source>INT8</source>
        <translation>INT8</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="88"/>
        <location filename="../../app/decodepage.cpp" line="201"/>
        <source>FP8</source>
        <translation>FP8</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>%1x</source>
        <translation>%1배</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="154"/>
        <source>%1%2%</source>
        <translation>%1%2%</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="203"/>
        <source>then at batch</source>
        <translation>이어서 배치</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="212"/>
        <source>Classroom CPU</source>
        <translation>수업용 CPU</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="230"/>
        <location filename="../../app/decodepage.cpp" line="940"/>
        <source>MiB held</source>
        <translation>보유 중인 MiB</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="231"/>
        <source>TPOT, ms (mean of the one-token steps)</source>
        <translation>TPOT, ms (토큰 하나 스텝의 평균)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="232"/>
        <location filename="../../app/decodepage.cpp" line="962"/>
        <source>KV cache at its peak, MiB</source>
        <translation>KV 캐시 최댓값, MiB</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="244"/>
        <source>Step time chart</source>
        <translation>스텝 시간 차트</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="246"/>
        <location filename="../../app/decodepage.cpp" line="496"/>
        <source>Cache kinds: KV memory at its peak against TPOT</source>
        <translation>캐시 종류: KV 메모리 최댓값 대 TPOT</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="247"/>
        <source>Run summary</source>
        <translation>실행 요약</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="248"/>
        <source>Step time model against the measured steps</source>
        <translation>스텝 시간 모델과 측정한 스텝 비교</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="249"/>
        <source>The course&apos;s figures beside this machine&apos;s</source>
        <translation>강의 수치와 이 컴퓨터의 수치</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="293"/>
        <source>Decoder layers L of our GPT (the course&apos;s: 8)</source>
        <translation>우리 GPT의 디코더 레이어 수 L (강의: 8)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="294"/>
        <source>Decoder layers L. Each layer holds 12 × width² weights and stores K and V for every token: KV bytes per token = 2 × L × H_kv × D_head × 4 B in FP32.</source>
        <translation>디코더 레이어 수 L입니다. 레이어마다 가중치 12 × 폭²개를 가지고, 토큰마다 K와 V를 저장합니다: FP32에서 토큰당 KV 바이트 = 2 × L × H_kv × D_head × 4 B.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="296"/>
        <source>Model width d_model (the course&apos;s: 512)</source>
        <translation>모델 폭 d_model (강의: 512)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="297"/>
        <source>Model width d_model. Parameters ≈ 12 × L × width² + (vocabulary + context) × width; the head size is D_head = width / heads.</source>
        <translation>모델 폭 d_model입니다. 파라미터 ≈ 12 × L × 폭² + (어휘 수 + 컨텍스트 길이) × 폭이고, 헤드 크기는 D_head = 폭 / 헤드 수입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="299"/>
        <source>Query heads; the head size is width / heads</source>
        <translation>쿼리 헤드 수: 헤드 크기는 폭 / 헤드 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="300"/>
        <source>Query heads. Each reads all K/V of its group: D_head = width / heads (the CUDA kernels take 64 or 128).</source>
        <translation>쿼리 헤드 수입니다. 쿼리 헤드마다 자기 그룹의 K/V를 모두 읽습니다: D_head = 폭 / 헤드 수 (CUDA 커널은 64 또는 128만 지원합니다).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="302"/>
        <source>K/V heads H_kv, dividing the query heads: MHA = heads, GQA fewer, MQA 1</source>
        <translation>K/V 헤드 수 H_kv (쿼리 헤드 수의 약수): MHA는 헤드 수와 같고, GQA는 더 적고, MQA는 1</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="303"/>
        <source>K/V heads H_kv (a divisor of the query heads). The cache scales with them: KV bytes = 2 × L × B × tokens × H_kv × D_head × 4 B in FP32.</source>
        <translation>K/V 헤드 수 H_kv (쿼리 헤드 수의 약수)입니다. 캐시는 이 수에 비례합니다: FP32에서 KV 바이트 = 2 × L × B × 토큰 수 × H_kv × D_head × 4 B.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="305"/>
        <source>Sequences B decoded together</source>
        <translation>함께 디코드하는 시퀀스 수 B</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="306"/>
        <source>Batch B: sequences decoded together. An uncached step pushes B × (prefix) tokens through the model, a cached one B tokens; KV bytes = 2 × L × B × tokens × H_kv × D_head × 4 B.</source>
        <translation>배치 B: 함께 디코드하는 시퀀스 수입니다. 캐시 없는 스텝은 B × (지금까지의 토큰 수)개 토큰을, 캐시 사용 스텝은 B개 토큰을 모델에 넣습니다. KV 바이트 = 2 × L × B × 토큰 수 × H_kv × D_head × 4 B.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="308"/>
        <source>Tokens generated per sequence</source>
        <translation>시퀀스당 생성할 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="309"/>
        <source>Steps: tokens generated per sequence. Without a cache step t recomputes all prompt + t tokens, so the uncached work grows with steps²; with one it grows with steps.</source>
        <translation>스텝 수: 시퀀스당 생성할 토큰 수입니다. 캐시가 없으면 스텝 t에서 프롬프트 + t개 토큰을 모두 다시 계산하므로 계산량이 스텝 수²에 비례해 늘어나고, 캐시가 있으면 스텝 수에 비례해 늘어납니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="311"/>
        <source>Random prompt tokens per sequence</source>
        <translation>시퀀스당 무작위 프롬프트 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="312"/>
        <source>Prompt length: seeded random tokens per sequence. A cached mode pushes them through once, in step 0; the uncached mode again in every step.</source>
        <translation>프롬프트 길이: 시퀀스마다 시드로 만든 무작위 토큰 수입니다. 캐시 사용 모드는 이 토큰을 스텝 0에서 한 번만 모델에 넣고, 캐시 없음 모드는 스텝마다 다시 넣습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="314"/>
        <source>Tokens per block of the paged cache</source>
        <translation>페이지 방식 캐시의 블록당 토큰 수</translation>
    </message>
    <message>
        <source>Paged block size. The paged cache holds whole blocks: held bytes = blocks × block size × 2 × L × B × H_kv × D_head × 4 B, at most one partly filled block per sequence.</source>
        <translation type="vanished">페이지 방식의 블록 크기입니다. 페이지 방식 캐시는 블록 단위로 보유합니다: 보유 바이트 = 블록 수 × 블록 크기 × 2 × L × B × H_kv × D_head × 4 B이며, 일부만 찬 블록은 시퀀스마다 많아야 하나입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="317"/>
        <source>Run without a cache: every step recomputes the whole prefix</source>
        <translation>캐시 없음 모드로 실행: 스텝마다 지금까지의 토큰 전체를 다시 계산</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="318"/>
        <source>No cache: step t pushes all prompt + t tokens of every sequence through the model again. Nothing is stored: 0 B of cache.</source>
        <translation>캐시 없음: 스텝 t에서 모든 시퀀스의 프롬프트 + t개 토큰을 전부 다시 모델에 넣습니다. 아무것도 저장하지 않으므로 캐시는 0 B입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="320"/>
        <source>Run with a contiguous cache reserved for the whole length up front</source>
        <translation>전체 길이만큼 미리 예약한 연속 할당 캐시로 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="321"/>
        <source>Contiguous cache: one region per sequence sized for prompt + steps tokens from the start; each step pushes one new token and reads the stored K and V.</source>
        <translation>연속 할당 캐시: 처음부터 시퀀스마다 프롬프트 + 스텝 수만큼의 토큰이 들어갈 영역을 하나씩 잡아 둡니다. 스텝마다 새 토큰 하나를 모델에 넣고 저장된 K와 V를 읽습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="323"/>
        <source>Run with a paged cache that grows block by block</source>
        <translation>블록 단위로 커지는 페이지 방식 캐시로 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="324"/>
        <source>Paged cache: fixed-size blocks handed out in shuffled order as the sequences grow, read through a block table (PagedAttention).</source>
        <translation>페이지 방식 캐시: 시퀀스가 길어지는 대로 고정 크기 블록을 뒤섞인 순서로 내주고, 블록 테이블을 거쳐 읽습니다 (PagedAttention).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="326"/>
        <source>Run with a dynamic cache that is reallocated and copied at every step</source>
        <translation>스텝마다 새로 할당하고 복사하는 동적 캐시로 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="327"/>
        <source>Dynamic cache (Hugging Face&apos;s DynamicCache, torch.cat): each step allocates a cache exactly one token longer and copies the old one into it, so it holds only the tokens so far, but every step pays a copy of the whole cache, and during the copy the old and the new cache are held at once.</source>
        <translation>동적 캐시 (Hugging Face의 DynamicCache, torch.cat): 스텝마다 정확히 토큰 하나만큼 더 긴 캐시를 새로 할당하고 이전 캐시를 복사합니다. 지금까지의 토큰만 보유하지만, 스텝마다 캐시 전체를 복사하는 비용을 치르고, 복사하는 동안에는 이전 캐시와 새 캐시를 함께 보유합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="330"/>
        <source>Run with K and V stored as INT8, one FP32 scale per token and KV head</source>
        <translation>K와 V를 INT8로, 토큰과 KV 헤드마다 FP32 스케일 하나와 함께 저장해 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="331"/>
        <source>INT8 cache: each token&apos;s K (and V) vector of each KV head is stored as 8-bit integers with one FP32 scale (max |x| / 127), reserved up front like the contiguous cache: 8 + 32 / D_head bits per value instead of 32. Attention dequantizes as it reads. Its tokens and logits are compared with the contiguous (FP32) cache&apos;s.</source>
        <translation>INT8 캐시: 각 토큰의 KV 헤드별 K (및 V) 벡터를 8비트 정수와 FP32 스케일 하나 (max |x| / 127)로 저장하며, 연속 할당 캐시처럼 처음에 예약합니다: 값당 32비트 대신 8 + 32 / D_head비트. 어텐션이 읽으면서 역양자화합니다. 생성 토큰과 로짓을 연속 할당 (FP32) 캐시와 비교합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="335"/>
        <source>Run with K and V stored as FP8 (E4M3), one FP32 scale per token and KV head; CUDA only</source>
        <translation>K와 V를 FP8 (E4M3)로, 토큰과 KV 헤드마다 FP32 스케일 하나와 함께 저장해 실행 (CUDA 전용)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="336"/>
        <source>FP8 cache: E4M3 values (3 mantissa bits, up to ±448) with one FP32 scale per token and KV head, dequantized inside the CUDA attention kernel. FP8 is a GPU format: the CPU backend does not run it.</source>
        <translation>FP8 캐시: E4M3 값 (가수 3비트, 최대 ±448)에 토큰과 KV 헤드마다 FP32 스케일 하나를 두고, CUDA 어텐션 커널 안에서 역양자화합니다. FP8은 GPU 형식이라 CPU 백엔드에서는 실행하지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="341"/>
        <source>CUDA graphs remove the fixed cost a of step = a + b × tokens (kernel launches); the per-token cost b stays.</source>
        <translation>CUDA 그래프는 스텝 = a + b × 토큰 수에서 고정 비용 a (커널 호출)를 없앱니다. 토큰당 비용 b는 그대로 남습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="343"/>
        <source>Run the same experiment again at a second batch and predict it from the first</source>
        <translation>같은 실험을 두 번째 배치로 다시 실행하고, 첫 번째 결과로 예측</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="344"/>
        <source>Then at batch: after the first run the same experiment runs at this batch, and the first batch&apos;s two equations (a + b, a + N b) predict its step times, as the course predicts batch 64 from batch 1.</source>
        <translation>이어서 배치: 첫 실행이 끝나면 같은 실험을 이 배치로 실행하고, 첫 배치의 두 식 (a + b, a + N b)으로 그 스텝 시간을 예측합니다. 강의에서 배치 1로 배치 64를 예측한 것과 같습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="346"/>
        <source>The second run&apos;s batch (the course&apos;s: 64)</source>
        <translation>두 번째 실행의 배치 (강의: 64)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="347"/>
        <source>The batch of the second run. Its cache is this batch / the first batch times larger: KV bytes = 2 × L × B × tokens × H_kv × D_head × 4 B.</source>
        <translation>두 번째 실행의 배치입니다. 캐시는 (이 배치 / 첫 배치)배로 커집니다: KV 바이트 = 2 × L × B × 토큰 수 × H_kv × D_head × 4 B.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="349"/>
        <source>Where the decode core runs: Auto takes CUDA when a device answers</source>
        <translation>디코드 코어를 실행할 곳: 자동은 응답하는 장치가 있으면 CUDA를 씁니다</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="350"/>
        <source>Backend: CUDA runs cuBLAS and our kernels on the GPU (times by CUDA events); the CPU runs the same forward pass with BLAS and two threads (times by the steady clock).</source>
        <translation>백엔드: CUDA는 GPU에서 cuBLAS와 자체 커널을 실행합니다 (시간은 CUDA 이벤트로 잽니다). CPU는 같은 순전파를 BLAS와 스레드 두 개로 실행합니다 (시간은 steady clock으로 잽니다).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="353"/>
        <source>Precision of the weights, the matrix inputs and the cache: 4 B per value in FP32, 2 B in BF16, so KV bytes = 2 × L × B × tokens × H_kv × D_head × 2 B in BF16.</source>
        <translation>가중치, 행렬 입력, 캐시의 정밀도: 값 하나가 FP32에서 4 B, BF16에서 2 B이므로, BF16에서 KV 바이트 = 2 × L × B × 토큰 수 × H_kv × D_head × 2 B입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="355"/>
        <source>Probe 2 steps to estimate the time, then run each checked mode in turn</source>
        <translation>2 스텝 시험 실행으로 시간을 추정한 뒤, 선택한 모드를 차례로 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="356"/>
        <source>Run: short probes estimate the run&apos;s length, then each checked mode generates the tokens; step times and the cache held are drawn as they are measured.</source>
        <translation>실행: 짧은 시험 실행으로 걸릴 시간을 추정한 뒤, 선택한 모드마다 토큰을 생성합니다. 스텝 시간과 보유 중인 캐시는 측정되는 대로 그려집니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="358"/>
        <source>End the run within one step</source>
        <translation>한 스텝 안에 실행 중지</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="359"/>
        <source>Stop ends the run within one step. The page then reports only what was measured and names what was not (no speedup without both modes complete).</source>
        <translation>중지를 누르면 한 스텝 안에 실행이 끝납니다. 그러면 페이지는 측정한 것만 보고하고, 측정하지 못한 것은 무엇인지 밝힙니다 (두 모드가 모두 완료되지 않으면 속도 향상은 표시하지 않습니다).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="362"/>
        <source>The course&apos;s experiment at batch 1: 500 steps, with and without a cache. %1 on the course&apos;s RTX 4090; about 2 min on a 2-core CPU.</source>
        <translation>배치 1 강의 실험: 500 스텝, 캐시 없음과 캐시 사용. 강의의 RTX 4090에서 %1, 2코어 CPU에서 약 2분.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="365"/>
        <source>Loads the course&apos;s batch-1 run: 8 layers, width 512, prompt 1, 500 steps, no cache and contiguous. The course measured 1.5 and 1.22 ms per step on an RTX 4090 (1.2x) and 3.6x on a CPU.</source>
        <translation>강의의 배치 1 실행 설정을 불러옵니다: 레이어 8개, 폭 512, 프롬프트 1, 500 스텝, 캐시 없음과 연속 할당. 강의는 RTX 4090에서 스텝당 1.5 ms와 1.22 ms (1.2배), CPU에서 3.6배를 측정했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="369"/>
        <source>The course&apos;s experiment at batch 64: 500 steps, with and without a cache. %1 on the course&apos;s RTX 4090, but about two hours or more on a 2-core CPU (an uncached step recomputes 64 × up to 500 tokens): in class, press Classroom CPU.</source>
        <translation>배치 64 강의 실험: 500 스텝, 캐시 없음과 캐시 사용. 강의의 RTX 4090에서는 %1이지만 2코어 CPU에서는 두 시간 이상 걸립니다 (캐시 없는 스텝은 64 × 최대 500개 토큰을 다시 계산합니다). 수업에서는 수업용 CPU를 누르세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="373"/>
        <source>Loads the course&apos;s batch-64 run (8 layers, width 512, 500 steps). The course measured 21.8 and 2.7 ms per step (8.0x); the uncached work is 64 × (1 + 2 + ... + 500) = 8.0 million token passes, hours on a CPU. The page estimates this machine&apos;s time as soon as it is loaded.</source>
        <translation>강의의 배치 64 실행 설정을 불러옵니다 (레이어 8개, 폭 512, 500 스텝). 강의는 스텝당 21.8 ms와 2.7 ms (8.0배)를 측정했습니다. 캐시 없는 계산량은 64 × (1 + 2 + ... + 500) = 토큰 800만 개를 모델에 넣는 양으로, CPU에서는 몇 시간이 걸립니다. 불러오는 즉시 이 컴퓨터에서 걸릴 시간을 추정합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="377"/>
        <source>What to press in class on a CPU: the course&apos;s model at batch 1, then batch %1, %2 steps each, with and without a cache. Well under a minute on a 2-core CPU; both gaps show.</source>
        <translation>CPU로 수업할 때 누를 버튼: 강의 모델을 배치 1, 이어서 배치 %1로 각각 %2 스텝씩, 캐시 없음과 캐시 사용으로 실행합니다. 2코어 CPU에서 1분도 채 걸리지 않으며, 두 배치 모두에서 차이가 드러납니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="381"/>
        <source>Classroom CPU: the course&apos;s 8-layer, width-512 model, prompt 1, %1 steps, no cache and contiguous, at batch 1 and then batch %2. Batch %2&apos;s uncached steps push %3 tokens through the model (%2 × (1 + ... + %1)) instead of the course&apos;s 8 million, and batch 1&apos;s two equations predict batch %2.</source>
        <translation>수업용 CPU: 강의의 레이어 8개, 폭 512 모델로 프롬프트 1, %1 스텝, 캐시 없음과 연속 할당을 배치 1, 이어서 배치 %2에서 실행합니다. 배치 %2의 캐시 없는 스텝들이 모델에 넣는 토큰은 강의의 800만 개가 아니라 %3개 (%2 × (1 + ... + %1))이고, 배치 1의 두 식으로 배치 %2를 예측합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="387"/>
        <source>Which run the charts show</source>
        <translation>차트에 표시할 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="388"/>
        <source>After a run at two batches, pick the batch whose steps the charts draw; the tables list both.</source>
        <translation>두 배치로 실행한 뒤, 차트에 스텝을 그릴 배치를 고릅니다. 표에는 두 배치가 모두 나옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="389"/>
        <source>How long the run will take on this machine, from short probes</source>
        <translation>짧은 시험 실행으로 추정한, 이 컴퓨터에서 실행에 걸릴 시간</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="390"/>
        <source>The estimate times 2 steps of each mode at this batch, and 2 steps at batch 1 from the run&apos;s mean prefix; an uncached step costs a + b × tokens (a: a cached step, b: per token at the mean prefix), a cached step the same every time.</source>
        <translation>추정은 이 배치에서 모드마다 2 스텝, 그리고 배치 1에서 실행의 평균 길이(지금까지의 토큰 수)로 2 스텝의 시간을 잽니다. 캐시 없는 스텝은 a + b × 토큰 수 (a: 캐시 사용 스텝 하나의 시간, b: 평균 길이에서 잰 토큰당 시간)로, 캐시 사용 스텝은 매번 같은 시간으로 계산합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="393"/>
        <source>Uncached time / cached time per step, measured here, beside the course&apos;s</source>
        <translation>스텝당 캐시 없음 시간 / 캐시 사용 시간: 이 컴퓨터의 측정값과 강의 수치</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="394"/>
        <source>Speedup = mean uncached step / mean contiguous-cache step, only where both modes completed. The course measured 1.2x at batch 1 and 8.0x at batch 64 on an RTX 4090.</source>
        <translation>속도 향상 = 캐시 없는 스텝의 평균 시간 / 연속 할당 캐시 스텝의 평균 시간이며, 두 모드가 모두 완료된 경우에만 계산합니다. 강의는 RTX 4090에서 배치 1은 1.2배, 배치 64는 8.0배를 측정했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="396"/>
        <source>What the run measured, in words</source>
        <translation>실행에서 측정한 내용을 문장으로 정리</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="397"/>
        <source>The reading states the speedup, the fixed share of a step (a / (a + b × tokens)) and whether the tokens agree, and names what a stopped run did not measure.</source>
        <translation>이 해설은 속도 향상, 스텝에서 고정 비용이 차지하는 비율 (a / (a + b × 토큰 수)), 토큰이 일치하는지를 알려 주고, 중지된 실행이 측정하지 못한 것을 밝힙니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="400"/>
        <source>Each point is one measured decode step; the dashed lines are the least-squares model step = a + b × tokens</source>
        <translation>점 하나가 측정한 디코드 스텝 하나입니다. 파선은 최소제곱으로 적합한 모델 스텝 = a + b × 토큰 수입니다</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="402"/>
        <source>Step time: one marker per measured step (circle: no cache, square: contiguous, triangle: paged). The dashed line of the same colour is step = a + b × (tokens computed in that step), fitted by least squares over every step of every completed mode.</source>
        <translation>스텝 시간: 측정한 스텝마다 표식이 하나씩 찍힙니다 (원: 캐시 없음, 사각형: 연속 할당, 삼각형: 페이지 방식). 같은 색의 파선은 스텝 = a + b × (그 스텝에서 계산한 토큰 수)이며, 완료된 모든 모드의 모든 스텝에 최소제곱으로 적합한 것입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1438"/>
        <source>%1 at batch %2 (below 1x: not trustworthy)</source>
        <translation>배치 %2에서 %1 (1배 미만: 신뢰할 수 없음)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1566"/>
        <source>Here a step ran &lt;i&gt;faster&lt;/i&gt; than batch %1&apos;s a and b predict, the opposite of the course&apos;s GPU. On a CPU batch 1&apos;s b is paid in matrix-vector products, where every token reads every weight from memory; at batch %2 one read of the weights serves %2 rows, so a token costs less than b. The course&apos;s GPU at batch 1 was bound by launching kernels instead, so its b was small and batch 64&apos;s cache reads came on top.</source>
        <translation>여기서는 스텝이 배치 %1의 a와 b가 예측한 것보다 &lt;i&gt;빨랐습니다&lt;/i&gt;. 강의의 GPU와 반대 방향입니다. CPU에서 배치 1의 b는 행렬-벡터 곱에서 치르는 비용으로, 토큰마다 모든 가중치를 메모리에서 읽습니다. 배치 %2에서는 가중치를 한 번 읽어 %2개 행에 쓰므로 토큰당 비용이 b보다 작아집니다. 강의의 GPU는 배치 1에서 커널 호출에 묶여 있었기 때문에 b가 작았고, 배치 64에서는 캐시를 읽는 비용이 그 위에 더해졌습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1574"/>
        <source>Here a step ran &lt;i&gt;faster&lt;/i&gt; than batch %1&apos;s a and b predict, the opposite of the course&apos;s GPU: this device kept more of batch %2&apos;s work in parallel than batch %1 used, so a token cost less than b.</source>
        <translation>여기서는 스텝이 배치 %1의 a와 b가 예측한 것보다 &lt;i&gt;빨랐습니다&lt;/i&gt;. 강의의 GPU와 반대 방향입니다. 이 장치는 배치 %2의 작업을 배치 %1보다 더 많이 병렬로 처리했기 때문에 토큰당 비용이 b보다 작았습니다.</translation>
    </message>
    <message>
        <source>Cache memory held after each step (markers) against the formula (black dash-dot line)</source>
        <translation type="vanished">스텝마다 보유 중인 캐시 메모리 (표식)와 공식 (검은 일점쇄선) 비교</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="406"/>
        <source>KV cache held: markers are what our allocator holds after each step (contiguous reserves the whole length at once, paged grows by blocks, no cache holds 0 B); the line is KV bytes = 2 × L × B × tokens × H_kv × D_head × 4 B in FP32.</source>
        <translation>보유 중인 KV 캐시: 표식은 스텝마다 자체 할당자가 보유한 양입니다 (연속 할당은 전체 길이를 한 번에 예약하고, 페이지 방식은 블록 단위로 늘며, 캐시 없음은 0 B). 선은 FP32에서 KV 바이트 = 2 × L × B × 토큰 수 × H_kv × D_head × 4 B입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="409"/>
        <source>Per mode: step time, throughput, speedup and the four memory figures</source>
        <translation>모드별 스텝 시간, 처리량, 속도 향상, 메모리 수치 네 가지</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="410"/>
        <source>Weights = parameters × 4 B (FP32); KV = 2 × L × B × tokens × H_kv × D_head × 4 B; peak allocated is our allocator&apos;s peak; the process figure is what the system reports (VmRSS, or cudaMemGetInfo).</source>
        <translation>가중치 = 파라미터 × 4 B (FP32), KV = 2 × L × B × 토큰 수 × H_kv × D_head × 4 B입니다. 최대 할당량은 자체 할당자가 할당한 양의 최댓값이고, 프로세스 수치는 시스템이 보고하는 값입니다 (VmRSS 또는 cudaMemGetInfo).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="412"/>
        <source>The two-term model step = a + b × tokens against the measured mean step of each mode</source>
        <translation>두 항 모델 스텝 = a + b × 토큰 수와 모드별 평균 측정 스텝 시간 비교</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="413"/>
        <source>Predicted ms per step = a + b × (mean tokens per step), by least squares over the run&apos;s steps and by the course&apos;s two equations (a + B b = cached step, a + N b = uncached step). The last column is what the model misses: measured − predicted.</source>
        <translation>예측 스텝당 ms = a + b × (스텝당 평균 토큰 수)이며, a와 b는 실행의 모든 스텝에 대한 최소제곱과 강의의 두 식 (a + B b = 캐시 사용 스텝, a + N b = 캐시 없는 스텝)으로 각각 구합니다. 마지막 열은 모델이 놓친 부분, 곧 측정값 − 예측값입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="416"/>
        <source>The two fits&apos; a and b</source>
        <translation>두 적합의 a와 b</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="417"/>
        <source>Least squares fits a and b to every step; the course&apos;s method solves two equations from two mean steps. a is the fixed cost of a step, b the cost of each token pushed through the model.</source>
        <translation>최소제곱은 모든 스텝에 a와 b를 적합하고, 강의의 방법은 평균 스텝 시간 두 개로 두 식을 풉니다. a는 스텝의 고정 비용, b는 모델에 넣는 토큰 하나당 비용입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="419"/>
        <source>The course&apos;s measured figures beside this machine&apos;s, with where each came from</source>
        <translation>강의의 측정 수치와 이 컴퓨터의 수치 (각 수치의 출처 포함)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="420"/>
        <source>Course: the course text&apos;s small GPT on an RTX 4090 (and a CPU for batch 1&apos;s 3.6x), 500 steps. This run: measured here, with the steps this run used; fewer steps give a smaller uncached prefix, so a smaller speedup.</source>
        <translation>강의: 강의 본문의 작은 GPT를 RTX 4090에서 500 스텝 실행한 수치입니다 (배치 1의 3.6배는 CPU). 이번 실행: 이 컴퓨터에서 이번 실행의 스텝 수로 측정한 값입니다. 스텝이 적으면 캐시 없는 스텝이 다시 계산하는 토큰이 적으므로 속도 향상도 작아집니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="424"/>
        <source>Model and run</source>
        <translation>모델과 실행</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="429"/>
        <source>Layers</source>
        <translation>레이어</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="429"/>
        <source>Width</source>
        <translation>폭</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="429"/>
        <source>Heads</source>
        <translation>헤드</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="429"/>
        <source>KV heads</source>
        <translation>KV 헤드</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="430"/>
        <location filename="../../app/decodepage.cpp" line="1303"/>
        <source>Batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="430"/>
        <source>Steps</source>
        <translation>스텝 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="430"/>
        <source>Prompt</source>
        <translation>프롬프트</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="430"/>
        <source>Block size</source>
        <translation>블록 크기</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="439"/>
        <source>Backend</source>
        <translation>백엔드</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="441"/>
        <source>Precision</source>
        <translation>정밀도</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="450"/>
        <source>Modes:</source>
        <translation>모드:</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="500"/>
        <source>One point per cache kind: its TPOT (mean one-token step) and the most KV memory it held</source>
        <translation>캐시 종류마다 점 하나: TPOT (토큰 하나 스텝의 평균)와 보유한 KV 메모리의 최댓값</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="501"/>
        <source>Each point is one cache kind of the run shown: across, its time per output token (the mean of the steps after the prompt&apos;s); up, the most KV cache memory it held in any step (the dynamic cache&apos;s peak is during its copy, old and new together). Down and to the left is better on both.</source>
        <translation>점 하나가 표시 중인 실행의 캐시 종류 하나입니다. 가로: 출력 토큰당 시간 (TPOT, 프롬프트 스텝 이후 스텝의 평균), 세로: 어느 스텝에서든 보유한 KV 캐시 메모리의 최댓값 (동적 캐시의 최댓값은 복사 중, 이전 캐시와 새 캐시를 함께 보유할 때). 왼쪽 아래일수록 둘 다 좋습니다.</translation>
    </message>
    <message>
        <source>Tokens agreeing</source>
        <translation type="vanished">일치한 토큰</translation>
    </message>
    <message>
        <source>Max |logit diff|</source>
        <translation type="vanished">최대 |로짓 차이|</translation>
    </message>
    <message>
        <source>TTFT</source>
        <translation type="vanished">TTFT</translation>
    </message>
    <message>
        <source>TPOT mean</source>
        <translation type="vanished">TPOT 평균</translation>
    </message>
    <message>
        <source>TPOT p90</source>
        <translation type="vanished">TPOT p90</translation>
    </message>
    <message>
        <source>KV peak</source>
        <translation type="vanished">KV 최댓값</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="562"/>
        <source>The short probes alone ran past %1 on this machine%2: this run will take long. Stop and lower the steps, batch or model size.</source>
        <translation>짧은 시험 실행만으로도 이 컴퓨터에서 %1 넘게 걸렸습니다%2. 이 실행은 오래 걸립니다. 중지하고 스텝 수, 배치 또는 모델 크기를 줄이세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="791"/>
        <source>%1 Too long to estimate: the short probes alone ran past %2 on this machine.</source>
        <translation>%1 추정하기에 너무 깁니다: 짧은 시험 실행만으로도 이 컴퓨터에서 %2 넘게 걸렸습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="940"/>
        <source>MB held</source>
        <translation>보유 중인 MB</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="955"/>
        <source>dynamic: peak during the copy</source>
        <translation>동적: 복사 중 최댓값</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="962"/>
        <source>KV cache at its peak, MB</source>
        <translation>KV 캐시 최댓값, MB</translation>
    </message>
    <message>
        <source>reference</source>
        <translation type="vanished">기준</translation>
    </message>
    <message>
        <source>%1 of %2 (100%)</source>
        <translation type="vanished">%2개 중 %1개 (100%)</translation>
    </message>
    <message>
        <source>%1 of %2 (%3%), first differs at step %4</source>
        <translation type="vanished">%2개 중 %1개 (%3%), 첫 불일치: 스텝 %4</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation type="vanished">%1 ms</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1276"/>
        <source>least squares over %1 steps: step = %2 ms + %3 ms × tokens</source>
        <translation>스텝 %1개에 대한 최소제곱: 스텝 = %2 ms + %3 ms × 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1280"/>
        <source>least squares does not split the steps into a positive a and b (a = %1 ms, b = %2 ms)</source>
        <translation>최소제곱으로 스텝을 양수인 a와 b로 나눌 수 없음 (a = %1 ms, b = %2 ms)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1283"/>
        <source>least squares not measured (no completed mode with steps of different sizes)</source>
        <translation>최소제곱 측정 안 됨 (토큰 수가 서로 다른 스텝으로 완료된 모드 없음)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1285"/>
        <source>two equations: a + %1 b = %2 ms (%3, one token per sequence), a + %4 b = %5 ms (no cache, mean tokens) give a = %6 ms, b = %7 ms</source>
        <translation>두 식: a + %1 b = %2 ms (%3, 시퀀스당 토큰 1개), a + %4 b = %5 ms (캐시 없음, 평균 토큰 수)에서 a = %6 ms, b = %7 ms</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1291"/>
        <source>two equations not measured (they need complete runs with and without a cache)</source>
        <translation>두 식 측정 안 됨 (캐시 없음과 캐시 사용 실행이 모두 완료되어야 함)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1295"/>
        <source>; a negative cost is not physical (noise), so the predictions use the closest line with a, b ≥ 0: a = %1 ms, b = %2 ms</source>
        <translation>; 음수 비용은 물리적으로 있을 수 없으므로(잡음), 예측에는 a, b ≥ 0인 가장 가까운 직선 a = %1 ms, b = %2 ms를 씁니다</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1299"/>
        <source>&lt;b&gt;Batch %1&lt;/b&gt;: %2; %3.</source>
        <translation>&lt;b&gt;배치 %1&lt;/b&gt;: %2; %3.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1303"/>
        <source>Tokens per step</source>
        <translation>스텝당 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1303"/>
        <source>Measured ms/step</source>
        <translation>측정 ms/스텝</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1304"/>
        <source>Least squares</source>
        <translation>최소제곱</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1304"/>
        <source>Two equations (batch %1&apos;s a, b)</source>
        <translation>두 식 (배치 %1의 a, b)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1305"/>
        <source>Measured − predicted</source>
        <translation>측정값 − 예측값</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1325"/>
        <source>%1 ms (%2)</source>
        <translation>%1 ms (%2)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1348"/>
        <source>not run at this batch</source>
        <translation>이 배치에서는 실행 안 함</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1355"/>
        <location filename="../../app/decodepage.cpp" line="1361"/>
        <location filename="../../app/decodepage.cpp" line="1363"/>
        <source>not measured (a mode stopped or was not run)</source>
        <translation>측정 안 됨 (중지되었거나 실행하지 않은 모드 있음)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1356"/>
        <location filename="../../app/decodepage.cpp" line="1399"/>
        <location filename="../../app/decodepage.cpp" line="1405"/>
        <source>%1 / %2 ms</source>
        <translation>%1 / %2 ms</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1365"/>
        <location filename="../../app/decodepage.cpp" line="1402"/>
        <source>a = %1 ms, b = %2 ms</source>
        <translation>a = %1 ms, b = %2 ms</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1378"/>
        <location filename="../../app/decodepage.cpp" line="1408"/>
        <source>%1 / %2 ms (measured %3 / %4)</source>
        <translation>%1 / %2 ms (측정 %3 / %4)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1381"/>
        <source>not measured (a mode stopped)</source>
        <translation>측정 안 됨 (중지된 모드 있음)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1383"/>
        <source>not measured (batch 1&apos;s two equations are missing)</source>
        <translation>측정 안 됨 (배치 1의 두 식이 없음)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1385"/>
        <source>not run yet</source>
        <translation>아직 실행 안 함</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1388"/>
        <source>%1 layers, width %2, %3, %4 steps, prompt %5</source>
        <translation>레이어 %1개, 폭 %2, %3, 스텝 %4개, 프롬프트 %5</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1396"/>
        <source>%1 layers, width %2, FP32, %3 steps, prompt 1</source>
        <translation>레이어 %1개, 폭 %2, FP32, 스텝 %3개, 프롬프트 1</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1398"/>
        <source>Batch 1: ms/step, no cache / cache</source>
        <translation>배치 1: ms/스텝, 캐시 없음 / 캐시 사용</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1400"/>
        <source>Batch 1: speedup</source>
        <translation>배치 1: 속도 향상</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1401"/>
        <source>%1 (on the course&apos;s CPU: %2)</source>
        <translation>%1 (강의의 CPU: %2)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1402"/>
        <source>Batch 1: two equations</source>
        <translation>배치 1: 두 식</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1404"/>
        <source>Batch 64: ms/step, no cache / cache</source>
        <translation>배치 64: ms/스텝, 캐시 없음 / 캐시 사용</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1406"/>
        <source>Batch 64: speedup</source>
        <translation>배치 64: 속도 향상</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1407"/>
        <source>Batch 64 from batch 1&apos;s a, b: no cache / cache</source>
        <translation>배치 1의 a, b로 예측한 배치 64: 캐시 없음 / 캐시 사용</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1415"/>
        <source>Figure</source>
        <translation>항목</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1415"/>
        <source>Course (RTX 4090, from the course text)</source>
        <translation>강의 (RTX 4090, 강의 본문 수치)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1416"/>
        <source>This run (CUDA, this machine)</source>
        <translation>이번 실행 (CUDA, 이 컴퓨터)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1416"/>
        <source>This run (CPU, this machine)</source>
        <translation>이번 실행 (CPU, 이 컴퓨터)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1441"/>
        <source>%1 at batch %2</source>
        <translation>배치 %2에서 %1</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1432"/>
        <source>not measured at batch %1</source>
        <translation>배치 %1에서 측정 안 됨</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1253"/>
        <source>Stopped after %1.</source>
        <translation>%1 후 중지했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1254"/>
        <source>Done in %1.</source>
        <translation>%1 만에 끝났습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1433"/>
        <source>%1 at batch %2 (not trustworthy: the machine was busy)</source>
        <translation>배치 %2에서 %1 (신뢰할 수 없음: 컴퓨터가 바빴음)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1442"/>
        <source>Speedup with a cache: %1 · course (RTX 4090): %2 at batch 1, %3 at batch 64</source>
        <translation>캐시 사용 시 속도 향상: %1 · 강의 (RTX 4090): 배치 1에서 %2, 배치 64에서 %3</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1443"/>
        <location filename="../../app/decodepage.cpp" line="1534"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1450"/>
        <source>On CUDA, %1%2.</source>
        <translation>CUDA에서 실행, %1%2.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1454"/>
        <source>On the CPU, as chosen.</source>
        <translation>CPU에서 실행 (선택한 대로).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1456"/>
        <source>On the CPU: no CUDA device answered.</source>
        <translation>CPU에서 실행: 응답한 CUDA 장치가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1458"/>
        <source>On the CPU: the CUDA kernels take a head size of 64 or 128, this model&apos;s is %1.</source>
        <translation>CPU에서 실행: CUDA 커널은 헤드 크기 64 또는 128만 지원하는데, 이 모델은 %1입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1461"/>
        <source>On the CPU: cuBLAS could not be opened.</source>
        <translation>CPU에서 실행: cuBLAS를 열 수 없었습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1465"/>
        <source>&lt;b&gt;Not trustworthy:&lt;/b&gt; this machine&apos;s speed changed during the run (a fixed workload timed before each mode took %1% longer at its slowest), so these times measure the load as much as the model. Close other programs and run again.</source>
        <translation>&lt;b&gt;신뢰할 수 없음:&lt;/b&gt; 실행 중에 이 컴퓨터의 속도가 달라졌습니다(모드마다 앞서 잰 고정 작업이 가장 느릴 때 %1% 더 걸렸습니다). 따라서 이 시간은 모델만큼이나 부하를 잰 것입니다. 다른 프로그램을 닫고 다시 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1470"/>
        <source>&lt;b&gt;Not trustworthy:&lt;/b&gt; steps of the same size scattered by %1% about their median (%2% or less is steady), so these times measure the load as much as the model. Close other programs and run again.</source>
        <translation>&lt;b&gt;신뢰할 수 없음:&lt;/b&gt; 크기가 같은 스텝들이 중앙값에서 %1% 흩어졌습니다(%2% 이하면 안정적). 따라서 이 시간은 모델만큼이나 부하를 잰 것입니다. 다른 프로그램을 닫고 다시 실행하세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1475"/>
        <source>The machine stayed steady: equal steps within %1% of their median, a fixed workload within %2%.</source>
        <translation>컴퓨터는 안정적이었습니다. 같은 크기의 스텝은 중앙값에서 %1% 이내, 고정 작업은 %2% 이내였습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1478"/>
        <source>At batch %1 the cached steps ran %2 &lt;i&gt;slower&lt;/i&gt; than recomputing the prefix: the cache cannot make a step slower, so this is the machine&apos;s load, not the model.</source>
        <translation>배치 %1에서 캐시를 쓴 스텝이 프리픽스를 다시 계산할 때보다 %2 &lt;i&gt;느렸습니다&lt;/i&gt;. 캐시가 스텝을 느리게 만들 수는 없으므로, 이것은 모델이 아니라 컴퓨터의 부하 때문입니다.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/decodepage.cpp" line="1483"/>
        <source>At batch %1 each cached step pushed %n token(s), one per sequence, instead of the whole prefix, and ran %2 faster.</source>
        <translation>
            <numerusform>배치 %1에서 캐시 사용 스텝은 지금까지의 토큰 전체 대신 시퀀스마다 하나씩, 토큰 %n개만 모델에 넣었고 %2 빨랐습니다.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1490"/>
        <source>Speedup not measured at batch %1: it needs complete runs without a cache and with a contiguous one.</source>
        <translation>배치 %1의 속도 향상은 측정하지 못했습니다: 캐시 없는 실행과 연속 할당 캐시 실행이 모두 끝까지 완료되어야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1503"/>
        <source>Every exact mode generated the same tokens.</source>
        <translation>양자화하지 않은 모든 모드가 같은 토큰을 생성했습니다.</translation>
    </message>
    <message>
        <source>At batch %1 each cached step pushed %1 token(s), one per sequence, instead of the whole prefix, and ran %2 faster.</source>
        <translation type="vanished">배치 %1에서 캐시 사용 스텝은 지금까지의 토큰 전체 대신 시퀀스마다 하나씩, 토큰 %1개만 모델에 넣었고 %2 빨랐습니다.</translation>
    </message>
    <message>
        <source>No speedup at batch %1: it needs complete runs without a cache and with a contiguous one.</source>
        <translation type="vanished">배치 %1의 속도 향상은 측정하지 못했습니다: 캐시 없는 실행과 연속 할당 캐시 실행이 모두 끝까지 완료되어야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1493"/>
        <source>Fixed cost is %1% of a cached step and %2% of an uncached one (least squares).</source>
        <translation>고정 비용은 캐시 사용 스텝의 %1%, 캐시 없는 스텝의 %2%입니다 (최소제곱).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1496"/>
        <source>The two-term model does not split these steps into a positive fixed and per-token cost: too few or too noisy steps.</source>
        <translation>두 항 모델로는 이 스텝들을 양수인 고정 비용과 토큰당 비용으로 나눌 수 없습니다: 스텝이 너무 적거나 측정값의 잡음이 너무 큽니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1499"/>
        <source>No two-term fit: no completed mode with steps of different sizes.</source>
        <translation>두 항 모델을 적합하지 못했습니다: 토큰 수가 서로 다른 스텝으로 완료된 모드가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1501"/>
        <source>Tokens not compared: fewer than two modes completed.</source>
        <translation>토큰을 비교하지 않았습니다: 완료된 모드가 두 개 미만입니다.</translation>
    </message>
    <message>
        <source>Every mode generated the same tokens.</source>
        <translation type="vanished">모든 모드가 같은 토큰을 생성했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1504"/>
        <source>The modes generated DIFFERENT tokens: the cache is wrong.</source>
        <translation>모드마다 생성한 토큰이 서로 다릅니다: 캐시에 오류가 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1510"/>
        <source>The %1 kept every greedy token of the contiguous cache; its logits differ by up to %2.</source>
        <translation>%1: 연속 할당 캐시의 그리디 토큰을 모두 그대로 골랐습니다. 로짓 차이는 최대 %2입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1512"/>
        <source>The %1 first chose another token at step %2 (logits up to %3 apart until then); %4 of %5 tokens agree.</source>
        <translation>%1: 스텝 %2에서 처음으로 다른 토큰을 골랐습니다 (그때까지 로짓 차이 최대 %3). 토큰 %5개 중 %4개가 일치합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1521"/>
        <source>FP8 was skipped: it needs the CUDA backend.</source>
        <translation>FP8은 건너뛰었습니다: CUDA 백엔드가 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1525"/>
        <source>Stopped after %1 of %2 steps in the %3 mode.</source>
        <translation>%3 모드에서 %2 스텝 중 %1 스텝을 마치고 중지했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1534"/>
        <source>Not run: %1.</source>
        <translation>실행 안 함: %1.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1549"/>
        <source>Batch %1&apos;s two equations predict %2 ms (no cache) and %3 ms (cache) per step at batch %4; measured %5 and %6 ms (%7 and %8 against the prediction).</source>
        <translation>배치 %1의 두 식은 배치 %4의 스텝당 시간을 %2 ms (캐시 없음), %3 ms (캐시 사용)로 예측합니다. 측정값은 %5 ms, %6 ms입니다 (예측 대비 %7, %8).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1557"/>
        <source>On the course&apos;s GPU the same method predicted %1 and %2 ms against %3 and %4 measured; the course puts the gap down to reading the cache, which grows with the context and has no term in the model.</source>
        <translation>강의의 GPU에서는 같은 방법으로 %1 ms, %2 ms를 예측했고 측정값은 %3 ms, %4 ms였습니다. 강의는 이 차이를 캐시 읽기 비용으로 설명합니다: 캐시 읽기는 컨텍스트 길이에 따라 늘어나는데, 모델에는 이를 나타내는 항이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="210"/>
        <source>Course experiment, batch 1</source>
        <translation>강의 실험, 배치 1</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="211"/>
        <source>Course experiment, batch 64</source>
        <translation>강의 실험, 배치 64</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation type="vanished">스텝 시간</translation>
    </message>
    <message>
        <source>KV cache: measured (points) and formula (line)</source>
        <translation type="vanished">KV 캐시: 측정값 (점)과 공식 (선)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1303"/>
        <source>Cache</source>
        <translation>캐시</translation>
    </message>
    <message>
        <source>ms/step</source>
        <translation type="vanished">ms/스텝</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation type="vanished">토큰/s</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation type="vanished">속도 향상</translation>
    </message>
    <message>
        <source>Weights (formula)</source>
        <translation type="vanished">가중치 (공식)</translation>
    </message>
    <message>
        <source>KV (formula)</source>
        <translation type="vanished">KV (공식)</translation>
    </message>
    <message>
        <source>Peak allocated (ours)</source>
        <translation type="vanished">최대 할당량 (자체 할당자)</translation>
    </message>
    <message>
        <source>Process (VmRSS)</source>
        <translation type="vanished">프로세스 (VmRSS)</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation type="vanished">생성 토큰</translation>
    </message>
    <message>
        <source>Estimated %1 min on this machine from a 2-step probe: Stop and lower the steps or batch if that is too long.</source>
        <translation type="vanished">2스텝 시험 실행으로 추정: 이 컴퓨터에서 %1분. 너무 길면 중지하고 스텝 수나 배치를 줄이세요.</translation>
    </message>
    <message>
        <source>Estimated under a second from a 2-step probe.</source>
        <translation type="vanished">2스텝 시험 실행으로 추정: 1초 미만.</translation>
    </message>
    <message>
        <source>Estimated %1 s from a 2-step probe.</source>
        <translation type="vanished">2스텝 시험 실행으로 추정: %1초.</translation>
    </message>
    <message>
        <source>Press Run: each mode generates the tokens in turn; step times and the cache held appear as they are measured, against the formula&apos;s line.</source>
        <translation type="vanished">실행을 누르세요: 각 모드가 차례로 토큰을 생성하고, 스텝 시간과 보유 중인 캐시가 측정되는 대로 공식의 선과 함께 나타납니다.</translation>
    </message>
    <message>
        <source>The course&apos;s experiment. Press Run: a 2-step probe estimates the time first.</source>
        <translation type="vanished">강의 실험입니다. 실행을 누르세요: 먼저 2스텝 시험 실행으로 걸릴 시간을 추정합니다.</translation>
    </message>
    <message>
        <source>formula (tokens held)</source>
        <translation type="vanished">공식 (보유 토큰 기준)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1061"/>
        <source>Probing...</source>
        <translation>시험 실행 중...</translation>
    </message>
    <message numerus="yes">
        <source>ms per step (%n slower step(s) above the axis)</source>
        <translation type="vanished">
            <numerusform>스텝당 ms (축 위로 벗어난 느린 스텝 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1319"/>
        <source> (stopped)</source>
        <translation> (중지됨)</translation>
    </message>
    <message>
        <source>identical</source>
        <translation type="vanished">동일</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="315"/>
        <source>Paged block size. The paged cache holds whole blocks: held bytes = blocks held by all sequences × block size × 2 × L × H_kv × D_head × 4 B, at most one partly filled block per sequence.</source>
        <translation>페이지 방식 블록 크기입니다. 페이지 방식 캐시는 블록 단위로 보유합니다: 보유 바이트 = 모든 시퀀스가 보유한 블록 수 × 블록 크기 × 2 × L × H_kv × D_head × 4 B이며, 일부만 찬 블록은 시퀀스마다 최대 하나입니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="459"/>
        <source>Presets:</source>
        <translation>프리셋:</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="250"/>
        <location filename="../../app/decodepage.cpp" line="472"/>
        <source>Charts show</source>
        <translation>차트 표시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="483"/>
        <source>Step time · dashed: a + b × tokens</source>
        <translation>스텝 시간 · 파선: a + b × 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="245"/>
        <location filename="../../app/decodepage.cpp" line="484"/>
        <source>KV cache held</source>
        <translation>보유 중인 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="405"/>
        <source>Cache memory held after each step (markers) against the formula (dash-dot line)</source>
        <translation>스텝마다 보유 중인 캐시 메모리 (표식)와 공식 (일점쇄선) 비교</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="559"/>
        <location filename="../../app/decodepage.cpp" line="1131"/>
        <source> (batch %1, run %2 of %3)</source>
        <translation> (배치 %1, 실행 %2/%3)</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="565"/>
        <source>Estimated %1 on this machine from short probes%2: Stop and lower the steps or batch if that is too long.</source>
        <translation>짧은 시험 실행으로 추정한 소요 시간%2: 이 컴퓨터에서 %1. 너무 길면 중지하고 스텝 수나 배치를 줄이세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="569"/>
        <source>Estimated under a second from short probes%1.</source>
        <translation>짧은 시험 실행으로 추정한 소요 시간%1: 1초 미만.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="570"/>
        <source>Estimated %1 from short probes%2.</source>
        <translation>짧은 시험 실행으로 추정한 소요 시간%2: %1.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="591"/>
        <source>Press Run: each mode generates the tokens in turn; step times and the cache held appear as they are measured, against the formula&apos;s line. On a CPU, press Classroom CPU first.</source>
        <translation>실행을 누르세요: 각 모드가 차례로 토큰을 생성하고, 스텝 시간과 보유 중인 캐시가 측정되는 대로 공식의 선과 함께 나타납니다. CPU에서는 먼저 수업용 CPU를 누르세요.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="774"/>
        <source>%1 Estimating this machine&apos;s time (short probes)...</source>
        <translation>%1 이 컴퓨터에서 걸릴 시간 추정 중 (짧은 시험 실행)...</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="782"/>
        <source>%1 No estimate: press Run to see what stops it.</source>
        <translation>%1 추정하지 못했습니다: 실행을 누르면 무엇이 막는지 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="787"/>
        <source> Too long for a lesson on this machine: press Classroom CPU (both batches in well under a minute).</source>
        <translation> 이 컴퓨터에서는 수업 중에 돌리기에 너무 깁니다: 수업용 CPU를 누르세요 (두 배치 모두 합쳐 1분도 채 걸리지 않습니다).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="797"/>
        <source>%1 Estimated %2 on this machine (short probes).%3</source>
        <translation>%1 이 컴퓨터에서 %2 걸릴 것으로 추정됩니다 (짧은 시험 실행).%3</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="809"/>
        <source>The course&apos;s experiment at batch %1 (500 steps): %2 on the course&apos;s RTX 4090.</source>
        <translation>배치 %1 강의 실험 (500 스텝): 강의의 RTX 4090에서 %2.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="812"/>
        <source>The course&apos;s experiment at batch %1 (500 steps).</source>
        <translation>배치 %1 강의 실험 (500 스텝).</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="821"/>
        <source>Classroom CPU: the course&apos;s model at batch 1, then batch %1, %2 steps each, with and without a cache.</source>
        <translation>수업용 CPU: 강의 모델을 배치 1, 이어서 배치 %1로 각각 %2스텝씩, 캐시 없음과 캐시 사용으로 실행.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="848"/>
        <source>%1 s</source>
        <translation>%1초</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="850"/>
        <source>%1 min</source>
        <translation>%1분</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="851"/>
        <source>%1 h</source>
        <translation>%1시간</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="930"/>
        <source>%1: a + b × tokens</source>
        <translation>%1: a + b × 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="943"/>
        <source>formula</source>
        <translation>공식</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/decodepage.cpp" line="1106"/>
        <source>ms per step (%n off scale)</source>
        <translation>
            <numerusform>스텝당 ms (축 밖 %n개)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1133"/>
        <source>Under a second left, from this run&apos;s own steps%1.</source>
        <translation>이 실행의 스텝으로 보아 1초도 남지 않았습니다%1.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1134"/>
        <source>About %1 left, from this run&apos;s own steps%2.</source>
        <translation>이 실행의 스텝으로 보아 약 %1 남았습니다%2.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1227"/>
        <source>Stopped before the first step: nothing was measured.</source>
        <translation>첫 스텝 전에 중지했습니다: 측정된 것이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1232"/>
        <source>Batch %1 was stopped before its first step: nothing measured there.</source>
        <translation>배치 %1 실행은 첫 스텝 전에 중지했습니다: 이 배치에서는 측정된 것이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1196"/>
        <location filename="../../app/decodepage.cpp" line="1241"/>
        <source>batch %1</source>
        <translation>배치 %1</translation>
    </message>
    <message>
        <source>batch %1, %2</source>
        <translation type="vanished">배치 %1, %2</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="vanished">중지됨</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation type="vanished">비교 안 함</translation>
    </message>
    <message>
        <source>DIFFER</source>
        <translation type="vanished">불일치</translation>
    </message>
    <message>
        <source> (stopped after %1 of %2 steps)</source>
        <translation type="vanished"> (%2 스텝 중 %1 스텝 뒤 중지됨)</translation>
    </message>
    <message>
        <source> (not run)</source>
        <translation type="vanished"> (실행 안 함)</translation>
    </message>
    <message>
        <source>Device in use (cudaMemGetInfo)</source>
        <translation type="vanished">장치 메모리 사용량 (cudaMemGetInfo)</translation>
    </message>
    <message>
        <source> Fixed cost is %1% of an uncached step (least squares over every step).</source>
        <translation type="vanished"> 캐시 없는 스텝에서 고정 비용은 %1%입니다 (모든 스텝에 대한 최소제곱 적합).</translation>
    </message>
    <message>
        <source>On CUDA, %1%2 (%3). </source>
        <translation type="vanished">CUDA에서 실행, %1%2 (%3). </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="1452"/>
        <source>, cached steps replayed as a CUDA graph</source>
        <translation>, 캐시 사용 스텝은 CUDA 그래프로 재실행</translation>
    </message>
    <message>
        <source>On the CPU (%1). </source>
        <translation type="vanished">CPU에서 실행 (%1). </translation>
    </message>
    <message>
        <source> (Stopped before the end.)</source>
        <translation type="vanished"> (끝나기 전에 중지했습니다.)</translation>
    </message>
</context>
<context>
    <name>DecodeSummaryModel</name>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="42"/>
        <source>Cache</source>
        <translation>캐시</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="44"/>
        <source>ms/step</source>
        <translation>ms/스텝</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="46"/>
        <source>tokens/s</source>
        <translation>토큰/s</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="48"/>
        <source>Speedup</source>
        <translation>속도 향상</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="50"/>
        <source>Weights (formula)</source>
        <translation>가중치 (공식)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="52"/>
        <source>KV (formula)</source>
        <translation>KV (공식)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="54"/>
        <source>Peak allocated (ours)</source>
        <translation>최대 할당량 (자체 할당자)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="56"/>
        <source>Device in use (cudaMemGetInfo)</source>
        <translation>장치 메모리 사용량 (cudaMemGetInfo)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="57"/>
        <source>Process (VmRSS)</source>
        <translation>프로세스 (VmRSS)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="59"/>
        <source>Tokens</source>
        <translation>생성 토큰</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="61"/>
        <source>Tokens agreeing</source>
        <translation>일치한 토큰</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="63"/>
        <source>Max |logit diff|</source>
        <translation>최대 |로짓 차이|</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="65"/>
        <source>TTFT</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="67"/>
        <source>TPOT mean</source>
        <translation>TPOT 평균</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="69"/>
        <source>TPOT p90</source>
        <translation>TPOT p90</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="71"/>
        <source>KV peak</source>
        <translation>KV 최댓값</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="91"/>
        <source>batch %1, %2</source>
        <translation>배치 %1, %2</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="94"/>
        <source> (not run)</source>
        <translation> (실행 안 함)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="96"/>
        <source> (stopped after %1 of %2 steps)</source>
        <translation> (%2 스텝 중 %1 스텝 뒤 중지됨)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="108"/>
        <source>%1x</source>
        <translation>%1배</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="119"/>
        <source>stopped</source>
        <translation>중지됨</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="120"/>
        <location filename="../../app/decodesummarymodel.cpp" line="134"/>
        <source>not compared</source>
        <translation>비교 안 함</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="121"/>
        <source>identical</source>
        <translation>동일</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="122"/>
        <source>DIFFER</source>
        <translation>불일치</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="125"/>
        <source>reference</source>
        <translation>기준</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="127"/>
        <source>%1 of %2 (100%)</source>
        <translation>%2개 중 %1개 (100%)</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="129"/>
        <source>%1 of %2 (%3%), first differs at step %4</source>
        <translation>%2개 중 %1개 (%3%), 첫 불일치: 스텝 %4</translation>
    </message>
    <message>
        <location filename="../../app/decodesummarymodel.cpp" line="138"/>
        <location filename="../../app/decodesummarymodel.cpp" line="140"/>
        <location filename="../../app/decodesummarymodel.cpp" line="142"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
</context>
<context>
    <name>DeviceReason</name>
    <message>
        <location filename="../../app/viewtext.cpp" line="289"/>
        <source>no CUDA driver</source>
        <translation>CUDA 드라이버 없음</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="290"/>
        <source>no CUDA device</source>
        <translation>CUDA 장치 없음</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="291"/>
        <source>CUDA device 0 did not answer</source>
        <translation>CUDA 장치 0이 응답하지 않음</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="292"/>
        <source>cudaMemGetInfo failed</source>
        <translation>cudaMemGetInfo 실패</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="293"/>
        <source>this build has no CUDA backend (CUDA Toolkit not found at build time)</source>
        <translation>이 빌드에는 CUDA 백엔드가 없음 (빌드할 때 CUDA Toolkit을 찾지 못함)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="295"/>
        <source>a CUDA device answered</source>
        <translation>CUDA 장치가 응답함</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="296"/>
        <source>--backend cpu</source>
        <translation>--backend cpu 지정</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="297"/>
        <source>--backend cuda</source>
        <translation>--backend cuda 지정</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="298"/>
        <source>this build has no CUDA backend (the CUDA Toolkit was not found when it was built)</source>
        <translation>이 빌드에는 CUDA 백엔드가 없음 (빌드할 때 CUDA Toolkit을 찾지 못함)</translation>
    </message>
</context>
<context>
    <name>DraftMapView</name>
    <message>
        <location filename="../../app/draftmapview.cpp" line="31"/>
        <source>Step</source>
        <translation>한 단계</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="32"/>
        <location filename="../../app/draftmapview.cpp" line="110"/>
        <source>Play</source>
        <translation>재생</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="41"/>
        <source>Draft slots in the paged pool</source>
        <translation>페이지 풀의 드래프트 슬롯</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="42"/>
        <source>One square per token slot, in physical block order: solid, stored tokens; dotted, draft tokens waiting for the check; grey hatching, slots a sequence holds but does not use (a rejected draft&apos;s, or the end of its last block)</source>
        <translation>토큰 슬롯 하나가 사각형 하나이며 물리 블록 순서입니다: 진한 색은 저장된 토큰, 점무늬는 검증을 기다리는 드래프트 토큰, 회색 빗금은 시퀀스가 가졌지만 쓰지 않는 슬롯 (거부된 드래프트의 슬롯이나 마지막 블록의 끝)</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="47"/>
        <source>One phase: the drafts written, or their check</source>
        <translation>한 단계: 드래프트 쓰기, 또는 그 검증</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="49"/>
        <source>A phase every 0.7 s</source>
        <translation>0.7초마다 한 단계</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="110"/>
        <source>Pause</source>
        <translation>일시 정지</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/draftmapview.cpp" line="131"/>
        <source>%n sequence(s), block %1</source>
        <translation>
            <numerusform>시퀀스 %n개, 블록 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="141"/>
        <source>Step %1: each sequence writes its last token and up to %2 drafts into lookahead slots (dotted), %3 in all.</source>
        <translation>스텝 %1: 시퀀스마다 마지막 토큰과 최대 %2개의 드래프트를 룩어헤드 슬롯(점무늬)에 씁니다. 모두 %3개.</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="147"/>
        <source>It holds %1 slots more for the drafts its drafter proposes after the check (grey).</source>
        <translation>검증 뒤 드래프트 방식이 제안할 드래프트를 위해 슬롯 %1개를 더 가지고 있습니다(회색).</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="151"/>
        <source>Step %1, checked: %2 of %3 drafts accepted and stored; the rest of their slots are emptied (grey), to be written over by the next drafts.</source>
        <translation>스텝 %1 검증: 드래프트 %3개 중 %2개가 수락되어 저장되었습니다. 나머지 슬롯은 비워지고(회색) 다음 드래프트가 덮어씁니다.</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="158"/>
        <source>Every sequence has finished: all %1 blocks are free again.</source>
        <translation>모든 시퀀스가 끝났습니다: 블록 %1개가 모두 다시 비었습니다.</translation>
    </message>
    <message>
        <location filename="../../app/draftmapview.cpp" line="163"/>
        <source>So far %1 tokens per sequence per step, against %2 from the formula.</source>
        <translation>지금까지 시퀀스당 스텝마다 평균 토큰 %1개를 남겼습니다 (공식으로는 %2개).</translation>
    </message>
</context>
<context>
    <name>ExplainLogPage</name>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="55"/>
        <source>vLLM V0 (before 0.7: memory profiling results)</source>
        <translation>vLLM V0 (0.7 이전: 메모리 프로파일링 결과)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="59"/>
        <source>vLLM V0 (0.7.x: weights, non-torch and activation memory apart)</source>
        <translation>vLLM V0 (0.7.x: 가중치, PyTorch 외 메모리, 활성화 메모리를 따로 표시)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="61"/>
        <source>vLLM V1 (available KV cache memory, GPU KV cache size)</source>
        <translation>vLLM V1 (사용 가능한 KV 캐시 메모리, GPU KV 캐시 크기)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="63"/>
        <source>llama.cpp (KV self size)</source>
        <translation>llama.cpp (KV self size)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="65"/>
        <source>llama.cpp (llama_kv_cache: cells, layers, sequences)</source>
        <translation>llama.cpp (llama_kv_cache: 셀, 레이어, 시퀀스)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="67"/>
        <source>SGLang (KV Cache is allocated)</source>
        <translation>SGLang (KV Cache is allocated)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="71"/>
        <source>an unknown format</source>
        <translation>알 수 없는 형식</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="209"/>
        <source>Open log...</source>
        <translation>로그 열기...</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="251"/>
        <source>Paste a vLLM, llama.cpp or SGLang start-up log here, open one, or drop a file on this page.</source>
        <translation>vLLM, llama.cpp, SGLang의 시작 로그를 여기에 붙여 넣거나, 파일을 열거나, 이 페이지에 끌어다 놓으세요.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="256"/>
        <source>Server log</source>
        <translation>서버 로그</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="257"/>
        <source>The server&apos;s start-up log, as pasted</source>
        <translation>붙여 넣은 서버 시작 로그</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="258"/>
        <source>Paste the lines a server prints while it starts: vLLM&apos;s memory profiling and KV cache lines, llama.cpp&apos;s KV self size and buffer sizes, SGLang&apos;s KV Cache is allocated line. Timestamps, colours and lines the terminal wrapped are fine; lines that are not understood are counted and ignored.</source>
        <translation>서버가 시작할 때 출력하는 줄을 붙여 넣으세요: vLLM의 메모리 프로파일링 줄과 KV 캐시 줄, llama.cpp의 KV self size와 버퍼 크기, SGLang의 KV Cache is allocated 줄. 타임스탬프, 색상, 터미널에서 줄바꿈된 줄도 괜찮으며, 해석하지 못한 줄은 개수만 세고 무시합니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="262"/>
        <source>Read a log file of at most 16 MiB</source>
        <translation>16 MiB 이하의 로그 파일 읽기</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="263"/>
        <source>Opens a saved server log. You can also drop a file on this page.</source>
        <translation>저장된 서버 로그를 엽니다. 이 페이지에 파일을 끌어다 놓아도 됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="266"/>
        <source>The model the log names</source>
        <translation>로그에 적힌 모델</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="269"/>
        <source>The scenario&apos;s model (%1)</source>
        <translation>시나리오의 모델 (%1)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="281"/>
        <source>The model KV Scope estimates for the comparison</source>
        <translation>비교를 위해 KV Scope가 추정할 모델</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="282"/>
        <source>By default the preset whose name the log states (&quot;meta-llama/Llama-3.1-8B-Instruct&quot; is Llama-3.1-8B). Pick one when the log names none or a model KV Scope has no preset for; the scenario&apos;s model is the one a config.json opened in the window describes.</source>
        <translation>기본값은 로그에 적힌 이름과 맞는 프리셋입니다 (&quot;meta-llama/Llama-3.1-8B-Instruct&quot;는 Llama-3.1-8B). 로그에 모델 이름이 없거나 KV Scope에 그 모델의 프리셋이 없으면 직접 고르세요. 시나리오의 모델은 창에서 연 config.json이 설명하는 모델입니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="285"/>
        <source>&amp;Model:</source>
        <translation>모델(&amp;M):</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="294"/>
        <source>Why the server&apos;s figures and KV Scope&apos;s differ</source>
        <translation>서버의 수치와 KV Scope의 수치가 다른 이유</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="295"/>
        <source>Each difference is named: what the server measured that KV Scope estimates (activation peak, non-torch memory), what it rounds (whole blocks), what it holds back (utilization) and how it splits (tensor parallelism).</source>
        <translation>차이마다 이유를 밝힙니다: 서버는 측정하고 KV Scope는 추정하는 값 (활성화 최대치, PyTorch 외 메모리), 서버가 반올림하는 값 (온전한 블록), 남겨 두는 메모리 (GPU 메모리 사용률), 나누는 방식 (텐서 병렬).</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="308"/>
        <source>Figure</source>
        <translation>수치</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="308"/>
        <source>Stated in the log</source>
        <translation>로그의 값</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="308"/>
        <source>Recomputed</source>
        <translation>재계산</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="308"/>
        <source>Check</source>
        <translation>확인</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="312"/>
        <source>What the log states next to what its other figures imply</source>
        <translation>로그에 적힌 값과, 로그의 다른 수치로 다시 계산한 값</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="313"/>
        <source>Each row recomputes one printed figure from the others: tokens from the KV memory and the bytes per token in whole blocks, concurrency as tokens / max_model_len, vLLM&apos;s subtraction of weights, activations and non-torch memory from total x utilization, K + V for llama.cpp. A row that does not agree within the printed rounding is marked ✗ DISAGREES.</source>
        <translation>각 행은 출력된 수치 하나를 다른 수치로 다시 계산합니다: KV 메모리와 토큰당 바이트로 구한 토큰 수 (온전한 블록 단위), 토큰 수 / max_model_len으로 구한 동시 요청 수, 전체 x 사용률에서 가중치, 활성화 값, PyTorch 외 메모리를 뺀 vLLM의 계산, llama.cpp의 키(K) + 값(V). 출력된 반올림 범위 안에서 맞지 않는 행에는 ✗ 불일치 표시가 붙습니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="318"/>
        <source>Term</source>
        <translation>항목</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="318"/>
        <location filename="../../app/explainlogpage.cpp" line="343"/>
        <location filename="../../app/explainlogpage.cpp" line="959"/>
        <source>Server (log)</source>
        <translation>서버 (로그)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="318"/>
        <location filename="../../app/explainlogpage.cpp" line="343"/>
        <source>KV Scope estimate</source>
        <translation>KV Scope 추정</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="322"/>
        <source>The server&apos;s terms beside KV Scope&apos;s, one by one</source>
        <translation>서버의 항목과 KV Scope의 항목을 하나씩 나란히</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="323"/>
        <source>KV Scope&apos;s estimate for the same model, dtypes, context, utilization and tensor parallelism. Its tokens and concurrency are computed for the server&apos;s own KV memory, so they test the bytes per token alone.</source>
        <translation>같은 모델, 자료형, 컨텍스트 길이, GPU 메모리 사용률, 텐서 병렬에 대한 KV Scope의 추정입니다. 토큰 수와 동시 요청 수는 서버의 KV 메모리로 계산하므로 토큰당 바이트만 비교하게 됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="247"/>
        <location filename="../../app/explainlogpage.cpp" line="328"/>
        <location filename="../../app/explainlogpage.cpp" line="955"/>
        <source>Per GPU: the server&apos;s own terms and KV Scope&apos;s</source>
        <translation>GPU당: 서버의 항목과 KV Scope의 항목</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="53"/>
        <source>vLLM V0 (# GPU blocks, no memory profile)</source>
        <translation>vLLM V0 (# GPU blocks 줄, 메모리 프로파일 없음)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="245"/>
        <source>The log&apos;s figures checked</source>
        <translation>로그 수치 검산</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="246"/>
        <source>The server&apos;s terms beside KV Scope&apos;s</source>
        <translation>서버의 항목과 KV Scope의 항목</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="329"/>
        <location filename="../../app/explainlogpage.cpp" line="761"/>
        <location filename="../../app/explainlogpage.cpp" line="890"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="329"/>
        <location filename="../../app/explainlogpage.cpp" line="893"/>
        <source>Activation peak</source>
        <translation>활성화 최대치</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="329"/>
        <location filename="../../app/explainlogpage.cpp" line="896"/>
        <source>Non-torch memory</source>
        <translation>PyTorch 외 메모리</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="329"/>
        <location filename="../../app/explainlogpage.cpp" line="770"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="330"/>
        <source>CUDA graphs</source>
        <translation>CUDA 그래프</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="348"/>
        <location filename="../../app/explainlogpage.cpp" line="956"/>
        <source>GiB per GPU</source>
        <translation>GPU당 GiB</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="351"/>
        <source>Stacked bars: the server&apos;s terms and KV Scope&apos;s, per GPU</source>
        <translation>누적 막대: GPU당 서버의 항목과 KV Scope의 항목</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="352"/>
        <source>Left, what the log says each term took; right, KV Scope&apos;s estimate of the same terms. A term the log does not print is left out of its bar (see the table).</source>
        <translation>왼쪽은 로그에 적힌 항목별 메모리, 오른쪽은 같은 항목에 대한 KV Scope의 추정입니다. 로그에 없는 항목은 막대에서 빠집니다 (표 참고).</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="412"/>
        <source>Open a server log</source>
        <translation>서버 로그 열기</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="413"/>
        <source>Logs (*.log *.txt);;All files (*)</source>
        <translation>로그 (*.log *.txt);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="503"/>
        <source>Cannot read the log: %1</source>
        <translation>로그를 읽을 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="578"/>
        <source>Reading %1 of log...</source>
        <translation>로그 %1 읽는 중...</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="629"/>
        <source>Paste a start-up log to see what the server&apos;s memory lines say, what they imply and how they compare with KV Scope&apos;s estimate.</source>
        <translation>시작 로그를 붙여 넣으면 서버의 메모리 줄이 말하는 값, 그 값이 뜻하는 바, KV Scope 추정과의 비교를 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="632"/>
        <source>Cannot explain this text: %1</source>
        <translation>이 텍스트는 해석할 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="650"/>
        <source>The largest max_model_len that fits: %1 tokens (its GPU blocks x block size)</source>
        <translation>들어가는 가장 큰 max_model_len: %1 토큰 (GPU 블록 수 x 블록 크기)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="658"/>
        <source>The server&apos;s way out: raise --mem-fraction-static above %1</source>
        <translation>서버가 제시한 해결책: --mem-fraction-static을 %1보다 크게</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="672"/>
        <source>%1, version %2</source>
        <translation>%1, 버전 %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="682"/>
        <source>Model in the log: %1</source>
        <translation>로그의 모델: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="684"/>
        <source>Compared with the preset %1 (matched by name)</source>
        <translation>비교 대상: 프리셋 %1 (이름으로 찾음)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="685"/>
        <source>Compared with %1 (given)</source>
        <translation>비교 대상: %1 (직접 지정)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="688"/>
        <source>No preset matches the log&apos;s model: pick one to compare with KV Scope&apos;s estimate.</source>
        <translation>로그의 모델과 맞는 프리셋이 없습니다. KV Scope 추정과 비교하려면 모델을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="690"/>
        <source>No comparison with KV Scope&apos;s estimate: %1</source>
        <translation>KV Scope 추정과 비교할 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="692"/>
        <source>Lines: %1 read, %2 understood, %3 ignored</source>
        <translation>줄: %1줄 읽음, %2줄 해석, %3줄 무시</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/explainlogpage.cpp" line="696"/>
        <source>%n byte sequence(s) were not UTF-8 and are shown as U+FFFD.</source>
        <translation>
            <numerusform>UTF-8이 아닌 바이트열 %n개는 U+FFFD로 표시합니다.</numerusform>
        </translation>
    </message>
    <message>
        <source>The server did not start.</source>
        <translation type="vanished">서버가 시작되지 못했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="702"/>
        <source>The log&apos;s numbers agree with each other.</source>
        <translation>로그의 수치가 서로 맞습니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="703"/>
        <source>The log&apos;s numbers DISAGREE with each other: see the checks above.</source>
        <translation>로그의 수치가 서로 맞지 않습니다 (불일치): 위의 확인 항목을 보세요.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="814"/>
        <source>the model&apos;s: the log prints no KV size</source>
        <translation>모델 값: 로그에 KV 크기가 없음</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="816"/>
        <source>printed rounding allows %1 to %2</source>
        <translation>출력된 반올림으로는 %1 ~ %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="780"/>
        <location filename="../../app/explainlogpage.cpp" line="783"/>
        <location filename="../../app/explainlogpage.cpp" line="788"/>
        <location filename="../../app/explainlogpage.cpp" line="792"/>
        <location filename="../../app/explainlogpage.cpp" line="797"/>
        <location filename="../../app/explainlogpage.cpp" line="804"/>
        <location filename="../../app/explainlogpage.cpp" line="818"/>
        <location filename="../../app/explainlogpage.cpp" line="902"/>
        <source>KV bytes per token</source>
        <translation>토큰당 KV 바이트</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="124"/>
        <source>one request of max_model_len %1 needs %2 of KV cache, but only %3 is available</source>
        <translation>max_model_len %1인 요청 하나에 KV 캐시 %2가 필요하지만 쓸 수 있는 메모리는 %3뿐입니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="128"/>
        <source>max_model_len %1 is more than the %2 tokens the KV cache holds</source>
        <translation>max_model_len %1이 KV 캐시에 담을 수 있는 %2 토큰보다 큽니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="131"/>
        <source>one request of the full max_model_len does not fit in the KV cache</source>
        <translation>max_model_len 길이의 요청 하나가 KV 캐시에 들어가지 않습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="133"/>
        <source>no memory is left for the KV cache blocks: weights, activations and non-torch memory take the whole budget</source>
        <translation>KV 캐시 블록에 남은 메모리가 없습니다. 가중치, 활성화 값, PyTorch 외 메모리가 한도를 모두 차지합니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="136"/>
        <source>SGLang found no memory for its KV pool (raise --mem-fraction-static or free GPU memory)</source>
        <translation>SGLang이 KV 풀에 쓸 메모리를 찾지 못했습니다 (--mem-fraction-static을 올리거나 GPU 메모리를 비우세요)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="139"/>
        <source>the loaded weights leave no memory for the KV pool: SGLang&apos;s profiled token count is zero or negative</source>
        <translation>불러온 가중치가 KV 풀에 메모리를 남기지 않습니다. SGLang이 측정한 토큰 수가 0 이하입니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="142"/>
        <source>the KV memory is %1: weights, activations and non-torch memory exceed total x utilization</source>
        <translation>KV 메모리가 %1입니다. 가중치, 활성화 값, PyTorch 외 메모리가 전체 x 사용률을 넘습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="146"/>
        <source>llama.cpp could not allocate the KV cache&apos;s buffer</source>
        <translation>llama.cpp가 KV 캐시 버퍼를 할당하지 못했습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="148"/>
        <source>llama.cpp could not allocate its compute buffers (the activations&apos; memory)</source>
        <translation>llama.cpp가 연산 버퍼 (활성화 값의 메모리)를 할당하지 못했습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="150"/>
        <source>the GPU ran out of memory</source>
        <translation>GPU 메모리 부족 (OOM)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="152"/>
        <source>the model could not be loaded</source>
        <translation>모델을 불러오지 못했습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="154"/>
        <source>the engine stopped during start-up; the log says no more than that</source>
        <translation>엔진이 시작 중에 멈췄습니다. 로그에는 그 이상의 내용이 없습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="212"/>
        <source>&amp;Start-up:</source>
        <translation>시작(&amp;S):</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="237"/>
        <source>Which start-up of the paste is explained</source>
        <translation>붙여 넣은 로그의 몇 번째 시작을 설명할지</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="238"/>
        <source>A paste that holds a restart (two version banners, a second model load after the first one&apos;s memory lines) is read as one start-up after another, each on its own, never mixed. The last is shown first.</source>
        <translation>재시작이 들어 있는 로그 (버전 줄이 두 번, 첫 시작의 메모리 줄 뒤에 모델을 다시 불러옴)는 시작마다 따로 읽고 섞지 않습니다. 마지막 시작을 먼저 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="598"/>
        <source>%1 of %2 (lines %3 to %4)</source>
        <translation>%2회 중 %1번째 (%3 ~ %4번째 줄)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="644"/>
        <source>Failed to start: %1</source>
        <translation>시작 실패: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="646"/>
        <source>The allocation that failed: %1</source>
        <translation>실패한 할당: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="654"/>
        <source>The largest max_model_len that fits: %1 tokens (the server&apos;s own estimate)</source>
        <translation>들어가는 가장 큰 max_model_len: %1 토큰 (서버 자체 추정)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="662"/>
        <source>Line %1: %2</source>
        <translation>%1번째 줄: %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="671"/>
        <source>%1, version not printed (told by its lines&apos; format)</source>
        <translation>%1, 버전은 로그에 없음 (줄의 형식으로 판단)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="675"/>
        <source>Start-up %1 of %2 in this paste (lines %3 to %4); pick another above.</source>
        <translation>이 로그의 시작 %2회 중 %1번째 (%3 ~ %4번째 줄). 다른 시작은 위에서 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="680"/>
        <source>llama.cpp&apos;s cache and buffer sizes are totals over its devices, not per GPU.</source>
        <translation>llama.cpp의 캐시와 버퍼 크기는 GPU당 값이 아니라 모든 장치의 합계입니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="740"/>
        <source>max_model_len / context</source>
        <translation>max_model_len / 컨텍스트</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="742"/>
        <source>GPU blocks</source>
        <translation>GPU 블록 수</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="752"/>
        <source>KV cache memory, %1</source>
        <translation>KV 캐시 메모리, %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="751"/>
        <source>the smallest: vLLM sizes every rank&apos;s cache by it</source>
        <translation>가장 작은 값: vLLM은 모든 랭크의 캐시를 이 값에 맞춥니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="57"/>
        <source>vLLM V0 (0.6.5: the memory profiling table)</source>
        <translation>vLLM V0 (0.6.5: 메모리 프로파일링 표)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="468"/>
        <source>(%1 more characters)</source>
        <translation>(%1자 더 있음)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="476"/>
        <source>A log of %1 characters in %2 lines is too large to show here: the box shows its first %3 lines, each cut at %4 characters, and the explanation reads all of it. Typing in the box makes what it shows the log again.</source>
        <translation>%2줄, %1자인 로그는 여기에 모두 보여 주기에 너무 큽니다. 상자에는 처음 %3줄을 줄마다 %4자까지만 보여 주며, 해설은 로그 전체를 읽습니다. 상자에 입력하면 상자에 보이는 내용이 다시 로그가 됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="700"/>
        <source>The log&apos;s numbers agree with each other; the server still did not start.</source>
        <translation>로그의 수치는 서로 맞지만 서버는 시작되지 못했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="750"/>
        <source>the smallest (ranks may hold other layers)</source>
        <translation>가장 작은 값 (랭크마다 다른 레이어를 맡을 수 있음)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="758"/>
        <source>ollama&apos;s estimate, before loading</source>
        <translation>ollama의 추정 (불러오기 전)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="762"/>
        <source>Compute graph</source>
        <translation>연산 그래프</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="767"/>
        <source>Recurrent state</source>
        <translation>순환 상태 (recurrent state)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="768"/>
        <source>Draft model&apos;s KV cache (not in the total)</source>
        <translation>초안 모델의 KV 캐시 (합계에 넣지 않음)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="769"/>
        <source>MLA latent cache</source>
        <translation>MLA 잠재 벡터 캐시</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="771"/>
        <source>%1 KV cache</source>
        <translation>%1 KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="774"/>
        <source>%1 (%2 cells, %3 layers)</source>
        <translation>%1 (셀 %2개, 레이어 %3개)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="776"/>
        <source>%1 B per cell</source>
        <translation>셀당 %1 B</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="781"/>
        <source>ranks differ and may hold other layers (pipeline stages): no per-token figure</source>
        <translation>랭크마다 값이 다르고 다른 레이어를 맡을 수 있습니다 (파이프라인 단계). 토큰당 값을 만들지 않습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="784"/>
        <source>several KV cache groups (hybrid or sliding-window layers): vLLM&apos;s token line is blocks / groups x the attention block and undercounts; its concurrency is the figure to trust</source>
        <translation>KV 캐시 그룹이 여러 개 (하이브리드 또는 슬라이딩 윈도우 레이어): vLLM의 토큰 수 줄은 블록 수 / 그룹 수 x 어텐션 블록이라 실제보다 적게 나오며, 믿을 값은 최대 동시 요청 수입니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="789"/>
        <source>vLLM&apos;s token line is concurrency x max_model_len, not blocks x block size: no figure per token</source>
        <translation>vLLM의 토큰 수 줄은 블록 수 x 블록 크기가 아니라 동시 요청 수 x max_model_len입니다: 토큰당 값 없음</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="793"/>
        <source>several KV cache groups, and the log does not show which rule made vLLM&apos;s token line: no figure per token</source>
        <translation>KV 캐시 그룹이 여러 개이고, vLLM의 토큰 수 줄을 어느 규칙으로 계산했는지 로그에 없습니다: 토큰당 값 없음</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="798"/>
        <source>hybrid: attention pages are as large as the mamba state&apos;s; vLLM&apos;s token count is blocks / groups x block size, so trust its concurrency</source>
        <translation>하이브리드: 어텐션 페이지가 맘바 상태 페이지와 크기가 같습니다. vLLM의 토큰 수는 블록 수 / 그룹 수 x 블록 크기이므로 최대 동시 요청 수를 믿으세요</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="800"/>
        <source>several caches: a token takes a cell in each; see each cache&apos;s bytes per cell</source>
        <translation>캐시가 여러 개: 토큰 하나가 캐시마다 셀을 하나씩 차지합니다. 캐시별 셀당 바이트를 보세요</translation>
    </message>
    <message>
        <source>one rank&apos;s memory of %1: at most this (vLLM sizes every rank by the smallest)</source>
        <translation type="vanished">랭크 %1개 중 하나의 메모리 기준: 최대 이 값 (vLLM은 모든 랭크를 가장 작은 값에 맞춤)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="820"/>
        <source>K bytes per token</source>
        <translation>토큰당 키(K) 바이트</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="826"/>
        <source>budget = total GPU memory x utilization</source>
        <translation>한도 = GPU 전체 메모리 x GPU 메모리 사용률</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="829"/>
        <source>KV = total x utilization - peak torch memory (weights included) - non-torch</source>
        <translation>KV = 전체 x 사용률 - PyTorch 최대 메모리 (가중치 포함) - PyTorch 외 메모리</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="832"/>
        <source>KV = total x utilization - weights - activation peak - non-torch</source>
        <translation>KV = 전체 x 사용률 - 가중치 - 활성화 최대치 - PyTorch 외 메모리</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="835"/>
        <source>tokens = KV memory / bytes per token, in whole blocks</source>
        <translation>토큰 수 = KV 메모리 / 토큰당 바이트, 온전한 블록 단위</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="838"/>
        <source>tokens = blocks x block size</source>
        <translation>토큰 수 = 블록 수 x 블록 크기</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="841"/>
        <source>concurrency = tokens / max_model_len</source>
        <translation>동시 요청 수 = 토큰 수 / max_model_len</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="844"/>
        <source>KV size = K + V</source>
        <translation>KV 크기 = 키(K) + 값(V)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="847"/>
        <source>KV size = the KV buffers added up</source>
        <translation>KV 크기 = KV 버퍼의 합</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="850"/>
        <source>weights = free memory before loading - free memory after</source>
        <translation>가중치 = 로드 전 여유 메모리 - 로드 후 여유 메모리</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="853"/>
        <source>#tokens = max_total_num_tokens</source>
        <translation>#tokens (토큰 수) = max_total_num_tokens</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="856"/>
        <source>KV memory is not negative</source>
        <translation>KV 메모리가 음수가 아님</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="859"/>
        <source>KV = requested memory - all non-KV memory</source>
        <translation>KV = 요청 메모리 - KV 외 전체 메모리</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="862"/>
        <source>tokens = concurrency x max_model_len, rounded down</source>
        <translation>토큰 수 = 동시 요청 수 x max_model_len (내림)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="867"/>
        <source>differs, explained below</source>
        <translation>다름 (아래에서 설명)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="869"/>
        <source>NEGATIVE</source>
        <translation>음수</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="871"/>
        <source>agrees</source>
        <translation>일치</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="873"/>
        <source>DISAGREES</source>
        <translation>불일치</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="760"/>
        <location filename="../../app/explainlogpage.cpp" line="899"/>
        <source>KV cache memory</source>
        <translation>KV 캐시 메모리</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="804"/>
        <source>at most %1 B</source>
        <translation>최대 %1 B</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="806"/>
        <source>one rank&apos;s KV memory over vLLM&apos;s tokens, which are the smallest rank&apos;s: a bound, not the figure</source>
        <translation>한 랭크의 KV 메모리를 가장 작은 랭크 기준인 vLLM 토큰 수로 나눈 값: 상한이며 실제 값이 아님</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="807"/>
        <source>%1&apos;s KV memory over vLLM&apos;s tokens, which are the smallest rank&apos;s: a bound, not the figure</source>
        <translation>%1의 KV 메모리를 가장 작은 랭크 기준인 vLLM 토큰 수로 나눈 값: 상한이며 실제 값이 아님</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="744"/>
        <location filename="../../app/explainlogpage.cpp" line="905"/>
        <source>KV cache tokens</source>
        <translation>KV 캐시 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="746"/>
        <location filename="../../app/explainlogpage.cpp" line="908"/>
        <source>Maximum concurrency</source>
        <translation>최대 동시 요청 수</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="915"/>
        <source>not in the log</source>
        <translation>로그에 없음</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="917"/>
        <source>%1 (from its lines)</source>
        <translation>%1 (로그의 줄에서 계산)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="923"/>
        <source>Recomputed from line %1 and the lines like it</source>
        <translation>%1번째 줄과 같은 종류의 줄에서 다시 계산한 값</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="924"/>
        <source>Printed on line %1</source>
        <translation>%1번째 줄에 출력된 값</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="954"/>
        <source>Over all devices: the server&apos;s own terms and KV Scope&apos;s</source>
        <translation>모든 장치 합계: 서버의 항목과 KV Scope의 항목</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="956"/>
        <source>GiB over all devices</source>
        <translation>모든 장치 합계 GiB</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="959"/>
        <source>Server (log): no sizes printed</source>
        <translation>서버 (로그): 출력된 크기 없음</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="961"/>
        <source>KV Scope: %1</source>
        <translation>KV Scope: %1</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="962"/>
        <source>KV Scope: pick a model</source>
        <translation>KV Scope: 모델을 고르세요</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="992"/>
        <source>activation peak: the server measured %1 in its profiling run; KV Scope estimates %2 for one prefill chunk</source>
        <translation>활성화 최대치: 서버 측정값 (프로파일링 실행) %1, KV Scope 추정 (프리필 청크 하나) %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="997"/>
        <source>non-torch memory (CUDA context, NCCL, cuBLAS): the server measured %1; KV Scope assumes a typical %2</source>
        <translation>PyTorch 외 메모리 (CUDA 컨텍스트, NCCL, cuBLAS): 서버 측정값 %1, KV Scope 가정 (흔한 값) %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1002"/>
        <source>block rounding: the cache is whole blocks of %1 tokens (%2 each), so %3 of the KV memory stays unused</source>
        <translation>블록 단위 반올림: 캐시는 %1 토큰짜리 온전한 블록 (블록당 %2)으로만 잡혀, 쓰이지 않는 KV 메모리 %3</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1009"/>
        <source>utilization: the server may use %1 of the card and holds back %2</source>
        <translation>GPU 메모리 사용률: 서버가 쓰는 비율 %1, 남겨 두는 메모리 %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1013"/>
        <source>tensor parallelism: every figure is per GPU of %1; the weights are split and each GPU keeps %2 KV heads</source>
        <translation>텐서 병렬: 모든 수치는 GPU %1개 중 한 장 기준이며, 가중치는 나뉘고 GPU마다 KV 헤드 %2개를 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1018"/>
        <source>sliding window: %1 layers keep only the last %2 tokens, so vLLM&apos;s concurrency is not tokens / max_model_len</source>
        <translation>슬라이딩 윈도우: 레이어 %1개는 마지막 토큰 %2개만 보관하므로 vLLM의 동시 요청 수는 토큰 수 / max_model_len이 아닙니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1023"/>
        <source>weights: the server loaded %1; parameters x dtype give %2 (quantization scales, extra or tied tensors)</source>
        <translation>가중치: 서버 로드량 %1, 파라미터 수 x 자료형 %2 (양자화 스케일, 추가 텐서나 공유 텐서의 차이)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1028"/>
        <source>KV bytes per token: the log implies %1 B, the model&apos;s shape gives %2 B: another model, cache dtype or TP split?</source>
        <translation>토큰당 KV 바이트: 로그로는 %1 B, 모델 구조로는 %2 B입니다. 다른 모델, KV 캐시 자료형, 텐서 병렬 분할인지 확인하세요</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1033"/>
        <source>memory pools: SGLang took %1 but K + V are %2; the rest is its request-to-token table</source>
        <translation>메모리 풀: SGLang이 잡은 메모리 %1, 키(K) + 값(V) %2. 나머지는 요청-토큰 표 (req_to_token)입니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1037"/>
        <source>CUDA graphs: %1 taken after the KV cache was sized, outside KV Scope&apos;s sum</source>
        <translation>CUDA 그래프: KV 캐시 크기를 정한 뒤 추가로 쓴 메모리 %1 (KV Scope의 합계에는 없음)</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1040"/>
        <source>compute buffers: llama.cpp reserves %1 for activations; KV Scope estimates %2</source>
        <translation>연산 버퍼: llama.cpp가 활성화 값에 예약한 메모리 %1, KV Scope 추정 %2</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1044"/>
        <source>the server failed to start: its KV memory is %1, so weights, activations and non-torch memory exceed total x utilization</source>
        <translation>서버 시작 실패: KV 메모리 %1. 가중치, 활성화 값, PyTorch 외 메모리가 전체 x 사용률을 넘습니다</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="1051"/>
        <source>Why they differ:</source>
        <translation>차이가 나는 이유:</translation>
    </message>
</context>
<context>
    <name>FitMapWidget</name>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="20"/>
        <source>Fit map</source>
        <translation>적재 가능 맵</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="34"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="41"/>
        <source>batch %1: %2</source>
        <translation>배치 %1: %2</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="43"/>
        <source>Largest context that fits, per batch: %1.</source>
        <translation>배치별 적재 가능한 최대 컨텍스트 길이: %1.</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="54"/>
        <location filename="../../app/fitmapwidget.cpp" line="59"/>
        <source>batch 1024</source>
        <translation>배치 1024</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="78"/>
        <source>Context %1, batch %2: %3 of a %4 budget - %5</source>
        <translation>컨텍스트 길이 %1, 배치 %2: 한도 %4 중 %3 - %5</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="82"/>
        <source>fits</source>
        <translation>적재 가능</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="82"/>
        <source>over budget</source>
        <translation>한도 초과</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="116"/>
        <source>context (tokens per sequence)</source>
        <translation>컨텍스트 길이 (시퀀스당 토큰)</translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="119"/>
        <source>batch %1</source>
        <translation>배치 %1</translation>
    </message>
</context>
<context>
    <name>ForkDiagramWidget</name>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="13"/>
        <source>Block tables of the shown request</source>
        <translation>표시된 요청의 블록 테이블</translation>
    </message>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="43"/>
        <location filename="../../app/forkdiagramwidget.cpp" line="98"/>
        <source>block</source>
        <translation>블록</translation>
    </message>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="52"/>
        <source>beam %1</source>
        <translation>빔 %1</translation>
    </message>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="52"/>
        <source>sample %1</source>
        <translation>샘플 %1</translation>
    </message>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="87"/>
        <source>Hover a request on the paged map to draw its block tables here.</source>
        <translation>페이지 방식 맵에서 요청 위에 마우스를 올리면 그 블록 테이블을 여기에 그립니다.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/forkdiagramwidget.cpp" line="142"/>
        <source>Request %1: %n beam(s)</source>
        <translation>
            <numerusform>요청 %1: 빔 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/forkdiagramwidget.cpp" line="142"/>
        <source>Request %1: %n sample(s)</source>
        <translation>
            <numerusform>요청 %1: 샘플 %n개</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/forkdiagramwidget.cpp" line="143"/>
        <source>%1, %2 logical blocks, %n shared.</source>
        <translation>
            <numerusform>%1, 논리 블록 %2개 중 공유 %n개.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="150"/>
        <source>No request shown.</source>
        <translation>표시된 요청이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/forkdiagramwidget.cpp" line="155"/>
        <source>A cell is one physical block, its number inside, filled as far as the tokens it holds. A cell spanning several rows is read by all of them (outlined heavily) and is copied when one of them writes to it; cached prefix blocks take the map&apos;s orange.</source>
        <translation>칸 하나는 물리 블록 하나이며, 안의 숫자는 블록 번호이고 담긴 토큰만큼 채워집니다. 여러 행에 걸친 칸은 그 행들이 모두 읽는 블록이며(굵은 테두리), 그중 하나가 쓰면 복사됩니다(copy-on-write). 캐시된 프리픽스 블록은 맵과 같은 주황색입니다.</translation>
    </message>
</context>
<context>
    <name>LaunchOptions</name>
    <message>
        <source>--%1 expects a whole number from %2 to %3, got &apos;%4&apos;</source>
        <translation type="vanished">--%1에는 %2부터 %3까지의 정수가 필요합니다. 입력값: &apos;%4&apos;</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="186"/>
        <source>KV Scope: see where an LLM&apos;s inference memory goes.</source>
        <translation>KV Scope: LLM 추론 메모리가 어디에 쓰이는지 살펴봅니다.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="190"/>
        <source>Model preset (see kvscope-cli presets).</source>
        <translation>모델 프리셋 (kvscope-cli presets 참고).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="191"/>
        <source>A Hugging Face config.json to open.</source>
        <translation>열어 볼 Hugging Face config.json 파일.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="192"/>
        <source>Tokens per sequence.</source>
        <translation>시퀀스당 토큰 수 (컨텍스트 길이).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="193"/>
        <source>Concurrent sequences.</source>
        <translation>동시에 처리하는 시퀀스 수 (배치).</translation>
    </message>
    <message>
        <source>Weight storage (fp32, bf16, int8, int4-g128, ...).</source>
        <translation type="vanished">가중치 저장 형식 (fp32, bf16, int8, int4-g128, ...).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="197"/>
        <source>KV cache storage.</source>
        <translation>KV 캐시 저장 형식.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="198"/>
        <source>GPU preset.</source>
        <translation>GPU 프리셋.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="199"/>
        <source>gpu_memory_utilization, 0-1.</source>
        <translation>gpu_memory_utilization (GPU 메모리 사용률), 0-1.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="200"/>
        <source>Tensor-parallel GPUs.</source>
        <translation>텐서 병렬 GPU 수.</translation>
    </message>
    <message>
        <source>Page to open: memory, attention, scaling, paged, gpu, log.</source>
        <translation type="vanished">처음 열 페이지: memory, attention, scaling, paged, gpu, log.</translation>
    </message>
    <message>
        <source>Page to open: memory, attention, scaling, paged, gpu.</source>
        <translation type="vanished">처음 열 페이지: memory, attention, scaling, paged, gpu.</translation>
    </message>
    <message>
        <source>--%1 expects a whole number, got &apos;%2&apos;</source>
        <translation type="vanished">--%1에는 정수가 필요합니다. 입력값: &apos;%2&apos;</translation>
    </message>
    <message>
        <source>--%1 expects a number, got &apos;%2&apos;</source>
        <translation type="vanished">--%1에는 수가 필요합니다. 입력값: &apos;%2&apos;</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="41"/>
        <source>--%1 expects a whole number, got %2</source>
        <translation>--%1에는 정수가 필요합니다. 입력값: %2</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="43"/>
        <source>--%1 expects a number, got %2</source>
        <translation>--%1에는 수가 필요합니다. 입력값: %2</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="48"/>
        <source>--%1 must be between %2 and %3, got %4</source>
        <translation>--%1 값은 %2부터 %3 사이여야 합니다. 입력값: %4</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="195"/>
        <source>Weight storage (fp32, bf16, int8, int4-g128, ..., or stored: a quantized config&apos;s own bytes).</source>
        <translation>가중치 저장 형식 (fp32, bf16, int8, int4-g128, ..., 또는 stored: 양자화된 config의 체크포인트 바이트 그대로).</translation>
    </message>
    <message>
        <source>Page to open: memory, attention, scaling, paged, gpu, roofline, log.</source>
        <translation type="vanished">처음 열 페이지: memory, attention, scaling, paged, gpu, roofline, log.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="201"/>
        <source>Speculative decoding: none, ngram, eagle or draft:PRESET.</source>
        <translation>추측 디코딩: none, ngram, eagle 또는 draft:PRESET.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="202"/>
        <source>Draft tokens per step (speculative decoding), 1-16.</source>
        <translation>스텝마다 만드는 드래프트 토큰 수 (추측 디코딩), 1-16.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="203"/>
        <source>Chance each draft token is accepted, 0-1.</source>
        <translation>드래프트 토큰 하나가 수락될 확률, 0-1.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="204"/>
        <source>Page to open: %1.</source>
        <translation>처음 열 페이지: %1.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="205"/>
        <source>Render the window to a PNG file and exit.</source>
        <translation>창을 PNG 파일로 저장하고 종료합니다.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="206"/>
        <source>A server start-up log to explain (opens the Explain log page).</source>
        <translation>해설할 서버 시작 로그 (로그 해설 페이지를 엶).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="207"/>
        <source>Advance the paged-memory simulation by N steps first.</source>
        <translation>먼저 페이지 방식 메모리 시뮬레이션을 N 스텝 진행합니다.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="209"/>
        <source>Interface language for this run: en or ko (default: the saved choice, else the system&apos;s).</source>
        <translation>이번 실행의 인터페이스 언어: en 또는 ko (기본값: 저장된 선택, 없으면 시스템 언어).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="212"/>
        <source>Colours for this run: dark, light (Fusion&apos;s palettes, the same on every desktop) or system (the desktop&apos;s palette); default: the saved choice (View &gt; Palette).</source>
        <translation>이번 실행의 색: dark, light (어느 데스크톱에서나 같은 Fusion 팔레트) 또는 system (데스크톱의 팔레트). 기본값: 저장된 선택 (보기 &gt; 팔레트).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="215"/>
        <source>Start in presenter mode: full screen, large type, high contrast (F5 toggles).</source>
        <translation>발표자 모드로 시작합니다: 전체 화면, 큰 글자, 높은 대비 (F5로 켜고 끔).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="216"/>
        <source>Quiz mode: a lesson&apos;s figures stay hidden until its answer is revealed.</source>
        <translation>퀴즈 모드: 정답을 볼 때까지 문항의 수치와 차트를 가립니다.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="218"/>
        <source>Open a lesson set (a shipped id such as &apos;course&apos;, or a lesson file), optionally at lesson N.</source>
        <translation>수업 세트(기본 제공 id인 &apos;course&apos; 등, 또는 수업 파일)를 엽니다. N을 주면 N번 문항부터 엽니다.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="220"/>
        <source>Window size for screenshots, e.g. 1920x1080.</source>
        <translation>스크린샷용 창 크기 (예: 1920x1080).</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="222"/>
        <source>A scenario code or kvscope: link (File &gt; Copy Scenario Link): its scenario, page, lesson and step; the options above change it.</source>
        <translation>시나리오 코드 또는 kvscope: 링크(파일 &gt; 시나리오 링크 복사): 그 시나리오, 페이지, 문항, 단계를 엽니다. 위 옵션으로 바꿀 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="235"/>
        <source>unknown option &apos;%1&apos;: options take two dashes, --%2</source>
        <translation>알 수 없는 옵션 &apos;%1&apos;: 옵션은 대시 두 개로 씁니다. --%2</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="260"/>
        <source>--%1 was given an empty value: expected %2</source>
        <translation>--%1의 값이 비어 있습니다. 필요한 값: %2</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="272"/>
        <source>--lang expects en or ko, got &apos;%1&apos;</source>
        <translation>--lang에는 en 또는 ko가 필요합니다. 입력값: &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="279"/>
        <source>--palette expects dark, light or system, got &apos;%1&apos;</source>
        <translation>--palette에는 dark, light 또는 system이 필요합니다. 입력값: &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="289"/>
        <source>--window-size expects WIDTHxHEIGHT between 640x480 and 7680x4320, got &apos;%1&apos;</source>
        <translation>--window-size에는 640x480부터 7680x4320 사이의 WIDTHxHEIGHT가 필요합니다. 입력값: &apos;%1&apos;</translation>
    </message>
    <message>
        <location filename="../../app/launchoptions.cpp" line="311"/>
        <source>unexpected argument &apos;%1&apos;</source>
        <translation>예상하지 못한 인수: &apos;%1&apos;</translation>
    </message>
    <message>
        <source>--utilization expects a number in (0, 1], got &apos;%1&apos;</source>
        <translation type="vanished">--utilization에는 (0, 1] 범위의 수가 필요합니다. 입력값: &apos;%1&apos;</translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="47"/>
        <location filename="../../app/lessonpanel.cpp" line="66"/>
        <source>Lesson %1 of %2</source>
        <translation>문항 %1/%2</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="89"/>
        <location filename="../../app/lessonpanel.cpp" line="746"/>
        <source>Reveal the answer</source>
        <translation>정답 보기</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="90"/>
        <source>Previous</source>
        <translation>이전</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="91"/>
        <source>Next</source>
        <translation>다음</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="95"/>
        <source>Start the course hour</source>
        <translation>한 시간 강의 시작</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="98"/>
        <source>Back to the last lesson</source>
        <translation>마지막 문항으로 돌아가기</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="99"/>
        <source>Export the class votes...</source>
        <translation>수업 거수 결과 내보내기...</translation>
    </message>
    <message>
        <source>Jump to a lesson</source>
        <translation type="vanished">문항으로 바로 이동</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="119"/>
        <source>Type the class&apos;s prediction, then reveal (Enter)</source>
        <translation>학생들의 예측을 입력한 뒤 정답을 보세요 (Enter)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="121"/>
        <source>Your prediction</source>
        <translation>예측값</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="123"/>
        <source>Show the answer with the app&apos;s own figures (Enter or Page Down)</source>
        <translation>앱이 직접 계산한 수치로 정답을 보여 줍니다 (Enter 또는 Page Down)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="124"/>
        <source>The previous lesson (Page Up)</source>
        <translation>이전 문항 (Page Up)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="128"/>
        <source>The next lesson (Enter or Page Down once revealed)</source>
        <translation>다음 문항 (정답을 본 뒤 Enter 또는 Page Down)</translation>
    </message>
    <message>
        <source>No lessons open. View &gt; Lessons opens the course hour; File &gt; Open Lessons... opens a teacher&apos;s own file.</source>
        <translation type="vanished">열린 수업이 없습니다. 보기 &gt; 수업을 누르면 한 시간 강의가 열리고, 파일 &gt; 수업 파일 열기...로 교사가 직접 만든 파일을 열 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="129"/>
        <source>No lessons open. Start the course hour here, or open a teacher&apos;s own lesson file with File &gt; Open Lessons...</source>
        <translation>열린 수업이 없습니다. 여기서 한 시간 강의를 시작하거나, 파일 &gt; 수업 파일 열기...에서 교사가 만든 수업 파일을 여세요.</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="132"/>
        <source>The course&apos;s check questions as guided lessons, in the interface&apos;s language</source>
        <translation>강의의 확인 문제를 인터페이스 언어의 안내형 수업으로 진행합니다</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="137"/>
        <source>Guided lessons: each one sets up the scenario and page, asks a question, lets the class predict, then reveals the answer with the figures this app computes and outlines where to look.</source>
        <translation>안내형 수업: 문항마다 시나리오와 페이지를 맞춰 놓고 질문합니다. 학생들이 예측한 뒤에는 이 앱이 계산한 수치로 정답을 보여 주고, 살펴볼 곳을 테두리로 표시합니다.</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="143"/>
        <source>Prediction:</source>
        <translation>예측:</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="163"/>
        <source>Count the class&apos;s hands for each choice (Shift+1 to Shift+4 adds one)</source>
        <translation>선택지마다 손을 든 학생 수를 셉니다 (Shift+1~Shift+4로 1명씩 더함)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="200"/>
        <source>The last lesson, as it was left (Page Up)</source>
        <translation>마지막 문항 (보던 상태 그대로, Page Up)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="210"/>
        <source>Save every lesson&apos;s show of hands as a Markdown summary</source>
        <translation>모든 문항의 거수 결과를 Markdown 요약으로 저장합니다</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="273"/>
        <source>&apos;%1&apos; is neither a lesson file nor a shipped lesson set (%2)</source>
        <translation>&apos;%1&apos;: 수업 파일도 기본 제공 수업 세트도 아닙니다 (%2)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="277"/>
        <source>%1 has lessons 1 to %2, not %3</source>
        <translation>%1에는 문항이 1번부터 %2번까지만 있습니다 (%3번 없음)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="291"/>
        <source>%1. %2</source>
        <translation>%1. %2</translation>
    </message>
    <message>
        <source>not revealed</source>
        <translation type="vanished">정답 보기 전</translation>
    </message>
    <message>
        <source>no prediction</source>
        <translation type="vanished">예측 없음</translation>
    </message>
    <message>
        <source>right</source>
        <translation type="vanished">정답</translation>
    </message>
    <message>
        <source>not quite</source>
        <translation type="vanished">오답</translation>
    </message>
    <message>
        <source>; hands: %1 of %2 right (%3 %)</source>
        <translation type="vanished">; 거수: %2명 중 %1명 정답 (%3 %)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="454"/>
        <source>&lt;b&gt;The lessons are done.&lt;/b&gt; The class was right on %1 of %2 predictions; %3 of %4 lessons revealed.</source>
        <translation>&lt;b&gt;수업 문항을 모두 마쳤습니다.&lt;/b&gt; 예측 %2개 중 %1개가 맞았고, 문항 %4개 중 %3개의 정답을 보았습니다.</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="460"/>
        <source>&lt;b&gt;The lessons are done.&lt;/b&gt; No prediction was made; %1 of %2 lessons revealed.</source>
        <translation>&lt;b&gt;수업 문항을 모두 마쳤습니다.&lt;/b&gt; 예측은 없었고, 문항 %2개 중 %1개의 정답을 보았습니다.</translation>
    </message>
    <message numerus="yes">
        <source>Show of hands: %1 of %2 hands right (%3 %) over %n lesson(s); export them for each lesson&apos;s tally.</source>
        <translation type="vanished">
            <numerusform>거수: 문항 %n개, 거수 %2건 중 %1건 정답 (%3 %). 문항별 집계는 내보내기로 볼 수 있습니다.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="198"/>
        <source>✓ right, ✗ not quite, – no prediction or not revealed.</source>
        <translation>✓ 정답, ✗ 오답, – 예측 없음 또는 정답 보기 전.</translation>
    </message>
    <message>
        <source>Page Up goes back to the last lesson; the picker above opens any lesson again.</source>
        <translation type="vanished">Page Up을 누르면 마지막 문항으로 돌아가고, 위의 문항 선택 상자에서 어느 문항이든 다시 열 수 있습니다.</translation>
    </message>
    <message>
        <source>Page Up goes back to the last lesson.</source>
        <translation type="vanished">Page Up을 누르면 마지막 문항으로 돌아갑니다.</translation>
    </message>
    <message>
        <source>Page Up goes back to the last lesson; the picker opens any lesson again.</source>
        <translation type="vanished">Page Up을 누르면 마지막 문항으로 돌아가고, 문항 선택 상자에서 어느 문항이든 다시 열 수 있습니다.</translation>
    </message>
    <message>
        <source>✓ right, ✗ not quite, – no prediction or not revealed. The picker above opens any lesson again.</source>
        <translation type="vanished">✓ 정답, ✗ 오답, – 예측 없음 또는 정답 보기 전. 위의 문항 선택 상자에서 어느 문항이든 다시 열 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="101"/>
        <source>Jump to a lesson: any lesson opens again from here, the summary&apos;s too</source>
        <translation>문항으로 이동: 요약에서도 여기서 어느 문항이든 다시 열 수 있습니다</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/lessonpanel.cpp" line="468"/>
        <source>Show of hands: %1 of %2 hands right (%3 %) over %n lesson(s).</source>
        <translation>
            <numerusform>거수: 문항 %n개, 거수 %2건 중 %1건 정답 (%3 %).</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="534"/>
        <location filename="../../app/lessonpanel.cpp" line="784"/>
        <location filename="../../app/lessonpanel.cpp" line="804"/>
        <source>This lesson&apos;s figures cannot be computed: %1</source>
        <translation>이 문항의 수치를 계산할 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="610"/>
        <source>Hands:</source>
        <translation>거수:</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="617"/>
        <source>Hands for choice %1</source>
        <translation>선택지 %1에 손을 든 학생 수</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="666"/>
        <source>Class votes: %1</source>
        <translation>수업 거수 결과: %1</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="667"/>
        <source>Choice</source>
        <translation>선택지</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="668"/>
        <source>Hands</source>
        <translation>거수 (명)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="669"/>
        <source>Share</source>
        <translation>비율</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="670"/>
        <source>Right: %1 of %2 hands (%3 %)</source>
        <translation>정답: %2명 중 %1명 (%3 %)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="671"/>
        <source>No hands were counted.</source>
        <translation>집계된 거수가 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="683"/>
        <source>Could not write %1: %2</source>
        <translation>%1에 쓸 수 없습니다: %2</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="690"/>
        <location filename="../../app/lessonpanel.cpp" line="696"/>
        <source>Export the class votes</source>
        <translation>수업 거수 결과 내보내기</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="691"/>
        <source>Markdown (*.md);;All files (*)</source>
        <translation>Markdown (*.md);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="747"/>
        <source>Next lesson</source>
        <translation>다음 문항</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="748"/>
        <source>Finish: the summary</source>
        <translation>마치기: 결과 요약</translation>
    </message>
    <message>
        <source>%1) %2</source>
        <translation type="vanished">%1) %2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lesson %1 of %2: %3&lt;/b&gt;&lt;br&gt;%4</source>
        <translation type="vanished">&lt;b&gt;문항 %1/%2: %3&lt;/b&gt;&lt;br&gt;%4</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="772"/>
        <source>%1)</source>
        <translation>%1)</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="774"/>
        <source>The answer is %1</source>
        <translation>정답: %1</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="776"/>
        <source>✓ Right: %1</source>
        <translation>✓ 정답: %1</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="777"/>
        <source>✗ Not quite: the answer is %1</source>
        <translation>✗ 아쉽습니다. 정답: %1</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="792"/>
        <source>The app computes %1</source>
        <translation>앱 계산값 %1</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="810"/>
        <source>✓ Your %1 is right in %2: the app computes %3 = %4</source>
        <translation>✓ %2 단위로 정답입니다: 예측값 %1, 앱 계산값 %3 = %4</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="813"/>
        <source>✓ Your %1 is right: the app computes %2</source>
        <translation>✓ 예측값 %1, 정답입니다: 앱 계산값 %2</translation>
    </message>
    <message>
        <location filename="../../app/lessonpanel.cpp" line="814"/>
        <source>✗ Your %1; the app computes %2</source>
        <translation>✗ 예측값 %1, 앱 계산값 %2</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Memory</source>
        <translation type="vanished">메모리</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation type="vanished">어텐션</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation type="vanished">스케일링</translation>
    </message>
    <message>
        <source>Paged memory</source>
        <translation type="vanished">페이지 방식 메모리</translation>
    </message>
    <message>
        <source>GPU decode</source>
        <translation type="vanished">GPU 디코드</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation type="vanished">루프라인</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="240"/>
        <source>Scenario</source>
        <translation>시나리오</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="244"/>
        <source>Open a Hugging Face config.json</source>
        <translation>Hugging Face config.json 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="244"/>
        <source>Model config (*.json);;All files (*)</source>
        <translation>모델 설정 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="127"/>
        <source>Not applied: %1</source>
        <translation>적용 안 됨: %1</translation>
    </message>
    <message>
        <source>Ctrl+%1</source>
        <translation type="vanished">Ctrl+%1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="259"/>
        <source>Lessons</source>
        <translation>수업</translation>
    </message>
    <message>
        <source>Predict first: the figure appears when the answer is revealed</source>
        <translation type="vanished">먼저 예측하세요: 정답을 보면 이 부분이 나타납니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="328"/>
        <source>Toolbar</source>
        <translation>도구 모음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="353"/>
        <source>&amp;File</source>
        <translation>파일(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Scenario...</source>
        <translation type="vanished">시나리오 열기(&amp;O)...</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation type="vanished">시나리오 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="363"/>
        <source>KV Scope scenario (*.json)</source>
        <translation>KV Scope 시나리오 (*.json)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="361"/>
        <source>&amp;Save Scenario As...</source>
        <translation>시나리오를 다른 이름으로 저장(&amp;S)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="362"/>
        <source>Save scenario</source>
        <translation>시나리오 저장</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="367"/>
        <source>Open &amp;Recent</source>
        <translation>최근 파일 열기(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="371"/>
        <source>Open &amp;config.json...</source>
        <translation>config.json 열기(&amp;C)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="372"/>
        <source>Open &amp;Lessons...</source>
        <translation>수업 파일 열기(&amp;L)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="374"/>
        <source>Open a lesson file</source>
        <translation>수업 파일 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="374"/>
        <source>KV Scope lessons (*.json);;All files (*)</source>
        <translation>KV Scope 수업 (*.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="379"/>
        <source>Export Chart as &amp;PNG...</source>
        <translation>차트를 PNG로 내보내기(&amp;P)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="381"/>
        <location filename="../../app/mainwindow.cpp" line="387"/>
        <source>Export chart</source>
        <translation>차트 내보내기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="381"/>
        <source>PNG image (*.png)</source>
        <translation>PNG 이미지 (*.png)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="385"/>
        <source>Export Chart as S&amp;VG...</source>
        <translation>차트를 SVG로 내보내기(&amp;V)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="387"/>
        <source>SVG image (*.svg)</source>
        <translation>SVG 이미지 (*.svg)</translation>
    </message>
    <message>
        <source>Save Breakdown as &amp;CSV...</source>
        <translation type="vanished">메모리 내역을 CSV로 저장(&amp;C)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="393"/>
        <source>Save breakdown</source>
        <translation>메모리 내역 저장</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="393"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="397"/>
        <source>Copy Breakdown as &amp;Markdown</source>
        <translation>메모리 내역을 Markdown 표로 복사(&amp;M)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="400"/>
        <source>Copy Scenario Lin&amp;k</source>
        <translation>시나리오 링크 복사(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="410"/>
        <source>&amp;Quit</source>
        <translation>종료(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="419"/>
        <source>&amp;View</source>
        <translation>보기(&amp;V)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="420"/>
        <source>&amp;Presenter Mode</source>
        <translation>발표자 모드(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="424"/>
        <source>Projector layout: full screen, large type, thick lines, value labels (F5; Escape leaves)</source>
        <translation>프로젝터용 화면: 전체 화면, 큰 글자, 굵은 선, 값 레이블 (F5, Esc로 나가기)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="428"/>
        <source>&amp;Lessons</source>
        <translation>수업(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="430"/>
        <source>The course hour as guided questions: predict, then reveal (Ctrl+L)</source>
        <translation>한 시간 강의를 안내형 질문으로 진행합니다: 먼저 예측하고 정답을 봅니다 (Ctrl+L)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="432"/>
        <source>&amp;Quiz Mode</source>
        <translation>퀴즈 모드(&amp;Q)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="436"/>
        <source>Hide a lesson&apos;s figures until its answer is revealed (Ctrl+K)</source>
        <translation>정답을 볼 때까지 문항의 수치와 차트를 가립니다 (Ctrl+K)</translation>
    </message>
    <message>
        <source>&amp;Go to Page</source>
        <translation type="vanished">페이지로 이동(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Pin This Scenario as Reference</source>
        <translation type="vanished">이 시나리오를 비교 기준으로 고정(&amp;P)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="300"/>
        <source>Predict first: the figures appear when the answer is revealed</source>
        <translation>먼저 예측하세요: 정답을 보면 수치와 차트가 나타납니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="354"/>
        <source>&amp;Open...</source>
        <translation>열기(&amp;O)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="356"/>
        <source>Open a config.json, scenario, lesson file, trace or server log</source>
        <translation>config.json, 시나리오, 수업 파일, 트레이스 또는 서버 로그 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="357"/>
        <source>KV Scope files, model configs, traces and logs (*.json *.jsonl *.csv *.log *.txt);;All files (*)</source>
        <translation>KV Scope 파일, 모델 설정, 트레이스와 로그 (*.json *.jsonl *.csv *.log *.txt);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="391"/>
        <source>Save &amp;Breakdown as CSV...</source>
        <translation>메모리 내역을 CSV로 저장(&amp;B)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="401"/>
        <source>Open Scenario L&amp;ink...</source>
        <translation>시나리오 링크 열기(&amp;I)...</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="404"/>
        <source>Open scenario link</source>
        <translation>시나리오 링크 열기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="404"/>
        <source>Paste a scenario code (kvscope:?v=1&amp;...):</source>
        <translation>시나리오 코드를 붙여 넣으세요 (kvscope:?v=1&amp;...):</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="439"/>
        <source>Go &amp;to Page</source>
        <translation>페이지로 이동(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="446"/>
        <source>Pi&amp;n This Scenario as Reference</source>
        <translation>이 시나리오를 기준으로 고정(&amp;N)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="450"/>
        <source>Reset to the Course&apos;s &amp;Reference Scenario</source>
        <translation>강의 기준 시나리오로 되돌리기(&amp;R)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="454"/>
        <source>&amp;Sizes</source>
        <translation>크기 단위(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="457"/>
        <source>&amp;GiB (1024³ bytes)</source>
        <translation>&amp;GiB (1024³ 바이트)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="458"/>
        <source>G&amp;B (10⁹ bytes)</source>
        <translation>G&amp;B (10⁹ 바이트)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="469"/>
        <source>Lan&amp;guage</source>
        <translation>언어(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="484"/>
        <source>Pal&amp;ette</source>
        <translation>팔레트(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="487"/>
        <source>&amp;System (the desktop&apos;s colours)</source>
        <translation>시스템 (데스크톱의 색)(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="488"/>
        <source>&amp;Light</source>
        <translation>밝게(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="488"/>
        <source>&amp;Dark</source>
        <translation>어둡게(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="505"/>
        <source>&amp;Help</source>
        <translation>도움말(&amp;H)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="506"/>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>단축키(&amp;K)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="507"/>
        <source>What&apos;s &amp;This?</source>
        <translation>항목 설명 보기(&amp;T)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="509"/>
        <source>&amp;About KV Scope</source>
        <translation>KV Scope 정보(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="510"/>
        <source>About KV Scope</source>
        <translation>KV Scope 정보</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;See where an LLM&apos;s inference memory goes: weights, KV cache and the overheads around them, against a GPU&apos;s budget.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</source>
        <translation type="vanished">&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;LLM 추론 메모리가 어디에 쓰이는지 보여 줍니다: 가중치, KV 캐시와 그 밖의 부가 메모리를 GPU의 메모리 한도와 비교합니다.&lt;/p&gt;&lt;p&gt;Qt %2&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Ctrl+1 ... Ctrl+5</source>
        <translation type="vanished">Ctrl+1 ... Ctrl+5</translation>
    </message>
    <message>
        <source>Switch page: memory, attention, scaling, paged memory, GPU decode</source>
        <translation type="vanished">페이지 전환: 메모리, 어텐션, 스케일링, 페이지 방식 메모리, GPU 디코드</translation>
    </message>
    <message>
        <source>Ctrl+1 ... Ctrl+7</source>
        <translation type="vanished">Ctrl+1 ... Ctrl+7</translation>
    </message>
    <message>
        <source>Switch page: memory, attention, scaling, paged memory, GPU decode, roofline, explain log</source>
        <translation type="vanished">페이지 전환: 메모리, 어텐션, 스케일링, 페이지 방식 메모리, GPU 디코드, 루프라인, 로그 해설</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="595"/>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="595"/>
        <source>Presenter mode on or off</source>
        <translation>발표자 모드 켜기/끄기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="596"/>
        <source>Escape</source>
        <translation>Esc</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="596"/>
        <source>Leave presenter mode</source>
        <translation>발표자 모드 나가기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="597"/>
        <source>Ctrl+L</source>
        <translation>Ctrl+L</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="597"/>
        <source>Show or hide the lessons</source>
        <translation>수업 보이기/숨기기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="598"/>
        <source>Ctrl+K</source>
        <translation>Ctrl+K</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="598"/>
        <source>Quiz mode: hide a lesson&apos;s figures until revealed</source>
        <translation>퀴즈 모드: 정답을 볼 때까지 문항의 수치와 차트 가리기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="599"/>
        <source>Enter or Page Down</source>
        <translation>Enter 또는 Page Down</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="599"/>
        <source>In a lesson: reveal the answer, then go to the next lesson</source>
        <translation>문항에서: 정답 보기, 한 번 더 누르면 다음 문항으로 이동</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="600"/>
        <source>Page Up</source>
        <translation>Page Up</translation>
    </message>
    <message>
        <source>The previous lesson</source>
        <translation type="vanished">이전 문항</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="600"/>
        <source>The previous lesson, as it was left</source>
        <translation>이전 문항 (보던 상태 그대로)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="601"/>
        <source>B or .</source>
        <translation>B 또는 .</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="601"/>
        <source>In a lesson: black screen (any key or a click brings it back); B picks B while choices are open</source>
        <translation>문항에서: 검은 화면 (아무 키나 누르거나 클릭하면 돌아옴). 선택지가 열려 있으면 B는 B를 고름</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="603"/>
        <source>1-4 or A-D</source>
        <translation>1-4 또는 A-D</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="603"/>
        <source>In a lesson: pick a choice</source>
        <translation>문항에서: 선택지 고르기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="604"/>
        <source>Shift+1 ... Shift+4</source>
        <translation>Shift+1 ... Shift+4</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="604"/>
        <source>In a lesson: one more hand for choice A to D (the class vote)</source>
        <translation>문항에서: 선택지 A~D에 손 든 학생 1명 추가 (수업 거수)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="605"/>
        <source>Space</source>
        <translation>스페이스</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="605"/>
        <source>Paged memory: play or pause</source>
        <translation>페이지 방식 메모리: 재생/일시 정지</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="606"/>
        <source>Right</source>
        <translation>→ (오른쪽 화살표)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="606"/>
        <source>Paged memory: one step</source>
        <translation>페이지 방식 메모리: 한 스텝 진행</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="607"/>
        <source>Left</source>
        <translation>← (왼쪽 화살표)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="607"/>
        <source>Paged memory: one step back</source>
        <translation>페이지 방식 메모리: 한 스텝 뒤로</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="608"/>
        <source>Shift+Left / Shift+Right</source>
        <translation>Shift+← / Shift+→</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="608"/>
        <source>Paged memory: ten steps back or forward</source>
        <translation>페이지 방식 메모리: 열 스텝 뒤로 또는 앞으로</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="609"/>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="609"/>
        <source>Paged memory: restart</source>
        <translation>페이지 방식 메모리: 다시 시작</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="610"/>
        <source>Left / Right on Context or Batch</source>
        <translation>컨텍스트 길이·배치에서 ← / →</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="610"/>
        <source>Halve or double</source>
        <translation>절반으로 / 두 배로</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="611"/>
        <source>Page Down / Page Up on a focused Context or Batch</source>
        <translation>컨텍스트 길이·배치에 포커스가 있을 때 Page Down / Page Up</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="611"/>
        <source>Divide or multiply by 4</source>
        <translation>4로 나누기 / 4배로</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="612"/>
        <source>Ctrl+P</source>
        <translation>Ctrl+P</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="612"/>
        <source>Pin the scenario as a reference outline</source>
        <translation>시나리오를 비교 기준(윤곽선)으로 고정</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="613"/>
        <source>Shift+F1</source>
        <translation>Shift+F1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="613"/>
        <source>What&apos;s This: click a control or chart to hear what it shows</source>
        <translation>항목 설명 보기: 컨트롤이나 차트를 클릭하면 무엇을 보여 주는지 설명합니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="614"/>
        <source>F1 or ?</source>
        <translation>F1 또는 ?</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="614"/>
        <source>This list</source>
        <translation>이 목록</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="624"/>
        <source>Keyboard shortcuts</source>
        <translation>단축키</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="767"/>
        <source>Black screen: any key or a click brings the lesson back</source>
        <translation>검은 화면: 아무 키나 누르거나 클릭하면 문항이 다시 보임</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="876"/>
        <source>Language not changed</source>
        <translation>언어를 바꾸지 않음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="876"/>
        <source>Stop the decode run first, or let it finish, then switch the language.</source>
        <translation>디코드 실행을 먼저 중지하거나 끝날 때까지 기다린 다음 언어를 바꾸세요.</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="887"/>
        <source>Language: %1</source>
        <translation>언어: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="922"/>
        <source>Presenter mode: Escape or F5 to leave</source>
        <translation>발표자 모드: Esc 또는 F5로 나가기</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="922"/>
        <source>Presenter mode off</source>
        <translation>발표자 모드 꺼짐</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="976"/>
        <source>Cannot open lessons</source>
        <translation>수업을 열 수 없음</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/mainwindow.cpp" line="1009"/>
        <source>Scenario link copied (%n character(s)): paste it into File &gt; Open Scenario Link, or give it to kvscope --open or kvscope-cli --code</source>
        <translation>
            <numerusform>시나리오 링크 복사함 (%n자): 파일 &gt; 시나리오 링크 열기에 붙여 넣거나 kvscope --open 또는 kvscope-cli --code에 전달</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/mainwindow.cpp" line="1012"/>
        <source>Scenario link copied: %n character(s), long because this model is not a preset and travels whole</source>
        <translation>
            <numerusform>시나리오 링크 복사함: %n자 (프리셋이 아닌 모델이라 모델 전체를 담아 길어짐)</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1023"/>
        <location filename="../../app/mainwindow.cpp" line="1028"/>
        <location filename="../../app/mainwindow.cpp" line="1036"/>
        <location filename="../../app/mainwindow.cpp" line="1054"/>
        <source>Cannot open scenario link</source>
        <translation>시나리오 링크를 열 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1029"/>
        <source>scenario code: field &apos;page&apos; is &apos;%1&apos;; pages: %2</source>
        <translation>시나리오 코드: &apos;page&apos; 필드 값 &apos;%1&apos;을(를) 알 수 없음. 가능한 페이지: %2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1302"/>
        <location filename="../../app/mainwindow.cpp" line="1308"/>
        <location filename="../../app/mainwindow.cpp" line="1337"/>
        <source>Cannot open file</source>
        <translation>파일을 열 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1303"/>
        <source>%1 is not a regular file</source>
        <translation>%1은(는) 일반 파일이 아님</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1303"/>
        <source>%1 does not exist</source>
        <translation>%1이(가) 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1323"/>
        <source>Cannot replay the trace</source>
        <translation>트레이스를 재생할 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1330"/>
        <source>Cannot read the log</source>
        <translation>로그를 읽을 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1338"/>
        <source>%1 is not a file KV Scope knows: expected a Hugging Face config.json, a KV Scope scenario or lesson file, a request trace (CSV or JSON Lines) or a server start-up log</source>
        <translation>%1은(는) KV Scope가 인식하는 파일이 아님: Hugging Face config.json, KV Scope 시나리오나 수업 파일, 요청 트레이스(CSV 또는 JSON Lines), 서버 시작 로그 중 하나여야 함</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;See where an LLM&apos;s inference memory goes: weights, KV cache and the overheads around them, against a GPU&apos;s budget.&lt;/p&gt;</source>
        <translation type="vanished">&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;LLM 추론 메모리가 어디에 쓰이는지 보여 줍니다: 가중치, KV 캐시와 그 밖의 부가 메모리를 GPU의 메모리 한도와 비교합니다.&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1095"/>
        <location filename="../../app/mainwindow.cpp" line="1102"/>
        <source>Cannot open scenario</source>
        <translation>시나리오를 열 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1099"/>
        <source>Opened %1</source>
        <translation>열기 완료: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1111"/>
        <source>Saved %1</source>
        <translation>저장 완료: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1114"/>
        <source>Cannot save scenario</source>
        <translation>시나리오를 저장할 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1131"/>
        <source>Cannot use this config</source>
        <translation>이 설정을 쓸 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1137"/>
        <source>Imported %1</source>
        <translation>가져오기 완료: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1138"/>
        <source>Imported %1 - %2</source>
        <translation>가져오기 완료: %1 - %2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1142"/>
        <source>Cannot read config.json</source>
        <translation>config.json을 읽을 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1185"/>
        <location filename="../../app/mainwindow.cpp" line="1189"/>
        <location filename="../../app/mainwindow.cpp" line="1195"/>
        <location filename="../../app/mainwindow.cpp" line="1215"/>
        <source>Cannot export chart</source>
        <translation>차트를 내보낼 수 없음</translation>
    </message>
    <message>
        <source>%1: cannot write the SVG file</source>
        <translation type="vanished">%1: SVG 파일을 쓸 수 없습니다</translation>
    </message>
    <message>
        <source>%1: cannot write the image (use .png or .svg)</source>
        <translation type="vanished">%1: 이미지를 쓸 수 없습니다 (.png 또는 .svg를 쓰세요)</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1225"/>
        <location filename="../../app/mainwindow.cpp" line="1230"/>
        <location filename="../../app/mainwindow.cpp" line="1235"/>
        <source>Cannot save breakdown</source>
        <translation>메모리 내역을 저장할 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1072"/>
        <location filename="../../app/mainwindow.cpp" line="1078"/>
        <location filename="../../app/mainwindow.cpp" line="1195"/>
        <location filename="../../app/mainwindow.cpp" line="1216"/>
        <location filename="../../app/mainwindow.cpp" line="1230"/>
        <location filename="../../app/mainwindow.cpp" line="1235"/>
        <location filename="../../app/mainwindow.cpp" line="1308"/>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Explain log</source>
        <translation type="vanished">로그 해설</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="576"/>
        <source>not built in: the decode core runs on the CPU</source>
        <translation>빌드에 포함되지 않음: 디코드 코어는 CPU에서 실행됩니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="578"/>
        <source>runtime %1, no driver: the decode core runs on the CPU</source>
        <translation>런타임 %1, 드라이버 없음: 디코드 코어는 CPU에서 실행됩니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="580"/>
        <source>runtime %1, driver %2</source>
        <translation>런타임 %1, 드라이버 %2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="581"/>
        <source>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;See where an LLM&apos;s inference memory goes: weights, KV cache and the overheads around them, against a GPU&apos;s budget.&lt;/p&gt;&lt;p&gt;Licence: MIT.&lt;br&gt;Qt %2 (built with %3).&lt;br&gt;CUDA: %4.&lt;br&gt;%5&lt;/p&gt;</source>
        <translation>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;LLM 추론 메모리가 어디에 쓰이는지 보여 줍니다: 가중치, KV 캐시, 그리고 그 밖의 부가 메모리를 GPU 한도와 비교합니다.&lt;/p&gt;&lt;p&gt;라이선스: MIT.&lt;br&gt;Qt %2 (빌드 버전 %3).&lt;br&gt;CUDA: %4.&lt;br&gt;%5&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Ctrl+1 ... Ctrl+6</source>
        <translation type="vanished">Ctrl+1 ... Ctrl+6</translation>
    </message>
    <message>
        <source>Switch page: memory, attention, scaling, paged memory, GPU decode, explain log</source>
        <translation type="vanished">페이지 전환: 메모리, 어텐션, 스케일링, 페이지 방식 메모리, GPU 디코드, 로그 해설</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1185"/>
        <source>%1: use a .png or .svg file name</source>
        <translation>%1: 파일 이름은 .png 또는 .svg로 끝나야 합니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1076"/>
        <location filename="../../app/mainwindow.cpp" line="1216"/>
        <source>the image could not be written</source>
        <translation>이미지를 쓸 수 없습니다</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="593"/>
        <source>Ctrl+1 ... Ctrl+%1</source>
        <translation>Ctrl+1 ... Ctrl+%1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="593"/>
        <source>Ctrl+1 ... Ctrl+9, Ctrl+0</source>
        <translation>Ctrl+1 ... Ctrl+9, Ctrl+0</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="594"/>
        <source>Switch page: %1</source>
        <translation>페이지 전환: %1</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="594"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1243"/>
        <source>Breakdown copied as a Markdown table</source>
        <translation>메모리 내역을 Markdown 표로 복사함</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1261"/>
        <source>KV Scope - %1%2</source>
        <translation>KV Scope - %1%2</translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="1262"/>
        <source> (custom)</source>
        <translation> (사용자 지정)</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <location filename="../../app/memorychart.cpp" line="42"/>
        <source>Memory per GPU</source>
        <translation>GPU당 메모리</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="43"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="44"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="45"/>
        <source>Per-sequence state</source>
        <translation>시퀀스별 상태</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="46"/>
        <source>Activations (est.)</source>
        <translation>활성화 값 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="47"/>
        <location filename="../../app/memorychart.cpp" line="185"/>
        <source>CUDA ctx (est.)</source>
        <translation>CUDA 컨텍스트 (추정)</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="48"/>
        <source>Speculative (draft, slots)</source>
        <translation>추측 디코딩 (드래프트, 슬롯)</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="100"/>
        <source>Memory per GPU chart</source>
        <translation>GPU당 메모리 차트</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="185"/>
        <source>CUDA ctx + NCCL (est.)</source>
        <translation>CUDA 컨텍스트 + NCCL (추정)</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="255"/>
        <source>%1: weights %2, KV cache %3, total %4, %5</source>
        <translation>%1: 가중치 %2, KV 캐시 %3, 합계 %4, %5</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="257"/>
        <source>fits the budget</source>
        <translation>한도 안에 적재 가능</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="257"/>
        <source>over the budget</source>
        <translation>한도 초과</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="259"/>
        <source>, of which speculative decoding %1</source>
        <translation>, 그중 추측 디코딩 %1</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="262"/>
        <source>%1. Budget %2 of a %3 card. %4.</source>
        <translation>%1. 카드 %3 중 한도 %2. %4.</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="482"/>
        <source>&lt;br&gt;of the CUDA context, NCCL&apos;s buffers (estimate): %1</source>
        <translation>&lt;br&gt;CUDA 컨텍스트 중 NCCL 버퍼 (추정): %1</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="485"/>
        <source>&lt;br&gt;Per-sequence state: %1</source>
        <translation>&lt;br&gt;시퀀스별 상태: %1</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="488"/>
        <source>&lt;br&gt;Speculative decoding: draft weights %1, draft KV %2, lookahead slots %3</source>
        <translation>&lt;br&gt;추측 디코딩: 드래프트 가중치 %1, 드래프트 KV %2, 룩어헤드 슬롯 %3</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="vanished">GiB</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="240"/>
        <source>past the model&apos;s maximum context</source>
        <translation>모델의 최대 컨텍스트 길이 초과</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="430"/>
        <source>Pinned scenario</source>
        <translation>고정한 시나리오</translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="477"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;Weights: %3&lt;br&gt;KV cache: %4&lt;br&gt;Activations (estimate): %5&lt;br&gt;CUDA context (estimate): %6&lt;br&gt;&lt;b&gt;Total: %7&lt;/b&gt; of a %8 budget</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;가중치: %3&lt;br&gt;KV 캐시: %4&lt;br&gt;활성화 값 (추정): %5&lt;br&gt;CUDA 컨텍스트 (추정): %6&lt;br&gt;&lt;b&gt;합계: %7&lt;/b&gt; (한도 %8)</translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <location filename="../../app/memorypage.cpp" line="73"/>
        <source>Lock scale</source>
        <translation>축 고정</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="82"/>
        <source>Speculative decoding</source>
        <translation>추측 디코딩</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="87"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="107"/>
        <source>How KV Scope read the imported config.json: the family rule that gave the KV heads</source>
        <translation>가져온 config.json을 KV Scope가 읽은 방법: KV 헤드 수를 정한 모델 계열 규칙</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="108"/>
        <source>Each model family names its attention layout differently (num_key_value_heads, multi_query, multi_query_group_num, new_decoder_architecture...). This line says which rule decided the KV heads, which layers cache per token, and which keys KV Scope did not use.</source>
        <translation>모델 계열마다 어텐션 구성을 다른 키로 적습니다 (num_key_value_heads, multi_query, multi_query_group_num, new_decoder_architecture...). 이 줄은 어떤 규칙이 KV 헤드 수를 정했는지, 어떤 레이어가 토큰마다 캐시하는지, KV Scope가 쓰지 않은 키가 무엇인지 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="117"/>
        <source>The fastest a decode step can be on this GPU&apos;s data sheet: max(bytes / bandwidth, FLOPs / peak)</source>
        <translation>이 GPU의 데이터시트로 본 디코드 스텝의 최소 시간: max(바이트 / 대역폭, FLOP / 최대 성능)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="119"/>
        <source>One decode step reads every weight it multiplies once (an untied embedding table is only looked up) and the whole KV cache of every sequence, and computes about two FLOPs per weight per sequence. Divided by the data sheet&apos;s memory bandwidth and peak FLOP/s, the larger time is a lower bound on the time per output token: kernel launches, element-wise work and activations only add to it. The Roofline page measures the same on this machine.</source>
        <translation>디코드 스텝 하나는 곱하는 모든 가중치를 한 번씩 읽고(LM 헤드와 묶이지 않은 임베딩 표는 조회만 함) 모든 시퀀스의 KV 캐시 전체를 읽으며, 시퀀스마다 가중치 하나당 약 2 FLOP을 계산합니다. 이를 데이터시트의 메모리 대역폭과 최대 FLOP/s로 나눈 두 시간 중 큰 쪽이 출력 토큰당 시간(TPOT)의 하한입니다. 커널 실행, 원소별 연산, 활성화 값은 시간을 더할 뿐입니다. 루프라인 페이지에서 이 컴퓨터로 같은 것을 측정합니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="129"/>
        <source>What the drafter adds to memory, and the speedup its acceptance rate gives on the data sheet&apos;s roofline</source>
        <translation>드래프트에 드는 추가 메모리와, 수락률에 따른 속도 향상 (데이터시트 루프라인 기준)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="132"/>
        <source>Each step the model checks k draft tokens in one pass. A token is kept when it and every draft before it were accepted, and the model adds one of its own, so a step keeps (1 - a^(k+1)) / (1 - a) tokens on average. The pass costs about one plain step while decoding is memory-bound (the weights are read once for all k + 1 tokens) and about k + 1 steps once it is compute-bound: speculation pays at small batches and costs at large ones.</source>
        <translation>모델은 스텝마다 드래프트 토큰 k개를 한 번의 패스로 검증합니다. 한 토큰은 그 토큰과 앞의 드래프트가 모두 수락될 때 남고, 모델이 자기 토큰 하나를 더하므로 한 스텝은 평균 (1 - a^(k+1)) / (1 - a)개의 토큰을 남깁니다. 디코딩이 메모리 바운드일 때 이 패스는 일반 스텝 하나 정도의 비용이고 (가중치를 k + 1개 토큰에 한 번만 읽음), 연산 바운드가 되면 약 k + 1스텝의 비용입니다: 추측 디코딩은 작은 배치에서 이득이고 큰 배치에서는 손해입니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="145"/>
        <source>One bar per context length, or per batch</source>
        <translation>컨텍스트 길이별 또는 배치별로 막대 하나씩</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="146"/>
        <source>By context: the same batch at 2K, 8K and 32K tokens (and the current context). By batch: the same context at batch 1, 8 and 32 (and the current batch).</source>
        <translation>컨텍스트 길이별: 같은 배치를 2K, 8K, 32K 토큰(그리고 현재 컨텍스트 길이)에서 비교합니다. 배치별: 같은 컨텍스트 길이를 배치 1, 8, 32(그리고 현재 배치)에서 비교합니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="148"/>
        <source>GiB (1024³ bytes) as nvidia-smi and PyTorch count, or GB (10⁹ bytes) as cards are sold</source>
        <translation>nvidia-smi와 PyTorch가 세는 GiB (1024³ 바이트), 또는 카드 사양에 쓰는 GB (10⁹ 바이트)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="149"/>
        <source>While locked the value axis keeps its top when bars shrink, so halving the batch visibly halves the cache; it still grows when a bar would be cut.</source>
        <translation>고정하면 막대가 줄어도 세로축의 최댓값이 그대로여서, 배치를 절반으로 줄이면 캐시 막대도 눈에 띄게 절반이 됩니다. 막대가 잘릴 때는 축이 늘어납니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="151"/>
        <source>Keep the scale while you compare: the axis grows when a bar would be cut, never shrinks</source>
        <translation>비교하는 동안 축 범위를 유지합니다: 막대가 잘릴 때만 축이 늘어나고, 줄어들지는 않습니다</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="153"/>
        <source>Weights + KV cache + estimates, against the budget (card x utilization)</source>
        <translation>가중치 + KV 캐시 + 추정값을 한도(카드 메모리 x 사용률)와 비교</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="154"/>
        <source>The verdict compares the sum of the four terms with the budget line. It is not an out-of-memory guarantee: the allocator&apos;s reserve, fragmentation and other processes are not in the sum, so a computed 23 GiB can still fail on a 24 GiB card.</source>
        <translation>판정은 네 항목의 합을 한도선과 비교한 결과입니다. 메모리 부족 (OOM)이 나지 않는다는 보장은 아닙니다: 할당자의 예비 메모리, 단편화, 다른 프로세스는 합계에 들어 있지 않으므로, 계산상 23 GiB라도 24 GiB 카드에서 실패할 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="157"/>
        <source>The KV cache formula with this scenario&apos;s numbers put in</source>
        <translation>이 시나리오의 값을 대입한 KV 캐시 공식</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="158"/>
        <source>KV bytes = 2 x L x B x S x H_kv x D_head x bytes per element. The 2 is one K and one V per token; each symbol has the colour of the number put in for it.</source>
        <translation>KV 바이트 = 2 x L x B x S x H_kv x D_head x 원소당 바이트입니다. 2는 토큰마다 저장하는 K 하나와 V 하나이며, 각 기호는 대입한 값과 같은 색으로 표시됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="160"/>
        <source>Stacked memory per GPU for each context (or batch); hover a bar for every term</source>
        <translation>컨텍스트 길이(또는 배치)별로 쌓은 GPU당 메모리: 막대 위에 마우스를 올리면 모든 항목이 보입니다</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="161"/>
        <source>Each bar stacks the weights (loaded once), the KV cache (grows with every token of every request) and the estimated activations and CUDA context, against the whole card (dotted) and the budget the server may use (dashed).</source>
        <translation>각 막대는 가중치(한 번만 올림), KV 캐시(모든 요청의 토큰마다 커짐), 활성화 값과 CUDA 컨텍스트 추정값을 쌓아서 카드 전체(점선), 서버가 쓸 수 있는 한도(파선)와 비교합니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="164"/>
        <source>Every term in bytes; hover a row for how it is computed</source>
        <translation>모든 항목의 바이트 수: 행 위에 마우스를 올리면 계산 방법이 보입니다</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="165"/>
        <source>The figures behind the bars, per GPU. Activations and the CUDA context are estimates; what nvidia-smi shows is larger still: it adds the allocator&apos;s cached blocks and the CUDA context of every process.</source>
        <translation>막대의 바탕이 되는 GPU당 수치입니다. 활성화 값과 CUDA 컨텍스트는 추정값입니다. nvidia-smi가 보여 주는 값은 이보다도 큽니다: 할당자가 캐시해 둔 메모리 블록과 모든 프로세스의 CUDA 컨텍스트가 더해지기 때문입니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="168"/>
        <source>What vLLM prints at start-up for this scenario</source>
        <translation>이 시나리오에서 vLLM이 시작할 때 출력하는 내용</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="169"/>
        <source>vLLM gives the cache what is left of memory x utilization after weights, activations and non-torch memory, in whole blocks of 16 tokens: tokens = blocks x 16; concurrency = tokens / tokens per request.</source>
        <translation>vLLM은 메모리 x 사용률에서 가중치, 활성화 값, torch 외 메모리를 빼고 남은 공간을 16 토큰짜리 블록 단위로 캐시에 줍니다: 토큰 수 = 블록 수 x 16, 동시 요청 수 = 토큰 수 / 요청당 토큰 수.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="172"/>
        <source>The same parameters stored in each format: bytes = parameters x bits / 8</source>
        <translation>같은 파라미터를 형식별로 저장했을 때의 크기: 바이트 = 파라미터 x 비트 / 8</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="173"/>
        <source>Weights alone in FP32, BF16, INT8 and INT4, and INT4 with one FP16 scale per 128 weights (4.125 bits) as real quantized files store it. The chosen format is darker and marked (now).</source>
        <translation>FP32, BF16, INT8, INT4로 저장한 가중치만의 크기와, 실제 양자화 파일처럼 가중치 128개마다 FP16 스케일을 하나씩 둔 INT4(4.125비트)의 크기입니다. 선택한 형식은 더 진하게 칠하고 (현재)로 표시합니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="177"/>
        <source>Bars by context</source>
        <translation>컨텍스트 길이별 막대</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="178"/>
        <source>Bars by batch</source>
        <translation>배치별 막대</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="179"/>
        <source>GiB (1024³)</source>
        <translation>GiB (1024³)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="180"/>
        <source>GB (10⁹)</source>
        <translation>GB (10⁹)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="509"/>
        <source>Each time is a lower bound on the data sheet&apos;s roofline, so the ratio is optimistic: a fixed cost per pass (launches, the sampler) would fall on the check and on each draft step.</source>
        <translation>각 시간은 데이터시트 루프라인으로 구한 하한이므로 이 비율은 낙관적인 값입니다: 패스마다 드는 고정 비용(커널 실행, 샘플러)은 검증과 드래프트 스텝마다 더해집니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="97"/>
        <location filename="../../app/memorypage.cpp" line="196"/>
        <source>Weights alone by dtype</source>
        <translation>가중치만: dtype별 크기</translation>
    </message>
    <message>
        <source>GiB</source>
        <translation type="vanished">GiB</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="236"/>
        <source>KV cache formula, with this scenario&apos;s numbers</source>
        <translation>KV 캐시 공식 (이 시나리오의 값 대입)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="96"/>
        <location filename="../../app/memorypage.cpp" line="242"/>
        <source>Breakdown (per GPU)</source>
        <translation>메모리 내역 (GPU당)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="250"/>
        <source>Capacity, as vLLM reports it</source>
        <translation>vLLM이 보고하는 방식의 용량</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="253"/>
        <source>Time per output token (lower bound)</source>
        <translation>출력 토큰당 시간 (하한)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="413"/>
        <source>No TPOT bound for a card typed by hand: choose a GPU preset with data-sheet figures.</source>
        <translation>직접 입력한 카드에는 TPOT 하한이 없습니다: 데이터시트 수치가 있는 GPU 프리셋을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="415"/>
        <source>No TPOT bound: the %1 preset carries no data-sheet bandwidth and peak.</source>
        <translation>TPOT 하한 없음: %1 프리셋에는 데이터시트 대역폭과 최대 성능이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="420"/>
        <source>TPOT ≥ %1 ms: memory-bound</source>
        <translation>TPOT ≥ %1 ms: 메모리 바운드</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="421"/>
        <source>TPOT ≥ %1 ms: compute-bound</source>
        <translation>TPOT ≥ %1 ms: 연산 바운드</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="425"/>
        <source>A lower bound from the data sheet of the %1 (%2, %3 dense %4), at batch %5 and %6 tokens: a step moves %7 and computes %8; bytes / bandwidth = %9 ms, FLOPs / peak = %10 ms.</source>
        <translation>%1 데이터시트(%2, %3 dense %4)로 구한 하한, 배치 %5, 토큰 %6개: 스텝 하나가 %7을 옮기고 %8을 계산합니다. 바이트 / 대역폭 = %9 ms, FLOP / 최대 성능 = %10 ms.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="438"/>
        <source>%1x</source>
        <translation>%1배</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="439"/>
        <source>%1 (slower)</source>
        <translation>%1 (더 느림)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="452"/>
        <source>%1, acceptance %2: adds %3</source>
        <translation>%1, 수락률 %2: %3 추가</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="458"/>
        <source>draft weights %1</source>
        <translation>드래프트 가중치 %1</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="460"/>
        <source>draft KV %1 (%2 B per token)</source>
        <translation>드래프트 KV %1 (토큰당 %2 B)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="462"/>
        <source>lookahead slots %1 (%2 tokens)</source>
        <translation>룩어헤드 슬롯 %1 (토큰 %2개)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="464"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="467"/>
        <source>⚠ The draft&apos;s vocabulary is not the model&apos;s: no server pairs them, so these figures describe a pairing that cannot run.</source>
        <translation>⚠ 드래프트의 어휘가 모델과 다릅니다: 어떤 서버도 둘을 함께 쓰지 않으므로, 이 수치는 실행할 수 없는 조합을 나타냅니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="482"/>
        <source>No speedup: %1</source>
        <translation>속도 향상을 계산할 수 없음: %1</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="486"/>
        <source>No speedup under tensor parallelism: the step model is for one GPU.</source>
        <translation>텐서 병렬에서는 속도 향상을 계산하지 않습니다: 스텝 모델은 GPU 한 장 기준입니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="489"/>
        <source>No speedup for weights as stored: choose a weight dtype for the step model.</source>
        <translation>저장된 그대로의 가중치에는 속도 향상을 계산하지 않습니다: 스텝 모델에 쓸 가중치 dtype을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="490"/>
        <source>No speedup for a card without data-sheet figures: choose a GPU preset.</source>
        <translation>데이터시트 수치가 없는 카드에는 속도 향상을 계산하지 않습니다: GPU 프리셋을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="494"/>
        <source>memory-bound</source>
        <translation>메모리 바운드</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="494"/>
        <source>compute-bound</source>
        <translation>연산 바운드</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="498"/>
        <source> + %1 draft steps x %2</source>
        <translation> + 드래프트 스텝 %1번 x %2</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="500"/>
        <source>A step keeps (1 - a^(k+1)) / (1 - a) = %1 tokens on average. Checking %2 tokens per sequence takes %3 (%4)%5, against %6 for a plain step (%7): &lt;b&gt;%8&lt;/b&gt; the tokens per second at batch %9.</source>
        <translation>한 스텝은 평균 (1 - a^(k+1)) / (1 - a) = %1개의 토큰을 남깁니다. 시퀀스마다 토큰 %2개의 검증 시간은 %3 (%4)%5, 일반 스텝은 %6 (%7)입니다. 배치 %9에서 초당 토큰 수는 &lt;b&gt;%8&lt;/b&gt;입니다.</translation>
    </message>
    <message>
        <source>Lower bounds on the data sheet&apos;s roofline; launches and the sampler are left out.</source>
        <translation type="vanished">모두 데이터시트 루프라인으로 구한 하한이며, 커널 실행과 샘플러 비용은 빠져 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="550"/>
        <source>batch %1</source>
        <translation>배치 %1</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="552"/>
        <location filename="../../app/memorypage.cpp" line="646"/>
        <source> (now)</source>
        <translation> (현재)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="567"/>
        <source>%1 at %2 tokens, by batch</source>
        <translation>%1, %2 토큰, 배치별</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="569"/>
        <source>%1, batch %2, by context</source>
        <translation>%1, 배치 %2, 컨텍스트 길이별</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="574"/>
        <source>budget %1 (%2% of the card)</source>
        <translation>한도 %1 (카드의 %2%)</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="575"/>
        <source>card %1</source>
        <translation>카드 %1</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="643"/>
        <source>(now)</source>
        <translation>(현재)</translation>
    </message>
</context>
<context>
    <name>ModelRuleText</name>
    <message>
        <location filename="../../app/modelruletext.cpp" line="13"/>
        <source>model_type &apos;%1&apos; (no family rule)</source>
        <translation>model_type &apos;%1&apos; (계열 규칙 없음)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="19"/>
        <source>%1: no attention layers, nothing is cached per token</source>
        <translation>%1: 어텐션 레이어 없음, 토큰마다 캐시하는 것 없음</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="21"/>
        <source>%1, %2: one compressed latent per token, shared by all heads (MLA)</source>
        <translation>%1, %2: 모든 헤드가 공유하는 토큰당 압축 잠재 벡터 1개 (MLA)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="23"/>
        <source>%1, no KV-head key: one KV head per query head, %2 (MHA)</source>
        <translation>%1, KV 헤드 키 없음: 쿼리 헤드마다 KV 헤드 1개, 모두 %2개 (MHA)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="25"/>
        <source>%1, %2 absent, the configuration class&apos;s default: %3 KV heads (%4)</source>
        <translation>%1, %2 없음, 설정 클래스의 기본값: KV 헤드 %3개 (%4)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="35"/>
        <source>%1, %2: 1 KV head (%3)</source>
        <translation>%1, %2: KV 헤드 1개 (%3)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="36"/>
        <source>%1, %2: %3 KV heads (%4)</source>
        <translation>%1, %2: KV 헤드 %3개 (%4)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="43"/>
        <source>%1 of %2 layers cache K and V per token</source>
        <translation>레이어 %2개 중 %1개가 토큰마다 K와 V를 캐시</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="45"/>
        <source>%1 hold a fixed-size state per sequence (state-space or linear attention)</source>
        <translation>%1개는 시퀀스마다 고정 크기 상태를 보관 (상태 공간 모델 또는 선형 어텐션)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="47"/>
        <source>%1 cross-attention layers cache the image&apos;s %2 tokens per sequence</source>
        <translation>교차 어텐션 레이어 %1개는 시퀀스마다 이미지 토큰 %2개를 캐시</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="50"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="102"/>
        <source>The checkpoint stores %1 parameters in %2 and %3 in %4 (%5): %6. The bars use the weight dtype chosen for the scenario.</source>
        <translation>체크포인트는 파라미터 %1개를 %2(으)로, %3개를 %4(으)로 저장 (%5): %6. 막대는 시나리오에서 고른 가중치 dtype 기준</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="108"/>
        <source>Of that, %1 are scales and indices the method keeps per matrix row, per input column or per block of groups.</source>
        <translation>그중 %1은 양자화 방식이 행렬의 행마다, 입력 열마다, 또는 그룹 블록마다 두는 스케일과 인덱스입니다.</translation>
    </message>
    <message>
        <source>Keys not understood, which may size memory: %1</source>
        <translation type="vanished">메모리 크기를 정할 수 있지만 이해하지 못한 키: %1</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="75"/>
        <source>Exact: the %1 rule applied and every key that may size memory was read</source>
        <translation>정확: %1 규칙을 적용했고 메모리 크기를 정할 수 있는 키를 모두 읽음</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="78"/>
        <source>Derived: no rule for model_type &apos;%1&apos;; the generic rules read every key that may size memory</source>
        <translation>유도: model_type &apos;%1&apos;에 대한 규칙이 없어 일반 규칙으로 메모리 크기를 정할 수 있는 키를 모두 읽음</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="83"/>
        <source>Unverified: keys that may size memory were not understood (%1)</source>
        <translation>검증 안 됨: 메모리 크기를 정할 수 있는 키를 이해하지 못함 (%1)</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="87"/>
        <source>Unverified figures: %1&apos;s config has keys KV Scope does not understand (%2). They may size memory, so the weights, KV cache and verdict shown may be wrong.</source>
        <translation>검증되지 않은 수치: %1의 설정에 KV Scope가 이해하지 못하는 키가 있습니다 (%2). 메모리 크기를 정할 수 있는 키이므로 표시된 가중치, KV 캐시와 판정이 틀릴 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="93"/>
        <source>Unverified model:</source>
        <translation>검증되지 않은 모델:</translation>
    </message>
    <message>
        <source>Ignored keys that may matter for memory: %1</source>
        <translation type="vanished">메모리에 영향을 줄 수 있지만 읽지 않은 키: %1</translation>
    </message>
    <message>
        <location filename="../../app/modelruletext.cpp" line="59"/>
        <source>Absent keys taken from the %1 configuration class&apos;s defaults: %2</source>
        <translation>config에 없어서 %1 설정 클래스의 기본값을 쓴 키: %2</translation>
    </message>
</context>
<context>
    <name>Page</name>
    <message>
        <location filename="../../app/page.cpp" line="73"/>
        <source>This page cannot show the scenario: %1. The other pages and the controls still work; change the scenario to go on.</source>
        <translation>이 페이지는 현재 시나리오를 표시할 수 없습니다: %1. 다른 페이지와 컨트롤은 그대로 동작하니, 시나리오를 바꿔 계속하세요.</translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="30"/>
        <source>Attention</source>
        <translation>어텐션</translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="174"/>
        <source>GPU decode</source>
        <translation>GPU 디코드</translation>
    </message>
    <message>
        <location filename="../../app/explainlogpage.cpp" line="196"/>
        <source>Explain log</source>
        <translation>로그 해설</translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="57"/>
        <source>Memory</source>
        <translation>메모리</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="161"/>
        <source>Paged memory</source>
        <translation>페이지 방식 메모리</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="54"/>
        <source>Roofline</source>
        <translation>루프라인</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="40"/>
        <source>Scaling</source>
        <translation>스케일링</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="75"/>
        <source>Serving</source>
        <translation>서빙</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="149"/>
        <source>KV tiers</source>
        <translation>KV 계층</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="39"/>
        <source>Per GPU</source>
        <translation>GPU별</translation>
    </message>
</context>
<context>
    <name>PagedPage</name>
    <message>
        <location filename="../../app/pagedpage.cpp" line="184"/>
        <location filename="../../app/pagedpage.cpp" line="965"/>
        <source>Play</source>
        <translation>재생</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="202"/>
        <source>ShareGPT-like</source>
        <translation>ShareGPT 유사</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="203"/>
        <source>Alpaca-like</source>
        <translation>Alpaca 유사</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="204"/>
        <source>Paper&apos;s figure</source>
        <translation>논문 그림</translation>
    </message>
    <message>
        <source>ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets&apos; mean lengths. The paper&apos;s figure: one request reserves 2,048 slots and stops after 10.</source>
        <translation type="vanished">ShareGPT·Alpaca 유사 트레이스는 합성한 것입니다: 길이는 각 데이터셋의 평균 길이에 맞춘 로그 정규 분포를 따릅니다. 논문 그림: 요청 하나가 슬롯 2,048개를 예약하고 10 토큰 뒤에 끝납니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="205"/>
        <source>Fixed 200 + 200 tokens</source>
        <translation>고정 200 + 200 토큰</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="206"/>
        <source>Uniform 1-400 + 1-400</source>
        <translation>균등 분포 1-400 + 1-400</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="218"/>
        <source>all at once</source>
        <translation>한꺼번에</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="299"/>
        <source>Poisson arrivals per decode step</source>
        <translation>디코드 스텝당 도착하는 요청 수 (포아송 분포)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="147"/>
        <source>max length</source>
        <translation>최대 길이</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="149"/>
        <source>next power of 2</source>
        <translation>2의 거듭제곱으로 올림</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="151"/>
        <source>exact (oracle)</source>
        <translation>정확한 길이 (오라클)</translation>
    </message>
    <message>
        <source>What a contiguous server reserves per request: the maximum model length (Orca-Max), the next power of two of its length (Orca-Pow2), or exactly its length (Orca-Oracle)</source>
        <translation type="vanished">연속 할당 서버가 요청마다 예약하는 공간: 모델의 최대 길이 (Orca-Max), 요청 길이를 2의 거듭제곱으로 올린 길이 (Orca-Pow2), 또는 요청 길이 그대로 (Orca-Oracle)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="231"/>
        <source>First fit</source>
        <translation>최초 적합 (first fit)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="232"/>
        <source>Buddy</source>
        <translation>버디 할당 (buddy)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="312"/>
        <source>KV pool size in token slots</source>
        <translation>KV 풀 크기 (토큰 슬롯 단위)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="363"/>
        <source>Decode steps per second</source>
        <translation>초당 디코드 스텝 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="249"/>
        <source>From the scenario</source>
        <translation>시나리오에서 가져오기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="153"/>
        <source>PagedAttention blocks</source>
        <translation>PagedAttention 블록</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="188"/>
        <source>Show the whole run</source>
        <translation>전체 실행 보기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="292"/>
        <source>The request trace both servers replay</source>
        <translation>두 서버가 재생하는 요청 트레이스</translation>
    </message>
    <message>
        <source>ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets&apos; mean lengths (ShareGPT 161 prompt + 338 output tokens, Alpaca 19 + 58). The paper&apos;s figure: one request reserves 2,048 slots and stops after 10 tokens; it brings its own pool.</source>
        <translation type="vanished">ShareGPT·Alpaca 유사 트레이스는 합성한 것입니다: 길이는 각 데이터셋의 평균 길이(ShareGPT 프롬프트 161 + 출력 338 토큰, Alpaca 19 + 58)에 맞춘 로그 정규 분포를 따릅니다. 논문 그림: 요청 하나가 슬롯 2,048개를 예약하고 10 토큰 뒤에 끝나며, 이 워크로드는 자체 풀 크기를 씁니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="297"/>
        <source>How many requests the trace holds</source>
        <translation>트레이스에 들어 있는 요청 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="298"/>
        <source>The number of requests in the synthetic trace; both servers get the same ones, in the same order.</source>
        <translation>합성 트레이스의 요청 수입니다. 두 서버는 같은 요청을 같은 순서로 받습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="300"/>
        <source>New requests arrive at random, on average λ per decode step (a gap of 1/λ steps). At 0 every request arrives at step 0, so the server is under load from the start.</source>
        <translation>새 요청은 무작위로, 디코드 스텝당 평균 λ개씩 도착합니다 (평균 간격 1/λ 스텝). 0이면 모든 요청이 스텝 0에 도착하므로 서버는 처음부터 부하를 받습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="302"/>
        <source>What a contiguous server reserves per request</source>
        <translation>연속 할당 서버가 요청마다 예약하는 공간</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="303"/>
        <source>Max length reserves the maximum model length for every request (Orca-Max); next power of 2 reserves 2^⌈log₂(prompt + output)⌉ slots (Orca-Pow2); exact reserves prompt + output, which only an oracle knows in advance (Orca-Oracle).</source>
        <translation>최대 길이는 모든 요청에 모델의 최대 길이를 예약합니다 (Orca-Max). 2의 거듭제곱으로 올림은 2^⌈log₂(프롬프트 + 출력)⌉ 슬롯을 예약합니다 (Orca-Pow2). 정확한 길이는 프롬프트 + 출력만큼만 예약하는데, 이 길이를 미리 아는 것은 오라클(oracle)뿐입니다 (Orca-Oracle).</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="306"/>
        <source>Where a contiguous reservation goes in the pool</source>
        <translation>풀 안에서 연속 할당 예약 공간이 놓일 위치</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="307"/>
        <source>First fit takes the lowest free hole large enough. Buddy rounds every reservation up to a power of two and splits and merges holes in halves.</source>
        <translation>최초 적합은 충분히 큰 빈 구간 가운데 가장 앞쪽의 것을 씁니다. 버디 할당은 모든 예약을 2의 거듭제곱으로 올리고, 빈 구간을 절반씩 나누고 합칩니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="309"/>
        <source>Token slots per PagedAttention block (vLLM&apos;s default is 16)</source>
        <translation>PagedAttention 블록당 토큰 슬롯 수 (vLLM 기본값은 16)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="310"/>
        <source>A sequence of n tokens holds ⌈n / block size⌉ blocks, so at most block size − 1 slots of its last block stay empty.</source>
        <translation>토큰 n개인 시퀀스는 블록 ⌈n / 블록 크기⌉개를 차지하므로, 마지막 블록에서 비는 슬롯은 많아야 블록 크기 − 1개입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="313"/>
        <source>One slot holds one token&apos;s K and V over every layer. A real server&apos;s pool is (GPU memory × utilization − weights − activations − runtime) ÷ KV bytes per token.</source>
        <translation>슬롯 하나에는 토큰 하나의 모든 레이어 K와 V가 들어갑니다. 실제 서버의 풀 크기는 (GPU 메모리 × 사용률 − 가중치 − 활성화 값 − 런타임) ÷ 토큰당 KV 바이트입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="315"/>
        <source>Parallel samples per request</source>
        <translation>요청당 병렬 샘플 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="316"/>
        <source>Each request generates this many outputs from one prompt. Paged blocks of the shared prompt are stored once and copied on write; contiguous servers reserve a region per sample.</source>
        <translation>요청마다 프롬프트 하나로 이 개수만큼 출력을 생성합니다. 페이지 방식에서는 공유 프롬프트의 블록을 한 번만 저장하고 쓸 때 복사(copy-on-write)하며, 연속 할당 서버는 샘플마다 영역을 따로 예약합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="318"/>
        <source>What the samples of one request are</source>
        <translation>한 요청의 샘플이 무엇인지</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="319"/>
        <source>Parallel samples: independent outputs of one prompt, sharing its blocks. Beam search: each step every beam continues a parent beam; a beam chosen twice shares its blocks and copies the last partial one on write, a beam chosen by none is dropped and frees its own blocks. Hover a request to see its beams&apos; block tables, shared entries in bold. Memory saved = blocks saved ÷ blocks held unshared.</source>
        <translation>병렬 샘플: 한 프롬프트에서 나온 독립적인 출력들로, 프롬프트 블록을 공유합니다. 빔 서치: 스텝마다 각 빔이 부모 빔을 이어받습니다. 두 번 선택된 빔은 블록을 공유하고 마지막의 덜 찬 블록은 쓸 때 복사하며 (copy-on-write), 아무도 선택하지 않은 빔은 버려져 자기 블록을 반환합니다. 요청 위에 마우스를 올리면 빔들의 블록 테이블이 보이며, 공유된 항목은 굵게 표시됩니다. 절약한 메모리 = 공유로 아낀 블록 ÷ 공유하지 않았을 때의 블록.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="323"/>
        <source>Random seed of the synthetic trace</source>
        <translation>합성 트레이스의 난수 시드</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="324"/>
        <source>The same seed gives the same trace on every machine, so a class sees the same run.</source>
        <translation>시드가 같으면 어느 컴퓨터에서나 같은 트레이스가 나오므로, 모든 학생이 같은 실행을 봅니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="325"/>
        <source>Longest sequence the model accepts (prompt + output)</source>
        <translation>모델이 받는 최대 시퀀스 길이 (프롬프트 + 출력)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="326"/>
        <source>Caps prompt + output of every request; the max-length policy reserves exactly this many slots per request.</source>
        <translation>모든 요청의 프롬프트 + 출력 길이 상한입니다. 최대 길이 정책은 요청마다 정확히 이만큼의 슬롯을 예약합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="328"/>
        <source>The KV cache tokens the current model leaves on the current GPU</source>
        <translation>현재 GPU에 현재 모델을 올리고 남는 메모리에 들어가는 KV 캐시 토큰 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="329"/>
        <source>Sets the pool to the capacity of the scenario on the left: tokens = KV budget ÷ KV bytes per token.</source>
        <translation>풀 크기를 왼쪽 시나리오의 용량으로 맞춥니다: 토큰 수 = KV 한도 ÷ 토큰당 KV 바이트.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="331"/>
        <source>Replay a request trace file</source>
        <translation>요청 트레이스 파일 재생</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="332"/>
        <source>A CSV file with the header prompt_len,output_len[,arrival_step] or JSON Lines with the same keys, as kvscope-cli simulate --workload reads it. Both servers replay it.</source>
        <translation>헤더가 prompt_len,output_len[,arrival_step]인 CSV 파일, 또는 같은 키를 쓰는 JSON Lines 파일 (kvscope-cli simulate --workload가 읽는 형식). 두 서버가 모두 이 트레이스를 재생합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="334"/>
        <source>The paged server keeps shared prompt blocks for later requests</source>
        <translation>페이지 방식 서버가 공유 프롬프트 블록을 이후 요청을 위해 보관</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="335"/>
        <source>Automatic prefix caching: a full block of a shared system prompt is found by a hash of its tokens and of the blocks before it. When its last request ends it stays in the pool, free but holding its K and V (orange stripes), until a block is needed and it is evicted, least recently used first. Hit rate = prompt tokens found cached ÷ prompt tokens.</source>
        <translation>자동 프리픽스 캐싱: 공유 시스템 프롬프트의 가득 찬 블록은 그 토큰과 앞선 블록들의 해시로 찾습니다. 마지막 요청이 끝나도 블록은 풀에 남아, 비어 있지만 키(K)와 값(V)을 그대로 가진 채 (주황색 가로줄) 블록이 필요해질 때까지 유지되고, 가장 오래전에 쓰인 것부터 내보냅니다. 적중률 = 캐시에서 찾은 프롬프트 토큰 ÷ 프롬프트 토큰.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="339"/>
        <source>Host memory under the paged pool keeps the prefix blocks it evicts</source>
        <translation>페이지 풀 아래의 호스트 메모리가 풀에서 내보낸 프리픽스 블록을 보관</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="345"/>
        <source>A local drive under the host tier keeps the blocks the host tier evicts</source>
        <translation>호스트 계층 아래의 로컬 드라이브가 호스트 계층에서 내보낸 블록을 보관</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="346"/>
        <source>The third level (SGLang&apos;s HiCache L3, LMCache&apos;s local disk): blocks the host tier evicts go to an NVMe drive, and are loaded back over its PCIe 4.0 x4 link. Needs a host tier.</source>
        <translation>세 번째 계층 (SGLang HiCache의 L3, LMCache의 로컬 디스크): 호스트 계층이 내보낸 블록은 NVMe 드라이브로 가고, 드라이브의 PCIe 4.0 x4 링크로 다시 읽습니다. 호스트 계층이 필요합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="348"/>
        <source>Stop simulating the whole run in the background</source>
        <translation>백그라운드의 전체 실행 시뮬레이션 중지</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="349"/>
        <source>A long trace takes a while to simulate to its end for the total and the whole-run charts; the replay itself goes on without it.</source>
        <translation>긴 트레이스는 총 스텝 수와 전체 실행 차트를 위해 끝까지 시뮬레이션하는 데 시간이 걸립니다. 재생 자체는 이것 없이도 계속됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="351"/>
        <source>Play or pause the replay</source>
        <translation>재생 또는 일시 정지</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="352"/>
        <source>Replays both servers step by step at the chosen speed; at the end, Play starts again.</source>
        <translation>두 서버를 고른 속도로 한 스텝씩 재생합니다. 끝난 뒤 재생을 누르면 처음부터 다시 시작합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="353"/>
        <source>One decode step</source>
        <translation>디코드 한 스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="354"/>
        <source>Runs one decode step on both servers: every running request stores one more token.</source>
        <translation>두 서버에서 디코드를 한 스텝 실행합니다: 실행 중인 모든 요청이 토큰을 하나씩 더 저장합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="355"/>
        <source>Back to step 1 with the same trace</source>
        <translation>같은 트레이스로 스텝 1부터 다시</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="356"/>
        <source>Starts both servers again from an empty pool with the same trace.</source>
        <translation>같은 트레이스로 두 서버를 빈 풀에서 다시 시작합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="357"/>
        <source>Every step of the run: drag to go back or forward (Left, Shift+Left, Shift+Right)</source>
        <translation>실행의 모든 스텝: 끌어서 뒤로 또는 앞으로 이동 (←, Shift+←, Shift+→)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="358"/>
        <source>Goes to any step of the replay, back as well as forward: going back replays the same trace from the start, so both servers stand exactly where they stood at that step.</source>
        <translation>재생의 어느 스텝으로든 앞뒤로 이동합니다. 뒤로 갈 때는 같은 트레이스를 처음부터 다시 재생하므로, 두 서버 모두 그 스텝에 있던 상태 그대로 돌아갑니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="360"/>
        <source>Jump to a moment of the whole run</source>
        <translation>전체 실행의 주요 순간으로 이동</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="361"/>
        <source>Once the whole run has been simulated, lists the steps worth stopping at for each server: the first request left waiting, the first preemption, the most requests running at once, the end.</source>
        <translation>전체 실행의 시뮬레이션이 끝나면 서버마다 멈춰 볼 만한 스텝을 보여 줍니다: 처음으로 요청이 대기하게 된 스텝, 첫 선점, 동시에 실행 중인 요청이 가장 많은 스텝, 끝.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="364"/>
        <source>How many decode steps the replay runs per second; the maps repaint once per frame at any speed.</source>
        <translation>재생이 1초에 실행하는 디코드 스텝 수입니다. 속도와 관계없이 맵은 프레임마다 한 번 다시 그립니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="365"/>
        <source>Draw the charts to the end of the run</source>
        <translation>실행이 끝날 때까지의 차트 그리기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="366"/>
        <source>Off, the charts grow with the replay so the class can predict before they see. On, they show the whole run at once, with a line at the current step.</source>
        <translation>끄면 차트가 재생에 맞춰 늘어나므로 학생들이 보기 전에 예측할 수 있습니다. 켜면 전체 실행을 한꺼번에 보여 주고, 현재 스텝에 선을 긋습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="368"/>
        <source>Replay progress and finished requests of each server</source>
        <translation>재생 진행 상황과 서버별 완료된 요청 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="369"/>
        <source>The current decode step out of the steps until both servers have finished every request, and how many requests each server has finished.</source>
        <translation>두 서버가 모든 요청을 마칠 때까지의 전체 스텝 중 현재 디코드 스텝과, 각 서버가 마친 요청 수입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="371"/>
        <source>Paged server&apos;s preemptions and sharing</source>
        <translation>페이지 방식 서버의 선점과 공유</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="372"/>
        <source>A preemption evicts a running request when no block is free; it recomputes its tokens when it returns. Blocks saved by sharing: prompt blocks stored once for several samples.</source>
        <translation>선점은 빈 블록이 없을 때 실행 중인 요청을 내보내는 것입니다. 내보낸 요청은 돌아올 때 토큰을 다시 계산합니다. 공유로 아낀 블록: 여러 샘플을 위해 한 번만 저장한 프롬프트 블록입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="374"/>
        <source>The same two replays in seconds</source>
        <translation>초 단위로 본 같은 두 재생</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="375"/>
        <source>Each step of both replays priced on the scenario&apos;s model and GPU data sheet: the bytes it moves over the bandwidth against its FLOPs over the peak, the larger, so every time is a lower bound. The page&apos;s arrivals come in decode steps; a step of arrivals lasts one request&apos;s step with an empty cache. The Serving page sweeps request rates and finds the rate that meets latency targets.</source>
        <translation>두 재생의 스텝마다 시나리오의 모델과 GPU 데이터시트로 시간을 매깁니다: 옮기는 바이트 / 대역폭과 FLOP / 최대 성능 중 큰 쪽이므로 모든 시간은 하한입니다. 이 페이지의 도착은 디코드 스텝 단위이며, 도착 한 스텝은 캐시가 빈 요청 하나의 스텝 시간으로 셉니다. 서빙 페이지에서는 요청률을 바꿔 가며 지연 시간 목표를 지키는 요청률을 찾습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="379"/>
        <source>The contiguous server&apos;s pool, one square per token slot</source>
        <translation>연속 할당 서버의 풀 (칸 하나가 토큰 슬롯 하나)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="380"/>
        <source>Each request owns one region sized by the policy. Share of a kind = its slots ÷ pool slots. Hover a request to see it in both maps.</source>
        <translation>요청마다 정책에 따라 크기가 정해진 영역 하나를 가집니다. 종류별 비율 = 그 종류의 슬롯 수 ÷ 풀 슬롯 수. 요청 위에 마우스를 올리면 두 맵에서 함께 표시됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="382"/>
        <source>The paged server&apos;s pool, one square per token slot, in physical block order</source>
        <translation>페이지 방식 서버의 풀 (칸 하나가 토큰 슬롯 하나, 물리 블록 순서)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="383"/>
        <source>Each request holds blocks anywhere in the pool, taken one at a time as it grows. Share of a kind = its slots ÷ pool slots. Hover a request to see its block table.</source>
        <translation>요청은 커질 때마다 블록을 하나씩 받으며, 블록은 풀의 어디에 있어도 됩니다. 종류별 비율 = 그 종류의 슬롯 수 ÷ 풀 슬롯 수. 요청 위에 마우스를 올리면 블록 테이블이 보입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="386"/>
        <source>Trace and pool</source>
        <translation>트레이스와 풀</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="389"/>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="389"/>
        <source>Requests</source>
        <translation>요청 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="389"/>
        <source>Arrivals</source>
        <translation>도착률</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="390"/>
        <source>Contiguous</source>
        <translation>연속 할당</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="390"/>
        <source>Placement</source>
        <translation>할당 위치</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="390"/>
        <source>Block size</source>
        <translation>블록 크기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="391"/>
        <source>Pool</source>
        <translation>풀 크기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="391"/>
        <source>Samples</source>
        <translation>샘플 수</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="391"/>
        <source>Max model len</source>
        <translation>최대 모델 길이</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="392"/>
        <source>Seed</source>
        <translation>시드</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="392"/>
        <source>Sequences</source>
        <translation>시퀀스</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="392"/>
        <source>Paged</source>
        <translation>페이지 방식</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="393"/>
        <source>Host tier</source>
        <translation>호스트 계층</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="393"/>
        <source>Disk tier</source>
        <translation>디스크 계층</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="469"/>
        <source>cached prefix (free, kept for reuse)</source>
        <translation>캐시된 프리픽스 (비어 있지만 재사용을 위해 보관)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="499"/>
        <location filename="../../app/pagedpage.cpp" line="861"/>
        <source>Running requests</source>
        <translation>실행 중인 요청</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="500"/>
        <source>Contiguous pool, slot by slot</source>
        <translation>연속 할당 풀 (슬롯별)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="501"/>
        <source>Paged pool, slot by slot</source>
        <translation>페이지 방식 풀 (슬롯별)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="514"/>
        <source>Paging admits a request as soon as its first blocks are free, so more requests run at once. Mean batch under load = sum of running requests over the steps where requests wait ÷ those steps (dashed lines); the drain at the end, with nothing left to admit, is not counted.</source>
        <translation>페이지 방식은 첫 블록이 비는 즉시 요청을 받아들이므로 더 많은 요청이 동시에 실행됩니다. 부하 중 평균 배치 = 대기 중인 요청이 있는 스텝들의 실행 중인 요청 수의 합 ÷ 그 스텝 수 (파선). 더 받아들일 요청이 없는 마지막 소진 구간은 세지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="541"/>
        <source>Step</source>
        <comment>the scrubber&apos;s label: which step of the run is shown</comment>
        <translation>스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="547"/>
        <source>Step of the run</source>
        <translation>실행의 스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="772"/>
        <source>In seconds: timing both replays on the scenario&apos;s GPU…</source>
        <translation>초 단위: 시나리오의 GPU로 두 재생의 시간을 계산하는 중…</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="775"/>
        <source>In seconds: not timed. %1</source>
        <translation>초 단위: 시간을 계산하지 않았습니다. %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="777"/>
        <source>In seconds: not timed: %1</source>
        <translation>초 단위: 시간을 계산하지 못했습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="780"/>
        <source>%1: %2 tokens/s, p90 TTFT %3, p90 TPOT %4</source>
        <translation>%1: 초당 %2 토큰, p90 TTFT %3, p90 TPOT %4</translation>
    </message>
    <message>
        <source>%1 %2 tokens/s, p90 TTFT %3, p90 TPOT %4</source>
        <translation type="vanished">%1: 초당 %2 토큰, p90 TTFT %3, p90 TPOT %4</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="786"/>
        <source>every request at once</source>
        <translation>모든 요청이 한꺼번에 도착</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="787"/>
        <source>a step of arrivals lasts %1, one request&apos;s step</source>
        <translation>도착 한 스텝 = 요청 하나의 스텝 시간 %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="788"/>
        <source>In seconds, %1 priced on the data sheet of the %2 (lower bounds; %3): %4 · %5. Request rates and latency targets: the Serving page.</source>
        <translation>초 단위, %2 데이터시트로 계산한 %1 (하한; %3): %4 · %5. 요청률과 지연 시간 목표는 서빙 페이지에서 봅니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="797"/>
        <source>%1 of %2 blocks</source>
        <translation>블록 %2개 중 %1개</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="801"/>
        <source>· off the GPU now: host tier %1, disk tier %2</source>
        <translation>· 지금 GPU 밖: 호스트 계층 %1, 디스크 계층 %2</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="802"/>
        <source>· off the GPU now: host tier %1</source>
        <translation>· 지금 GPU 밖: 호스트 계층 %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="805"/>
        <source>· loaded back instead of computed: %1 tokens from the host, %2 from the disk (hit rate with the tiers %3)</source>
        <translation>· 재계산 대신 다시 읽음: 호스트에서 토큰 %1개, 디스크에서 %2개 (계층까지 더한 적중률 %3)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="810"/>
        <source>· loaded back instead of computed: %1 tokens from the host (hit rate with the tier %2)</source>
        <translation>· 재계산 대신 다시 읽음: 호스트에서 토큰 %1개 (계층까지 더한 적중률 %2)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1042"/>
        <source>Reading the request trace…</source>
        <translation>요청 트레이스를 읽는 중…</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1042"/>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1043"/>
        <source>Request trace</source>
        <translation>요청 트레이스</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1089"/>
        <source>The trace was not read: stopped. Choose it again to read it.</source>
        <translation>트레이스를 읽다가 중지했습니다. 다시 읽으려면 트레이스를 다시 선택하세요.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1265"/>
        <source>Open a request trace</source>
        <translation>요청 트레이스 열기</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1265"/>
        <source>Request traces (*.csv *.jsonl *.json);;All files (*)</source>
        <translation>요청 트레이스 (*.csv *.jsonl *.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1277"/>
        <source>Trace: %1</source>
        <translation>트레이스: %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1396"/>
        <source>Jump to…</source>
        <translation>이동할 순간…</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1406"/>
        <source>%1: the first request left waiting (step %2)</source>
        <translation>%1: 처음으로 요청이 대기 (스텝 %2)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1409"/>
        <source>%1: the first preemption (step %2)</source>
        <translation>%1: 첫 선점 (스텝 %2)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1412"/>
        <source>%1: the most requests running, %3 (step %2)</source>
        <translation>%1: 실행 중인 요청이 가장 많음, %3개 (스텝 %2)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1415"/>
        <source>%1: every request finished (step %2)</source>
        <translation>%1: 모든 요청 완료 (스텝 %2)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1523"/>
        <source>buddy</source>
        <translation>버디 할당</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1523"/>
        <source>first fit</source>
        <translation>최초 적합</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1524"/>
        <source>Contiguous (%1, %2): %3 tokens · %4 running · %5 waiting</source>
        <translation>연속 할당 (%1, %2): 토큰 %3 · 실행 중 %4 · 대기 %5</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1548"/>
        <source>– (the whole-run simulation was stopped)</source>
        <translation>– (전체 실행 시뮬레이션을 중지함)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1549"/>
        <source>– (this trace cannot finish: see the message below)</source>
        <translation>– (이 트레이스는 끝나지 않음: 아래 메시지 참고)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1550"/>
        <source>… (the whole run is still being simulated: %1)</source>
        <translation>… (전체 실행을 아직 시뮬레이션하는 중: %1)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1552"/>
        <source>… (the whole run is still being simulated)</source>
        <translation>… (전체 실행을 아직 시뮬레이션하는 중)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1556"/>
        <source>step &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp;·&amp;nbsp; requests finished: contiguous &lt;b&gt;%3&lt;/b&gt; of %5, paged &lt;b&gt;%4&lt;/b&gt; of %5</source>
        <translation>스텝 &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp;·&amp;nbsp; 완료된 요청: 연속 할당 %5개 중 &lt;b&gt;%3&lt;/b&gt;개, 페이지 방식 %5개 중 &lt;b&gt;%4&lt;/b&gt;개</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1651"/>
        <source>contiguous: mean %1 under load</source>
        <translation>연속 할당: 부하 중 평균 %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1654"/>
        <source>paged: mean %1 under load</source>
        <translation>페이지 방식: 부하 중 평균 %1</translation>
    </message>
    <message>
        <source>step &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp;·&amp;nbsp; finished: contiguous &lt;b&gt;%3&lt;/b&gt;, paged &lt;b&gt;%4&lt;/b&gt; of %5 requests</source>
        <translation type="vanished">스텝 &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp;·&amp;nbsp; 완료: 연속 할당 &lt;b&gt;%3&lt;/b&gt;, 페이지 방식 &lt;b&gt;%4&lt;/b&gt; (전체 요청 %5개)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1565"/>
        <source>Paged: %1 preemptions · %2 blocks saved by sharing</source>
        <translation>페이지 방식: 선점 %1 · 공유로 아낀 블록 %2</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1567"/>
        <source>(memory saved: %1 now, %2 on average)</source>
        <translation>(절약한 메모리: 지금 %1, 평균 %2)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1571"/>
        <source>· max model length: %1 requests rejected (prompt too long), %2 outputs cut</source>
        <translation>· 최대 모델 길이: 요청 %1개 거부 (프롬프트가 너무 김), 출력 %2개 잘림</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1575"/>
        <source>· never fit the pool, rejected: contiguous %1, paged %2</source>
        <translation>· 풀에 들어갈 수 없어 거부: 연속 할당 %1개, 페이지 방식 %2개</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1579"/>
        <source>· prefix cache: hit rate %1, %2 cached blocks free but kept</source>
        <translation>· 프리픽스 캐싱: 적중률 %1, 비어 있지만 보관 중인 캐시 블록 %2개</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1651"/>
        <source>contiguous: mean %1</source>
        <translation>연속 할당: 평균 %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1654"/>
        <source>paged: mean %1</source>
        <translation>페이지 방식: 평균 %1</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="250"/>
        <source>Restart</source>
        <translation>다시 시작</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="251"/>
        <source>Step</source>
        <translation>한 스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="411"/>
        <location filename="../../app/pagedpage.cpp" line="502"/>
        <source>Speed</source>
        <translation>속도</translation>
    </message>
    <message>
        <source>Solid: tokens stored. Pale: reserved for tokens still to come. Grey, hatched: never used (internal fragmentation). Red, hatched: free but too small for the next request (external fragmentation). Hover a request to see its blocks.</source>
        <translation type="vanished">진한 색: 저장된 토큰. 옅은 색: 앞으로 올 토큰을 위한 예약 공간. 회색 빗금: 끝내 쓰이지 않는 공간 (내부 단편화). 빨간 빗금: 비어 있지만 다음 요청이 들어가기에는 작은 공간 (외부 단편화). 요청 위에 마우스를 올리면 해당 요청의 블록 표시.</translation>
    </message>
    <message>
        <source>Contiguous: where the pool goes, step by step</source>
        <translation type="vanished">연속 할당: 스텝별 풀 사용 내역</translation>
    </message>
    <message>
        <source>Paged: where the pool goes, step by step</source>
        <translation type="vanished">페이지 방식 (PagedAttention): 스텝별 풀 사용 내역</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="965"/>
        <source>Pause</source>
        <translation>일시 정지</translation>
    </message>
    <message>
        <source>Contiguous, %1: %2 tokens · %3 running · %4 waiting</source>
        <translation type="vanished">연속 할당, %1: 토큰 %2 · 실행 중 %3 · 대기 %4</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1528"/>
        <source>Paged, block %1: %2 tokens · %3 running · %4 waiting</source>
        <translation>페이지 방식, 블록 %1: 토큰 %2 · 실행 중 %3 · 대기 %4</translation>
    </message>
    <message>
        <source>step &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp; finished &lt;b&gt;%3&lt;/b&gt; / &lt;b&gt;%4&lt;/b&gt; of %5 &amp;nbsp; preemptions %6 &amp;nbsp; blocks saved by sharing %7</source>
        <translation type="vanished">스텝 &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp; 완료 &lt;b&gt;%3&lt;/b&gt; / &lt;b&gt;%4&lt;/b&gt; (전체 %5) &amp;nbsp; 선점 %6 &amp;nbsp; 공유로 아낀 블록 %7</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1702"/>
        <source>sample %1: %2</source>
        <translation>샘플 %1: %2</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1702"/>
        <source>beam %1: %2</source>
        <translation>빔 %1: %2</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1706"/>
        <source>&lt;b&gt;Request %1&lt;/b&gt;: %2 prompt + %3 output tokens, %4 generated so far. Block table (logical→physical): %5</source>
        <translation>&lt;b&gt;요청 %1&lt;/b&gt;: 프롬프트 %2 + 출력 %3 토큰, 지금까지 %4 토큰 생성. 블록 테이블 (논리 블록→물리 블록): %5</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="1712"/>
        <source>not in the paged pool now</source>
        <translation>지금은 페이지 방식 풀에 없음</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="835"/>
        <location filename="../../app/pagedpage.cpp" line="865"/>
        <source>step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="189"/>
        <source>Prefix caching</source>
        <translation>프리픽스 캐싱</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="208"/>
        <source>Shared prompts 4 × 200</source>
        <translation>공유 프롬프트 4 × 200</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="224"/>
        <source> × pool</source>
        <translation> × 풀</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="225"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="240"/>
        <source>parallel samples</source>
        <translation>병렬 샘플</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="241"/>
        <source>beam search</source>
        <translation>빔 서치</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="252"/>
        <source>Open trace…</source>
        <translation>트레이스 열기…</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="253"/>
        <source>Stop the whole-run simulation</source>
        <translation>전체 실행 시뮬레이션 중지</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="293"/>
        <source>ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets&apos; mean lengths (ShareGPT 161 prompt + 338 output tokens, Alpaca 19 + 58). The paper&apos;s figure: one request reserves 2,048 slots and stops after 10 tokens; it brings its own pool. Shared prompts: a ShareGPT-like question behind one of 4 system prompts of 200 tokens, for prefix caching.</source>
        <translation>ShareGPT·Alpaca 유사 트레이스는 합성한 것입니다: 길이는 각 데이터셋의 평균 길이(ShareGPT 프롬프트 161 + 출력 338 토큰, Alpaca 19 + 58)에 맞춘 로그 정규 분포를 따릅니다. 논문 그림: 요청 하나가 슬롯 2,048개를 예약하고 10 토큰 뒤에 끝나며, 이 워크로드는 자체 풀 크기를 씁니다. 공유 프롬프트: 200 토큰짜리 시스템 프롬프트 4개 중 하나 뒤에 ShareGPT 유사 질문이 붙는 워크로드로, 프리픽스 캐싱을 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="340"/>
        <source>KV offloading (SGLang&apos;s HiCache, vLLM&apos;s CPU offloading, LMCache): a cached prefix block the pool evicts is copied to host memory, least recently used going first when the tier is full. A later request whose prefix is not in the pool loads those blocks back over PCIe instead of computing them. Its size is a multiple of the pool, as SGLang&apos;s --hicache-ratio sets it (default 2). Needs prefix caching. The blocks it holds are off the GPU: the line above the maps counts them.</source>
        <translation>KV 오프로딩 (SGLang의 HiCache, vLLM의 CPU 오프로딩, LMCache): 풀이 내보낸 캐시된 프리픽스 블록을 호스트 메모리로 복사하고, 계층이 가득 차면 가장 오래전에 쓰인 블록부터 내보냅니다. 이후 요청 중 프리픽스가 풀에 없는 요청은 그 블록을 재계산하지 않고 PCIe로 다시 읽습니다. 크기는 SGLang의 --hicache-ratio처럼 풀의 배수로 정합니다 (기본값 2). 프리픽스 캐싱이 필요합니다. 이 계층의 블록은 GPU 밖에 있으므로 맵 위의 줄에서 셉니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="435"/>
        <source>Every square is one token slot; each request has its own colour (blues, greens, purples, yellows). Solid: stored tokens. Pale with dots: reserved for tokens still to come. Grey, hatched: never used (internal fragmentation). Vermillion, cross-hatched: free but too small for the next request (external fragmentation). Hover a request to see its blocks.</source>
        <translation>칸 하나가 토큰 슬롯 하나이고, 요청마다 고유한 색(파랑, 초록, 보라, 노랑 계열)이 있습니다. 진한 색: 저장된 토큰. 옅은 색과 점: 앞으로 올 토큰을 위한 예약 공간. 회색 빗금: 끝내 쓰이지 않는 공간 (내부 단편화). 주홍색 교차 빗금: 비어 있지만 다음 요청이 들어가기에는 작은 공간 (외부 단편화). 요청 위에 마우스를 올리면 해당 요청의 블록이 표시됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="442"/>
        <source>Paging stores exactly the same K and V: every token still takes 2 × layers × KV heads × head_dim × bytes, so the cache&apos;s mathematical size is unchanged; only the waste around it goes.</source>
        <translation>페이지 방식도 똑같은 K와 V를 저장합니다: 토큰마다 여전히 2 × 레이어 × KV 헤드 × head_dim × 바이트를 차지하므로 캐시의 수학적 크기는 그대로이고, 그 주변의 낭비만 사라집니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="448"/>
        <source>What paging changes and what it does not</source>
        <translation>페이지 방식이 바꾸는 것과 바꾸지 않는 것</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="449"/>
        <source>KV bytes = 2 × layers × batch × tokens × KV heads × head_dim × bytes per element, with or without paging; paging only removes the reserved, internal and external waste around those bytes.</source>
        <translation>KV 바이트 = 2 × 레이어 × 배치 × 토큰 × KV 헤드 × head_dim × 원소당 바이트는 페이지 방식이든 아니든 같습니다. 페이지 방식은 그 바이트 주변의 낭비(예약 공간, 내부 단편화, 외부 단편화)만 없앱니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="456"/>
        <source>What the squares of the two maps mean</source>
        <translation>두 맵의 칸이 뜻하는 것</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="457"/>
        <source>Stored tokens are solid in their request&apos;s colour; reserved slots pale with dots; internal fragmentation grey with \ hatching; external fragmentation vermillion cross-hatching; free slots plain.</source>
        <translation>저장된 토큰은 요청의 색으로 진하게, 예약 공간은 옅은 색과 점으로, 내부 단편화는 회색 \ 빗금으로, 외부 단편화는 주홍색 교차 빗금으로, 빈 슬롯은 무늬 없이 표시됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="465"/>
        <source>tokens stored</source>
        <translation>저장된 토큰</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="466"/>
        <source>reserved (tokens to come)</source>
        <translation>예약 공간 (앞으로 올 토큰)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="467"/>
        <source>internal fragmentation (never used)</source>
        <translation>내부 단편화 (끝내 쓰이지 않음)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="468"/>
        <source>external fragmentation (hole too small)</source>
        <translation>외부 단편화 (너무 작은 빈 구간)</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="497"/>
        <location filename="../../app/pagedpage.cpp" line="505"/>
        <source>Contiguous pool</source>
        <translation>연속 할당 풀</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="498"/>
        <location filename="../../app/pagedpage.cpp" line="506"/>
        <source>Paged pool</source>
        <translation>페이지 방식 풀</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="508"/>
        <source>Each band is one kind&apos;s share of the pool, step by step: share = slots of that kind ÷ pool slots; the five bands add up to 100%. The vertical line is the current step.</source>
        <translation>띠 하나는 한 종류가 풀에서 차지하는 비율을 스텝별로 나타냅니다: 비율 = 그 종류의 슬롯 수 ÷ 풀 슬롯 수이며, 다섯 띠를 합하면 100%입니다. 세로선은 현재 스텝입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="511"/>
        <source>Where the contiguous server&apos;s pool goes, step by step</source>
        <translation>연속 할당 서버: 스텝별 풀 사용 내역</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="512"/>
        <source>Where the paged server&apos;s pool goes, step by step</source>
        <translation>페이지 방식 서버: 스텝별 풀 사용 내역</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="513"/>
        <source>Running requests per step (the batch) on each server</source>
        <translation>서버별 스텝당 실행 중인 요청 수 (배치)</translation>
    </message>
    <message>
        <source>Paging admits a request as soon as its first blocks are free, so more requests run at once. Mean batch = sum of running requests over the steps ÷ steps (dashed lines).</source>
        <translation type="vanished">페이지 방식은 첫 블록이 비는 즉시 요청을 받아들이므로 더 많은 요청이 동시에 실행됩니다. 평균 배치 = 모든 스텝의 실행 중인 요청 수의 합 ÷ 스텝 수 (파선).</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="130"/>
        <source>tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="132"/>
        <source>reserved</source>
        <translation>예약 공간</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="134"/>
        <source>internal</source>
        <translation>내부 단편화</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="136"/>
        <source>external</source>
        <translation>외부 단편화</translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="141"/>
        <location filename="../../app/pagedpage.cpp" line="470"/>
        <source>free</source>
        <translation>빈 공간</translation>
    </message>
</context>
<context>
    <name>PerGpuPage</name>
    <message>
        <location filename="../../app/pergpupage.cpp" line="32"/>
        <source>%1-%2</source>
        <translation>%1-%2</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="53"/>
        <source>&amp;Expert parallelism</source>
        <translation>전문가 병렬(&amp;E)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="68"/>
        <source>Pipeline stages: the layers split into this many groups of the panel&apos;s tensor-parallel GPUs</source>
        <translation>파이프라인 단계 수: 레이어를 이만큼의 묶음으로 나누고, 묶음마다 패널의 텐서 병렬 GPU를 씀</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="69"/>
        <source>vLLM&apos;s split: the layers divided evenly, the remainder one apiece to the stages before the last, from the second-to-last back. The first stage holds the token embedding, the last the final norm and the LM head (a copy of a tied embedding).</source>
        <translation>vLLM의 분할: 레이어를 고르게 나누고, 남는 레이어는 마지막 바로 앞 단계부터 거꾸로 하나씩 줍니다. 첫 단계는 토큰 임베딩을, 마지막 단계는 최종 정규화와 LM 헤드(임베딩을 공유하는 모델이면 그 복사본)를 둡니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="72"/>
        <source>Attention in this many data-parallel groups of the tensor-parallel GPUs</source>
        <translation>텐서 병렬 GPU를 이만큼의 어텐션 데이터 병렬 그룹으로 나눔</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="73"/>
        <source>SGLang&apos;s data-parallel attention (vLLM: data parallelism with tensor parallelism inside each rank): each group keeps whole attention weights for its GPUs and only its own sequences&apos; cache. For MLA, whose latent every GPU of a group keeps whole, this divides the cache instead of copying it.</source>
        <translation>SGLang의 데이터 병렬 어텐션(vLLM에서는 랭크마다 텐서 병렬을 둔 데이터 병렬): 그룹마다 어텐션 가중치를 그룹의 GPU에 나눠 두고, 자기 시퀀스의 캐시만 둡니다. 그룹의 모든 GPU가 잠재 벡터를 통째로 두는 MLA에서는 이렇게 하면 캐시를 복제하지 않고 나누게 됩니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="76"/>
        <source>MoE: whole routed experts on each GPU instead of a slice of every expert</source>
        <translation>MoE: 모든 전문가를 조금씩 나누지 않고 GPU마다 라우팅 전문가를 통째로 둠</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="77"/>
        <source>Expert parallelism: each GPU of a stage holds whole experts, the experts divided among the GPUs (the first ones one more when they do not divide evenly); attention, dense MLPs and shared experts split as before.</source>
        <translation>전문가 병렬: 단계의 GPU마다 전문가를 통째로 두고, 전문가를 GPU들에 나눕니다(고르게 나뉘지 않으면 앞쪽 GPU가 하나씩 더 가짐). 어텐션, 밀집 MLP, 공유 전문가는 전과 같이 나눕니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="81"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="81"/>
        <source>Stage</source>
        <translation>단계</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="81"/>
        <source>Layers</source>
        <translation>레이어</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="81"/>
        <source>Sequences</source>
        <translation>시퀀스</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="81"/>
        <source>Weights</source>
        <translation>가중치</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="82"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="82"/>
        <source>Total</source>
        <translation>합계</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="82"/>
        <source>Headroom</source>
        <translation>여유</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="82"/>
        <source>Holds</source>
        <translation>보유</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="90"/>
        <source>Each GPU&apos;s memory</source>
        <translation>GPU별 메모리</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="91"/>
        <source>Each GPU&apos;s layers, sequences and memory</source>
        <translation>GPU별 레이어, 시퀀스, 메모리</translation>
    </message>
    <message>
        <source>Weights: the GPU&apos;s share of the scenario&apos;s weight bytes, by the parameters it holds. KV cache: its layers&apos; K and V for its group&apos;s sequences. Total adds the per-sequence state and the activation and CUDA context estimates, the same on every GPU.</source>
        <translation type="vanished">가중치: 시나리오의 가중치 바이트 중 이 GPU가 가진 파라미터만큼의 몫. KV 캐시: 이 GPU의 레이어가 그룹의 시퀀스에 대해 두는 K와 V. 합계에는 시퀀스별 상태와, 모든 GPU에 같은 활성화 값과 CUDA 컨텍스트 추정치를 더합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="96"/>
        <source>Memory per GPU against the budget</source>
        <translation>한도에 대한 GPU별 메모리</translation>
    </message>
    <message>
        <source>&amp;Pipeline stages</source>
        <translation type="vanished">파이프라인 단계(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Attention groups</source>
        <translation type="vanished">어텐션 그룹(&amp;A)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="101"/>
        <source>Pipeline &amp;stages</source>
        <translation>파이프라인 단계(&amp;S)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="102"/>
        <source>Attention &amp;groups</source>
        <translation>어텐션 그룹(&amp;G)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="195"/>
        <source>1 (all GPUs together)</source>
        <translation>1 (모든 GPU가 함께)</translation>
    </message>
    <message>
        <source>%1 of %2 GPUs</source>
        <translation type="vanished">%1개 × GPU %2장</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="92"/>
        <source>Weights: the GPU&apos;s share of the scenario&apos;s weight bytes, by the parameters it holds. KV cache: its layers&apos; K and V for its group&apos;s sequences. Total adds the per-sequence state and the activation and runtime estimates (the CUDA context, and NCCL&apos;s buffers when there is more than one GPU), the same on every GPU.</source>
        <translation>가중치: 시나리오의 가중치 바이트 중 이 GPU가 가진 파라미터만큼의 몫. KV 캐시: 이 GPU의 레이어가 그룹의 시퀀스에 대해 두는 K와 V. 합계에는 시퀀스별 상태와, 모든 GPU에 같은 활성화 값과 런타임 추정치(CUDA 컨텍스트, GPU가 두 장 이상이면 NCCL 버퍼까지)를 더합니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="196"/>
        <source>%1 groups of %2 GPU(s)</source>
        <translation>GPU %2장씩 %1개 그룹</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="204"/>
        <source>%1 keeps a per-sequence state: splitting it across stages or attention groups is not modelled yet</source>
        <translation>%1은(는) 시퀀스별 상태를 둡니다. 이를 단계나 어텐션 그룹에 나누는 것은 아직 모델링하지 않았습니다</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="209"/>
        <source>Expert parallelism needs an expert for every GPU of a stage</source>
        <translation>전문가 병렬에는 단계의 GPU마다 전문가가 하나 이상 있어야 합니다</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="210"/>
        <source>A dense model has no routed experts to place</source>
        <translation>밀집 모델에는 나눠 둘 라우팅 전문가가 없습니다</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="229"/>
        <source>This split cannot be made: %1</source>
        <translation>이렇게는 나눌 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="256"/>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="258"/>
        <source> (first out)</source>
        <translation> (먼저 부족)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="258"/>
        <source>!</source>
        <translation>!</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="258"/>
        <source> (least room)</source>
        <translation> (여유 최소)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="262"/>
        <source>%1 on %2 GPUs: a bar per GPU</source>
        <translation>%1, GPU %2장: GPU마다 막대 하나</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="267"/>
        <source>budget %1 (%2% of the card)</source>
        <translation>한도 %1 (카드의 %2%)</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="268"/>
        <source>card %1</source>
        <translation>카드 %1</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="275"/>
        <source>%1 GPUs: %2 pipeline stage(s) of %3 tensor-parallel GPU(s); layers per stage: %4.</source>
        <translation>GPU %1장: 텐서 병렬 GPU %3장씩 파이프라인 단계 %2개이고, 단계별 레이어는 %4개입니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="279"/>
        <location filename="../../app/pergpupage.cpp" line="288"/>
        <location filename="../../app/pergpupage.cpp" line="356"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="285"/>
        <source>Attention in %1 groups of %2 GPU(s), each with its own sequences: %3.</source>
        <translation>어텐션은 GPU %2장씩 %1개 그룹에서 돌고, 그룹마다 자기 시퀀스를 맡습니다: %3.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="292"/>
        <source>Expert parallelism: %1 whole routed experts on each GPU of a stage.</source>
        <translation>전문가 병렬: 단계의 GPU마다 라우팅 전문가 %1개를 통째로 둡니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="293"/>
        <source>Expert parallelism: %1 or %2 whole routed experts on a GPU: the experts do not divide evenly, and the GPUs with more run out first.</source>
        <translation>전문가 병렬: GPU마다 라우팅 전문가가 %1개 또는 %2개입니다. 전문가가 고르게 나뉘지 않아 더 많이 가진 GPU가 먼저 부족해집니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="299"/>
        <source>MLA&apos;s latent is whole on each of the %1 GPUs of an attention group: the group holds its cache %1 times.</source>
        <translation>MLA의 잠재 벡터는 어텐션 그룹의 GPU %1장마다 통째로 있습니다: 그룹이 캐시를 %1번 둡니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="302"/>
        <source>More GPUs than KV heads in a group: each KV head is kept on %1 GPUs, the cache held %1 times.</source>
        <translation>그룹의 GPU가 KV 헤드보다 많습니다: KV 헤드마다 GPU %1장에 두므로 캐시를 %1번 둡니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="309"/>
        <source>Every GPU holds the same: %1 of the %2 budget, %3 to spare.</source>
        <translation>모든 GPU가 같은 양을 가집니다: 한도 %2 중 %1, 여유 %3.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="310"/>
        <source>Every GPU holds the same: %1 against the %2 budget, short by %3.</source>
        <translation>모든 GPU가 같은 양을 가집니다: 한도 %2에 %1, %3 부족.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="313"/>
        <source>Least room: GPU %1 (stage %2), %3 of the %4 budget, %5 to spare.</source>
        <translation>여유가 가장 적은 GPU는 GPU %1 (단계 %2)입니다: 한도 %4 중 %3, 여유 %5.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="314"/>
        <source>First to run out: GPU %1 (stage %2), %3 against the %4 budget, short by %5.</source>
        <translation>가장 먼저 부족한 GPU는 GPU %1 (단계 %2)입니다: 한도 %4에 %3, %5 부족.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="319"/>
        <source>Weights: each GPU&apos;s share of the parameters it holds. Activations and the CUDA context are the one-GPU estimates on every GPU, the sampled logits on the last stage only. Every GPU also holds NCCL&apos;s buffers, %1: an estimate, the step vLLM measured from one H100 to two (its log&apos;s non-torch memory, 1.79 to 3.58 GiB); the Explain log page shows your server&apos;s own figure.</source>
        <translation>가중치는 GPU마다 가진 파라미터만큼의 몫입니다. 활성화 값과 CUDA 컨텍스트는 모든 GPU에 GPU 한 장의 추정치를 쓰고, 샘플링한 로짓은 마지막 단계에만 넣습니다. 모든 GPU는 NCCL 버퍼 %1도 둡니다. 이는 vLLM이 H100 한 장에서 두 장으로 늘릴 때 잰 증가분(vLLM 로그의 non-torch 메모리 1.79 → 3.58 GiB)으로 만든 추정치이며, 여러분 서버의 실제 값은 로그 해설 페이지에서 볼 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="325"/>
        <source>Weights: each GPU&apos;s share of the parameters it holds. Activations and the CUDA context are the one-GPU estimates, the sampled logits included.</source>
        <translation>가중치는 GPU마다 가진 파라미터만큼의 몫입니다. 활성화 값과 CUDA 컨텍스트는 GPU 한 장의 추정치이며, 샘플링한 로짓도 들어 있습니다.</translation>
    </message>
    <message>
        <source>Weights: each GPU&apos;s share of the parameters it holds. Activations and the CUDA context are the one-GPU estimates on every GPU, the sampled logits on the last stage only; NCCL&apos;s buffers, which grow with the GPUs, are not in them.</source>
        <translation type="vanished">가중치는 GPU마다 가진 파라미터만큼의 몫입니다. 활성화 값과 CUDA 컨텍스트는 모든 GPU에 GPU 한 장의 추정치를 쓰고, 샘플링한 로짓은 마지막 단계에만 넣습니다. GPU 수에 따라 커지는 NCCL 버퍼는 들어 있지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="328"/>
        <source>Speculative decoding&apos;s draft and lookahead slots are not in these bars; the Memory page sizes them: %1.</source>
        <translation>추측 디코딩의 드래프트와 룩어헤드 슬롯은 이 막대에 없습니다. 메모리 페이지에서 계산합니다: %1.</translation>
    </message>
    <message>
        <source>Weights: each GPU&apos;s share of the parameters it holds. Activations and the CUDA context are the one-GPU estimates on every GPU; NCCL&apos;s buffers, which grow with the GPUs, are not in them.</source>
        <translation type="vanished">가중치는 GPU마다 가진 파라미터만큼의 몫입니다. 활성화 값과 CUDA 컨텍스트는 모든 GPU에 GPU 한 장의 추정치를 씁니다. GPU 수에 따라 커지는 NCCL 버퍼는 들어 있지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="338"/>
        <source>embedding</source>
        <translation>임베딩</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="340"/>
        <source>LM head</source>
        <translation>LM 헤드</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/pergpupage.cpp" line="342"/>
        <source>%n expert(s)</source>
        <translation>
            <numerusform>전문가 %n개</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="344"/>
        <source>KV ×%1</source>
        <translation>KV ×%1</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="346"/>
        <source>least room</source>
        <translation>여유 가장 적음</translation>
    </message>
    <message>
        <location filename="../../app/pergpupage.cpp" line="346"/>
        <source>runs out first</source>
        <translation>가장 먼저 부족</translation>
    </message>
</context>
<context>
    <name>RooflinePage</name>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="67"/>
        <source>Quick (about a minute on a 2-core CPU)</source>
        <translation>빠르게 (2코어 CPU에서 약 1분)</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="68"/>
        <source>Measure this machine</source>
        <translation>이 컴퓨터 측정</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="69"/>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="86"/>
        <source>Roofline chart</source>
        <translation>루프라인 차트</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="101"/>
        <source>Measured FLOP/s against FLOPs per byte, both on log scales; hover a point for its reading</source>
        <translation>바이트당 FLOP에 대한 측정 FLOP/s, 두 축 모두 로그 눈금. 점에 마우스를 올리면 해석이 나옵니다</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="102"/>
        <source>A step can go no faster than the lower of two roofs: memory bandwidth x arithmetic intensity (the slanted line) and the peak FLOP/s (the flat line). They meet at the ridge point. A decode step reads every weight for one token per sequence: about one FLOP per byte at batch 1, far left of the ridge, so it is memory-bound. A larger batch reuses each weight for more tokens and moves right; a longer context adds cache bytes and pulls it back. A prefill multiplies every weight by many tokens at once and lands on the compute side.</source>
        <translation>스텝은 두 한계선 중 낮은 쪽보다 빠를 수 없습니다: 메모리 대역폭 x 연산 강도(기울어진 선)와 최대 FLOP/s(평평한 선). 두 선은 리지 포인트에서 만납니다. 디코드 스텝은 시퀀스마다 토큰 하나를 위해 모든 가중치를 읽습니다. 배치 1에서는 바이트당 약 1 FLOP으로 리지 포인트보다 훨씬 왼쪽에 있어 메모리 바운드입니다. 배치가 커지면 가중치 하나를 더 많은 토큰에 다시 쓰므로 오른쪽으로 이동하고, 컨텍스트 길이가 길어지면 캐시 바이트가 늘어 다시 왼쪽으로 당겨집니다. 프리필은 모든 가중치를 많은 토큰에 한꺼번에 곱하므로 연산 쪽에 놓입니다.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="108"/>
        <source>Every measured step: bytes and FLOPs from core&apos;s formulas, the time measured</source>
        <translation>측정한 모든 스텝: 바이트와 FLOP은 core의 공식, 시간은 측정값</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="109"/>
        <source>Intensity = FLOPs / bytes. Achieved = FLOPs (or bytes) / measured time. Share of the roof = the fastest time the roofs allow / the measured time.</source>
        <translation>연산 강도 = FLOP / 바이트. 달성값 = FLOP(또는 바이트) / 측정 시간. 한계선 대비 = 한계선이 허용하는 가장 빠른 시간 / 측정 시간.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="111"/>
        <source>Contexts 64 and 256 and a 40-second budget; off: contexts up to 1,024 and four minutes</source>
        <translation>컨텍스트 길이 64와 256, 40초 예산. 끄면 컨텍스트 길이 1,024까지, 4분</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="112"/>
        <source>The largest runs are skipped when they would pass the budget; the page lists them.</source>
        <translation>예산을 넘을 실행은 가장 큰 것부터 건너뛰고, 페이지에 그 목록을 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="115"/>
        <source>Roofline of this machine</source>
        <translation>이 컴퓨터의 루프라인</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="118"/>
        <source>arithmetic intensity (FLOP/byte, log scale)</source>
        <translation>연산 강도 (FLOP/바이트, 로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="121"/>
        <source>GFLOP/s (log scale)</source>
        <translation>GFLOP/s (로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="129"/>
        <source>bandwidth roof</source>
        <translation>대역폭 한계선</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="130"/>
        <source>compute roof</source>
        <translation>연산 한계선</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="131"/>
        <source>ridge point</source>
        <translation>리지 포인트</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="132"/>
        <location filename="../../app/rooflinepage.cpp" line="439"/>
        <source>prefill</source>
        <translation>프리필</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="174"/>
        <source>%1 ms measured, %2 achieved, %3 moved per second</source>
        <translation>측정 %1 ms, 달성 %2, 초당 이동 %3</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="186"/>
        <source>Ridge point: %1 FLOP/byte. Left of it a step is memory-bound, right of it compute-bound.</source>
        <translation>리지 포인트: %1 FLOP/바이트. 이보다 왼쪽의 스텝은 메모리 바운드, 오른쪽은 연산 바운드입니다.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="195"/>
        <source>Step</source>
        <translation>스텝</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="195"/>
        <source>Batch</source>
        <translation>배치</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="195"/>
        <source>Context</source>
        <translation>컨텍스트 길이</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="195"/>
        <source>FLOP/byte</source>
        <translation>FLOP/바이트</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="195"/>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="196"/>
        <source>GFLOP/s</source>
        <translation>GFLOP/s</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="196"/>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="196"/>
        <source>Of the roof</source>
        <translation>한계선 대비</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="196"/>
        <source>Bound</source>
        <translation>병목</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="218"/>
        <source>Reading</source>
        <translation>해석</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="87"/>
        <location filename="../../app/rooflinepage.cpp" line="221"/>
        <source>Measured steps</source>
        <translation>측정한 스텝</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="228"/>
        <location filename="../../app/rooflinepage.cpp" line="340"/>
        <source>Measured on the GPU: %1</source>
        <translation>GPU에서 측정: %1</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="229"/>
        <source>Measured on the CPU: %1. No GPU: %2.</source>
        <translation>CPU에서 측정: %1. GPU 없음: %2.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="231"/>
        <source>Not measured yet: press Measure this machine.</source>
        <translation>아직 측정하지 않음: &apos;이 컴퓨터 측정&apos;을 누르세요.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="232"/>
        <source>The reading of every step appears here after a measurement.</source>
        <translation>측정이 끝나면 모든 스텝의 해석이 여기에 나옵니다.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="240"/>
        <source>Measuring: %1</source>
        <translation>측정 중: %1</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="245"/>
        <source>The measurement failed: %1</source>
        <translation>측정 실패: %1</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="291"/>
        <source>Measuring: the memory bandwidth first</source>
        <translation>측정 중: 먼저 메모리 대역폭</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="298"/>
        <source>Stopping after the current step...</source>
        <translation>현재 스텝이 끝나면 중지합니다...</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="323"/>
        <source>Prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound</source>
        <translation>프리필, 배치 %1, 토큰 %2개: %3 FLOP/바이트, 대역폭 한계선의 %4%: 메모리 바운드</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="324"/>
        <source>Prefill, batch %1, %2 tokens: %3 FLOP/byte, %4% of the compute roof: compute-bound</source>
        <translation>프리필, 배치 %1, 토큰 %2개: %3 FLOP/바이트, 연산 한계선의 %4%: 연산 바운드</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="328"/>
        <source>Batch %1, context %2: %3 FLOP/byte, %4% of the bandwidth roof: memory-bound</source>
        <translation>배치 %1, 컨텍스트 %2: %3 FLOP/바이트, 대역폭 한계선의 %4%: 메모리 바운드</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="329"/>
        <source>Batch %1, context %2: %3 FLOP/byte, %4% of the compute roof: compute-bound</source>
        <translation>배치 %1, 컨텍스트 %2: %3 FLOP/바이트, 연산 한계선의 %4%: 연산 바운드</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="341"/>
        <source>Measured on the CPU (%1 threads): %2. %3</source>
        <translation>CPU에서 측정 (스레드 %1개): %2. %3</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="346"/>
        <source>No GPU was used: %1.</source>
        <translation>GPU를 쓰지 않음: %1.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="349"/>
        <source>Memory roof %1 (device-to-device copy); compute roof %2 (cuBLAS %3 GEMM; BF16: %4); ridge point %5 FLOP/byte.</source>
        <translation>메모리 한계선 %1 (장치 내 복사), 연산 한계선 %2 (cuBLAS %3 GEMM, BF16: %4), 리지 포인트 %5 FLOP/바이트.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="354"/>
        <source>Memory roof %1 (read-only sum; STREAM triad %2); compute roof %3 (OpenBLAS SGEMM); ridge point %4 FLOP/byte.</source>
        <translation>메모리 한계선 %1 (읽기 전용 합계, STREAM triad %2), 연산 한계선 %3 (OpenBLAS SGEMM), 리지 포인트 %4 FLOP/바이트.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="358"/>
        <source>Steps measured: %1, in %2 s.</source>
        <translation>측정한 스텝: %1개, %2초 동안.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="360"/>
        <source>Skipped (time budget or memory): %1.</source>
        <translation>건너뜀 (시간 예산 또는 메모리): %1개.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="362"/>
        <source>Stopped before the end.</source>
        <translation>끝나기 전에 중지됨.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="367"/>
        <source>No step was measured.</source>
        <translation>측정한 스텝이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="414"/>
        <source>decode, context %1</source>
        <translation>디코드, 컨텍스트 %1</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="425"/>
        <source>Roofline of this machine (GPU)</source>
        <translation>이 컴퓨터의 루프라인 (GPU)</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="426"/>
        <source>Roofline of this machine (CPU)</source>
        <translation>이 컴퓨터의 루프라인 (CPU)</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="439"/>
        <source>decode</source>
        <translation>디코드</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="447"/>
        <source>memory-bound</source>
        <translation>메모리 바운드</translation>
    </message>
    <message>
        <location filename="../../app/rooflinepage.cpp" line="447"/>
        <source>compute-bound</source>
        <translation>연산 바운드</translation>
    </message>
</context>
<context>
    <name>ScalingPage</name>
    <message>
        <location filename="../../app/scalingpage.cpp" line="54"/>
        <source>Log scale</source>
        <translation>로그 스케일</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="64"/>
        <source>Memory per GPU against context</source>
        <translation>컨텍스트 길이에 따른 GPU당 메모리</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="65"/>
        <source>Memory per GPU against context, one line per batch, with the budget</source>
        <translation>컨텍스트 길이에 따른 GPU당 메모리 (배치마다 선 하나, 한도 포함)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="66"/>
        <source>The KV cache grows linearly with the context and with the batch: each line is straight on linear axes, and x4 context is x4 cache. Where a line crosses the dashed budget, that batch stops fitting.</source>
        <translation>KV 캐시는 컨텍스트 길이와 배치에 비례해 커집니다: 선형 축에서는 선이 모두 직선이고, 컨텍스트 길이가 4배면 캐시도 4배입니다. 선이 파선으로 된 한도를 넘는 지점부터 그 배치는 한도 초과입니다.</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="69"/>
        <source>Which context x batch pairs fit the budget: ✓ fits, ✗ over budget</source>
        <translation>한도 안에 들어가는 컨텍스트 길이 x 배치 조합: ✓ 적재 가능, ✗ 한도 초과</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="70"/>
        <source>Every cell is one scenario at that context and batch: weights + KV + estimates against the budget. The outlined cell is the current scenario. Hover a cell for its total.</source>
        <translation>칸 하나가 해당 컨텍스트 길이와 배치의 시나리오 하나이며, 가중치 + KV + 추정값을 한도와 비교합니다. 테두리가 있는 칸이 현재 시나리오입니다. 칸 위에 마우스를 올리면 합계가 보입니다.</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="72"/>
        <source>Draw the KV cache alone, or everything against the budget</source>
        <translation>KV 캐시만 그리거나, 전체를 한도와 비교해 그리기</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="73"/>
        <source>A log scale shows small and large totals on one chart</source>
        <translation>로그 스케일을 쓰면 작은 합계와 큰 합계를 한 차트에서 볼 수 있습니다</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="76"/>
        <source>KV cache only</source>
        <translation>KV 캐시만</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="77"/>
        <source>Total (weights + KV + estimates)</source>
        <translation>합계 (가중치 + KV + 추정값)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="82"/>
        <source>context (tokens per sequence, log scale)</source>
        <translation>컨텍스트 길이 (시퀀스당 토큰, 로그 스케일)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="83"/>
        <location filename="../../app/scalingpage.cpp" line="157"/>
        <source>%1 per GPU</source>
        <translation>GPU당 %1</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="86"/>
        <location filename="../../app/scalingpage.cpp" line="158"/>
        <source>%1 per GPU (log scale)</source>
        <translation>GPU당 %1 (로그 스케일)</translation>
    </message>
    <message>
        <source>GiB per GPU</source>
        <translation type="vanished">GPU당 GiB</translation>
    </message>
    <message>
        <source>GiB per GPU (log scale)</source>
        <translation type="vanished">GPU당 GiB (로그 스케일)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="105"/>
        <source>Show</source>
        <translation>표시</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="110"/>
        <source>Fit map: which context and batch fit the budget</source>
        <translation>적재 가능 맵: 한도 안에 들어가는 컨텍스트 길이와 배치</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="198"/>
        <source>batch %1: %2 at %3 tokens</source>
        <translation>배치 %1: %3 토큰에서 %2</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="217"/>
        <source>%1: %2 against context&lt;br&gt;(%3 weights, %4 cache)</source>
        <translation>%1: 컨텍스트 길이에 따른 %2&lt;br&gt;(가중치 %3, 캐시 %4)</translation>
    </message>
    <message>
        <source>Fit map: which context x batch pairs fit the budget (current scenario outlined)</source>
        <translation type="vanished">적재 가능 맵: 한도 안에 들어가는 컨텍스트 길이 x 배치 조합 (현재 시나리오는 테두리로 표시)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="184"/>
        <source>batch %1%2</source>
        <translation>배치 %1%2</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="184"/>
        <source> (now)</source>
        <translation> (현재)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="203"/>
        <location filename="../../app/scalingpage.cpp" line="209"/>
        <source>Budget %1</source>
        <translation>한도 %1</translation>
    </message>
    <message>
        <source>%1: %2 against context (%3 weights, %4 cache)</source>
        <translation type="vanished">%1: 컨텍스트 길이에 따른 %2 (가중치 %3, 캐시 %4)</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="218"/>
        <source>total memory</source>
        <translation>전체 메모리</translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="218"/>
        <source>KV cache</source>
        <translation>KV 캐시</translation>
    </message>
</context>
<context>
    <name>ScenarioController</name>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="61"/>
        <source>The context must be at least 1 token.</source>
        <translation>컨텍스트 길이는 토큰 1개 이상이어야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="63"/>
        <source>The batch must be at least 1 sequence.</source>
        <translation>배치는 시퀀스 1개 이상이어야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="64"/>
        <source>The tensor-parallel degree must be at least 1.</source>
        <translation>텐서 병렬 GPU 수는 1 이상이어야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="66"/>
        <source>The card&apos;s memory must be greater than 0.</source>
        <translation>GPU 메모리는 0보다 커야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="68"/>
        <source>The memory utilization must be above 0 and at most 1 (it was %1).</source>
        <translation>GPU 메모리 사용률은 0보다 크고 1 이하여야 합니다 (입력값: %1).</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="70"/>
        <source>%1 GPUs cannot split the model&apos;s %2 query heads evenly: choose a tensor-parallel degree that divides %2.</source>
        <translation>GPU %1개로는 이 모델의 쿼리 헤드 %2개를 고르게 나눌 수 없습니다: %2의 약수인 텐서 병렬 GPU 수를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="74"/>
        <source>%1 GPUs cannot split the model&apos;s %2 KV heads evenly: choose a tensor-parallel degree that divides %2.</source>
        <translation>GPU %1개로는 이 모델의 KV 헤드 %2개를 고르게 나눌 수 없습니다: %2의 약수인 텐서 병렬 GPU 수를 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="78"/>
        <source>With more GPUs than KV heads each head is copied to several GPUs, so the %1 GPUs must be a multiple of the model&apos;s %2 KV heads.</source>
        <translation>GPU가 KV 헤드보다 많으면 각 헤드를 여러 GPU에 복제하므로, GPU 수(%1)는 이 모델의 KV 헤드 수(%2)의 배수여야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/scenariocontroller.cpp" line="82"/>
        <source>KV Scope does not know this model&apos;s EAGLE head (it knows the one vLLM builds for a dense transformer): choose a draft model or n-gram lookup, or turn speculative decoding off.</source>
        <translation>KV Scope는 이 모델의 EAGLE 헤드를 알지 못합니다 (vLLM이 dense 트랜스포머용으로 만드는 헤드만 압니다): 드래프트 모델이나 n-gram 조회를 고르거나 추측 디코딩을 끄세요.</translation>
    </message>
</context>
<context>
    <name>ServingPage</name>
    <message>
        <source>%1 ms</source>
        <translation type="vanished">%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="vanished">%1초</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="98"/>
        <location filename="../../app/servingpage.cpp" line="277"/>
        <source>Stop</source>
        <translation>중지</translation>
    </message>
    <message>
        <source>ShareGPT-like (mean prompt 161, output 338 tokens)</source>
        <translation type="vanished">ShareGPT 유사 (평균 프롬프트 161, 출력 338 토큰)</translation>
    </message>
    <message>
        <source>Alpaca-like (mean prompt 19, output 58 tokens)</source>
        <translation type="vanished">Alpaca 유사 (평균 프롬프트 19, 출력 58 토큰)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="147"/>
        <source> /s</source>
        <translation> /초</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="151"/>
        <source> s</source>
        <translation> 초</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="155"/>
        <location filename="../../app/servingpage.cpp" line="159"/>
        <source> ms</source>
        <translation> ms</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="160"/>
        <source>The requests every allocator replays</source>
        <translation>모든 할당 방식이 재생하는 요청</translation>
    </message>
    <message>
        <source>Synthetic traces whose mean lengths match the published datasets, with a long tail; they are not the datasets.</source>
        <translation type="vanished">평균 길이를 공개 데이터셋에 맞추고 긴 꼬리를 둔 합성 트레이스이며, 데이터셋 자체는 아닙니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="164"/>
        <source>How many requests each replay serves</source>
        <translation>재생 한 번에 처리하는 요청 수</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="165"/>
        <source>More requests give steadier percentiles and take longer; every allocator replays the same ones.</source>
        <translation>요청이 많을수록 백분위수가 안정되지만 오래 걸립니다. 모든 할당 방식이 같은 요청을 재생합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="166"/>
        <source>Requests per second arriving, at random (a Poisson process)</source>
        <translation>초당 무작위로 도착하는 요청 수 (포아송 과정)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="167"/>
        <source>The table&apos;s figures are at this rate. The charts sweep the rate from low load to past the point where each allocator stops keeping up.</source>
        <translation>표의 수치는 이 요청률에서 구한 값입니다. 차트는 낮은 부하에서 각 할당 방식이 감당하지 못하게 되는 지점 너머까지 요청률을 바꿔 가며 보여 줍니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="169"/>
        <source>The 90th-percentile time to first token a service promises</source>
        <translation>서비스가 약속하는 첫 토큰까지의 시간의 90번째 백분위수</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="170"/>
        <source>A latency target (SLO): 90% of the requests must see their first token within this time. With the TPOT target it sets each allocator&apos;s capacity.</source>
        <translation>지연 시간 목표(SLO): 요청의 90%가 이 시간 안에 첫 토큰을 받아야 합니다. TPOT 목표와 함께 각 할당 방식의 용량을 정합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="172"/>
        <source>The 90th-percentile time per output token after the first</source>
        <translation>첫 토큰 이후 출력 토큰당 시간의 90번째 백분위수</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="173"/>
        <source>A latency target (SLO) on the pace of generation: 90% of the requests must produce their tokens at least this fast.</source>
        <translation>생성 속도에 대한 지연 시간 목표(SLO): 요청의 90%가 적어도 이만큼 빠르게 토큰을 만들어야 합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="175"/>
        <source>A fixed cost added to every step: launches, scheduling, sampling</source>
        <translation>스텝마다 더하는 고정 비용: 커널 실행, 스케줄링, 샘플링</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="176"/>
        <source>The roofline sees only bytes and FLOPs. With 0 every step takes its roofline time, a lower bound, so latencies are best cases and throughputs upper bounds. A measured fixed cost (the GPU page&apos;s fit, a server log) makes them realistic.</source>
        <translation>루프라인은 바이트와 FLOP만 봅니다. 0이면 스텝마다 하한인 루프라인 시간만 걸리므로 지연 시간은 최선의 경우이고 처리량은 상한입니다. 측정한 고정 비용(GPU 페이지의 근사식, 서버 로그)을 넣으면 현실에 가까워집니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="183"/>
        <source>Allocator</source>
        <translation>할당 방식</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation type="vanished">토큰/초</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation type="vanished">요청/초</translation>
    </message>
    <message>
        <source>TTFT p50</source>
        <translation type="vanished">TTFT p50</translation>
    </message>
    <message>
        <source>TTFT p90</source>
        <translation type="vanished">TTFT p90</translation>
    </message>
    <message>
        <source>TPOT p50</source>
        <translation type="vanished">TPOT p50</translation>
    </message>
    <message>
        <source>TPOT p90</source>
        <translation type="vanished">TPOT p90</translation>
    </message>
    <message>
        <source>Queue p90</source>
        <translation type="vanished">대기 p90</translation>
    </message>
    <message>
        <source>Preemptions</source>
        <translation type="vanished">선점</translation>
    </message>
    <message>
        <source>Capacity (req/s)</source>
        <translation type="vanished">용량 (요청/초)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="184"/>
        <source>Users</source>
        <translation>사용자</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="185"/>
        <source>Each allocator&apos;s throughput, latency and capacity</source>
        <translation>할당 방식별 처리량, 지연 시간, 용량</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="193"/>
        <source>Each allocator at the chosen rate, and the most it sustains within the targets</source>
        <translation>선택한 요청률에서의 각 할당 방식과, 목표 안에서 감당하는 최대치</translation>
    </message>
    <message>
        <source>Tokens/s: output tokens over the run&apos;s length. TTFT: arrival to the first token; TPOT: the time per token after it; the queue: arrival to admission. Capacity: the largest Poisson request rate whose p90 TTFT and TPOT meet the targets; users: the requests in flight at that rate (Little&apos;s law: rate x mean latency).</source>
        <translation type="vanished">토큰/초: 출력 토큰 수를 실행 시간으로 나눈 값. TTFT: 도착부터 첫 토큰까지, TPOT: 그 뒤 토큰당 시간, 대기: 도착부터 승인까지. 용량: p90 TTFT와 TPOT가 목표를 지키는 가장 높은 포아송 요청률, 사용자: 그 요청률에서 처리 중인 요청 수 (리틀의 법칙: 요청률 x 평균 지연 시간).</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="117"/>
        <source>ShareGPT-like</source>
        <translation>ShareGPT 유사</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="118"/>
        <source>Alpaca-like</source>
        <translation>Alpaca 유사</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="119"/>
        <source>A trace file…</source>
        <translation>트레이스 파일…</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="120"/>
        <source>vLLM&apos;s</source>
        <translation>vLLM 방식</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="121"/>
        <source>Conservative</source>
        <translation>보수적</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="122"/>
        <source>Watermark 10%</source>
        <translation>워터마크 10%</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="123"/>
        <source>Watermark 30%</source>
        <translation>워터마크 30%</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="125"/>
        <source>When the paged server admits a waiting request</source>
        <translation>페이지 방식 서버가 대기 중인 요청을 받아들이는 조건</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="126"/>
        <source>vLLM&apos;s: when the blocks of its prompt are free (beyond 1%), preempting a running request later if the pool runs dry. Conservative: only when every running request could grow to the context at once: never a preemption, a smaller batch. Watermark: as vLLM&apos;s, keeping that share of the blocks free. The contiguous rows reserve their regions whatever is chosen.</source>
        <translation>vLLM 방식: 프롬프트에 필요한 블록이 (1% 여유를 넘어) 남아 있으면 받아들이고, 풀이 모자라면 나중에 실행 중인 요청을 선점합니다. 보수적: 실행 중인 모든 요청이 동시에 컨텍스트 길이까지 자랄 수 있을 때만 받아들입니다: 선점은 없고 배치는 작아집니다. 워터마크: vLLM 방식과 같되 블록의 그 비율을 비워 둡니다. 연속 할당 행은 무엇을 고르든 영역을 예약합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="133"/>
        <source>x</source>
        <translation>배</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="135"/>
        <source>A trace&apos;s arrivals this many times as fast (2: twice the rate)</source>
        <translation>트레이스의 도착을 이 배수만큼 빠르게 (2: 요청률 두 배)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="136"/>
        <source>A Mooncake or Azure LLM trace replays at its own arrival times, divided by this speed: a busier or quieter day of the same traffic.</source>
        <translation>Mooncake 또는 Azure LLM 트레이스는 자체 도착 시각을 이 속도로 나눈 시각에 재생됩니다: 같은 트래픽의 더 바쁜 날이나 더 한가한 날입니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="161"/>
        <source>Synthetic traces whose mean lengths match the published datasets, with a long tail; they are not the datasets. ShareGPT-like: prompts of 161 tokens and outputs of 338 on average; Alpaca-like: 19 and 58.</source>
        <translation>평균 길이를 공개 데이터셋에 맞추고 긴 꼬리를 둔 합성 트레이스이며, 데이터셋 자체는 아닙니다. ShareGPT 유사: 평균 프롬프트 161 토큰, 출력 338 토큰. Alpaca 유사: 19와 58.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="183"/>
        <source>Tokens
per s</source>
        <translation>초당
토큰</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="183"/>
        <source>TTFT
p90</source>
        <translation>TTFT
p90</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="183"/>
        <source>TPOT
p90</source>
        <translation>TPOT
p90</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="184"/>
        <source>Queue
p90</source>
        <translation>대기
p90</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="184"/>
        <source>Pre-
emptions</source>
        <translation>선점</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="184"/>
        <source>Capacity
req/s</source>
        <translation>용량
요청/초</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="194"/>
        <source>Tokens/s: output tokens over the run&apos;s length. TTFT: arrival to the first token; TPOT: the time per token after it; the queue: arrival to admission; each as its 90th percentile. Capacity: the largest Poisson request rate whose p90 TTFT and TPOT meet the targets; users: the requests in flight at that rate (Little&apos;s law: rate x mean latency).</source>
        <translation>초당 토큰은 출력 토큰 수를 실행 시간으로 나눈 값입니다. TTFT는 도착부터 첫 토큰까지, TPOT는 그 뒤 토큰당 시간, 대기는 도착부터 승인까지의 시간이며, 셋 모두 90번째 백분위수입니다. 용량은 p90 TTFT와 TPOT가 목표를 지키는 가장 높은 포아송 요청률이고, 사용자는 그 요청률에서 처리 중인 요청 수입니다(리틀의 법칙: 요청률 x 평균 지연 시간).</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="210"/>
        <source>Output tokens per second against the request rate</source>
        <translation>요청률에 따른 초당 출력 토큰</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="211"/>
        <source>p90 time to first token against the request rate</source>
        <translation>요청률에 따른 p90 첫 토큰까지의 시간</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="212"/>
        <location filename="../../app/servingpage.cpp" line="214"/>
        <source>requests per second offered</source>
        <translation>초당 들어오는 요청 수</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="213"/>
        <source>output tokens per second</source>
        <translation>초당 출력 토큰</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="215"/>
        <source>p90 TTFT (s, log scale)</source>
        <translation>p90 TTFT (초, 로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="242"/>
        <source>Prefix-cache hit rate against cache size</source>
        <translation>캐시 크기에 따른 프리픽스 캐시 적중률</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="245"/>
        <source>cache size, tokens (log scale)</source>
        <translation>캐시 크기, 토큰 (로그 눈금)</translation>
    </message>
    <message>
        <source>prompt tokens found cached, %</source>
        <translation type="vanished">캐시에서 찾은 프롬프트 토큰, %</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="246"/>
        <source>hit rate, %</source>
        <translation>적중률, %</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="258"/>
        <source>A Mooncake trace&apos;s prefix-cache hit rate against the cache&apos;s size, its upper bound dashed</source>
        <translation>캐시 크기에 따른 Mooncake 트레이스의 프리픽스 캐시 적중률, 점선은 상한</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="259"/>
        <source>An LRU cache of the trace&apos;s own 512-token blocks: a request hits the leading blocks it finds, then caches its own. The dashed line is the trace&apos;s bound, every repeated block a hit, whatever the cache holds. The pool itself is the middle point; the larger caches are what a host-memory or disk tier would add.</source>
        <translation>트레이스 자체의 512 토큰 블록으로 만든 LRU 캐시입니다: 요청은 앞에서부터 찾은 블록만큼 적중하고, 자기 블록을 캐시에 넣습니다. 점선은 캐시 크기와 상관없이 반복되는 블록이 모두 적중하는 트레이스의 상한입니다. 가운데 점이 풀 자체이고, 더 큰 캐시는 호스트 메모리나 디스크 계층이 더해 줄 몫입니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="263"/>
        <source>Output tokens per second as the offered load grows, one line per allocator</source>
        <translation>부하가 커질 때의 초당 출력 토큰, 할당 방식마다 선 하나</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="264"/>
        <source>At low load every allocator serves what arrives. Each line flattens where its pool holds no more requests at once: the batch, not the GPU, is the limit, and paged blocks hold the most.</source>
        <translation>부하가 낮으면 모든 할당 방식이 도착하는 요청을 다 처리합니다. 풀에 동시 요청을 더 담을 수 없는 곳에서 선이 평평해집니다: 한계는 GPU가 아니라 배치이며, 페이지 방식 블록이 가장 많이 담습니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="266"/>
        <source>p90 time to first token as the offered load grows, with the target dashed</source>
        <translation>부하가 커질 때의 p90 첫 토큰까지의 시간, 점선은 목표</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="267"/>
        <source>Past the rate an allocator sustains, requests wait in the queue and the time to first token grows for as long as they keep coming. Where a line crosses the dashed target is that allocator&apos;s capacity, at the TPOT target too.</source>
        <translation>할당 방식이 감당하는 요청률을 넘으면 요청이 대기열에서 기다리고, 요청이 계속 들어오는 동안 첫 토큰까지의 시간이 늘어납니다. 선이 점선 목표와 만나는 곳이 (TPOT 목표도 지킬 때) 그 할당 방식의 용량입니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="276"/>
        <source>Stop the replays; the figures shown stay as they were</source>
        <translation>재생을 멈춥니다. 보이는 수치는 그대로 남습니다</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="278"/>
        <source>Replays done</source>
        <translation>완료한 재생</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="282"/>
        <source>Workload</source>
        <translation>워크로드</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="282"/>
        <source>Requests</source>
        <translation>요청 수</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="283"/>
        <source>Request rate</source>
        <translation>요청률</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="283"/>
        <source>TTFT target (p90)</source>
        <translation>TTFT 목표 (p90)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="284"/>
        <source>TPOT target (p90)</source>
        <translation>TPOT 목표 (p90)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="284"/>
        <source>Fixed cost per step</source>
        <translation>스텝당 고정 비용</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="285"/>
        <source>Trace speed</source>
        <translation>트레이스 속도</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="285"/>
        <source>Paged admission</source>
        <translation>페이지 방식 승인</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="300"/>
        <source>Each line is one allocator, in its colour in the table; the dashed line is the TTFT target. Each point replays the same requests at that rate.</source>
        <translation>선 하나가 할당 방식 하나이며 색은 표와 같습니다. 점선은 TTFT 목표입니다. 점마다 같은 요청을 그 요청률로 재생했습니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="329"/>
        <source>Open a request trace</source>
        <translation>요청 트레이스 열기</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="329"/>
        <source>Request traces (*.jsonl *.csv *.json);;All files (*)</source>
        <translation>요청 트레이스 (*.jsonl *.csv *.json);;모든 파일 (*)</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="405"/>
        <source>Trace: %1</source>
        <translation>트레이스: %1</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="446"/>
        <source>The replay prices one GPU&apos;s steps: tensor parallelism (%1 GPUs) and the traffic between them are not timed yet. Set tensor parallelism to 1 to time it.</source>
        <translation>재생은 GPU 하나의 스텝 시간만 계산합니다: 텐서 병렬(GPU %1개)과 GPU 사이 통신은 아직 시간을 매기지 않습니다. 시간을 보려면 텐서 병렬을 1로 두세요.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="450"/>
        <source>The replay reads the weights in one dtype: choose one for the weights rather than as the checkpoint stores them.</source>
        <translation>재생은 가중치를 한 가지 dtype으로 읽습니다: 체크포인트 저장 형식 대신 가중치 dtype을 하나 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="453"/>
        <source>This GPU has no data-sheet bandwidth and peak, so a step has no time: choose a GPU preset that has them (A100, H100, L4, RTX 4090 ...).</source>
        <translation>이 GPU에는 데이터시트 대역폭과 최대 성능이 없어 스텝 시간을 구할 수 없습니다: 그 값이 있는 GPU 프리셋(A100, H100, L4, RTX 4090 ...)을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="456"/>
        <source>The weights leave no KV memory on this GPU: there is no pool to replay.</source>
        <translation>가중치가 이 GPU의 메모리를 다 써서 KV 메모리가 없습니다: 재생할 풀이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="458"/>
        <source>The KV pool holds %1 tokens, more than the replay&apos;s %2: choose a smaller GPU or a lower memory utilization.</source>
        <translation>KV 풀이 토큰 %1개를 담아 재생 한도 %2개보다 큽니다: 더 작은 GPU나 더 낮은 메모리 사용률을 고르세요.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="499"/>
        <source>%1 GB/s, %2 TFLOP/s</source>
        <translation>%1 GB/s, %2 TFLOP/s</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="503"/>
        <source>%1 (%2 weights, %3 cache) on the %4: a pool of %5 tokens, requests of up to %6 tokens (the context).</source>
        <translation>%4의 %1 (가중치 %2, 캐시 %3): 풀은 토큰 %5개, 요청은 최대 %6 토큰(컨텍스트 길이).</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="511"/>
        <source>Each step is priced on the data sheet (%1) plus %2 fixed.</source>
        <translation>스텝마다 데이터시트(%1)로 시간을 구하고 고정 비용 %2를 더합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="513"/>
        <source>Each step is priced on the data sheet (%1) with no fixed cost: every latency is a best case and every throughput an upper bound.</source>
        <translation>스텝마다 데이터시트(%1)로 고정 비용 없이 시간을 구합니다: 모든 지연 시간은 최선의 경우이고 모든 처리량은 상한입니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="518"/>
        <source>Speculative decoding is not replayed: its draft and lookahead slots shrink the pool, but every step is priced as plain decoding.</source>
        <translation>추측 디코딩은 재생에 반영하지 않습니다: 드래프트와 룩어헤드 슬롯이 풀을 줄이지만, 모든 스텝은 일반 디코딩으로 계산합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="662"/>
        <source>Trace %1: %2 requests, with no arrival times: they arrive at the request rate, at random.</source>
        <translation>트레이스 %1: 요청 %2개, 도착 시각이 없어 요청률에 따라 무작위로 도착합니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="664"/>
        <source>Trace %1 (%2): %3 requests over %4 at its own arrival times, %5x as fast; the capacity and the sweep offer the same requests at Poisson rates.</source>
        <translation>트레이스 %1 (%2): %4 동안 요청 %3개가 자체 도착 시각에 %5배 속도로 도착합니다. 용량과 스윕은 같은 요청을 포아송 요청률로 보냅니다.</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/servingpage.cpp" line="671"/>
        <source>%n request(s) longer than the context were turned away; the figures are the others&apos;.</source>
        <translation>
            <numerusform>컨텍스트 길이보다 긴 요청 %n개는 받지 않았습니다. 수치는 나머지 요청의 것입니다.</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="701"/>
        <source>not met</source>
        <translation>미달</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="702"/>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="727"/>
        <source>p90 TTFT ≤ %1 and TPOT ≤ %2</source>
        <translation>p90 TTFT ≤ %1, TPOT ≤ %2</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="734"/>
        <source>Paged blocks miss %1 even at a low request rate: a step on this GPU is too slow for these targets.</source>
        <translation>페이지 방식 블록은 낮은 요청률에서도 %1을(를) 지키지 못합니다: 이 GPU의 스텝이 이 목표에 비해 너무 느립니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="738"/>
        <source>At %1, paged blocks serve %2 requests/s (%3 users at once): %4x the exact reservation, %5x the maximum-length one.</source>
        <translation>%1에서 페이지 방식 블록은 초당 요청 %2개(동시 사용자 %3명)를 처리합니다: 정확한 예약의 %4배, 최대 길이 예약의 %5배.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="744"/>
        <source>Kwon et al. (2023) report 1.7-2.7x over the exact reservation (Orca Oracle) and 2.7-8x over the maximum length (Orca Max), for OPT-13B on an A100 with ShareGPT at similar latency. These figures move with the model, the GPU, the context (what the maximum-length policy reserves) and the fixed cost per step.</source>
        <translation>Kwon 외 (2023)는 A100의 OPT-13B와 ShareGPT에서 비슷한 지연 시간으로 정확한 예약(Orca Oracle)의 1.7-2.7배, 최대 길이 예약(Orca Max)의 2.7-8배를 보고합니다. 이 수치는 모델, GPU, 컨텍스트 길이(최대 길이 방식이 예약하는 양), 스텝당 고정 비용에 따라 달라집니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="749"/>
        <source>At %1, PagedAttention blocks serve %2 requests/s; a contiguous policy misses the targets or reaches the search&apos;s ceiling, so no ratio is given.</source>
        <translation>%1에서 PagedAttention 블록은 초당 요청 %2개를 처리합니다. 연속 할당 방식이 목표를 지키지 못하거나 탐색 상한에 닿아 배율은 주지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="752"/>
        <source>at least %1</source>
        <translation>최소 %1</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="764"/>
        <source>hit rate</source>
        <translation>적중률</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="766"/>
        <source>upper bound %1%</source>
        <translation>상한 %1%</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="769"/>
        <source>Prefix-cache hit rate of the trace&apos;s blocks against cache size</source>
        <translation>캐시 크기에 따른 트레이스 블록의 프리픽스 캐시 적중률</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="792"/>
        <source>TTFT target %1</source>
        <translation>TTFT 목표 %1</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="800"/>
        <source>Throughput against offered load</source>
        <translation>부하에 따른 처리량</translation>
    </message>
    <message>
        <location filename="../../app/servingpage.cpp" line="801"/>
        <source>p90 time to first token against offered load</source>
        <translation>부하에 따른 p90 첫 토큰까지의 시간</translation>
    </message>
</context>
<context>
    <name>Settings</name>
    <message>
        <location filename="../../app/settings.cpp" line="34"/>
        <source>The settings file %1 is %2, over the %3 a KV Scope settings file can be, and could not be set aside: settings may be slow to save.</source>
        <translation>설정 파일 %1의 크기가 %2로, KV Scope 설정 파일의 한도 %3를 넘는데 옆으로 옮기지 못했습니다. 설정 저장이 느릴 수 있습니다.</translation>
    </message>
    <message>
        <location filename="../../app/settings.cpp" line="37"/>
        <source>The settings file %1 was %2, over the %3 a KV Scope settings file can be: it was set aside as %4 and the defaults are used.</source>
        <translation>설정 파일 %1의 크기가 %2로, KV Scope 설정 파일의 한도 %3를 넘었습니다. 파일은 %4(으)로 옮겨 두었고 기본 설정을 사용합니다.</translation>
    </message>
</context>
<context>
    <name>TiersPage</name>
    <message>
        <location filename="../../app/tierspage.cpp" line="58"/>
        <source>PCIe 4.0 x16</source>
        <translation>PCIe 4.0 x16</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="60"/>
        <source>PCIe 5.0 x16</source>
        <translation>PCIe 5.0 x16</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="62"/>
        <source>NVMe drive, PCIe 4.0 x4</source>
        <translation>NVMe 드라이브, PCIe 4.0 x4</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="64"/>
        <source>NVMe drive, PCIe 5.0 x4</source>
        <translation>NVMe 드라이브, PCIe 5.0 x4</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="66"/>
        <source>100 Gb Ethernet</source>
        <translation>100 Gb 이더넷</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="68"/>
        <source>InfiniBand NDR</source>
        <translation>InfiniBand NDR</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="70"/>
        <source>NVLink 4</source>
        <translation>NVLink 4</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="77"/>
        <source>NVMe, PCIe 4.0</source>
        <translation>NVMe, PCIe 4.0</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="79"/>
        <source>NVMe, PCIe 5.0</source>
        <translation>NVMe, PCIe 5.0</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="86"/>
        <source>host memory</source>
        <translation>호스트 메모리</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="88"/>
        <source>local drive</source>
        <translation>로컬 드라이브</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="90"/>
        <source>another server</source>
        <translation>다른 서버</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="107"/>
        <source>never</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="109"/>
        <source>always</source>
        <translation>항상</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="112"/>
        <source>%1-%2</source>
        <translation>%1-%2</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="113"/>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="166"/>
        <source>Tier</source>
        <translation>계층</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="166"/>
        <source>Size</source>
        <translation>크기</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="166"/>
        <source>Tokens</source>
        <translation>토큰</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="166"/>
        <source>Requests
of this length</source>
        <translation>이 길이의
요청 수</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="166"/>
        <source>Link to
the GPU</source>
        <translation>GPU까지의
링크</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="167"/>
        <source>One request
back</source>
        <translation>요청 하나
다시 읽기</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="168"/>
        <source>The tiers under the GPU and what each holds</source>
        <translation>GPU 밖의 KV 계층과 각 계층이 담는 양</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="171"/>
        <source>Link</source>
        <translation>링크</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="171"/>
        <source>To</source>
        <translation>연결 대상</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="171"/>
        <source>Bandwidth</source>
        <translation>대역폭</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="171"/>
        <source>This
request</source>
        <translation>이 요청</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="171"/>
        <source>Faster</source>
        <translation>더 빠른 쪽</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="171"/>
        <source>Reload faster
at (tokens)</source>
        <translation>다시 읽기가 빠른
길이 (토큰)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="172"/>
        <source>Each link&apos;s time for this request against computing it again</source>
        <translation>링크별로 이 요청을 옮기는 시간과 재계산 시간</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="192"/>
        <source>× the GPU pool</source>
        <translation>배 (GPU KV 풀 대비)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="252"/>
        <source>H&amp;ost memory</source>
        <translation>호스트 메모리(&amp;O)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="253"/>
        <source>Local &amp;drive</source>
        <translation>로컬 드라이브(&amp;D)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="437"/>
        <source>&lt;b&gt;A request&apos;s cache:&lt;/b&gt; %1 tokens × %2 B a token = %3</source>
        <translation>&lt;b&gt;요청 하나의 캐시:&lt;/b&gt; 토큰 %1개 × 토큰당 %2 B = %3</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="444"/>
        <source>&lt;b&gt;Reload from %1:&lt;/b&gt; %2 ÷ %3 (%4) = %5; over %6, %7</source>
        <translation>&lt;b&gt;%1에서 다시 읽기:&lt;/b&gt; %2 ÷ %3 (%4) = %5, %6로는 %7</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="451"/>
        <source>&lt;b&gt;Compute it again&lt;/b&gt; (a prefill of %1 tokens on the %2&apos;s data sheet, its dense BF16 peak): max(%3 ÷ %4, %5 ÷ %6) = max(%7, %8) = %9, %10</source>
        <translation>&lt;b&gt;재계산&lt;/b&gt; (%2 데이터시트의 dense BF16 최대 성능에서 토큰 %1개 프리필): max(%3 ÷ %4, %5 ÷ %6) = max(%7, %8) = %9, %10</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="470"/>
        <source>over %1 reading it back is %2 times as fast as computing it again</source>
        <translation>%1로 다시 읽으면 재계산보다 %2배 빠름</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="472"/>
        <source>over %1 computing it again is %2 times as fast as reading it back</source>
        <translation>%1로는 재계산이 다시 읽기보다 %2배 빠름</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="475"/>
        <source>From host memory: %1.</source>
        <translation>호스트 메모리에서: %1.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="475"/>
        <source>; </source>
        <translation>; </translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="495"/>
        <source>GPU memory, %1</source>
        <translation>GPU 메모리, %1</translation>
    </message>
    <message>
        <source> x the GPU pool</source>
        <translation type="vanished">배 (GPU 풀 대비)</translation>
    </message>
    <message>
        <source> × the GPU pool</source>
        <translation type="vanished">배 (GPU KV 풀 대비)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="193"/>
        <source>Host memory given to the KV cache, as a multiple of the GPU&apos;s KV pool</source>
        <translation>KV 캐시에 내준 호스트 메모리, GPU KV 풀의 몇 배인지</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="194"/>
        <source>SGLang&apos;s hierarchical cache sizes its host pool this way (--hicache-ratio, default 2): evicted blocks wait in host memory instead of being dropped.</source>
        <translation>SGLang의 계층형 캐시(HiCache)는 호스트 풀 크기를 이렇게 정합니다(--hicache-ratio, 기본값 2). 밀려난 블록은 버려지지 않고 호스트 메모리에서 기다립니다.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="199"/>
        <source> GB</source>
        <translation> GB</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="200"/>
        <source>none</source>
        <translation>없음</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="201"/>
        <source>A local drive given to the KV cache, GB (decimal, as drives are sold); 0: none</source>
        <translation>KV 캐시에 내준 로컬 드라이브, GB(드라이브 판매 단위인 10진 GB), 0: 없음</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="202"/>
        <source>The tier under host memory: an NVMe drive holds far more tokens, read back at a few GB/s.</source>
        <translation>호스트 메모리 아래의 계층입니다. NVMe 드라이브는 훨씬 많은 토큰을 담지만 초당 몇 GB로 다시 읽습니다.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="204"/>
        <source>Each tier&apos;s size, the tokens and requests it holds, and its way back to the GPU</source>
        <translation>계층별 크기, 담는 토큰과 요청 수, GPU로 돌아가는 경로</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="205"/>
        <source>Tokens: the tier&apos;s bytes over the model&apos;s K and V bytes per token. Requests: whole caches of the scenario&apos;s context. One request back: its cache over the tier&apos;s link at the link&apos;s line rate.</source>
        <translation>토큰: 계층의 바이트 ÷ 모델의 토큰당 K, V 바이트. 요청: 시나리오 컨텍스트 길이의 캐시가 통째로 몇 개 들어가는지. 요청 하나 다시 읽기: 그 캐시를 계층의 링크로 최대 전송률(line rate)로 옮기는 시간.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="207"/>
        <source>Each link&apos;s time for this request&apos;s cache against computing it again</source>
        <translation>링크별로 이 요청의 캐시를 옮기는 시간과 재계산 시간</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="208"/>
        <source>Reload: the cache&apos;s bytes over the link&apos;s line rate (PCI-SIG, IEEE 802.3, NVIDIA data sheets). The network links carry the hand-off of prefill/decode disaggregation. Recompute: a prefill of the request&apos;s tokens on the GPU&apos;s data-sheet roofline.</source>
        <translation>다시 읽기: 캐시 바이트 ÷ 링크의 최대 전송률(PCI-SIG, IEEE 802.3, NVIDIA 데이터시트). 네트워크 링크는 프리필/디코드 분리에서 캐시를 전달하는 데 쓰입니다. 재계산: 요청의 토큰을 GPU 데이터시트 루프라인에서 프리필하는 시간.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="211"/>
        <source>Time to bring a request&apos;s cache back against its length, per link, and to compute it again</source>
        <translation>요청 캐시의 길이에 따른 링크별 다시 읽기 시간과 재계산 시간</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="212"/>
        <source>Both axes are logarithmic. Reloading grows with the bytes, straight up the chart; computing again reads the weights once for a short cache and grows with FLOPs, quadratically at long contexts. A dot marks where a link&apos;s line crosses the recompute&apos;s: the faster of the two changes there.</source>
        <translation>두 축 모두 로그 눈금입니다. 다시 읽기는 바이트에 비례해 곧게 올라갑니다. 재계산은 짧은 캐시에서는 가중치를 한 번 읽는 시간이고, 그 뒤로 FLOP에 따라, 긴 컨텍스트에서는 제곱으로 늘어납니다. 점은 링크의 선이 재계산 선과 만나는 곳으로, 거기서 더 빠른 쪽이 바뀝니다.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="218"/>
        <source>Reload against recompute along the context</source>
        <translation>컨텍스트 길이에 따른 다시 읽기와 재계산</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="223"/>
        <source>request&apos;s cache, tokens (log scale)</source>
        <translation>요청의 캐시, 토큰 (로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="226"/>
        <source>time, ms (log scale)</source>
        <translation>시간, ms (로그 눈금)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="235"/>
        <location filename="../../app/tierspage.cpp" line="516"/>
        <source>compute again</source>
        <translation>재계산</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="245"/>
        <source>the faster changes</source>
        <translation>빠른 쪽이 바뀜</translation>
    </message>
    <message>
        <source>&amp;Host memory</source>
        <translation type="vanished">호스트 메모리(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Local drive</source>
        <translation type="vanished">로컬 드라이브(&amp;L)</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="354"/>
        <source>The tiers are priced for one GPU&apos;s cache: with tensor parallelism each of the %1 GPUs holds part of every token, and their traffic is not modelled here yet. Set tensor parallelism to 1.</source>
        <translation>계층은 GPU 한 장의 캐시 기준으로 계산합니다. 텐서 병렬에서는 GPU %1장이 토큰마다 일부씩 나눠 담고, 그 사이의 통신은 아직 모델링하지 않았습니다. 텐서 병렬을 1로 두십시오.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="359"/>
        <source>Computing a cache again reads the weights in one dtype: choose one for the weights rather than as the checkpoint stores them.</source>
        <translation>재계산은 가중치를 한 가지 dtype으로 읽습니다. 체크포인트 저장 형식 대신 가중치 dtype을 하나 고르십시오.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="363"/>
        <source>This GPU has no data-sheet bandwidth and peak, so computing a cache again has no time: choose a GPU preset that has them (A100, H100, L4, RTX 4090 ...).</source>
        <translation>이 GPU에는 데이터시트 대역폭과 최대 성능이 없어 재계산 시간을 구할 수 없습니다. 이 값이 있는 GPU 프리셋(A100, H100, L4, RTX 4090 등)을 고르십시오.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="367"/>
        <source>The weights leave no memory for a KV pool on this GPU: no cache is held, so none is evicted or read back. Choose a larger GPU or smaller weights.</source>
        <translation>가중치가 이 GPU에 KV 풀을 둘 메모리를 남기지 않습니다. 캐시가 없으니 밀려나거나 다시 읽을 것도 없습니다. 더 큰 GPU나 더 작은 가중치를 고르십시오.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="376"/>
        <source>%1 keeps a per-sequence state (state-space, linear or cross attention) beside or instead of K and V a token: moving that state between tiers is not modelled yet, so nothing here is priced.</source>
        <translation>%1은(는) 토큰마다의 K, V와 함께 또는 그 대신 시퀀스별 상태(상태 공간, 선형 어텐션, 교차 어텐션)를 둡니다. 이 상태를 계층 사이로 옮기는 것은 아직 모델링하지 않았으므로 여기서는 아무 값도 계산하지 않습니다.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="381"/>
        <source>%1 caches no K and V per token: there is nothing to move between tiers.</source>
        <translation>%1은(는) 토큰마다 K, V를 캐시하지 않습니다. 계층 사이로 옮길 것이 없습니다.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="430"/>
        <source>&lt;b&gt;A request&apos;s cache:&lt;/b&gt; %1 tokens = %2: %3 of its %4 layers keep only their last %5 tokens</source>
        <translation>&lt;b&gt;요청 하나의 캐시:&lt;/b&gt; 토큰 %1개 = %2: 레이어 %4개 중 %3개는 마지막 토큰 %5개만 유지</translation>
    </message>
    <message>
        <source>&lt;b&gt;A request&apos;s cache:&lt;/b&gt; %1 tokens × %2 a token = %3</source>
        <translation type="vanished">&lt;b&gt;요청 하나의 캐시:&lt;/b&gt; 토큰 %1개 × 토큰당 %2 = %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;Reload from %1:&lt;/b&gt; %2 ÷ %3 (%4) = %5</source>
        <translation type="vanished">&lt;b&gt;%1에서 다시 읽기:&lt;/b&gt; %2 ÷ %3 (%4) = %5</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compute it again&lt;/b&gt; (a prefill of %1 tokens on the %2&apos;s data sheet): max(%3 ÷ %4, %5 ÷ %6) = max(%7, %8) = %9, %10</source>
        <translation type="vanished">&lt;b&gt;재계산&lt;/b&gt; (%2 데이터시트에서 토큰 %1개 프리필): max(%3 ÷ %4, %5 ÷ %6) = max(%7, %8) = %9, %10</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="458"/>
        <source>memory-bound</source>
        <translation>메모리 바운드</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="458"/>
        <source>compute-bound</source>
        <translation>연산 바운드</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="461"/>
        <source>&lt;b&gt;Hand-off&lt;/b&gt; (the prompt computed on one server, decoded on another): %1 ÷ %2 (%3) = %4; over %5, %6</source>
        <translation>&lt;b&gt;전달&lt;/b&gt; (프롬프트는 한 서버에서 계산하고 디코드는 다른 서버에서): %1 ÷ %2 (%3) = %4, %5로는 %6</translation>
    </message>
    <message>
        <source>From host memory over %1 the cache comes back %2 times as fast as it is computed again.</source>
        <translation type="vanished">호스트 메모리에서 %1로 다시 읽으면 재계산보다 %2배 빠릅니다.</translation>
    </message>
    <message>
        <source>Over %1 computing the cache again is %2 times as fast as reading it back from host memory.</source>
        <translation type="vanished">%1에서는 재계산이 호스트 메모리에서 다시 읽기보다 %2배 빠릅니다.</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="476"/>
        <source>&lt;i&gt;Lower bounds: each link at its line rate (a drive or a network stack reads less), the prefill at its roofline time; the copy&apos;s overlap with compute is left out.&lt;/i&gt;</source>
        <translation>&lt;i&gt;하한: 링크는 최대 전송률(line rate) 그대로(드라이브나 네트워크 스택은 그보다 느림), 프리필은 루프라인 시간. 복사와 계산의 겹침은 넣지 않았습니다.&lt;/i&gt;</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="491"/>
        <source>GPU KV pool</source>
        <translation>GPU KV 풀</translation>
    </message>
    <message>
        <source>HBM, %1</source>
        <translation type="vanished">HBM, %1</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="496"/>
        <source>in place</source>
        <translation>이미 GPU에 있음</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="498"/>
        <source>Host memory</source>
        <translation>호스트 메모리</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="503"/>
        <source>Local drive</source>
        <translation>로컬 드라이브</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="516"/>
        <source>reload</source>
        <translation>다시 읽기</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="518"/>
        <source>Compute again</source>
        <translation>재계산</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="556"/>
        <source>%1: %2 from %3 tokens</source>
        <translation>%1: 토큰 %3개부터 %2</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="558"/>
        <source>reload faster</source>
        <translation>다시 읽기가 빠름</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="558"/>
        <source>compute again faster</source>
        <translation>재계산이 빠름</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="565"/>
        <source>this request</source>
        <translation>이 요청</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="569"/>
        <source>%1 on the %2: reload or compute again</source>
        <translation>%2에서 돌리는 %1: 다시 읽기 또는 재계산</translation>
    </message>
    <message>
        <location filename="../../app/tierspage.cpp" line="572"/>
        <source>No link&apos;s line crosses the recompute&apos;s.</source>
        <translation>재계산 선과 만나는 링크 선이 없습니다.</translation>
    </message>
</context>
<context>
    <name>VoteTallyWidget</name>
    <message numerus="yes">
        <location filename="../../app/votetallywidget.cpp" line="26"/>
        <source>%n hand(s) · %1 %</source>
        <translation>
            <numerusform>%n명 · %1 %</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/votetallywidget.cpp" line="32"/>
        <source>%1: %2%3</source>
        <translation>%1: %2%3</translation>
    </message>
    <message>
        <location filename="../../app/votetallywidget.cpp" line="35"/>
        <source> (the answer)</source>
        <translation> (정답)</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <location filename="../../app/main.cpp" line="121"/>
        <source>KV Scope cannot open this link</source>
        <translation>KV Scope에서 이 링크를 열 수 없음</translation>
    </message>
    <message>
        <location filename="../../app/main.cpp" line="166"/>
        <source>The last session could not be restored (%1); starting from the course&apos;s reference scenario.</source>
        <translation>지난 세션을 복원할 수 없어 (%1) 강의의 기준 시나리오로 시작합니다.</translation>
    </message>
</context>
<context>
    <name>viewtext</name>
    <message>
        <source>&lt;span style=&apos;color:#1b7f3b; font-size:16pt; font-weight:600&apos;&gt;Fits&lt;/span&gt;&amp;nbsp;&amp;nbsp;%1 to spare of a %2 budget</source>
        <translation type="vanished">&lt;span style=&apos;color:#1b7f3b; font-size:16pt; font-weight:600&apos;&gt;적재 가능&lt;/span&gt;&amp;nbsp;&amp;nbsp;한도 %2에서 %1 여유</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e; font-size:16pt; font-weight:600&apos;&gt;Out of memory&lt;/span&gt;&amp;nbsp;&amp;nbsp;short by %1 of a %2 budget</source>
        <translation type="vanished">&lt;span style=&apos;color:#b3261e; font-size:16pt; font-weight:600&apos;&gt;메모리 부족 (OOM)&lt;/span&gt;&amp;nbsp;&amp;nbsp;한도 %2에서 %1 부족</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x bytes = %1 x %2 x %3 x (%4 + %5) x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation type="vanished">&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x 바이트 = %1 x %2 x %3 x (%4 + %5) x %6 B = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV&lt;/b&gt; = 2 x L x B x S x H&lt;sub&gt;kv&lt;/sub&gt; x D&lt;sub&gt;head&lt;/sub&gt; x bytes = 2 x %1 x %2 x %3 x %4 x %5 x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation type="vanished">&lt;b&gt;KV&lt;/b&gt; = 2 x L x B x S x H&lt;sub&gt;kv&lt;/sub&gt; x D&lt;sub&gt;head&lt;/sub&gt; x 바이트 = 2 x %1 x %2 x %3 x %4 x %5 x %6 B = &lt;b&gt;%7&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;small&gt;Weights + KV cache + estimated activations and CUDA context, against card x utilization. Not an out-of-memory guarantee: the allocator&apos;s reserve and fragmentation are not in the sum.&lt;/small&gt;</source>
        <translation type="vanished">&lt;br&gt;&lt;small&gt;가중치 + KV 캐시 + 활성화 값·CUDA 컨텍스트 추정값을 카드 메모리 x 사용률과 비교합니다. 메모리 부족 (OOM)이 나지 않는다는 보장은 아닙니다: 할당자의 예비 메모리와 단편화는 합계에 들어 있지 않습니다.&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="26"/>
        <source>✓ Fits</source>
        <translation>✓ 적재 가능</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="27"/>
        <source>&amp;nbsp;&amp;nbsp;%1 to spare of a %2 budget</source>
        <translation>&amp;nbsp;&amp;nbsp;한도 %2에서 %1 여유</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="29"/>
        <source>✗ Out of memory</source>
        <translation>✗ 메모리 부족 (OOM)</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="30"/>
        <source>&amp;nbsp;&amp;nbsp;short by %1 of a %2 budget</source>
        <translation>&amp;nbsp;&amp;nbsp;한도 %2에서 %1 부족</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="34"/>
        <source>&lt;small&gt;Weights + KV cache + estimated activations and CUDA context, against card x utilization. Not an out-of-memory guarantee: the allocator&apos;s reserve and fragmentation are not in the sum.&lt;/small&gt;</source>
        <translation>&lt;small&gt;가중치 + KV 캐시 + 활성화 값·CUDA 컨텍스트 추정값을 카드 메모리 x 사용률과 비교합니다. 메모리 부족 (OOM)이 나지 않는다는 보장은 아닙니다: 할당자의 예비 메모리와 단편화는 합계에 들어 있지 않습니다.&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="42"/>
        <source>&lt;small&gt;2: one K and one V · L: layers · B: batch · S: tokens per sequence · H&lt;sub&gt;kv&lt;/sub&gt;: KV heads · D&lt;sub&gt;head&lt;/sub&gt;: head size · bytes: per element&lt;/small&gt;</source>
        <translation>&lt;small&gt;2: K 하나와 V 하나 · L: 레이어 · B: 배치 · S: 시퀀스당 토큰 · H&lt;sub&gt;kv&lt;/sub&gt;: KV 헤드 · D&lt;sub&gt;head&lt;/sub&gt;: 헤드 크기 · 바이트: 원소당 바이트&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="97"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = L x B x S x ((latent + rope) x bytes + indexer key) = %1 = &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;KV&lt;/b&gt; = L x B x S x ((잠재 벡터 + rope) x 바이트 + 인덱서 키) = %1 = &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="99"/>
        <source>&lt;br&gt;The sparse-attention indexer (DSA) caches a key per token per layer beside the latent, in FP8 with one FP32 scale per 128 values, whatever the KV dtype.</source>
        <translation>&lt;br&gt;희소 어텐션 인덱서 (DSA)는 잠재 벡터와 별도로 토큰당 레이어당 키 하나를 캐시합니다. KV dtype과 무관하게 FP8로, 값 128개마다 FP32 스케일 하나를 둡니다.</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="104"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x (%5 + %6) x %7 = %8 = &lt;b&gt;%9&lt;/b&gt;</source>
        <translation>&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x (%5 + %6) x %7 = %8 = &lt;b&gt;%9&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="109"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 = &lt;b&gt;%9&lt;/b&gt;</source>
        <translation>&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 = &lt;b&gt;%9&lt;/b&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="116"/>
        <source>&lt;br&gt;Per GPU: the full layers&apos; %1 KV heads and the sliding layers&apos; %2 across %3 GPUs, %4 and %5 each</source>
        <translation>&lt;br&gt;GPU당: 전체 어텐션 레이어의 KV 헤드 %1개와 슬라이딩 윈도우 레이어의 %2개를 GPU %3개에 나눠 GPU마다 각각 %4개, %5개씩 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="124"/>
        <source> (a kind with fewer heads than GPUs keeps a copy of one head on each)</source>
        <translation> (헤드가 GPU보다 적은 종류는 GPU마다 헤드 하나의 사본을 둡니다)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="49"/>
        <source>no intermediate size given: assumed 4 x hidden = %1</source>
        <translation>intermediate_size가 없어 4 x 히든 = %1(으)로 가정했습니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="51"/>
        <source>no maximum context length given</source>
        <translation>최대 컨텍스트 길이가 없습니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="53"/>
        <source>torch_dtype &apos;%1&apos; is not a format KV Scope knows; assumed bf16</source>
        <translation>torch_dtype &apos;%1&apos;은(는) KV Scope가 모르는 형식이라 bf16으로 가정했습니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="55"/>
        <source>the sliding window (%1 tokens) is not shorter than the context, so it never caps the cache</source>
        <translation>슬라이딩 윈도우(%1 토큰)가 컨텍스트보다 짧지 않아 캐시를 제한하지 않습니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="58"/>
        <source>no vision_config: the image tokens per sequence use MllamaVisionConfig&apos;s defaults</source>
        <translation>vision_config가 없어 시퀀스당 이미지 토큰 수는 MllamaVisionConfig의 기본값을 씁니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="60"/>
        <source>the shared blocks&apos; LoRA adapters are not counted in the parameters</source>
        <translation>공유 블록의 LoRA 어댑터는 파라미터 수에 넣지 않았습니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="62"/>
        <source>no mamba_ssm_cache_dtype: the state is kept in the compute dtype</source>
        <translation>mamba_ssm_cache_dtype이 없어 상태를 연산 dtype으로 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="64"/>
        <source>the weights %1 leaves unquantized are taken as bf16 (the config names no 16-bit dtype)</source>
        <translation>%1이(가) 양자화하지 않은 가중치는 bf16으로 봅니다 (설정에 16비트 dtype이 없습니다)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="67"/>
        <source>the checkpoint&apos;s own weight bytes are not known: %1</source>
        <translation>체크포인트 자체의 가중치 바이트를 알 수 없습니다: %1</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="69"/>
        <source>the vision encoder is counted approximately, as a plain ViT of vision_config&apos;s size</source>
        <translation>비전 인코더는 vision_config 크기의 일반 ViT로 보고 대략 셉니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="71"/>
        <source>the vision encoder (vision_config) is not counted: the parameters are the language model&apos;s</source>
        <translation>비전 인코더(vision_config)는 세지 않았습니다. 파라미터는 언어 모델의 것입니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="74"/>
        <source>unknown model_type &apos;%1&apos;: assumed a gated (SwiGLU) MLP and RMSNorm from the activation; the parameter count is an estimate</source>
        <translation>알 수 없는 model_type &apos;%1&apos;: 활성화 함수를 보고 게이트(SwiGLU) MLP와 RMSNorm으로 가정했습니다. 파라미터 수는 추정치입니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="77"/>
        <source>unknown model_type &apos;%1&apos;: assumed a plain MLP and RMSNorm from the activation; the parameter count is an estimate</source>
        <translation>알 수 없는 model_type &apos;%1&apos;: 활성화 함수를 보고 일반 MLP와 RMSNorm으로 가정했습니다. 파라미터 수는 추정치입니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="81"/>
        <source>the %1 multi-token-prediction layer(s) (num_nextn_predict_layers) are not counted: they serve speculative decoding only</source>
        <translation>다중 토큰 예측 레이어 %1개(num_nextn_predict_layers)는 세지 않았습니다. 추측 디코딩에만 쓰입니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="85"/>
        <source>keys not understood, which may size memory (the figures are unverified): %1</source>
        <translation>메모리 크기에 영향을 줄 수 있는데 해석하지 못한 키가 있습니다 (수치는 검증되지 않았습니다): %1</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="87"/>
        <source>absent keys taken from the %1 configuration class&apos;s defaults: %2</source>
        <translation>없는 키는 %1 설정 클래스의 기본값을 썼습니다: %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="89"/>
        <source>the file name is not valid UTF-8: %1 byte sequence(s) are shown as U+FFFD in the model&apos;s name</source>
        <translation>파일 이름이 올바른 UTF-8이 아닙니다: 바이트 시퀀스 %1개를 모델 이름에 U+FFFD로 표시합니다</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="115"/>
        <source>MXFP4 (FP4, g32, E8M0 scales: %1 bits)</source>
        <translation>MXFP4 (FP4, g32, E8M0 스케일: %1비트)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="117"/>
        <source>NVFP4 (FP4, g16, FP8 scales: %1 bits)</source>
        <translation>NVFP4 (FP4, g16, FP8 스케일: %1비트)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="122"/>
        <source>%1 (g%2, %3 scales and zero points: %4 bits)</source>
        <translation>%1 (g%2, %3 스케일과 영점: %4비트)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="123"/>
        <source>%1 (g%2, %3 scales: %4 bits)</source>
        <translation>%1 (g%2, %3 스케일: %4비트)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="128"/>
        <source>%1 as stored</source>
        <translation>저장된 그대로의 %1</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="136"/>
        <source>off</source>
        <translation>끔</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="138"/>
        <source>n-gram, k = %1</source>
        <translation>n-gram, k = %1</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="140"/>
        <source>EAGLE head, k = %1</source>
        <translation>EAGLE 헤드, k = %1</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="148"/>
        <source>draft %1, k = %2</source>
        <translation>드래프트 %1, k = %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="162"/>
        <source>Model %1 → %2</source>
        <translation>모델 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="166"/>
        <source>Layers %1 → %2</source>
        <translation>레이어 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="169"/>
        <source>Hidden size %1 → %2</source>
        <translation>히든 크기 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="172"/>
        <source>Query heads %1 → %2</source>
        <translation>쿼리 헤드 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="175"/>
        <source>KV heads %1 → %2</source>
        <translation>KV 헤드 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="178"/>
        <source>Head dim %1 → %2</source>
        <translation>헤드 차원 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="181"/>
        <source>Parameters changed</source>
        <translation>파라미터 변경</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="185"/>
        <source>Weights %1 → %2</source>
        <translation>가중치 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="186"/>
        <source>Weight dtype %1 → %2</source>
        <translation>가중치 dtype %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="189"/>
        <source>KV cache dtype %1 → %2</source>
        <translation>KV 캐시 dtype %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="192"/>
        <source>Context %1 → %2</source>
        <translation>컨텍스트 길이 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="195"/>
        <source>Batch %1 → %2</source>
        <translation>배치 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="200"/>
        <source>GPU %1 → %2</source>
        <translation>GPU %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="203"/>
        <source>Utilization %1 → %2</source>
        <translation>메모리 사용률 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="206"/>
        <source>Tensor parallel %1 → %2</source>
        <translation>텐서 병렬 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="210"/>
        <source>Speculative decoding %1 → %2</source>
        <translation>추측 디코딩 %1 → %2</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/viewtext.cpp" line="214"/>
        <source>%n settings changed</source>
        <translation>
            <numerusform>설정 %n개 변경</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="218"/>
        <source>KV cache %1 → %2</source>
        <translation>KV 캐시 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="220"/>
        <source> (×%1)</source>
        <translation> (×%1)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="222"/>
        <source>weights unchanged</source>
        <translation>가중치 변화 없음</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="223"/>
        <source>weights %1 → %2</source>
        <translation>가중치 %1 → %2</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="226"/>
        <source>; now fits</source>
        <translation>; 이제 적재 가능</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="226"/>
        <source>; now out of memory</source>
        <translation>; 이제 메모리 부족 (OOM)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="227"/>
        <source>%1: %2, %3%4</source>
        <translation>%1: %2, %3%4</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="249"/>
        <source>Largest batch at %1 tokens: &lt;b&gt;%2&lt;/b&gt; · longest context at batch %3: &lt;b&gt;%4&lt;/b&gt; tokens</source>
        <translation>%1 토큰에서 최대 배치: &lt;b&gt;%2&lt;/b&gt; · 배치 %3에서 최대 컨텍스트 길이: &lt;b&gt;%4&lt;/b&gt; 토큰</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="265"/>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="267"/>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="268"/>
        <source>%1 s</source>
        <translation>%1초</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="136"/>
        <source>The context is beyond this model&apos;s maximum of %1 tokens.</source>
        <translation>컨텍스트 길이가 이 모델의 최대 컨텍스트 길이 %1 토큰을 넘습니다.</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="162"/>
        <source>No KV memory: weights %1 + activations %2 (estimate) + CUDA context and NCCL %3 (estimate) = %4 exceed the budget of %5 by %6.</source>
        <translation>KV 메모리 없음: 가중치 %1 + 활성화 값 %2 (추정) + CUDA 컨텍스트와 NCCL %3 (추정) = %4로 한도 %5를 %6 넘습니다.</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="165"/>
        <source>No KV memory: weights %1 + activations %2 (estimate) + CUDA context %3 (estimate) = %4 exceed the budget of %5 by %6.</source>
        <translation>KV 메모리 없음: 가중치 %1 + 활성화 값 %2 (추정) + CUDA 컨텍스트 %3 (추정) = %4로 한도 %5를 %6 넘습니다.</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="174"/>
        <source>No KV block fits: %1 of KV memory is less than one block of %2.</source>
        <translation>KV 블록이 하나도 들어가지 않음: KV 메모리 %1는 블록 하나 (%2)보다 작습니다.</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 x %9 x %10 x %11 x %12 x %13 x %14 = &lt;b&gt;%15&lt;/b&gt;&lt;br&gt;&lt;small&gt;2: one K and one V · L: layers · B: batch · S: tokens per sequence · H&lt;sub&gt;kv&lt;/sub&gt;: KV heads · D&lt;sub&gt;head&lt;/sub&gt;: head size · bytes: per element&lt;/small&gt;</source>
        <translation type="vanished">&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 x %9 x %10 x %11 x %12 x %13 x %14 = &lt;b&gt;%15&lt;/b&gt;&lt;br&gt;&lt;small&gt;2: K 하나와 V 하나 · L: 레이어 · B: 배치 · S: 시퀀스당 토큰 · H&lt;sub&gt;kv&lt;/sub&gt;: KV 헤드 · D&lt;sub&gt;head&lt;/sub&gt;: 헤드 크기 · 바이트: 원소당 바이트&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="110"/>
        <source>2&lt;sub&gt;(K, V)&lt;/sub&gt;</source>
        <translation>2&lt;sub&gt;(K, V)&lt;/sub&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="106"/>
        <location filename="../../app/viewhtml.cpp" line="111"/>
        <source>bytes</source>
        <translation>바이트</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="84"/>
        <location filename="../../app/viewhtml.cpp" line="89"/>
        <source> B</source>
        <translation> B</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="99"/>
        <source>%1 (set by hand, K/V projections re-estimated for these KV heads)</source>
        <translation>%1 (직접 입력, K/V 프로젝션만 이 KV 헤드 수에 맞춰 다시 추정)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="100"/>
        <source>%1 (published, K/V projections re-estimated for these KV heads)</source>
        <translation>%1 (공개된 값, K/V 프로젝션만 이 KV 헤드 수에 맞춰 다시 추정)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="103"/>
        <source>%1 (estimated from the shape)</source>
        <translation>%1 (구조에서 추정)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="105"/>
        <source>%1 (published)</source>
        <translation>%1 (공개된 값)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="107"/>
        <source>%1 (set by hand)</source>
        <translation>%1 (직접 입력)</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="102"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x bytes = %1 = &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (잠재 벡터 + rope) x 바이트 = %1 = &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 = &lt;b&gt;%9&lt;/b&gt;&lt;br&gt;&lt;small&gt;2: one K and one V · L: layers · B: batch · S: tokens per sequence · H&lt;sub&gt;kv&lt;/sub&gt;: KV heads · D&lt;sub&gt;head&lt;/sub&gt;: head size · bytes: per element&lt;/small&gt;</source>
        <translation type="vanished">&lt;b&gt;KV&lt;/b&gt; = %1 x %2 x %3 x %4 x %5 x %6 x %7 = %8 = &lt;b&gt;%9&lt;/b&gt;&lt;br&gt;&lt;small&gt;2: K 하나와 V 하나 · L: 레이어 · B: 배치 · S: 시퀀스당 토큰 · H&lt;sub&gt;kv&lt;/sub&gt;: KV 헤드 · D&lt;sub&gt;head&lt;/sub&gt;: 헤드 크기 · 바이트: 원소당 바이트&lt;/small&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="126"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head</source>
        <translation>&lt;br&gt;GPU당: KV 헤드는 %1개인데 GPU는 %2개이므로, GPU마다 헤드 하나를 복제해 둡니다</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="129"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads split across %2 GPUs, %3 each</source>
        <translation>&lt;br&gt;GPU당: KV 헤드 %1개를 GPU %2개에 나눠 GPU마다 %3개씩 둡니다</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:#b3261e&apos;&gt;The context is beyond this model&apos;s maximum of %1 tokens.&lt;/span&gt;</source>
        <translation type="vanished">&lt;br&gt;&lt;span style=&apos;color:#b3261e&apos;&gt;컨텍스트 길이가 이 모델의 최대 컨텍스트 길이 %1 토큰을 넘습니다.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="142"/>
        <source>&lt;br&gt;S = %1 on %2 of %3 layers: their sliding window caps the %4-token context</source>
        <translation>&lt;br&gt;레이어 %3개 중 %2개에서는 S = %1: 슬라이딩 윈도우가 컨텍스트 길이 %4 토큰을 제한합니다</translation>
    </message>
    <message>
        <location filename="../../app/viewhtml.cpp" line="148"/>
        <source>&lt;br&gt;%1 of %2 layers keep only the last %3 tokens (sliding window)</source>
        <translation>&lt;br&gt;레이어 %2개 중 %1개는 마지막 %3 토큰만 보관합니다 (슬라이딩 윈도우)</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="236"/>
        <source>&lt;tt&gt;GPU KV cache size: %1 tokens&lt;br&gt;Maximum concurrency for %2 tokens per request: %3x&lt;/tt&gt;&lt;br&gt;&lt;small&gt;%4 blocks of %5 tokens (%6 each) in %7 left for the cache&lt;/small&gt;</source>
        <translation>&lt;tt&gt;GPU KV cache size: %1 tokens&lt;br&gt;Maximum concurrency for %2 tokens per request: %3x&lt;/tt&gt;&lt;br&gt;&lt;small&gt;캐시에 남은 %7에 %5 토큰짜리 블록 (블록당 %6) %4개&lt;/small&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e&apos;&gt;No KV memory: weights %1 + activations %2 (estimate) + CUDA context %3 (estimate) = %4 exceed the budget of %5 by %6.&lt;/span&gt;</source>
        <translation type="vanished">&lt;span style=&apos;color:#b3261e&apos;&gt;KV 메모리 없음: 가중치 %1 + 활성화 값 %2 (추정) + CUDA 컨텍스트 %3 (추정) = %4로 한도 %5를 %6 넘습니다.&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:#b3261e&apos;&gt;No KV block fits: %1 of KV memory is less than one block of %2.&lt;/span&gt;</source>
        <translation type="vanished">&lt;span style=&apos;color:#b3261e&apos;&gt;KV 블록이 하나도 들어가지 않음: KV 메모리 %1는 블록 하나 (%2)보다 작습니다.&lt;/span&gt;</translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="310"/>
        <source>CUDA: %1, %2, sm_%3%4, driver %5.%6</source>
        <translation>CUDA: %1, %2, sm_%3%4, 드라이버 %5.%6</translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/viewtext.cpp" line="317"/>
        <source>CPU: %1, %n thread(s), %2 RAM</source>
        <translation>
            <numerusform>CPU: %1, 스레드 %n개, RAM %2</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="318"/>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
</TS>
