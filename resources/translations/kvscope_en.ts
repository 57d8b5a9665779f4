<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en" sourcelanguage="en">
<context>
    <name>DecodePage</name>
    <message numerus="yes">
        <source>ms per step (%n off scale)</source>
        <translation>
            <numerusform>ms per step (%n off scale)</numerusform>
            <numerusform>ms per step (%n off scale)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>At batch %1 each cached step pushed %n token(s), one per sequence, instead of the whole prefix, and ran %2 faster.</source>
        <translation>
            <numerusform>At batch %1 each cached step pushed %n token, one per sequence, instead of the whole prefix, and ran %2 faster.</numerusform>
            <numerusform>At batch %1 each cached step pushed %n tokens, one per sequence, instead of the whole prefix, and ran %2 faster.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DraftMapView</name>
    <message numerus="yes">
        <source>%n sequence(s), block %1</source>
        <translation>
            <numerusform>%n sequence, block %1</numerusform>
            <numerusform>%n sequences, block %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ExplainLogPage</name>
    <message numerus="yes">
        <source>%n byte sequence(s) were not UTF-8 and are shown as U+FFFD.</source>
        <translation>
            <numerusform>%n byte sequence was not UTF-8 and is shown as U+FFFD.</numerusform>
            <numerusform>%n byte sequences were not UTF-8 and are shown as U+FFFD.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ForkDiagramWidget</name>
    <message numerus="yes">
        <source>Request %1: %n beam(s)</source>
        <translation>
            <numerusform>Request %1: %n beam</numerusform>
            <numerusform>Request %1: %n beams</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Request %1: %n sample(s)</source>
        <translation>
            <numerusform>Request %1: %n sample</numerusform>
            <numerusform>Request %1: %n samples</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1, %2 logical blocks, %n shared.</source>
        <translation>
            <numerusform>%1, %2 logical blocks, %n shared.</numerusform>
            <numerusform>%1, %2 logical blocks, %n shared.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LessonPanel</name>
    <message numerus="yes">
        <source>Show of hands: %1 of %2 hands right (%3 %) over %n lesson(s); export them for each lesson&apos;s tally.</source>
        <translation type="vanished">
            <numerusform>Show of hands: %1 of %2 hands right (%3 %) over %n lesson; export them for each lesson&apos;s tally.</numerusform>
            <numerusform>Show of hands: %1 of %2 hands right (%3 %) over %n lessons; export them for each lesson&apos;s tally.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show of hands: %1 of %2 hands right (%3 %) over %n lesson(s).</source>
        <translation>
            <numerusform>Show of hands: %1 of %2 hands right (%3 %) over %n lesson.</numerusform>
            <numerusform>Show of hands: %1 of %2 hands right (%3 %) over %n lessons.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <source>Scenario link copied (%n character(s)): paste it into File &gt; Open Scenario Link, or give it to kvscope --open or kvscope-cli --code</source>
        <translation>
            <numerusform>Scenario link copied (%n character): paste it into File &gt; Open Scenario Link, or give it to kvscope --open or kvscope-cli --code</numerusform>
            <numerusform>Scenario link copied (%n characters): paste it into File &gt; Open Scenario Link, or give it to kvscope --open or kvscope-cli --code</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Scenario link copied: %n character(s), long because this model is not a preset and travels whole</source>
        <translation>
            <numerusform>Scenario link copied: %n character, long because this model is not a preset and travels whole</numerusform>
            <numerusform>Scenario link copied: %n characters, long because this model is not a preset and travels whole</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PerGpuPage</name>
    <message numerus="yes">
        <source>%n expert(s)</source>
        <translation>
            <numerusform>%n expert</numerusform>
            <numerusform>%n experts</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ServingPage</name>
    <message numerus="yes">
        <source>%n request(s) longer than the context were turned away; the figures are the others&apos;.</source>
        <translation>
            <numerusform>%n request longer than the context was turned away; the figures are the others&apos;.</numerusform>
            <numerusform>%n requests longer than the context were turned away; the figures are the others&apos;.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VoteTallyWidget</name>
    <message numerus="yes">
        <source>%n hand(s) · %1 %</source>
        <translation>
            <numerusform>%n hand · %1 %</numerusform>
            <numerusform>%n hands · %1 %</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>viewtext</name>
    <message numerus="yes">
        <source>%n settings changed</source>
        <translation>
            <numerusform>%n setting changed</numerusform>
            <numerusform>%n settings changed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>CPU: %1, %n thread(s), %2 RAM</source>
        <translation>
            <numerusform>CPU: %1, %n thread, %2 RAM</numerusform>
            <numerusform>CPU: %1, %n threads, %2 RAM</numerusform>
        </translation>
    </message>
</context>
</TS>
