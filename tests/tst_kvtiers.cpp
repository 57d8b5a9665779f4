// KV beyond the GPU (core/kvtiers.h, issue 30): the hand-off of a request's cache over a link, reloading it against
// computing it again, where the two change places along the context, and the tokens a tier holds. Times here are
// computed from line rates and data sheets, never measured.
#include "gpus.h"
#include "hfconfig.h"
#include "kvtiers.h"
#include "memorymodel.h"
#include "presets.h"
#include "roofline.h"
#include "testutils.h"
#include "units.h"

#include <QtTest>

using namespace kvscope;
using namespace Qt::StringLiterals;

namespace {
const ModelShape& llama8b() {
    static const ModelShape m = loadPreset("llama-3.1-8b");
    return m;
}
const roofline::StepPricer& pricer() {
    static const roofline::StepPricer p(llama8b(), DType::bf16(), DType::bf16());
    return p;
}
roofline::Roof h100() {
    return *roofline::dataSheetRoof(findGpuPreset("h100-80gb"));
}
} // namespace

class TestKvTiers : public QObject {
    Q_OBJECT

private slots:
    void handOffOverEachLink_data();
    void handOffOverEachLink();
    void recomputeIsAPrefillWithoutTheLmHead();
    void reloadCurveChangesWhereTheCostsCross();
    void fastLinkReloadsAtEveryLength();
    void tiersHoldTokens();
    void hostTierFollowsThePool();
    void eachLinkHasARole();
    void badInputs();
};

void TestKvTiers::handOffOverEachLink_data() {
    QTest::addColumn<QString>("link");
    QTest::addColumn<double>("bandwidth"); // bytes per second, by hand from the line rate
    QTest::newRow("PCIe 4.0 x16") << u"pcie4-x16"_s << 16 * 16e9 * 128 / 130 / 8;
    QTest::newRow("PCIe 5.0 x16") << u"pcie5-x16"_s << 16 * 32e9 * 128 / 130 / 8;
    QTest::newRow("NVMe on PCIe 4.0 x4") << u"nvme-gen4"_s << 4 * 16e9 * 128 / 130 / 8;
    QTest::newRow("NVMe on PCIe 5.0 x4") << u"nvme-gen5"_s << 4 * 32e9 * 128 / 130 / 8;
    QTest::newRow("100 Gb Ethernet") << u"eth-100g"_s << 12.5e9;
    QTest::newRow("InfiniBand NDR") << u"ib-ndr"_s << 50e9;
    QTest::newRow("NVLink 4") << u"nvlink4"_s << 450e9;
}

void TestKvTiers::handOffOverEachLink() {
    // The figure: Llama-3.1-8B's 4,000 tokens are 2 x 32 layers x 8 KV heads x 128 x 2 B = 128 KiB a token,
    // 524,288,000 bytes (524 MB), whatever the link.
    QFETCH(QString, link);
    QFETCH(double, bandwidth);
    const HostLink& l = findKvLink(link.toStdString());
    QVERIFY(qFuzzyCompare(l.bandwidth, bandwidth));
    QVERIFY(!l.source.empty());
    const ReloadOrRecompute r = reloadOrRecompute(pricer(), h100(), 4000, l.bandwidth);
    QCOMPARE(r.bytes, std::uint64_t(524'288'000));
    QCOMPARE(r.bytes, 4000 * kvBytesPerToken(llama8b(), DType::bf16()));
    QVERIFY(qFuzzyCompare(r.reloadSeconds, 524'288'000 / bandwidth));
}

void TestKvTiers::recomputeIsAPrefillWithoutTheLmHead() {
    // Computing a cache again is the prefill of its tokens, without the LM head (no next token is wanted): its FLOPs
    // are a prefill's less 2 x vocabulary x hidden.
    for (const std::uint64_t tokens : {1ull, 512ull, 4000ull, 32768ull}) {
        const ReloadOrRecompute r = reloadOrRecompute(pricer(), h100(), tokens, 63e9);
        const roofline::StepWork prefill = roofline::prefillStep(llama8b(), DType::bf16(), DType::bf16(), 1, tokens);
        const double lmHeadFlops = 2.0 * double(llama8b().vocab) * double(llama8b().hidden);
        QVERIFY2(qFuzzyCompare((double(prefill.flops) - lmHeadFlops) / h100().peakFlops, r.recompute.computeSeconds),
                 qPrintable(QString::number(tokens)));
        QCOMPARE(r.recompute.lowerBoundSeconds, std::max(r.recompute.memorySeconds, r.recompute.computeSeconds));
        // The work behind the reading, for the page's formula: its bytes and FLOPs over the roof's two rates.
        QCOMPARE(r.recompute.memorySeconds, double(r.recomputeWork.bytes) / h100().bandwidth);
        QCOMPARE(r.recompute.computeSeconds, double(r.recomputeWork.flops) / h100().peakFlops);
        QCOMPARE(r.recomputeWork.tokens, tokens);
    }
}

void TestKvTiers::reloadCurveChangesWhereTheCostsCross() {
    // Llama-3.1-8B on an H100, its cache on an NVMe drive (7.88 GB/s: 16.6 us a token). A short cache reloads
    // faster than the 4.8 ms the GPU takes to read the weights once; from about 300 tokens the GPU's 15 us a
    // token of matrices win; at long contexts attention's quadratic FLOPs hand the lead back to the drive.
    const double nvme = findKvLink("nvme-gen4").bandwidth;
    const ReloadCurve curve = reloadCurve(pricer(), h100(), nvme, 131072);
    QVERIFY(curve.reloadFasterAtOne);
    QCOMPARE(curve.changes.size(), std::size_t(2));
    QVERIFY(!curve.changes[0].reloadFaster && curve.changes[1].reloadFaster);
    QVERIFY2(curve.changes[0].tokens > 200 && curve.changes[0].tokens < 400,
             qPrintable(QString::number(curve.changes[0].tokens)));
    QVERIFY2(curve.changes[1].tokens > 8192 && curve.changes[1].tokens < 65536,
             qPrintable(QString::number(curve.changes[1].tokens)));
    // As ranges: reloading wins from 1 to the first change less one, and from the second change on.
    const std::vector<TokenRange> ranges = reloadFasterRanges(curve, 131072);
    QCOMPARE(ranges.size(), std::size_t(2));
    QVERIFY(ranges[0] == (TokenRange{1, curve.changes[0].tokens - 1}));
    QVERIFY(ranges[1] == (TokenRange{curve.changes[1].tokens, 131072}));
    // Each change is exact to the token: the length before it still has the other answer.
    for (const TierCrossover& change : curve.changes) {
        QCOMPARE(reloadOrRecompute(pricer(), h100(), change.tokens, nvme).reloadFaster(), change.reloadFaster);
        QCOMPARE(reloadOrRecompute(pricer(), h100(), change.tokens - 1, nvme).reloadFaster(), !change.reloadFaster);
    }
}

void TestKvTiers::fastLinkReloadsAtEveryLength() {
    // Over PCIe 5.0 (2.1 us a token) the cache comes back faster than any recompute, at every length.
    const ReloadCurve curve = reloadCurve(pricer(), h100(), findKvLink("pcie5-x16").bandwidth, 131072);
    QVERIFY(curve.reloadFasterAtOne);
    QVERIFY(curve.changes.empty());
    QVERIFY(reloadFasterRanges(curve, 131072) == (std::vector<TokenRange>{{1, 131072}}));
    // And a curve that starts with the recompute ahead and never hands it back has no range at all.
    QVERIFY(reloadFasterRanges(ReloadCurve{false, {}}, 100).empty());
    QVERIFY(reloadFasterRanges(ReloadCurve{false, {{50, true}}}, 100) == (std::vector<TokenRange>{{50, 100}}));
    // 524,288,000 bytes over PCIe 5.0 x16 (63.0 GB/s): 8.32 ms against the recompute's 60.7 ms, 7.3x faster.
    const ReloadOrRecompute r = reloadOrRecompute(pricer(), h100(), 4000, findKvLink("pcie5-x16").bandwidth);
    QCOMPARE(r.reloadSpeedup(), r.recompute.lowerBoundSeconds / r.reloadSeconds);
    QVERIFY2(r.reloadSpeedup() > 7.2 && r.reloadSpeedup() < 7.4, qPrintable(QString::number(r.reloadSpeedup())));
}

void TestKvTiers::tiersHoldTokens() {
    // 256 GiB of host memory hold 2,097,152 tokens of Llama-3.1-8B's BF16 cache; 2 TB of disk 15,258,789.
    const std::uint64_t perToken = kvBytesPerToken(llama8b(), DType::bf16());
    QCOMPARE(kvTier(256 * GiB, perToken).tokens, std::uint64_t(2'097'152));
    QCOMPARE(kvTier(2'000'000'000'000ull, perToken).tokens, std::uint64_t(15'258'789));
    QCOMPARE(kvTier(perToken - 1, perToken).tokens, std::uint64_t(0));
    // Whole requests of 4,000 tokens (524,288,000 bytes): 256 GiB hold 524 of them.
    QCOMPARE(kvTier(256 * GiB, perToken).requestsOf(524'288'000), std::uint64_t(524));
    QCOMPARE(kvTier(256 * GiB, perToken).requestsOf(0), std::uint64_t(0));
}

void TestKvTiers::hostTierFollowsThePool() {
    // SGLang HiCache's default: a host pool twice the GPU's. A pool of 461,744 Llama-3.1-8B tokens (128 KiB each) and
    // 12,345 bytes more holds 2 x 461,744 = 923,488 tokens twice over: the spare bytes make no whole token.
    const std::uint64_t perToken = kvBytesPerToken(llama8b(), DType::bf16());
    QCOMPARE(kHostPoolRatio, 2.0);
    const std::uint64_t pool = 461'744 * perToken + 12'345;
    const KvTier host = hostTierByRatio(pool, kHostPoolRatio, perToken);
    QCOMPARE(host.bytes, 2 * pool);
    QCOMPARE(host.tokens, (2 * pool) / perToken);
    QCOMPARE(host.tokens, std::uint64_t(923'488));
    QCOMPARE(hostTierByRatio(pool, 0.5, perToken).bytes, pool / 2);
    QVERIFY(throwsErrorContaining([&] { hostTierByRatio(pool, 0.0, perToken); }, {"ratio", "positive"}));
    QVERIFY(throwsErrorContaining([&] { hostTierByRatio(pool, std::nan(""), perToken); }, {"positive"}));
    QVERIFY(throwsErrorContaining([&] { hostTierByRatio(~0ull, 4.0, perToken); }, {"2^64 bytes"}));
}

void TestKvTiers::eachLinkHasARole() {
    // Host memory over PCIe x16, a local drive over NVMe, another server over the network or NVLink.
    const std::pair<const char*, KvLinkRole> roles[] = {
        {"pcie4-x16", KvLinkRole::Host},  {"pcie5-x16", KvLinkRole::Host},   {"nvme-gen4", KvLinkRole::Disk},
        {"nvme-gen5", KvLinkRole::Disk},  {"eth-100g", KvLinkRole::Network}, {"ib-ndr", KvLinkRole::Network},
        {"nvlink4", KvLinkRole::Network},
    };
    QCOMPARE(kvLinks().size(), std::size(roles));
    for (const auto& [id, role] : roles)
        QVERIFY2(kvLinkRole(findKvLink(id)) == role, id);
    const HostLink stranger{"usb", 1e9, "not a KV link"};
    QVERIFY(throwsErrorContaining([&] { kvLinkRole(stranger); }, {"usb", "not one of the links"}));
}

void TestKvTiers::badInputs() {
    QVERIFY(throwsErrorContaining([] { findKvLink("usb"); }, {"--link: unknown link", "nvme-gen4", "nvlink4"}));
    QVERIFY(throwsErrorContaining([] { reloadOrRecompute(pricer(), h100(), 0, 1e9); }, {"at least one token"}));
    QVERIFY(throwsErrorContaining([] { reloadOrRecompute(pricer(), h100(), 10, 0.0); }, {"bandwidth"}));
    QVERIFY(throwsErrorContaining([] { reloadCurve(pricer(), h100(), 1e9, 0); }, {"at least one token"}));
    QVERIFY(throwsErrorContaining([] { kvTier(GiB, 0); }, {"KV bytes per token are 0"}));
    // A state-space model's cache is a fixed state, not K and V a token: refused, not priced as 0 bytes to move
    // (it read "reload faster, 0.00 ms" before).
    const ImportResult imported = importHfConfigFile(testDataPath("hf-configs/mamba-mamba-2.8b.json").toStdString());
    const roofline::StepPricer mamba(imported.shape, DType::bf16(), DType::bf16());
    QVERIFY(throwsErrorContaining([&] { reloadOrRecompute(mamba, h100(), 4000, 63e9); },
                                  {"per-sequence state", "not modelled yet"}));
    QVERIFY(tierRefusal(imported.shape, DType::bf16()) == TierRefusal::SequenceState);
    QVERIFY(tierRefusal(llama8b(), DType::bf16()) == TierRefusal::None);
    // The first links are the host links the replay's swaps cross: one table, not two.
    QCOMPARE(kvLinks()[0].id, hostLinks()[0].id);
    QCOMPARE(kvLinks()[1].bandwidth, hostLinks()[1].bandwidth);
}

QTEST_GUILESS_MAIN(TestKvTiers)
#include "tst_kvtiers.moc"
