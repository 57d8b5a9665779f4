<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>AttentionPage</name>
    <message>
        <location filename="../../app/attentionpage.cpp" line="27"/>
        <source>KV cache per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="31"/>
        <source>KV cache per token by attention kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="43"/>
        <source>KiB per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>KV per token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>KV cache now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="60"/>
        <source>Largest batch that fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="68"/>
        <source>The naive formula vs the real one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="95"/>
        <source>MLA latent%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="95"/>
        <location filename="../../app/attentionpage.cpp" line="99"/>
        <location filename="../../app/attentionpage.cpp" line="133"/>
        <source> (this model)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="96"/>
        <source>%1, %2 KV heads%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="119"/>
        <source>%1: KV cache per token by attention kind (%2 layers, %3 query heads, %4 cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="134"/>
        <source>latent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="136"/>
        <source>%1 at %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="148"/>
        <source>%1 caches one latent of %2 + %3 values per layer (MLA): %4 per token. The naive formula with %5 heads would say %6, %7x more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="163"/>
        <source>&lt;b&gt;Naive&lt;/b&gt; (query heads): 2 x %1 layers x %2 heads x %3 x %4 B = &lt;b&gt;%5&lt;/b&gt; per token, %6 for this scenario.&lt;br&gt;&lt;b&gt;Real&lt;/b&gt; (KV heads): 2 x %1 x %7 x %3 x %4 B = &lt;b&gt;%8&lt;/b&gt; per token, %9.&lt;br&gt;The naive formula overstates this model&apos;s cache &lt;b&gt;%10x&lt;/b&gt;: the query heads share %7 KV heads, and that number is fixed by the trained weights.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BreakdownModel</name>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="56"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="58"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="60"/>
        <source>Activations (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="62"/>
        <source>CUDA context (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="64"/>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="66"/>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="75"/>
        <source>%1 parameters x %2 bits / 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="79"/>
        <source>2 x %1 layers x %2 KV heads x %3 x %4 tokens x %5 sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="86"/>
        <source>one %1-token prefill chunk + logits; an estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="88"/>
        <source>typical CUDA context with cuBLAS; an estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="90"/>
        <source>sum of the four terms above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="92"/>
        <source>%1 GiB x utilization %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="140"/>
        <source>Term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="142"/>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="144"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="144"/>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="146"/>
        <source>Share of budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="148"/>
        <source>How it is computed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ControlsPanel</name>
    <message>
        <location filename="../../app/controlspanel.cpp" line="61"/>
        <source>hidden / heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="63"/>
        <source>from the shape</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="75"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="80"/>
        <source>Storage and workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="84"/>
        <source>Weight dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="85"/>
        <source>KV cache dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="87"/>
        <source> tok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="88"/>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="91"/>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="94"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="98"/>
        <location filename="../../app/controlspanel.cpp" line="172"/>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="99"/>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="102"/>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="103"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="107"/>
        <source>vLLM&apos;s gpu_memory_utilization: the share of the card the server may use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="108"/>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="111"/>
        <source>Tensor parallelism: weights and KV heads split across this many GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="112"/>
        <source>Tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="173"/>
        <source>Open config.json...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="175"/>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="182"/>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="185"/>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="187"/>
        <source>Query heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="188"/>
        <source>Only divisors of the query heads: each KV head serves a whole group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="189"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="196"/>
        <source>Head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="199"/>
        <source> B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="206"/>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="272"/>
        <source>%1 attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="274"/>
        <source>, %1 experts (%2 active)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="276"/>
        <source>, %1-token sliding window on %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="278"/>
        <source>, max context %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="290"/>
        <source>latent (MLA): %1 + %2 values</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="303"/>
        <source>This model caches an MLA latent, not per-head K and V</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DecodePage</name>
    <message>
        <location filename="../../app/decodepage.cpp" line="39"/>
        <location filename="../../app/decodepage.cpp" line="74"/>
        <source>no cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="41"/>
        <source>contiguous cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="43"/>
        <source>paged cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="75"/>
        <source>contiguous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="76"/>
        <source>paged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="77"/>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="80"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="81"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="89"/>
        <location filename="../../app/decodepage.cpp" line="91"/>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="90"/>
        <location filename="../../app/decodepage.cpp" line="319"/>
        <location filename="../../app/decodepage.cpp" line="418"/>
        <source>ms per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="92"/>
        <source>KV cache held (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="105"/>
        <source>&lt;b&gt;Runs on the CPU&lt;/b&gt; (%1). The formulas are the same; the timings are a CPU&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="102"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;The decode core runs on this GPU: cuBLAS for the matrix products, our own kernels for attention, norms and sampling; step times by CUDA events, memory by cudaMemGetInfo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="107"/>
        <source>Auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="108"/>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="109"/>
        <source>CUDA</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="117"/>
        <source>BF16 halves the weights and the KV cache; it needs the CUDA backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="120"/>
        <source>Replay the one-token step as a CUDA graph: one launch instead of ~90, so the launch cost of a small model&apos;s step disappears. Needs the CUDA backend.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="126"/>
        <source>Model and run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="129"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="130"/>
        <source>Block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="138"/>
        <source>Backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="140"/>
        <source>Precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="143"/>
        <source>Modes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="146"/>
        <source>Course experiment, batch 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="147"/>
        <source>Course experiment, batch 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="164"/>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="165"/>
        <source>KV cache: measured (points) and formula (line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>Cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>ms/step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="177"/>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="178"/>
        <source>Weights (formula)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="178"/>
        <source>KV (formula)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="178"/>
        <source>Peak allocated (ours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="179"/>
        <location filename="../../app/decodepage.cpp" line="455"/>
        <source>Process (VmRSS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="179"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="201"/>
        <source>Estimated %1 min on this machine from a 2-step probe: Stop and lower the steps or batch if that is too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="204"/>
        <source>Estimated under a second from a 2-step probe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="205"/>
        <source>Estimated %1 s from a 2-step probe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="219"/>
        <source>Press Run: each mode generates the tokens in turn; step times and the cache held appear as they are measured, against the formula&apos;s line.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="300"/>
        <source>The course&apos;s experiment. Press Run: a 2-step probe estimates the time first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="344"/>
        <source>formula (tokens held)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="364"/>
        <source>Probing...</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <location filename="../../app/decodepage.cpp" line="417"/>
        <source>ms per step (%n slower step(s) above the axis)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="441"/>
        <source> (stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="449"/>
        <source>identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="449"/>
        <source>DIFFER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="455"/>
        <source>Device in use (cudaMemGetInfo)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="458"/>
        <source> Fixed cost is %1% of an uncached step (least squares over every step).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="461"/>
        <source>On CUDA, %1%2 (%3). </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="463"/>
        <source>, cached steps replayed as a CUDA graph</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="465"/>
        <source>On the CPU (%1). </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="467"/>
        <source> (Stopped before the end.)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FitMapWidget</name>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="24"/>
        <source>batch 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="43"/>
        <source>Context %1, batch %2: %3 of a %4 budget - %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="47"/>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="47"/>
        <source>over budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="75"/>
        <source>context (tokens per sequence)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="78"/>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/mainwindow.cpp" line="54"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="55"/>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="56"/>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="57"/>
        <source>Paged memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="58"/>
        <source>GPU decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="61"/>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="75"/>
        <source>Open a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="76"/>
        <source>Model config (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="83"/>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="92"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="93"/>
        <source>&amp;Open Scenario...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="95"/>
        <source>Open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="95"/>
        <location filename="../../app/mainwindow.cpp" line="101"/>
        <source>KV Scope scenario (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="99"/>
        <source>&amp;Save Scenario As...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="100"/>
        <source>Save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="105"/>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="108"/>
        <source>Open &amp;config.json...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="110"/>
        <source>Export Chart as &amp;PNG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="112"/>
        <location filename="../../app/mainwindow.cpp" line="118"/>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="112"/>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="116"/>
        <source>Export Chart as S&amp;VG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="118"/>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="122"/>
        <source>Save Breakdown as &amp;CSV...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="124"/>
        <source>Save breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="124"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="128"/>
        <source>Copy Breakdown as &amp;Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="131"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="133"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="134"/>
        <source>&amp;Pin This Scenario as Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="137"/>
        <source>Reset to the Course&apos;s &amp;Reference Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="140"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="141"/>
        <source>&amp;About KV Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="142"/>
        <source>About KV Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="143"/>
        <source>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;See where an LLM&apos;s inference memory goes: weights, KV cache and the overheads around them, against a GPU&apos;s budget.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="190"/>
        <location filename="../../app/mainwindow.cpp" line="197"/>
        <source>Cannot open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="194"/>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="206"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="209"/>
        <source>Cannot save scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="221"/>
        <source>Cannot use this config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="227"/>
        <source>Imported %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="228"/>
        <source>Imported %1 - %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="232"/>
        <source>Cannot read config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="260"/>
        <location filename="../../app/mainwindow.cpp" line="268"/>
        <source>Cannot export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="260"/>
        <source>%1: cannot write the SVG file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="268"/>
        <source>%1: cannot write the image (use .png or .svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="277"/>
        <location filename="../../app/mainwindow.cpp" line="282"/>
        <source>Cannot save breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="277"/>
        <location filename="../../app/mainwindow.cpp" line="282"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="290"/>
        <source>Breakdown copied as a Markdown table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="308"/>
        <source>KV Scope - %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="309"/>
        <source> (custom)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <location filename="../../app/memorychart.cpp" line="34"/>
        <source>Memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="35"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="36"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="37"/>
        <source>Activations (est.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="38"/>
        <source>CUDA ctx (est.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="53"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="170"/>
        <source>Pinned scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="212"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;Weights: %3&lt;br&gt;KV cache: %4&lt;br&gt;Activations (estimate): %5&lt;br&gt;CUDA context (estimate): %6&lt;br&gt;&lt;b&gt;Total: %7&lt;/b&gt; of a %8 budget</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <location filename="../../app/memorypage.cpp" line="52"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="63"/>
        <source>Bars by context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="64"/>
        <source>Bars by batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="65"/>
        <source>GiB (1024³)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="66"/>
        <source>GB (10⁹)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="80"/>
        <source>Weights alone by dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="95"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="119"/>
        <source>KV cache formula, with this scenario&apos;s numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="122"/>
        <source>Breakdown (per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="130"/>
        <source>Capacity, as vLLM reports it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="189"/>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="191"/>
        <source> (now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="195"/>
        <source>%1 at %2 tokens, by batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="197"/>
        <source>%1, batch %2, by context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="202"/>
        <source>budget %1 (%2% of the card)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="203"/>
        <source>card %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PagedPage</name>
    <message>
        <location filename="../../app/pagedpage.cpp" line="56"/>
        <location filename="../../app/pagedpage.cpp" line="208"/>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="66"/>
        <source>ShareGPT-like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="67"/>
        <source>Alpaca-like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="68"/>
        <source>Paper&apos;s figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="70"/>
        <source>ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets&apos; mean lengths. The paper&apos;s figure: one request reserves 2,048 slots and stops after 10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="72"/>
        <source>Fixed 200 + 200 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="73"/>
        <source>Uniform 1-400 + 1-400</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="80"/>
        <source>all at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="81"/>
        <source>Poisson arrivals per decode step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="82"/>
        <source>max length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="83"/>
        <source>next power of 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="84"/>
        <source>exact (oracle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="85"/>
        <source>What a contiguous server reserves per request: the maximum model length (Orca-Max), the next power of two of its length (Orca-Pow2), or exactly its length (Orca-Oracle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="87"/>
        <source>First fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="88"/>
        <source>Buddy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="95"/>
        <source>KV pool size in token slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="104"/>
        <source>Decode steps per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="105"/>
        <source>From the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="106"/>
        <source>The KV cache tokens the current model leaves on the current GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="108"/>
        <source>Trace and pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="111"/>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="111"/>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="111"/>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Contiguous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Max model len</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="114"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="123"/>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="124"/>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="129"/>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="141"/>
        <source>Solid: tokens stored. Pale: reserved for tokens still to come. Grey, hatched: never used (internal fragmentation). Red, hatched: free but too small for the next request (external fragmentation). Hover a request to see its blocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="189"/>
        <source>Contiguous: where the pool goes, step by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="190"/>
        <source>Paged: where the pool goes, step by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="208"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="355"/>
        <source>Contiguous, %1: %2 tokens · %3 running · %4 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="359"/>
        <source>Paged, block %1: %2 tokens · %3 running · %4 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="365"/>
        <source>step &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp; finished &lt;b&gt;%3&lt;/b&gt; / &lt;b&gt;%4&lt;/b&gt; of %5 &amp;nbsp; preemptions %6 &amp;nbsp; blocks saved by sharing %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="393"/>
        <source>sample %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="395"/>
        <source>&lt;b&gt;Request %1&lt;/b&gt;: %2 prompt + %3 output tokens, %4 generated so far. Block table (logical→physical): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="401"/>
        <source>not in the paged pool now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="419"/>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="426"/>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="427"/>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="428"/>
        <source>internal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="429"/>
        <source>external</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="430"/>
        <source>free</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ScalingPage</name>
    <message>
        <location filename="../../app/scalingpage.cpp" line="37"/>
        <source>Log scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="46"/>
        <source>KV cache only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="47"/>
        <source>Total (weights + KV + estimates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="52"/>
        <source>context (tokens per sequence, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="54"/>
        <source>GiB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="57"/>
        <source>GiB per GPU (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="76"/>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="82"/>
        <source>Fit map: which context x batch pairs fit the budget (current scenario outlined)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="143"/>
        <source>batch %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="143"/>
        <source> (now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="148"/>
        <source>Budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="154"/>
        <source>%1: %2 against context (%3 weights, %4 cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="156"/>
        <source>total memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="156"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>viewtext</name>
    <message>
        <location filename="../../app/viewtext.cpp" line="21"/>
        <source>&lt;span style=&apos;color:#1b7f3b; font-size:16pt; font-weight:600&apos;&gt;Fits&lt;/span&gt;&amp;nbsp;&amp;nbsp;%1 to spare of a %2 budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="24"/>
        <source>&lt;span style=&apos;color:#b3261e; font-size:16pt; font-weight:600&apos;&gt;Out of memory&lt;/span&gt;&amp;nbsp;&amp;nbsp;short by %1 of a %2 budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="36"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x bytes = %1 x %2 x %3 x (%4 + %5) x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="43"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = 2 x L x B x S x H&lt;sub&gt;kv&lt;/sub&gt; x D&lt;sub&gt;head&lt;/sub&gt; x bytes = 2 x %1 x %2 x %3 x %4 x %5 x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="51"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="54"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads split across %2 GPUs, %3 each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="59"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:#b3261e&apos;&gt;The context is beyond this model&apos;s maximum of %1 tokens.&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="62"/>
        <source>&lt;br&gt;%1 of %2 layers keep only the last %3 tokens (sliding window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="75"/>
        <source>&lt;tt&gt;GPU KV cache size: %1 tokens&lt;br&gt;Maximum concurrency for %2 tokens per request: %3x&lt;/tt&gt;&lt;br&gt;&lt;small&gt;%4 blocks of %5 tokens (%6 each) in %7 left for the cache&lt;/small&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
