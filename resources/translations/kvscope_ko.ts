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
        <location filename="../../app/attentionpage.cpp" line="32"/>
        <source>KV cache per token by attention kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="44"/>
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
        <location filename="../../app/attentionpage.cpp" line="61"/>
        <source>Largest batch that fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="69"/>
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
        <location filename="../../app/attentionpage.cpp" line="131"/>
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
        <location filename="../../app/attentionpage.cpp" line="132"/>
        <source>latent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="135"/>
        <source>%1 at %2 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="147"/>
        <source>%1 caches one latent of %2 + %3 values per layer (MLA): %4 per token. The naive formula with %5 heads would say %6, %7x more.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/attentionpage.cpp" line="161"/>
        <source>&lt;b&gt;Naive&lt;/b&gt; (query heads): 2 x %1 layers x %2 heads x %3 x %4 B = &lt;b&gt;%5&lt;/b&gt; per token, %6 for this scenario.&lt;br&gt;&lt;b&gt;Real&lt;/b&gt; (KV heads): 2 x %1 x %7 x %3 x %4 B = &lt;b&gt;%8&lt;/b&gt; per token, %9.&lt;br&gt;The naive formula overstates this model&apos;s cache &lt;b&gt;%10x&lt;/b&gt;: the query heads share %7 KV heads, and that number is fixed by the trained weights.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>BreakdownModel</name>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="51"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="52"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="53"/>
        <source>Activations (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="54"/>
        <source>CUDA context (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="55"/>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="56"/>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="66"/>
        <source>%1 parameters x %2 bits / 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="70"/>
        <source>2 x %1 layers x %2 KV heads x %3 x %4 tokens x %5 sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="76"/>
        <source>one %1-token prefill chunk + logits; an estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="77"/>
        <source>typical CUDA context with cuBLAS; an estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="78"/>
        <source>sum of the four terms above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="79"/>
        <source>%1 GiB x utilization %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="122"/>
        <source>Term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="123"/>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="124"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="124"/>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="125"/>
        <source>Share of budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="126"/>
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
        <location filename="../../app/controlspanel.cpp" line="76"/>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="81"/>
        <source>Storage and workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="85"/>
        <source>Weight dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="86"/>
        <source>KV cache dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="88"/>
        <source> tok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="89"/>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="92"/>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="95"/>
        <source>GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="99"/>
        <location filename="../../app/controlspanel.cpp" line="174"/>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="100"/>
        <source>Card</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="103"/>
        <source> GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="104"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="108"/>
        <source>vLLM&apos;s gpu_memory_utilization: the share of the card the server may use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="109"/>
        <source>Utilization</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="112"/>
        <source>Tensor parallelism: weights and KV heads split across this many GPUs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="113"/>
        <source>Tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="175"/>
        <source>Open config.json...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="177"/>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="184"/>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="187"/>
        <source>Hidden size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="189"/>
        <source>Query heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="190"/>
        <source>Only divisors of the query heads: each KV head serves a whole group</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="191"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="198"/>
        <source>Head dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="201"/>
        <source> B</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="208"/>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="275"/>
        <source>%1 attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="277"/>
        <source>, %1 experts (%2 active)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="279"/>
        <source>, %1-token sliding window on %2 layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="281"/>
        <source>, max context %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/controlspanel.cpp" line="302"/>
        <source>This model caches an MLA latent, not per-head K and V</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DecodePage</name>
    <message>
        <location filename="../../app/decodepage.cpp" line="35"/>
        <location filename="../../app/decodepage.cpp" line="70"/>
        <source>no cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="36"/>
        <source>contiguous cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="37"/>
        <source>paged cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="71"/>
        <source>contiguous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="72"/>
        <source>paged</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="73"/>
        <source>CUDA graphs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="74"/>
        <source>Run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="75"/>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="83"/>
        <location filename="../../app/decodepage.cpp" line="85"/>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="84"/>
        <source>ms per step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="86"/>
        <source>KV cache held (MiB)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="95"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;This build runs the decode core on the CPU: its CUDA kernels are not written yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="97"/>
        <source>&lt;b&gt;Runs on the CPU&lt;/b&gt; (%1). The formulas are the same; the timings are a CPU&apos;s.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="102"/>
        <source>CUDA graphs remove per-kernel launch cost; they need the CUDA backend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="105"/>
        <source>Model and run</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="107"/>
        <source>Layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="107"/>
        <source>Width</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="108"/>
        <source>Heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="108"/>
        <source>KV heads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="109"/>
        <source>Batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="109"/>
        <source>Steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="110"/>
        <source>Prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="110"/>
        <source>Block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="118"/>
        <source>Modes:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="121"/>
        <source>Course experiment, batch 1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="122"/>
        <source>Course experiment, batch 64</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="138"/>
        <source>Step time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="139"/>
        <source>KV cache: measured (points) and formula (line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="151"/>
        <source>Cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="151"/>
        <source>ms/step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="151"/>
        <source>tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="151"/>
        <source>Speedup</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="152"/>
        <source>Weights (formula)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="152"/>
        <source>KV (formula)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="152"/>
        <source>Peak allocated (ours)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="153"/>
        <source>Process (VmRSS)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="153"/>
        <source>Tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="173"/>
        <source>Estimated %1 min on this machine from a 2-step probe: Stop and lower the steps or batch if that is too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="175"/>
        <source>Estimated under a second from a 2-step probe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="176"/>
        <source>Estimated %1 s from a 2-step probe.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="249"/>
        <source>The course&apos;s experiment. Press Run: a 2-step probe estimates the time first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="297"/>
        <source>formula (tokens held)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="308"/>
        <source>Probing...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="371"/>
        <source> (stopped)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="379"/>
        <source>identical</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="379"/>
        <source>DIFFER</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="384"/>
        <source>%1 Fixed cost is %2% of an uncached step (least squares over every step).%3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/decodepage.cpp" line="387"/>
        <source> (Stopped before the end.)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FitMapWidget</name>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="27"/>
        <source>batch 1024</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="48"/>
        <source>Context %1, batch %2: %3 of a %4 budget - %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="52"/>
        <source>fits</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="52"/>
        <source>over budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="81"/>
        <source>context (tokens per sequence)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/fitmapwidget.cpp" line="84"/>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/mainwindow.cpp" line="55"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="56"/>
        <source>Attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="57"/>
        <source>Scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="58"/>
        <source>Paged memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="59"/>
        <source>GPU decode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="62"/>
        <source>Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="76"/>
        <source>Open a Hugging Face config.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="77"/>
        <source>Model config (*.json);;All files (*)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="84"/>
        <source>Not applied: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="94"/>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="95"/>
        <source>&amp;Open Scenario...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="96"/>
        <source>Open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="96"/>
        <location filename="../../app/mainwindow.cpp" line="101"/>
        <source>KV Scope scenario (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="100"/>
        <source>&amp;Save Scenario As...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="101"/>
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
        <location filename="../../app/mainwindow.cpp" line="111"/>
        <location filename="../../app/mainwindow.cpp" line="116"/>
        <source>Export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="111"/>
        <source>PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="115"/>
        <source>Export Chart as S&amp;VG...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="116"/>
        <source>SVG image (*.svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="120"/>
        <source>Save Breakdown as &amp;CSV...</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="121"/>
        <source>Save breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="121"/>
        <source>CSV (*.csv)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="125"/>
        <source>Copy Breakdown as &amp;Markdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="127"/>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="129"/>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="130"/>
        <source>&amp;Pin This Scenario as Reference</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="133"/>
        <source>Reset to the Course&apos;s &amp;Reference Scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="136"/>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="137"/>
        <source>&amp;About KV Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="138"/>
        <source>About KV Scope</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="139"/>
        <source>&lt;b&gt;KV Scope %1&lt;/b&gt;&lt;p&gt;See where an LLM&apos;s inference memory goes: weights, KV cache and the overheads around them, against a GPU&apos;s budget.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="188"/>
        <location filename="../../app/mainwindow.cpp" line="195"/>
        <source>Cannot open scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="192"/>
        <source>Opened %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="205"/>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="208"/>
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
        <location filename="../../app/mainwindow.cpp" line="262"/>
        <location filename="../../app/mainwindow.cpp" line="270"/>
        <source>Cannot export chart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="262"/>
        <source>%1: cannot write the SVG file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="270"/>
        <source>%1: cannot write the image (use .png or .svg)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="280"/>
        <location filename="../../app/mainwindow.cpp" line="285"/>
        <source>Cannot save breakdown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="280"/>
        <location filename="../../app/mainwindow.cpp" line="285"/>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="294"/>
        <source>Breakdown copied as a Markdown table</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="313"/>
        <source>KV Scope - %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="314"/>
        <source> (custom)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <location filename="../../app/memorychart.cpp" line="35"/>
        <source>Memory per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="36"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="37"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="38"/>
        <source>Activations (est.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="39"/>
        <source>CUDA ctx (est.)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="54"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="174"/>
        <source>Pinned scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorychart.cpp" line="210"/>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2)&lt;br&gt;Weights: %3&lt;br&gt;KV cache: %4&lt;br&gt;Activations (estimate): %5&lt;br&gt;CUDA context (estimate): %6&lt;br&gt;&lt;b&gt;Total: %7&lt;/b&gt; of a %8 budget</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryPage</name>
    <message>
        <location filename="../../app/memorypage.cpp" line="53"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="65"/>
        <source>Bars by context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="66"/>
        <source>Bars by batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="67"/>
        <source>GiB (1024³)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="68"/>
        <source>GB (10⁹)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="82"/>
        <source>Weights alone by dtype</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="97"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="117"/>
        <source>KV cache formula, with this scenario&apos;s numbers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="120"/>
        <source>Breakdown (per GPU)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="128"/>
        <source>Capacity, as vLLM reports it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="184"/>
        <source>batch %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="186"/>
        <source> (now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="189"/>
        <source>%1 at %2 tokens, by batch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="191"/>
        <source>%1, batch %2, by context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="196"/>
        <source>budget %1 (%2% of the card)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/memorypage.cpp" line="197"/>
        <source>card %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PagedPage</name>
    <message>
        <location filename="../../app/pagedpage.cpp" line="57"/>
        <location filename="../../app/pagedpage.cpp" line="206"/>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="68"/>
        <source>ShareGPT-like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="69"/>
        <source>Alpaca-like</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="70"/>
        <source>Paper&apos;s figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="71"/>
        <source>ShareGPT- and Alpaca-like traces are synthetic: log-normal lengths with the datasets&apos; mean lengths. The paper&apos;s figure: one request reserves 2,048 slots and stops after 10.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="73"/>
        <source>Fixed 200 + 200 tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="74"/>
        <source>Uniform 1-400 + 1-400</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="81"/>
        <source>all at once</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="82"/>
        <source>Poisson arrivals per decode step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="83"/>
        <source>max length</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="84"/>
        <source>next power of 2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="85"/>
        <source>exact (oracle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="86"/>
        <source>What a contiguous server reserves per request: the maximum model length (Orca-Max), the next power of two of its length (Orca-Pow2), or exactly its length (Orca-Oracle)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="88"/>
        <source>First fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="89"/>
        <source>Buddy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="96"/>
        <source>KV pool size in token slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="105"/>
        <source>Decode steps per second</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="106"/>
        <source>From the scenario</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="107"/>
        <source>The KV cache tokens the current model leaves on the current GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="109"/>
        <source>Trace and pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Workload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Requests</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="112"/>
        <source>Arrivals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Contiguous</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Placement</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="113"/>
        <source>Block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="114"/>
        <source>Pool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="114"/>
        <source>Samples</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="114"/>
        <source>Max model len</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="115"/>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="124"/>
        <source>Restart</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="125"/>
        <source>Step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="130"/>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="142"/>
        <source>Solid: tokens stored. Pale: reserved for tokens still to come. Grey, hatched: never used (internal fragmentation). Red, hatched: free but too small for the next request (external fragmentation). Hover a request to see its blocks.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="190"/>
        <source>Contiguous: where the pool goes, step by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="191"/>
        <source>Paged: where the pool goes, step by step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="206"/>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="361"/>
        <source>Contiguous, %1: %2 tokens · %3 running · %4 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="366"/>
        <source>Paged, block %1: %2 tokens · %3 running · %4 waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="371"/>
        <source>step &lt;b&gt;%1&lt;/b&gt; / %2 &amp;nbsp; finished &lt;b&gt;%3&lt;/b&gt; / &lt;b&gt;%4&lt;/b&gt; of %5 &amp;nbsp; preemptions %6 &amp;nbsp; blocks saved by sharing %7</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="399"/>
        <source>sample %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="401"/>
        <source>&lt;b&gt;Request %1&lt;/b&gt;: %2 prompt + %3 output tokens, %4 generated so far. Block table (logical→physical): %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="407"/>
        <source>not in the paged pool now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="426"/>
        <source>step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="433"/>
        <source>tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="434"/>
        <source>reserved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="435"/>
        <source>internal</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="436"/>
        <source>external</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/pagedpage.cpp" line="437"/>
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
        <location filename="../../app/scalingpage.cpp" line="47"/>
        <source>KV cache only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="48"/>
        <source>Total (weights + KV + estimates)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="53"/>
        <source>context (tokens per sequence, log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="55"/>
        <source>GiB per GPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="58"/>
        <source>GiB per GPU (log scale)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="77"/>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="82"/>
        <source>Fit map: which context x batch pairs fit the budget (current scenario outlined)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="145"/>
        <source>batch %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="145"/>
        <source> (now)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="150"/>
        <source>Budget %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="156"/>
        <source>%1: %2 against context (%3 weights, %4 cache)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="158"/>
        <source>total memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/scalingpage.cpp" line="158"/>
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
        <location filename="../../app/viewtext.cpp" line="37"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = L x B x S x (latent + rope) x bytes = %1 x %2 x %3 x (%4 + %5) x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="44"/>
        <source>&lt;b&gt;KV&lt;/b&gt; = 2 x L x B x S x H&lt;sub&gt;kv&lt;/sub&gt; x D&lt;sub&gt;head&lt;/sub&gt; x bytes = 2 x %1 x %2 x %3 x %4 x %5 x %6 B = &lt;b&gt;%7&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="53"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads across %2 GPUs, so each GPU keeps a copy of one head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="56"/>
        <source>&lt;br&gt;Per GPU: %1 KV heads split across %2 GPUs, %3 each</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="61"/>
        <source>&lt;br&gt;&lt;span style=&apos;color:#b3261e&apos;&gt;The context is beyond this model&apos;s maximum of %1 tokens.&lt;/span&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="64"/>
        <source>&lt;br&gt;%1 of %2 layers keep only the last %3 tokens (sliding window)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/viewtext.cpp" line="78"/>
        <source>&lt;tt&gt;GPU KV cache size: %1 tokens&lt;br&gt;Maximum concurrency for %2 tokens per request: %3x&lt;/tt&gt;&lt;br&gt;&lt;small&gt;%4 blocks of %5 tokens (%6 each) in %7 left for the cache&lt;/small&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
