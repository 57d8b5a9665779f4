<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ko" sourcelanguage="en">
<context>
    <name>BreakdownModel</name>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="50"/>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="51"/>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="52"/>
        <source>Activations (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="53"/>
        <source>CUDA context (estimate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="54"/>
        <source>Total</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="55"/>
        <source>Budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="65"/>
        <source>%1 parameters x %2 bits / 8</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="69"/>
        <source>2 x %1 layers x %2 KV heads x %3 x %4 tokens x %5 sequences</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="75"/>
        <source>one %1-token prefill chunk + logits; an estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="76"/>
        <source>typical CUDA context with cuBLAS; an estimate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="77"/>
        <source>sum of the four terms above</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="78"/>
        <source>%1 GiB x utilization %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="119"/>
        <source>Term</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="120"/>
        <source>Bytes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="121"/>
        <source>GiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="121"/>
        <source>GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="122"/>
        <source>Share of budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/breakdownmodel.cpp" line="123"/>
        <source>How it is computed</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/mainwindow.cpp" line="19"/>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="54"/>
        <source>KV Scope - %1%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <location filename="../../app/mainwindow.cpp" line="55"/>
        <source> (custom)</source>
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
        <location filename="../../app/viewtext.cpp" line="52"/>
        <source>&lt;br&gt;%1 of %2 layers keep only the last %3 tokens (sliding window)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
